import { renderToString } from 'react-dom/server';
import { App } from '../../templates/App';
import { FragmentCacheContext } from '../../templates/fragments';
import type { SiteConfig } from '../config/site-schema';
import { withoutImagePreloads } from '../shared/react-markup';
import type { SidebarItem } from '../shared/sidebar';
import type { SiteChrome } from '../shared/site-chrome';
import { type DocumentAssets, renderDocument } from './document';
import type { BuildFragmentCache } from './fragment-cache';
import { hydrationData } from './hydration-data';
import type { RoutePage } from './route-props';
import { pageSidebar } from './sidebar-window';

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
  const { renderCollapsed, sidebar } = pageSidebar(input.sidebar, input.page.props.path);
  const page = input.page;
  const app = <App chrome={input.chrome} page={page.props} sidebar={sidebar} renderCollapsed={renderCollapsed} />;
  const rendered = fragments
    ? fragments.fill(
        renderToString(<FragmentCacheContext.Provider value={fragments}>{app}</FragmentCacheContext.Provider>),
      )
    : renderToString(app);
  const body = withoutImagePreloads(rendered);
  return renderDocument({
    site: input.site,
    props: page.props,
    bodyHtml: body,
    data: hydrationData(page.props, sidebar, renderCollapsed),
    assets: input.assets,
    noIndex: page.noIndex,
    image: page.image,
    ...(page.keywords ? { keywords: page.keywords } : {}),
    hasBlog: input.hasBlog,
  });
}
