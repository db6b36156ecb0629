import type { RefObject } from 'react';
import { icons } from '../../../templates/icons';
import { useText } from '../../../templates/text';
import { ids } from './search-ids';

function SearchIcon() {
  return (
    <svg className="search-modal-icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
      <path fill="none" stroke="currentColor" strokeWidth="2" d={icons.search} />
    </svg>
  );
}

function LoadingIcon() {
  const { t } = useText();
  return (
    <svg
      className="search-modal-icon search-modal-loading"
      viewBox="0 0 38 38"
      width="20"
      height="20"
      role="img"
      aria-label={t('theme.SearchModal.searchBox.loadingAriaLabel')}
      data-search-loading=""
    >
      <g fill="none" stroke="currentColor" strokeWidth="3">
        <circle strokeOpacity=".3" cx="19" cy="19" r="16" />
        <path d="M35 19c0-8.84-7.16-16-16-16" />
      </g>
    </svg>
  );
}

interface SearchFormProps {
  query: string;
  setQuery(query: string): void;
  /** True while a request runs: a spinner replaces the magnifier. */
  loading: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  /** True when results are listed: the input then points at the selected one. */
  hasHits: boolean;
  selected: number;
}

/** The query input (a combobox over the results) and its reset button. */
export function SearchForm({ query, setQuery, loading, inputRef, hasHits, selected }: SearchFormProps) {
  const { t } = useText();
  return (
    // biome-ignore lint/a11y/useSemanticElements: the reset button needs a <form>; role=search names it.
    <form
      className="search-modal-form"
      role="search"
      noValidate
      onSubmit={(event) => event.preventDefault()}
      onReset={(event) => {
        event.preventDefault();
        setQuery('');
        inputRef.current?.focus();
      }}
    >
      <label className="search-modal-label" htmlFor={ids.input}>
        {loading ? <LoadingIcon /> : <SearchIcon />}
        <span className="visually-hidden">{t('theme.SearchBar.label')}</span>
      </label>
      <input
        ref={inputRef}
        id={ids.input}
        className="search-modal-input"
        type="search"
        placeholder={t('theme.SearchModal.placeholder')}
        autoComplete="off"
        autoCorrect="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="go"
        maxLength={64}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={hasHits}
        aria-controls={ids.list}
        aria-activedescendant={hasHits ? ids.item(selected) : undefined}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
      />
      <button
        type="reset"
        className="search-modal-reset"
        title={t('theme.SearchModal.searchBox.resetButtonTitle')}
        aria-label={t('theme.SearchModal.searchBox.resetButtonAriaLabel')}
        hidden={query === ''}
      >
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
          <path
            d="M10 10l5.09-5.09L10 10l5.09 5.09L10 10zm0 0L4.91 4.91 10 10l-5.09 5.09L10 10z"
            stroke="currentColor"
            fill="none"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </button>
    </form>
  );
}
