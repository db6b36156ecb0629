import type { SiteChrome } from '../src/shared/site-chrome';
import { storage } from './hooks';
import { useText } from './text';

/** Where a dismissal is remembered: the id of the notice the reader closed. */
export const translationNoticeStorageKey = 'docs-it.translation-notice.dismissed';
/** Set on `<html>` (by the inline head script too, before the first paint) while the notice is dismissed. */
export const translationNoticeDismissedAttribute = 'data-translation-notice-dismissed';

/**
 * The site-wide notice above the navbar (how current the translation is). A reader can close it; it stays
 * closed on every page until its text changes.
 */
export function TranslationBar({ notice }: { notice: SiteChrome['translationNotice'] }) {
  const { t } = useText();
  if (!notice) return null;
  const close = () => {
    storage().setItem(translationNoticeStorageKey, notice.id);
    document.documentElement.setAttribute(translationNoticeDismissedAttribute, 'true');
  };
  return (
    <div className="translation-bar" role="note">
      <p className="translation-bar-text">{notice.text}</p>
      <button
        type="button"
        className="translation-bar-close"
        aria-label={t('theme.TranslationBar.closeButtonAriaLabel')}
        title={t('theme.TranslationBar.closeButtonAriaLabel')}
        onClick={close}
      >
        <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
          <path stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" d="M6 6l12 12M18 6 6 18" />
        </svg>
      </button>
    </div>
  );
}
