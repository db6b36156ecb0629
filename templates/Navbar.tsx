import type { SiteChrome } from '../src/shared/site-chrome';
import type { NavbarProps } from '../src/shared/theme-components';
import { ColorModeToggle } from './ColorModeToggle';
import { useHideOnScroll } from './hooks';
import { SafeItem } from './NavbarItem';
import { SearchButton } from './SearchButton';
import { useText } from './text';
import { overridable } from './theme-components';

/** The logo (light and dark) and the title, linking to the home page: in the navbar and the mobile menu. */
function Logo({ chrome }: { chrome: SiteChrome }) {
  const { logo } = chrome.navbar;
  // The image's own proportions (a wordmark is wide) unless the config gives a size, as Docusaurus does.
  const size = {
    ...(logo?.width === undefined ? {} : { width: logo.width }),
    ...(logo?.height === undefined ? {} : { height: logo.height }),
  };
  return (
    <a className="navbar-brand" href={chrome.baseUrl}>
      {logo && (
        <>
          <img className="logo logo-light" src={`${chrome.baseUrl}${logo.src}`} alt={logo.alt} style={size} />
          <img className="logo logo-dark" src={`${chrome.baseUrl}${logo.srcDark}`} alt={logo.alt} style={size} />
        </>
      )}
      <span className="navbar-title">{chrome.navbar.title}</span>
    </a>
  );
}

export const NavbarBrand = overridable('Logo', Logo);

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
        <NavbarBrand chrome={chrome} />
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
          <SearchButton />
        </div>
      </div>
    </nav>
  );
}

export const Navbar = overridable('Navbar', NavbarOriginal);
