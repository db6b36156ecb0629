import { Component, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { mainContentId } from '../src/shared/main-content';
import type { ShownSidebarItem } from '../src/shared/sidebar';
import type { SiteChrome } from '../src/shared/site-chrome';
import { CrashBox } from './CrashBox';
import { FragmentCacheContext } from './fragments';
import { storage, useIsMobile } from './hooks';
import { MobileMenu } from './MobileMenu';
import { Sidebar } from './Sidebar';
import { TranslationBar } from './TranslationBar';
import { InterfaceTextContext, useText } from './text';
import { Footer } from './theme/Footer';
import { Navbar } from './theme/Navbar';
import { isThemeOverridden } from './theme-components';

const announcementIdKey = 'docusaurus.announcement.id';
const announcementDismissKey = 'docusaurus.announcement.dismiss';
const dismissedAttribute = 'data-announcement-bar-initially-dismissed';

function AnnouncementBar({ bar }: { bar: NonNullable<SiteChrome['announcementBar']> }) {
  const { t } = useText();
  // A new bar id resets an earlier dismissal; the inline head script already hid a dismissed bar.
  useEffect(() => {
    const store = storage();
    if (store.getItem(announcementIdKey) !== bar.id) {
      store.setItem(announcementIdKey, bar.id);
      store.setItem(announcementDismissKey, 'false');
      document.documentElement.removeAttribute(dismissedAttribute);
    }
  }, [bar.id]);
  const close = () => {
    storage().setItem(announcementDismissKey, 'true');
    document.documentElement.setAttribute(dismissedAttribute, 'true');
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: the bar keeps Docusaurus's markup, like its storage keys.
    <div
      className="announcement-bar"
      role="banner"
      data-announcement-id={bar.id}
      style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }}
    >
      {/* The content is maintainer-written HTML from site.config.ts. */}
      <div className="announcement-content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.isCloseable ? (
        <button
          type="button"
          className="announcement-close"
          aria-label={t('theme.AnnouncementBar.closeButtonAriaLabel')}
          onClick={close}
        >
          ×
        </button>
      ) : null}
    </div>
  );
}

/** The crash box ('This page crashed.', a 'Try again' button and the message) instead of a blank page. */
export class PageErrorBoundary extends Component<
  { children: ReactNode; resetKey: string },
  { error?: Error; key?: string }
> {
  override state: { error?: Error; key?: string } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  static getDerivedStateFromProps(props: { resetKey: string }, state: { error?: Error; key?: string }) {
    // Navigating elsewhere clears the error.
    return props.resetKey !== state.key ? { error: undefined, key: props.resetKey } : null;
  }
  override componentDidCatch(error: Error) {
    console.error(error);
  }
  override render() {
    if (!this.state.error) return this.props.children;
    return <CrashBox error={this.state.error} onRetry={() => this.setState({ error: undefined })} />;
  }
}

/**
 * The footer. The theme's is the same on every page (the config's columns), so the server renders it once a build
 * (the fragment cache); a site's override may read the page, and is rendered on each.
 */
function PageFooter({ footer }: { footer: SiteChrome['footer'] }) {
  const fragments = useContext(FragmentCacheContext);
  const text = useContext(InterfaceTextContext);
  if (!fragments || isThemeOverridden('Footer')) return <Footer footer={footer} />;
  // Rendered on its own, outside the page's tree: it gets the page's interface strings itself.
  return fragments.placeholder(footer, 'footer', 'footer', () => (
    <InterfaceTextContext.Provider value={text}>
      <Footer footer={footer} />
    </InterfaceTextContext.Provider>
  ));
}

interface LayoutProps {
  chrome: SiteChrome;
  path: string;
  /** The sidebar the page belongs to, on docs pages. */
  sidebarId?: string;
  sidebar?: ShownSidebarItem[];
  renderCollapsed: boolean;
  children: ReactNode;
}

/** The frame of every page: skip link, bars, navbar, the docs sidebar when there is one, main, footer. */
export function Layout({ chrome, path, sidebarId, sidebar, renderCollapsed, children }: LayoutProps) {
  const { t } = useText();
  const [mobileOpen, setMobileOpen] = useState(false);
  const isMobile = useIsMobile();
  const toggle = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const close = useCallback(() => setMobileOpen(false), []);
  // Dismissed (Escape, ×, the backdrop): focus goes back to the menu button, once the menu and its focus trap
  // are gone. Closed by a link: focus goes where the navigation puts it.
  const dismiss = useCallback(() => {
    returnFocus.current = true;
    setMobileOpen(false);
  }, []);
  useEffect(() => {
    if (mobileOpen || !returnFocus.current) return;
    returnFocus.current = false;
    toggle.current?.focus();
  }, [mobileOpen]);
  // The mobile menu closes on navigation and when the window becomes desktop-wide.
  // biome-ignore lint/correctness/useExhaustiveDependencies: path is the trigger, not an input.
  useEffect(() => setMobileOpen(false), [path]);
  useEffect(() => {
    if (!isMobile) setMobileOpen(false);
  }, [isMobile]);
  return (
    <>
      <a className="skip-link" href={`#${mainContentId}`}>
        {t('theme.common.skipToMainContent')}
      </a>
      <TranslationBar notice={chrome.translationNotice} />
      {chrome.announcementBar ? <AnnouncementBar bar={chrome.announcementBar} /> : null}
      <Navbar
        chrome={chrome}
        path={path}
        sidebarId={sidebarId}
        hasSecondaryMenu={!!sidebar}
        mobileOpen={mobileOpen}
        onToggleMobile={() => setMobileOpen((o) => !o)}
        toggleRef={toggle}
      />
      <MobileMenu
        chrome={chrome}
        path={path}
        sidebarId={sidebarId}
        open={mobileOpen}
        onClose={close}
        onDismiss={dismiss}
        sidebar={sidebar}
      />
      <div className={`main-wrapper${sidebar ? ' has-sidebar' : ''}`}>
        {sidebar ? (
          <aside className="docs-sidebar">
            <Sidebar items={sidebar} path={path} renderCollapsed={renderCollapsed} />
          </aside>
        ) : null}
        <main id={mainContentId} tabIndex={-1}>
          <PageErrorBoundary resetKey={path}>{children}</PageErrorBoundary>
        </main>
      </div>
      <PageFooter footer={chrome.footer} />
    </>
  );
}
