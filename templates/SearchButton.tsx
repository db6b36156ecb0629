import { icons } from './icons';
import { useText } from './text';

export function SearchButton() {
  const { t } = useText();
  const label = t('theme.SearchBar.label');
  return (
    <button
      type="button"
      className="search-button"
      data-search-button=""
      aria-label={label}
      aria-keyshortcuts="Control+k s /"
    >
      <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
        <path fill="none" stroke="currentColor" strokeWidth="2" d={icons.search} />
      </svg>
      <span className="search-button-label">{label}</span>
      <kbd className="search-button-keys">Ctrl K</kbd>
    </button>
  );
}
