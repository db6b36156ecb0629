import { useEffect, useRef, useState } from 'react';
import { SafeItem } from './NavbarItem';
import { Sidebar } from './Sidebar';
import type { ShownSidebarItem, SiteChrome } from './types';

/**
 * The mobile slide-in menu: the navbar items, and on docs pages a secondary menu with the docs sidebar and
 * a button back to the main menu. It is rendered only while open (it needs JavaScript to open anyway).
 */
export function MobileMenu({
  chrome,
  path,
  sidebarId,
  open,
  onClose,
  sidebar,
}: {
  chrome: SiteChrome;
  path: string;
  sidebarId?: string;
  open: boolean;
  onClose: () => void;
  sidebar?: ShownSidebarItem[];
}) {
  const [showPrimary, setShowPrimary] = useState(!sidebar);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    setShowPrimary(!sidebar);
    panel.current?.querySelector<HTMLElement>('button, a')?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    document.body.classList.add('menu-open');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('menu-open');
    };
  }, [open, sidebar, onClose]);
  if (!open) return <div className="mobile-menu" id="mobile-menu" hidden />;
  return (
    <div className="mobile-menu" id="mobile-menu">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer only: Escape and × close it too. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: pointer only: Escape and × close it too. */}
      <div className="mobile-menu-backdrop" onClick={onClose} />
      <div ref={panel} className="mobile-menu-panel" role="dialog" aria-modal="true" aria-label="Menu di navigazione">
        <div className="mobile-menu-header">
          <a className="navbar-brand" href={chrome.baseUrl}>
            <span className="navbar-title">{chrome.navbar.title}</span>
          </a>
          <button type="button" className="mobile-menu-close" aria-label="Chiudi il menu" onClick={onClose}>
            ×
          </button>
        </div>
        {showPrimary || !sidebar ? (
          <div className="mobile-menu-primary">
            <ul className="menu-list">
              {chrome.navbar.items.map((item, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: items are fixed for the page; dropdowns have no label.
                <li key={i}>
                  <SafeItem item={item} chrome={chrome} path={path} sidebarId={sidebarId} />
                </li>
              ))}
            </ul>
            {sidebar ? (
              <button type="button" className="back-to-main" onClick={() => setShowPrimary(false)}>
                Menu della documentazione →
              </button>
            ) : null}
          </div>
        ) : (
          <div className="mobile-menu-secondary">
            <button type="button" className="back-to-main" onClick={() => setShowPrimary(true)}>
              ← Torna al menu principale
            </button>
            <Sidebar items={sidebar} path={path} renderCollapsed />
          </div>
        )}
      </div>
    </div>
  );
}
