import type { SearchProvider } from './types';

/** The keyboard hints and the search provider's credit. */
export function SearchFooter({ poweredBy }: { poweredBy: SearchProvider['poweredBy'] }) {
  return (
    <footer className="search-modal-footer">
      <ul className="search-modal-commands" aria-hidden="true">
        <li>
          <kbd>↵</kbd> to select
        </li>
        <li>
          <kbd>↓</kbd>
          <kbd>↑</kbd> to navigate
        </li>
        <li>
          <kbd>esc</kbd> to close
        </li>
      </ul>
      <span className="search-modal-powered">
        Powered by{' '}
        <a href={poweredBy.href} target="_blank" rel="noopener noreferrer" tabIndex={-1}>
          {poweredBy.label}
        </a>
      </span>
    </footer>
  );
}
