import type { NavbarProps } from '../../src/shared/theme-components';
import { ColorModeToggle } from '../ColorModeToggle';
import { useHideOnScroll } from '../hooks';
import { SafeItem } from '../NavbarItem';
import { useText } from '../text';
import { overridable } from '../theme-components';
import { Logo } from './Logo';
import { SearchBar } from './SearchBar';

/** The top bar: logo, left links, right links and dropdowns, colour mode and search; a menu button on mobile. */
function NavbarOriginal({
  chrome,
  path,
  sidebarId,
  hasSecondaryMenu,
  mobileOpen = false,
  onToggleMobile,
  toggleRef,
}: NavbarProps) {
  const left = chrome.navbar.items.filter((i) => i.position === 'left');
  const right = chrome.navbar.items.filter((i) => i.position === 'right');
  const canToggle = chrome.navbar.items.length > 0 || hasSecondaryMenu;
  const hidden = useHideOnScroll(chrome.navbar.hideOnScroll && !mobileOpen);
  const { t } = useText();
  return (
    <nav className={`navbar${hidden ? ' navbar-hidden' : ''}`} aria-label={t('theme.navbar.navAriaLabel')}>
      <div className="navbar-inner">
        <button
          ref={toggleRef}
          type="button"
          className="navbar-toggle"
          aria-label={t('theme.docs.sidebar.toggleSidebarButtonAriaLabel')}
          aria-expanded={mobileOpen ? 'true' : 'false'}
          aria-controls="mobile-menu"
          disabled={!canToggle}
          onClick={onToggleMobile}
        >
          <svg viewBox="0 0 30 30" width="26" height="26" aria-hidden="true">
            <path stroke="currentColor" strokeLinecap="round" strokeWidth="2" d="M4 7h22M4 15h22M4 23h22" />
          </svg>
        </button>
        <Logo chrome={chrome} />
        <div className="navbar-items navbar-items-left">
          {left.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: items are fixed for the page; dropdowns have no label.
            <SafeItem key={i} item={item} chrome={chrome} path={path} sidebarId={sidebarId} />
          ))}
        </div>
        <div className="navbar-items navbar-items-right">
          {right.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: items are fixed for the page; dropdowns have no label.
            <SafeItem key={i} item={item} chrome={chrome} path={path} sidebarId={sidebarId} />
          ))}
          {chrome.colorModeSwitch ? <ColorModeToggle /> : null}
          <SearchBar />
        </div>
      </div>
    </nav>
  );
}

export const Navbar = overridable('Navbar', NavbarOriginal);
