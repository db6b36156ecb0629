import { Translated, useText } from '../../../templates/text';
import type { SearchState } from './use-search';

/** What the body shows instead of results: after a failure, and when nothing matched. */
export function SearchMessages({
  state,
  sections,
  onSuggestion,
}: {
  state: SearchState;
  /** The site's sections, offered to search in when nothing matched. */
  sections: { label: string }[];
  /** Searches for a suggested section. */
  onSuggestion(section: string): void;
}) {
  const { t } = useText();
  if (state.status === 'error')
    return <p className="search-modal-message search-modal-error">{t('theme.SearchModal.errorScreen.titleText')}</p>;
  if (state.status !== 'no-results') return null;
  return (
    <div className="search-modal-message">
      <p>
        <Translated
          text={t('theme.SearchModal.noResultsScreen.noResultsText')}
          parts={{ query: <strong>{state.query}</strong> }}
        />
      </p>
      {sections.length > 0 ? (
        <>
          <p>{t('theme.SearchModal.noResultsScreen.suggestedQueryText')}</p>
          <ul className="search-modal-suggestions">
            {sections.map(({ label }) => (
              <li key={label}>
                <button type="button" className="search-modal-suggestion" onClick={() => onSuggestion(label)}>
                  "{label}"
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
