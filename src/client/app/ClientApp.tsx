import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { App } from '../../../templates/App';
import { noteNavigationScroll, storage } from '../../../templates/hooks';
import { SidebarPartContext } from '../../../templates/sidebar-parts';
import { translatorOf } from '../../shared/i18n/interface-text';
import { mainContentId } from '../../shared/main-content';
import { documentTitle } from '../../shared/page-title';
import type { RouteProps } from '../../shared/route-data';
import { keepShownItems, rendersWhole, type ShownSidebarItem } from '../../shared/sidebar';
import type { SiteChrome } from '../../shared/site-chrome';
import { decorateContent } from '../content-widgets';
import { showDiagrams } from '../diagrams';
import { hydrateIslands } from '../islands';
import { createProgressBar } from '../progress-bar';
import { revealHashTarget } from './hash-target';
import {
  currentEntryKey,
  entryKey,
  newEntryKey,
  pageOf,
  rememberScroll,
  storedScrollY,
  takeScrollRestoration,
} from './history-entries';
import { canPrefetch, inAppPath, isSamePageHash } from './links';
import { createPageLoader } from './page-loader';
import { createRouteAnnouncer, type RouteAnnouncer } from './route-announcer';

interface AppState {
  page: RouteProps;
  sidebar?: ShownSidebarItem[];
  renderCollapsed: boolean;
  /** How the page was reached: decides where to scroll once it is shown. */
  via: 'load' | 'push' | 'pop';
  /** On Back and Forward, where the entry was left (unknown for entries of an earlier visit). */
  scrollY?: number;
  hash: string;
}

interface ClientAppProps {
  chrome: SiteChrome;
  initial: { page: RouteProps; sidebar?: ShownSidebarItem[]; renderCollapsed: boolean };
  notFoundPath: string;
  siteTitle: string;
  /** The element the app is hydrated in. */
  root: HTMLElement;
}

const versionKey = 'docs-preferred-version-default';

