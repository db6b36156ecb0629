import { renderToString } from 'react-dom/server';
import { App } from '../../templates/App';
import { FragmentCacheContext } from '../../templates/fragments';
import type { SiteConfig } from '../config/site-schema';
import { withoutImagePreloads } from '../shared/react-markup';
import type { SidebarItem } from '../shared/sidebar';
import type { SiteChrome } from '../shared/site-chrome';
import { type DocumentAround, type DocumentAssets, documentAround } from './document';
import type { BuildFragmentCache } from './fragment-cache';
import { hydrationData } from './hydration-data';
import type { RoutePage } from './route-props';
import { pageSidebar } from './sidebar-window';
import { utf8Of } from './utf8-pieces';

/** What rendering a page reads: the route's props, its sidebar, and the site around it. */
export interface RenderInput {
  site: SiteConfig;
  chrome: SiteChrome;
  assets: DocumentAssets;
  hasBlog: boolean;
  page: RoutePage;
  sidebar: SidebarItem[] | undefined;
  /** A digest of the site's overrides of theme components: their code is part of what a page renders. */
  theme: string;
}

/**
 * The HTML document of one route: the React templates rendered to a string, wrapped in the document with its
 * head and hydration data. `fragments` renders subtrees repeated on many pages (closed sidebar categories)
 * once per run; it changes how fast, never what is rendered.
 */
export function renderPage(input: RenderInput, fragments?: BuildFragmentCache): string {
  const { app, around } = renderedPage(input, fragments);
  return documentOf(app, around, fragments);
}

/** The document from the app's markup as React gave it (placeholders and all) and what goes around it. */
function documentOf(app: string, around: DocumentAround, fragments: BuildFragmentCache | undefined): string {
  return around.before + withoutImagePreloads(fragments ? fragments.fill(app) : app) + around.after;
}

/**
 * `renderPage`'s document as UTF-8, in a buffer of its own (transferable to another thread): written from its
 * pieces, each fragment's bytes encoded once a run, so that the page's markup is neither joined into one string nor
 * encoded whole.
 */
export function renderPageBytes(input: RenderInput, fragments: BuildFragmentCache): Uint8Array {
  const { app, around } = renderedPage(input, fragments);
  const body = withoutImagePreloads(app);
  // Image preloads are taken off the filled markup's start: a fragment there could begin with more of them.
  if (body.startsWith('<template ')) return utf8Of([documentOf(app, around, fragments)]);
  return utf8Of([around.before, ...fragments.pieces(body), around.after]);
}

/** The page's app as React renders it (its fragments' placeholders left in), and the document around it. */
function renderedPage(
  input: RenderInput,
  fragments: BuildFragmentCache | undefined,
): { app: string; around: DocumentAround } {
  const { renderCollapsed, sidebar } = pageSidebar(input.sidebar, input.page.props.path);
  const page = input.page;
  const app = <App chrome={input.chrome} page={page.props} sidebar={sidebar} renderCollapsed={renderCollapsed} />;
  const rendered = renderToString(
    fragments ? <FragmentCacheContext.Provider value={fragments}>{app}</FragmentCacheContext.Provider> : app,
  );
  const around = documentAround({
    site: input.site,
    props: page.props,
    data: hydrationData(page.props, sidebar, renderCollapsed),
    assets: input.assets,
    noIndex: page.noIndex,
    image: page.image,
    ...(page.keywords ? { keywords: page.keywords } : {}),
    hasBlog: input.hasBlog,
  });
  return { app: rendered, around };
}
