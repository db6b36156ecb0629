import { useText } from '../../../templates/text';
import type { SearchProvider } from './types';

/** The keyboard hints and the search provider's credit. */
export function SearchFooter({ poweredBy }: { poweredBy: SearchProvider['poweredBy'] }) {
  const { t } = useText();
  return (
    <footer className="search-modal-footer">
      <ul className="search-modal-commands" aria-hidden="true">
        <li>
          <kbd>↵</kbd> {t('theme.SearchModal.footer.selectText')}
        </li>
        <li>
          <kbd>↓</kbd>
          <kbd>↑</kbd> {t('theme.SearchModal.footer.navigateText')}
        </li>
        <li>
          <kbd>esc</kbd> {t('theme.SearchModal.footer.closeText')}
        </li>
      </ul>
      <span className="search-modal-powered">
        {t('theme.SearchModal.footer.searchByText')}{' '}
        {poweredBy.href ? (
          <a href={poweredBy.href} target="_blank" rel="noopener noreferrer" tabIndex={-1}>
            {poweredBy.label}
          </a>
        ) : (
          <span>{poweredBy.label}</span>
        )}
      </span>
    </footer>
  );
}