/** The single-page app: the server-rendered page hydrated, then in-app navigation with page data. */
export function ClientApp({ chrome, initial, notFoundPath, siteTitle, root }: ClientAppProps) {
  const [state, setState] = useState<AppState>({ ...initial, via: 'load', hash: location.hash });
  const loader = useRef(createPageLoader(chrome.baseUrl, notFoundPath)).current;
  const progress = useRef(createProgressBar(translatorOf(chrome.text).t('theme.ProgressBar.ariaLabel'))).current;
  const announcer = useRef<RouteAnnouncer | undefined>(undefined);
  const current = useRef(state.page.path);
  /** The page the window shows and its history entry's key; positions of entries left for other pages. */
  const shown = useRef({ page: pageOf(location), key: '' });
  const positions = useRef(new Map<string, number>()).current;

  const navigate = useCallback(
    async (target: string, via: 'push' | 'pop', scrollY?: number) => {
      const url = new URL(target, location.href);
      if (via === 'push') rememberScroll(positions, shown.current.key);
      progress.start();
      try {
        const loaded = await loader.load(pageOf(url));
        if (via === 'push') {
          const key = newEntryKey();
          history.pushState({ key }, '', url.pathname + url.search + url.hash);
          shown.current = { page: pageOf(url), key };
        }
        const renderCollapsed = loaded.sidebar ? rendersWhole(loaded.sidebar) : true;
        current.current = loaded.props.path;
        setState({ page: loaded.props, sidebar: loaded.sidebar, renderCollapsed, via, scrollY, hash: url.hash });
      } catch (error) {
        // Spec: a failed load on route change logs a warning and loads the page the ordinary way.
        console.warn(`Loading ${url.pathname} failed, loading the page again:`, error);
        location.assign(url.href);
      } finally {
        progress.done();
      }
    },
    [loader, progress, positions],
  );

  // Links anywhere in the page, including the content HTML, navigate in-app; a link to a section of this page
  // is the browser's (it scrolls to the section, focuses it when it can, and adds a history entry).
  useEffect(() => {
    shown.current.key = currentEntryKey();
    const giveBack = takeScrollRestoration();
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as HTMLElement).closest?.('a');
      if (!anchor || !(anchor instanceof HTMLAnchorElement)) return;
      const target = inAppPath(anchor, chrome.baseUrl, event);
      if (!target || isSamePageHash(target)) return;
      event.preventDefault();
      void navigate(target, 'push');
    };
    // Back and Forward, and every new hash of this page (a section link, a hash typed in the address bar).
    const onPop = () => {
      const left = shown.current;
      // The window is still where the reader left the previous entry (the browser scrolls to a new hash after
      // this event; it leaves Back and Forward to the app).
      positions.set(left.key, window.scrollY);
      const known = entryKey();
      const key = currentEntryKey();
      const page = pageOf(location);
      shown.current = { page, key };
      const y = known === undefined ? undefined : (positions.get(key) ?? storedScrollY());
      if (page !== left.page) {
        void navigate(location.href, 'pop', y);
        return;
      }
      // Same page: nothing to load. A section hidden in a closed <details> or another tab is shown first. A new
      // hash is scrolled to here, as the browser is about to (it then finds the window there): the navbar shows,
      // and the section lands below it. Back and Forward go where the reader left the entry, or to its section.
      const target = revealHashTarget(location.hash);
      if (y !== undefined) window.scrollTo(0, y);
      else if (target) target.scrollIntoView();
      else if (known !== undefined) window.scrollTo(0, 0);
      else return; // A hash that names nothing: the window stays where it is.
      noteNavigationScroll();
    };
    document.addEventListener('click', onClick);
    window.addEventListener('popstate', onPop);
    return () => {
      document.removeEventListener('click', onClick);
      window.removeEventListener('popstate', onPop);
      giveBack();
    };
  }, [chrome.baseUrl, navigate, positions]);

  // Prefetch on hover/focus, and for links that scroll into view (when the browser is idle).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page brings new links to observe.
  useEffect(() => {
    if (!canPrefetch()) return;
    const pathOf = (el: Element | null) => {
      const anchor = el?.closest?.('a');
      if (!(anchor instanceof HTMLAnchorElement)) return undefined;
      const target = inAppPath(anchor, chrome.baseUrl);
      const page = target ? pageOf(new URL(target, location.href)) : undefined;
      // The page shown needs no data (links to it: the sidebar's current entry, the TOC, heading anchors).
      return page !== shown.current.page ? page : undefined;
    };
    const onHover = (event: Event) => {
      const path = pathOf(event.target as Element);
      if (path) loader.prefetch(path);
    };
    const idle = (fn: () => void) =>
      typeof requestIdleCallback === 'function' ? requestIdleCallback(fn) : setTimeout(fn, 200);
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        const path = pathOf(entry.target);
        if (path) idle(() => loader.prefetch(path));
      }
    });
    for (const a of document.querySelectorAll(`#${mainContentId} a[href^="/"], .pagination-nav a`)) observer.observe(a);
    document.addEventListener('mouseover', onHover);
    document.addEventListener('focusin', onHover);
    return () => {
      observer.disconnect();
      document.removeEventListener('mouseover', onHover);
      document.removeEventListener('focusin', onHover);
    };
  }, [chrome.baseUrl, loader, state.page.path]);

  // After a page is shown: title, scroll position or hash target, focus at the top, content widgets.
  useEffect(() => {
    document.title = documentTitle(state.page.title, siteTitle);
    const content = document.getElementById(mainContentId) ?? document;
    decorateContent(content);
    hydrateIslands(content);
    showDiagrams(content);
    if (state.via === 'load') return;
    // Spec: the page then scrolls to the top or to the hash target (or, on Back and Forward, where it was left).
    const target = state.via === 'pop' && state.scrollY !== undefined ? null : revealHashTarget(state.hash);
    if (target) target.scrollIntoView();
    else window.scrollTo(0, state.via === 'pop' ? (state.scrollY ?? 0) : 0);
    noteNavigationScroll();
    announcer.current?.announce(state.page.title);
  }, [state, siteTitle]);

  // Once, after hydration: the base-URL banner goes, the preferred docs version is checked, whole sidebars load.
  useEffect(() => {
    // A page opened with a hash: the browser scrolled to its section before hydration, which may since have
    // moved it (a remembered tab choice above it) or hidden it (in another tab): it is shown and scrolled to
    // again. A reload and Back keep the position the browser restored.
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    if (navigation?.type !== 'reload' && navigation?.type !== 'back_forward') {
      const target = revealHashTarget(location.hash);
      if (target) {
        target.scrollIntoView();
        noteNavigationScroll();
      }
    }
    announcer.current = createRouteAnnouncer(root, initial.page.title);
    document.getElementById('__docs-it-base-url-issue-banner')?.remove();
    document.documentElement.classList.add('hydrated');
    const store = storage();
    const stored = store.getItem(versionKey);
    if (stored !== null && stored !== 'current') store.removeItem(versionKey);
    window.addEventListener('storage', (event) => {
      if (event.key === 'theme' && (event.newValue === 'light' || event.newValue === 'dark'))
        document.documentElement.setAttribute('data-theme', event.newValue);
    });
  }, [root, initial.page.title]);
  useEffect(() => {
    if (state.page.kind === 'doc') storage().setItem(versionKey, 'current');
    const id = state.page.kind === 'doc' ? state.page.sidebarId : undefined;
    // Large sidebars arrive with gaps and closed categories empty; the whole tree is loaded to fill them in.
    if (id && !state.renderCollapsed) {
      const path = state.page.path;
      loader.loadSidebar(id, state.page.kind === 'doc' ? state.page.breadcrumbs : []).then(
        (sidebar) =>
          current.current === path &&
          setState((s) => ({ ...s, sidebar: s.sidebar ? keepShownItems(sidebar, s.sidebar) : sidebar, via: 'load' })),
        () => undefined,
      );
    }
  }, [state.page, state.renderCollapsed, loader]);

  // Exactly the server's tree (src/render/render-page.tsx): anything around <App> would not hydrate. The provider
  // adds nothing to the markup.
  const sidebarId = state.page.kind === 'doc' ? state.page.sidebarId : undefined;
  const loadPart = useMemo(
    () => (sidebarId ? (part: number) => loader.loadSidebarPart(sidebarId, part) : undefined),
    [loader, sidebarId],
  );
  return (
    <SidebarPartContext.Provider value={loadPart}>
      <App chrome={chrome} page={state.page} sidebar={state.sidebar} renderCollapsed={state.renderCollapsed} />
    </SidebarPartContext.Provider>
  );
}
