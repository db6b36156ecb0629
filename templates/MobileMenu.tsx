import { useEffect, useRef, useState } from 'react';
import type { ShownSidebarItem } from '../src/shared/sidebar';
import type { SiteChrome } from '../src/shared/site-chrome';
import { SafeItem } from './NavbarItem';
import { Sidebar } from './Sidebar';
import { useText } from './text';
import { Logo } from './theme/Logo';
import { useFocusTrap } from './use-focus-trap';

/**
 * The mobile slide-in menu: the navbar items (dropdowns as groups that expand and collapse), and on docs pages
 * a secondary menu with the docs sidebar and a button back to the main menu. It is rendered only while open
 * (it needs JavaScript to open anyway). While it is open, focus stays in it; Escape, × and the backdrop
 * dismiss it (`onDismiss`), a link followed closes it (`onClose`).
 */
export function MobileMenu({
  chrome,
  path,
  sidebarId,
  open,
  onClose,
  onDismiss,
  sidebar,
}: {
  chrome: SiteChrome;
  path: string;
  sidebarId?: string;
  open: boolean;
  onClose: () => void;
  onDismiss: () => void;
  sidebar?: ShownSidebarItem[];
}) {
  const { t } = useText();
  const [showPrimary, setShowPrimary] = useState(!sidebar);
  const panel = useRef<HTMLDivElement>(null);
  const trapTab = useFocusTrap(panel, undefined, open);
  useEffect(() => {
    if (!open) return;
    setShowPrimary(!sidebar);
    panel.current?.querySelector<HTMLElement>('button, a')?.focus();
    const onKey = (event: KeyboardEvent) => {
      // A dialog opened over the menu (the search) or a dropdown inside it closes first.
      if (event.key === 'Escape' && !event.defaultPrevented) onDismiss();
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('menu-open');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('menu-open');
    };
  }, [open, sidebar, onDismiss]);
  if (!open) return <div className="mobile-menu" id="mobile-menu" hidden />;
  return (
    <div className="mobile-menu" id="mobile-menu">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer only: Escape and × close it too. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: pointer only: Escape and × close it too. */}
      <div className="mobile-menu-backdrop" onClick={onDismiss} />
      <div
        ref={panel}
        className="mobile-menu-panel"
        role="dialog"
        aria-modal="true"
        aria-label={t('theme.navbar.mobileMenu.ariaLabel')}
        onKeyDown={trapTab}
        onClick={(event) => {
          // A link followed (to another page or to a section of this one) closes the menu.
          if ((event.target as Element).closest?.('a[href]')) onClose();
        }}
      >
        <div className="mobile-menu-header">
          <Logo chrome={chrome} />
          <button
            type="button"
            className="mobile-menu-close"
            aria-label={t('theme.docs.sidebar.closeSidebarButtonAriaLabel')}
            onClick={onDismiss}
          >
            ×
          </button>
        </div>
        {showPrimary || !sidebar ? (
          <div className="mobile-menu-primary">
            <ul className="menu-list">
              {chrome.navbar.items.map((item, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: items are fixed for the page; dropdowns have no label.
                <li key={i}>
                  <SafeItem item={item} chrome={chrome} path={path} sidebarId={sidebarId} place="menu" />
                </li>
              ))}
            </ul>
            {sidebar ? (
              <button type="button" className="back-to-main" onClick={() => setShowPrimary(false)}>
                {t('theme.navbar.mobileSidebarSecondaryMenu.openButtonLabel')}
              </button>
            ) : null}
          </div>
        ) : (
          <div className="mobile-menu-secondary">
            <button type="button" className="back-to-main" onClick={() => setShowPrimary(true)}>
              {t('theme.navbar.mobileSidebarSecondaryMenu.backButtonLabel')}
            </button>
            <Sidebar items={sidebar} path={path} renderCollapsed />
          </div>
        )}
      </div>
    </div>
  );
}
