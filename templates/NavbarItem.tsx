import { Component, Fragment, type ReactNode, useContext } from 'react';
import { placeholderParts } from '../src/shared/i18n/interface-text';
import type { LinkItem, NavbarItem, SiteChrome } from '../src/shared/site-chrome';
import { Dropdown, DropdownShell, type ItemPlace } from './Dropdown';
import { localeHref } from './format';
import { FragmentCacheContext } from './fragments';
import { icons } from './icons';
import { SmartLink } from './Link';
import { safeUrl } from './safe-url';
import { InterfaceTextContext, useText } from './text';

function isActive(path: string, href: string | undefined): boolean {
  return !!href && href.startsWith('/') && (path === href || path.startsWith(`${href}/`));
}

/** Where the reader is (the page's path and, on a docs page, its sidebar), and where the item is shown. */
export interface NavbarPlace {
  path: string;
  sidebarId?: string;
  place?: ItemPlace;
}

/**
 * Whether an item shows the reader's page as its own (`active`). With its place, all an item's markup reads of the
 * page but the language menu's links (each leads to the page's own translation).
 */
function isItemActive(item: NavbarItem, chrome: SiteChrome, path: string, sidebarId: string | undefined): boolean {
  switch (item.type) {
    case 'link':
      return isActive(path, item.to);
    case 'docSidebar':
      // Active on every page of its sidebar, wherever their URLs are.
      return sidebarId === item.sidebarId;
    case 'dropdown':
      return item.items.some((i) => isActive(path, i.to));
    case 'docsVersionDropdown':
      return isActive(path, chrome.docsBase);
    case 'github':
    case 'localeDropdown':
      return false;
  }
}

function Item({ item, chrome, path, sidebarId, place }: { item: NavbarItem; chrome: SiteChrome } & NavbarPlace) {
  const active = isItemActive(item, chrome, path, sidebarId);
  switch (item.type) {
    case 'link':
      return <SmartLink item={item} className={`navbar-item navbar-link${active ? ' active' : ''}`} />;
    case 'docSidebar': {
      return (
        <a className={`navbar-item navbar-link${active ? ' active' : ''}`} href={item.to}>
          {item.label}
        </a>
      );
    }
    case 'dropdown':
      return <Dropdown label={item.label} items={item.items} active={active} place={place} />;
    case 'github':
      // biome-ignore-start lint/a11y/useAnchorContent: aria-label names the link; the icon inside is decorative.
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
            <path fill="currentColor" d={icons.github} />
          </svg>
        </a>
      );
    // biome-ignore-end lint/a11y/useAnchorContent: see above.
    case 'localeDropdown': {
      const items: LinkItem[] = chrome.locales.map((l) => ({
        label: l.label,
        href: localeHref(path, chrome, l),
      }));
      const current = chrome.locales.find((l) => l.code === chrome.currentLocale);
      return (
        <DropdownShell place={place} label={<LocaleLabel label={current?.label ?? ''} />}>
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
          {item.itemsAfter.length ? (
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a divider must be an <li> in a <ul>.
            // biome-ignore lint/a11y/useSemanticElements: an <hr> cannot be a child of <ul>.
            <li className="dropdown-separator" role="separator" />
          ) : null}
          {item.itemsAfter.map((after) => (
            <li key={after.label}>
              <SmartLink item={after} className="dropdown-link" />
            </li>
          ))}
        </DropdownShell>
      );
    }
    case 'docsVersionDropdown':
      return (
        <Dropdown
          place={place}
          label={chrome.versionLabel}
          items={[{ label: chrome.versionLabel, to: chrome.docsHome }, ...item.itemsAfter]}
          active={active}
        />
      );
  }
}

/** The current language's name, after words only screen readers say ("Language: "), in the site's language. */
function LocaleLabel({ label }: { label: string }) {
  const { t } = useText();
  return (
    <>
      {placeholderParts(t('theme.navbar.localeDropdown.currentLabel')).map((part, i) =>
        typeof part === 'string' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in its order.
          <span key={i} className="visually-hidden">
            {part}
          </span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in its order.
          <Fragment key={i}>{part.name === 'locale' ? label : ''}</Fragment>
        ),
      )}
    </>
  );
}

function NavbarItemError({ error }: { error: Error }) {
  const { t } = useText();
  return (
    <span className="navbar-item navbar-item-error" role="alert">
      {t('theme.navbar.itemError', { message: error.message })}
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
export function SafeItem(props: { item: NavbarItem; chrome: SiteChrome } & NavbarPlace) {
  const fragments = useContext(FragmentCacheContext);
  const text = useContext(InterfaceTextContext);
  const { item, chrome, path, sidebarId, place = 'navbar' } = props;
  // In the navbar, every item but the language menu looks the same on every page where it is as active: the server
  // renders each of its two forms once a build (the fragment cache), outside the page's tree, with the page's
  // interface strings. (The mobile menu's groups number their lists by their place in the tree: never cached.)
  if (fragments && place === 'navbar' && item.type !== 'localeDropdown') {
    const active = isItemActive(item, chrome, path, sidebarId);
    return fragments.placeholder(item, active ? 'active' : 'inactive', 'item', () => (
      <InterfaceTextContext.Provider value={text}>
        <RenderedItem {...props} />
      </InterfaceTextContext.Provider>
    ));
  }
  return <RenderedItem {...props} />;
}

function RenderedItem(props: { item: NavbarItem; chrome: SiteChrome } & NavbarPlace) {
  let content: ReactNode;
  try {
    content = Item(props);
  } catch (error) {
    console.error(error);
    return <NavbarItemError error={error as Error} />;
  }
  return <NavbarItemBoundary>{content}</NavbarItemBoundary>;
}
