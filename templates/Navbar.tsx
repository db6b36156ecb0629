import { Component, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { localeHref } from './format';
import { storage, useOutside } from './hooks';
import { SmartLink } from './Link';
import { Sidebar } from './Sidebar';
import { safeUrl } from './safe-url';
import type { LinkItem, NavbarItem, SidebarItem, SiteChrome } from './types';

interface NavbarProps {
  chrome: SiteChrome;
  path: string;
  /** True on docs pages, where the mobile menu also offers the docs sidebar. */
  hasSecondaryMenu: boolean;
  mobileOpen?: boolean;
  onToggleMobile?: () => void;
}

/** A dropdown that opens on hover or Enter/click and closes on an outside click or touch. */
function DropdownShell({ label, active, children }: { label: ReactNode; active?: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const element = useCallback(() => ref.current, []);
  useOutside(open, element, close);
  return (
    <div
      ref={ref}
      className={`navbar-item navbar-dropdown${open ? ' open' : ''}`}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
    >
      <button
        type="button"
        className={`navbar-link${active ? ' active' : ''}`}
        aria-haspopup="true"
        aria-expanded={open ? 'true' : 'false'}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      >
        {label}
      </button>
      <ul className="dropdown-menu" onClick={close}>
        {children}
      </ul>
    </div>
  );
}

function Dropdown({ label, items, active }: { label: string; items: LinkItem[]; active?: boolean }) {
  return (
    <DropdownShell label={label} active={active}>
      {items.map((item) => (
        <li key={item.label}>
          <SmartLink item={item} className="dropdown-link" />
        </li>
      ))}
    </DropdownShell>
  );
}

function isActive(path: string, href: string | undefined): boolean {
  return !!href && href.startsWith('/') && (path === href || path.startsWith(`${href}/`));
}

function Item({ item, chrome, path }: { item: NavbarItem; chrome: SiteChrome; path: string }) {
  switch (item.type) {
    case 'link':
      return <SmartLink item={item} className={`navbar-item navbar-link${isActive(path, item.to) ? ' active' : ''}`} />;
    case 'docSidebar': {
      const href = item.to;
      return (
        <a className={`navbar-item navbar-link${isActive(path, href) ? ' active' : ''}`} href={href}>
          {item.label}
        </a>
      );
    }
    case 'dropdown':
      return <Dropdown label={item.label} items={item.items} active={item.items.some((i) => isActive(path, i.to))} />;
    case 'github':
      return (
        <a
          className="navbar-item navbar-link github-link"
          href={safeUrl(item.href)}
          aria-label={item.label}
          title={item.label}
          target="_blank"
          rel="noopener noreferrer"
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path
              fill="currentColor"
              d="M12 .5a11.5 11.5 0 0 0-3.64 22.41c.58.1.79-.25.79-.56v-2c-3.2.7-3.87-1.36-3.87-1.36-.52-1.33-1.28-1.69-1.28-1.69-1.05-.72.08-.7.08-.7 1.16.08 1.77 1.19 1.77 1.19 1.03 1.77 2.7 1.26 3.36.96.1-.75.4-1.26.73-1.55-2.56-.29-5.25-1.28-5.25-5.7 0-1.26.45-2.29 1.19-3.1-.12-.29-.52-1.47.11-3.06 0 0 .97-.31 3.17 1.18a11 11 0 0 1 5.77 0c2.2-1.49 3.17-1.18 3.17-1.18.63 1.59.23 2.77.11 3.06.74.81 1.19 1.84 1.19 3.1 0 4.43-2.7 5.4-5.26 5.69.41.36.78 1.06.78 2.14v3.17c0 .31.21.67.8.56A11.5 11.5 0 0 0 12 .5Z"
            />
          </svg>
        </a>
      );
    case 'localeDropdown': {
      const items: LinkItem[] = chrome.locales.map((l) => ({
        label: l.label,
        href: localeHref(path, chrome.baseUrl, l.code, chrome.defaultLocale),
      }));
      const current = chrome.locales.find((l) => l.code === chrome.currentLocale);
      return (
        <DropdownShell
          label={
            <>
              <span className="visually-hidden">Lingua: </span>
              {current?.label}
            </>
          }
        >
          <>
            {items.map((item, i) => (
              <li key={item.label}>
                <a
                  className={`dropdown-link${chrome.locales[i]?.code === chrome.currentLocale ? ' active' : ''}`}
                  href={item.href}
                  hrefLang={chrome.locales[i]?.code}
                  lang={chrome.locales[i]?.code}
                >
                  {item.label}
                </a>
              </li>
            ))}
            {item.itemsAfter.length ? <li className="dropdown-separator" role="separator" /> : null}
            {item.itemsAfter.map((after) => (
              <li key={after.label}>
                <SmartLink item={after} className="dropdown-link" />
              </li>
            ))}
          </>
        </DropdownShell>
      );
    }
    case 'docsVersionDropdown':
      return (
        <Dropdown
          label={chrome.versionLabel}
          items={[{ label: chrome.versionLabel, to: chrome.docsHome }, ...item.itemsAfter]}
          active={isActive(path, chrome.docsBase)}
        />
      );
  }
}

/** Switches light/dark and remembers the choice (other tabs follow through the storage event). */
export function ColorModeToggle() {
  const toggle = () => {
    const next = document.documentElement.getAttribute('data-theme') === 'dark' ? 'light' : 'dark';
    document.documentElement.setAttribute('data-theme', next);
    storage().setItem('theme', next);
  };
  return (
    <button
      type="button"
      className="color-mode-toggle"
      onClick={toggle}
      aria-label="Cambia tema (chiaro/scuro)"
      title="Cambia tema (chiaro/scuro)"
    >
      <svg className="icon-sun" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          fill="currentColor"
          d="M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10Zm0-5 1 3h-2l1-3Zm0 20-1-3h2l-1 3ZM2 12l3-1v2l-3-1Zm20 0-3 1v-2l3 1ZM4.9 4.9l2.8 1.4-1.4 1.4-1.4-2.8Zm14.2 14.2-2.8-1.4 1.4-1.4 1.4 2.8ZM4.9 19.1l1.4-2.8 1.4 1.4-2.8 1.4ZM19.1 4.9l-1.4 2.8-1.4-1.4 2.8-1.4Z"
        />
      </svg>
      <svg className="icon-moon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path fill="currentColor" d="M20 15.3A8.5 8.5 0 0 1 8.7 4a8.5 8.5 0 1 0 11.3 11.3Z" />
      </svg>
    </button>
  );
}

export function SearchButton() {
  return (
    <button
      type="button"
      className="search-button"
      data-search-button=""
      aria-label="Search"
      aria-keyshortcuts="Control+k s /"
    >
      <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
        <path
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          d="m14.5 14.5 4 4M8.5 15a6.5 6.5 0 1 1 0-13 6.5 6.5 0 0 1 0 13Z"
        />
      </svg>
      <span className="search-button-label">Search</span>
      <kbd className="search-button-keys">Ctrl K</kbd>
    </button>
  );
}

function NavbarItemError({ error }: { error: Error }) {
  return (
    <span className="navbar-item navbar-item-error" role="alert">
      Un elemento della barra di navigazione non può essere mostrato: controlla la configurazione della navbar (
      {error.message}).
    </span>
  );
}

/** Catches errors of components deeper inside a navbar item, so one bad item does not take the page down. */
class NavbarItemBoundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <NavbarItemError error={this.state.error} /> : this.props.children;
  }
}

