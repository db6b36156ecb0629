import type { SearchBarProps } from '../../src/shared/theme-components';
import { icons } from '../icons';
import { useText } from '../text';
import { overridable } from '../theme-components';

/** The search button, which opens the search modal (its label, and the keys that open it too). */
function SearchBarOriginal(_props: SearchBarProps) {
  const { t } = useText();
  return (
    // Named by its label, which phones hide from sight only (an aria-label would not say the keys it shows).
    <button type="button" className="search-button" data-search-button="" aria-keyshortcuts="Control+k s /">
      <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
        <path fill="none" stroke="currentColor" strokeWidth="2" d={icons.search} />
      </svg>
      <span className="search-button-label">{t('theme.SearchBar.label')}</span>
      {/* The shortcut is announced through aria-keyshortcuts, not as part of the name. */}
      {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: a <kbd> takes no focus. */}
      <kbd className="search-button-keys" aria-hidden="true">
        Ctrl K
      </kbd>
    </button>
  );
}

export const SearchBar = overridable('SearchBar', SearchBarOriginal);
