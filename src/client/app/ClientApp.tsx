import { useCallback, useEffect, useRef, useState } from 'react';
import { App } from '../../../templates/App';
import { storage } from '../../../templates/hooks';
import type { RouteProps, SiteChrome } from '../../../templates/types';
import { documentTitle } from '../../shared/page-title';
import { rendersWhole, type ShownSidebarItem } from '../../shared/sidebar';
import { decorateContent } from '../content-widgets';
import { showDiagrams } from '../diagrams';
import { hydrateIslands } from '../islands';
import { createProgressBar } from '../progress-bar';
import { canPrefetch, inAppPath, isSamePageHash } from './links';
import { createPageLoader } from './page-loader';

interface AppState {
  page: RouteProps;
  sidebar?: ShownSidebarItem[];
  renderCollapsed: boolean;
  /** How the page was reached: decides where to scroll once it is shown. */
  via: 'load' | 'push' | 'pop';
  scrollY?: number;
  hash: string;
}

interface ClientAppProps {
  chrome: SiteChrome;
  initial: { page: RouteProps; sidebar?: ShownSidebarItem[]; renderCollapsed: boolean };
  notFoundPath: string;
  siteTitle: string;
}

const versionKey = 'docs-preferred-version-default';

/** The single-page app: the server-rendered page hydrated, then in-app navigation with page data. */
export function ClientApp({ chrome, initial, notFoundPath, siteTitle }: ClientAppProps) {
  const [state, setState] = useState<AppState>({ ...initial, via: 'load', hash: location.hash });
  const loader = useRef(createPageLoader(chrome.baseUrl, notFoundPath)).current;
  const progress = useRef(createProgressBar()).current;
  const announcer = useRef<HTMLParagraphElement>(null);
  const current = useRef(state.page.path);

  const navigate = useCallback(
    async (target: string, via: 'push' | 'pop', scrollY?: number) => {
      const url = new URL(target, location.href);
      if (via === 'push') history.replaceState({ ...(history.state as object), scrollY: window.scrollY }, '');
      progress.start();
      try {
        const loaded = await loader.load(url.pathname.replace(/\/$/, '') || '/');
        if (via === 'push') history.pushState({ scrollY: 0 }, '', url.pathname + url.search + url.hash);
        const renderCollapsed = loaded.sidebar ? rendersWhole(loaded.sidebar) : true;
        current.current = loaded.props.path;
        setState({ page: loaded.props, sidebar: loaded.sidebar, renderCollapsed, via, scrollY, hash: url.hash });
      } catch (error) {
        // Spec: a failed load on route change logs a warning and loads the page the ordinary way.
        console.warn(`Caricamento di ${url.pathname} non riuscito, ricarico la pagina:`, error);
        location.assign(url.href);
      } finally {
        progress.done();
      }
    },
    [loader, progress],
  );

  // Links anywhere in the page, including the content HTML, navigate in-app.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as HTMLElement).closest?.('a');
      if (!anchor || !(anchor instanceof HTMLAnchorElement)) return;
      const target = inAppPath(anchor, chrome.baseUrl, event);
      if (!target || isSamePageHash(target)) return;
      event.preventDefault();
      void navigate(target, 'push');
    };
    const onPop = () =>
      void navigate(location.href, 'pop', (history.state as { scrollY?: number } | null)?.scrollY ?? 0);
    document.addEventListener('click', onClick);
    window.addEventListener('popstate', onPop);
    return () => {
      document.removeEventListener('click', onClick);
      window.removeEventListener('popstate', onPop);
    };
  }, [chrome.baseUrl, navigate]);

  // Prefetch on hover/focus, and for links that scroll into view (when the browser is idle).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page brings new links to observe.
  useEffect(() => {
    if (!canPrefetch()) return;
    const pathOf = (el: Element | null) => {
      const anchor = el?.closest?.('a');
      if (!(anchor instanceof HTMLAnchorElement)) return undefined;
      const target = inAppPath(anchor, chrome.baseUrl);
      return target && !isSamePageHash(target)
        ? new URL(target, location.href).pathname.replace(/\/$/, '') || '/'
        : undefined;
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
    for (const a of document.querySelectorAll('#contenuto a[href^="/"], .pagination-nav a')) observer.observe(a);
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
    const content = document.getElementById('contenuto') ?? document;
    decorateContent(content);
    hydrateIslands(content);
    showDiagrams(content);
    if (state.via === 'load') return;
    const target = state.hash ? document.getElementById(decodeURIComponent(state.hash.slice(1))) : null;
    if (state.via === 'pop') window.scrollTo(0, state.scrollY ?? 0);
    else if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    announcer.current?.focus({ preventScroll: true });
  }, [state, siteTitle]);

  // Once, after hydration: the base-URL banner goes, the preferred docs version is checked, whole sidebars load.
  useEffect(() => {
    document.getElementById('__docs-it-base-url-issue-banner')?.remove();
    document.documentElement.classList.add('hydrated');
    const store = storage();
    const stored = store.getItem(versionKey);
    if (stored !== null && stored !== 'current') store.removeItem(versionKey);
    window.addEventListener('storage', (event) => {
      if (event.key === 'theme' && (event.newValue === 'light' || event.newValue === 'dark'))
        document.documentElement.setAttribute('data-theme', event.newValue);
    });
  }, []);
  useEffect(() => {
    if (state.page.kind === 'doc') storage().setItem(versionKey, 'current');
    const id = state.page.kind === 'doc' ? state.page.sidebarId : undefined;
    // Large sidebars arrive with gaps and closed categories empty; the whole tree is loaded to fill them in.
    if (id && !state.renderCollapsed) {
      const path = state.page.path;
      loader.loadSidebar(id).then(
        (sidebar) => current.current === path && setState((s) => ({ ...s, sidebar, via: 'load' })),
        () => undefined,
      );
    }
  }, [state.page, state.renderCollapsed, loader]);

  return (
    <>
      <p ref={announcer} tabIndex={-1} className="visually-hidden route-announcer">
        {state.page.title}
      </p>
      <App chrome={chrome} page={state.page} sidebar={state.sidebar} renderCollapsed={state.renderCollapsed} />
    </>
  );
}