/**
 * One navbar item, or the configuration message when building it throws. The item is built here, inside
 * a try, because an error boundary that swaps markup while the page hydrates breaks the hydration.
 */
function SafeItem(props: { item: NavbarItem; chrome: SiteChrome; path: string }) {
  let content: ReactNode;
  try {
    content = Item(props);
  } catch (error) {
    console.error(error);
    return <NavbarItemError error={error as Error} />;
  }
  return <NavbarItemBoundary>{content}</NavbarItemBoundary>;
}

/** Hides the navbar while scrolling down and shows it on the way up; never near the top. */
function useHideOnScroll(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (y < 120) setHidden(false);
      else if (Math.abs(y - last) > 6) setHidden(y > last);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  return hidden;
}

/** The top bar: logo, left links, right links and dropdowns, colour mode and search; a menu button on mobile. */
export function Navbar({ chrome, path, hasSecondaryMenu, mobileOpen = false, onToggleMobile }: NavbarProps) {
  const left = chrome.navbar.items.filter((i) => i.position === 'left');
  const right = chrome.navbar.items.filter((i) => i.position === 'right');
  const canToggle = chrome.navbar.items.length > 0 || hasSecondaryMenu;
  const hidden = useHideOnScroll(chrome.navbar.hideOnScroll && !mobileOpen);
  return (
    <nav className={`navbar${hidden ? ' navbar-hidden' : ''}`} aria-label="Principale">
      <div className="navbar-inner">
        <button
          type="button"
          className="navbar-toggle"
          aria-label="Apri il menu di navigazione"
          aria-expanded={mobileOpen ? 'true' : 'false'}
          aria-controls="mobile-menu"
          disabled={!canToggle}
          onClick={onToggleMobile}
        >
          <svg viewBox="0 0 30 30" width="26" height="26" aria-hidden="true">
            <path stroke="currentColor" strokeLinecap="round" strokeWidth="2" d="M4 7h22M4 15h22M4 23h22" />
          </svg>
        </button>
        <a className="navbar-brand" href={chrome.baseUrl}>
          <img
            className="logo logo-light"
            src={`${chrome.baseUrl}${chrome.navbar.logo.src}`}
            alt={chrome.navbar.logo.alt}
            width="32"
            height="32"
          />
          <img
            className="logo logo-dark"
            src={`${chrome.baseUrl}${chrome.navbar.logo.srcDark}`}
            alt={chrome.navbar.logo.alt}
            width="32"
            height="32"
          />
          <span className="navbar-title">{chrome.navbar.title}</span>
        </a>
        <div className="navbar-items navbar-items-left">
          {left.map((item, i) => (
            <SafeItem key={i} item={item} chrome={chrome} path={path} />
          ))}
        </div>
        <div className="navbar-items navbar-items-right">
          {right.map((item, i) => (
            <SafeItem key={i} item={item} chrome={chrome} path={path} />
          ))}
          {chrome.colorModeSwitch ? <ColorModeToggle /> : null}
          <SearchButton />
        </div>
      </div>
    </nav>
  );
}

/**
 * The mobile slide-in menu: the navbar items, and on docs pages a secondary menu with the docs sidebar and
 * a button back to the main menu. It is rendered only while open (it needs JavaScript to open anyway).
 */
export function MobileMenu({
  chrome,
  path,
  open,
  onClose,
  sidebar,
}: {
  chrome: SiteChrome;
  path: string;
  open: boolean;
  onClose: () => void;
  sidebar?: SidebarItem[];
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
                <li key={i}>
                  <SafeItem item={item} chrome={chrome} path={path} />
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
