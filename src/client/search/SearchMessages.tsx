import type { SearchState } from './use-search';

/** What the body shows instead of results: before the first query, after a failure, and when nothing matched. */
export function SearchMessages({
  state,
  onSuggestion,
}: {
  state: SearchState;
  /** Searches for a suggested category. */
  onSuggestion(category: string): void;
}) {
  if (state.status === 'initial')
    return (
      <p className="search-modal-message">
        Scrivi per cercare nella documentazione: titoli, sezioni e testo di ogni pagina.
      </p>
    );
  if (state.status === 'error')
    return <p className="search-modal-message search-modal-error">An error has occured. Please try again...</p>;
  if (state.status !== 'no-results') return null;
  return (
    <div className="search-modal-message">
      <p>
        No results for "<strong>{state.query}</strong>"
      </p>
      {state.suggestions.length > 0 ? (
        <>
          <p>Try searching for:</p>
          <ul className="search-modal-suggestions">
            {state.suggestions.map((category) => (
              <li key={category}>
                <button type="button" className="search-modal-suggestion" onClick={() => onSuggestion(category)}>
                  "{category}"
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
