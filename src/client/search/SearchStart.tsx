import { useText } from '../../../templates/text';
import type { RecentSearch } from './recent-searches';
import { ids } from './search-ids';

/**
 * What the modal shows before the first query: the help text, the hits the reader opened last (options the
 * arrow keys and Enter reach, as results are) and the site's sections, each a link to its page.
 */
export function SearchStart({
  recent,
  sections,
  selected,
  onSelect,
  onChoose,
  onOpen,
}: {
  recent: RecentSearch[];
  sections: { label: string; href?: string }[];
  selected: number;
  onSelect(index: number): void;
  /** Called when a recent search's link is followed (in any tab). */
  onChoose(index: number): void;
  /** Called when a link is followed in this tab. */
  onOpen(): void;
}) {
  const { t } = useText();
  const browse = sections.filter((s): s is { label: string; href: string } => !!s.href);
  const sameTab = (event: { ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; button: number }) =>
    !event.ctrlKey && !event.metaKey && !event.shiftKey && event.button === 0;
  return (
    <div className="search-modal-start">
      <p className="search-modal-message">{t('theme.SearchModal.startScreen.helpText')}</p>
      {recent.length > 0 ? (
        <div
          id={ids.list}
          role="listbox"
          aria-label={t('theme.SearchModal.startScreen.recentSearchesTitle')}
          className="search-modal-results search-modal-recent"
        >
          <div className="search-hit-category" aria-hidden="true">
            {t('theme.SearchModal.startScreen.recentSearchesTitle')}
          </div>
          {recent.map((entry, index) => (
            // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the input (aria-activedescendant).
            <div
              key={entry.href}
              id={ids.item(index)}
              role="option"
              aria-selected={index === selected}
              className={`search-hit${index === selected ? ' selected' : ''}`}
              onMouseMove={index === selected ? undefined : () => onSelect(index)}
            >
              <a
                href={entry.href}
                tabIndex={-1}
                onClick={(event) => {
                  onChoose(index);
                  if (sameTab(event)) onOpen();
                }}
              >
                <span className="search-hit-title">{entry.title}</span>
                {entry.page ? <span className="search-hit-path">{entry.page}</span> : null}
              </a>
            </div>
          ))}
        </div>
      ) : null}
      {browse.length > 0 ? (
        <nav className="search-modal-sections" aria-label={t('theme.SearchModal.startScreen.sectionsTitle')}>
          <div className="search-hit-category" aria-hidden="true">
            {t('theme.SearchModal.startScreen.sectionsTitle')}
          </div>
          <ul>
            {browse.map((section) => (
              <li key={section.href}>
                <a
                  href={section.href}
                  onClick={(event) => {
                    if (sameTab(event)) onOpen();
                  }}
                >
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
