import { renderToString } from 'react-dom/server';
import { App } from '../../templates/App';
import { FragmentCacheContext } from '../../templates/fragments';
import type { SiteChrome } from '../../templates/types';
import type { SiteConfig } from '../config/schema';
import type { SidebarItem } from '../content/model';
import { htmlFileOf, pageDataFileOf } from '../content/paths';
import type { WrittenFile } from '../output/output-writer';
import { type DocumentAssets, renderDocument } from './document';
import { type BuildFragmentCache, createFragmentCache } from './fragment-cache';
import { hydrationData } from './hydration-data';
import type { RenderReuse } from './render-reuse';
import type { RoutePage } from './route-props';

/** Where rendered files go: the build's temporary folder, or memory in tests and `dev`. */
export interface OutputSink {
  write(path: string, contents: string | Uint8Array): Promise<void>;
  /** Takes a file of the previous build as it is (only the build's output writer can). */
  link?(path: string, from: string, written: WrittenFile): Promise<void>;
  fileInfo?(path: string): WrittenFile | undefined;
}

export interface RenderInput {
  site: SiteConfig;
  chrome: SiteChrome;
  pages: RoutePage[];
  sidebars: Record<string, SidebarItem[]>;
  assets: DocumentAssets;
  notFoundPath: string;
  hasBlog: boolean;
}

/** Where a sidebar's JSON is written, relative to the output folder. */
export function sidebarFileOf(baseUrl: string, id: string): string {
  return `${baseUrl.slice(1)}__docs-it/sidebars/${id}.json`;
}

/** Sidebars this small are rendered whole on every page, so they work without JavaScript. */
const smallSidebarLinks = 200;

function countLinks(items: SidebarItem[]): number {
  return items.reduce((n, item) => n + 1 + (item.type === 'category' ? countLinks(item.items) : 0), 0);
}

// Counted once per sidebar, not once per page: on a large site that is a walk of thousands of items per page.
const linkCounts = new WeakMap<SidebarItem[], number>();
function linksOf(items: SidebarItem[]): number {
  let count = linkCounts.get(items);
  if (count === undefined) linkCounts.set(items, (count = countLinks(items)));
  return count;
}

/** Renders one route to its HTML document and its page-data JSON. */
export function renderPage(
  input: Omit<RenderInput, 'pages'>,
  page: RoutePage,
  json = JSON.stringify(page.props),
  fragments?: BuildFragmentCache,
): { html: string; json: string } {
  const sidebar = page.sidebarId ? input.sidebars[page.sidebarId] : undefined;
  const renderCollapsed = sidebar ? linksOf(sidebar) <= smallSidebarLinks : true;
  const app = <App chrome={input.chrome} page={page.props} sidebar={sidebar} renderCollapsed={renderCollapsed} />;
  const body = fragments
    ? fragments.fill(
        renderToString(<FragmentCacheContext.Provider value={fragments}>{app}</FragmentCacheContext.Provider>),
      )
    : renderToString(app);
  const data = hydrationData(page.props, sidebar, renderCollapsed);
  const html = renderDocument({
    site: input.site,
    props: page.props,
    bodyHtml: body,
    data,
    assets: input.assets,
    noIndex: page.noIndex,
    image: page.image,
    hasBlog: input.hasBlog,
  });
  return { html, json };
}

/** Renders every route to an HTML document and a page-data file (reusing unchanged documents); returns the bytes written and the documents reused. */
export async function renderRoutes(
  input: RenderInput,
  sink: OutputSink,
  reuse?: RenderReuse,
): Promise<{ bytes: number; reused: number }> {
  let bytes = 0;
  let reused = 0;
  const fragments = createFragmentCache();
  const pending: Promise<void>[] = [];
  for (const page of input.pages) {
    // Keep memory flat on large sites: let queued writes drain every few pages.
    if (pending.length >= 64) await Promise.all(pending.splice(0));
    const isNotFound = page.props.path === input.notFoundPath;
    const htmlPath = isNotFound ? `${input.notFoundPath.slice(1)}.html` : htmlFileOf(page.props.path);
    const dataPath = isNotFound ? `${input.notFoundPath.slice(1)}.page-data.json` : pageDataFileOf(page.props.path);
    const json = JSON.stringify(page.props);
    const key =
      reuse && sink.link && sink.fileInfo
        ? reuse.keyOf(page, json, page.sidebarId ? input.sidebars[page.sidebarId] : undefined)
        : undefined;
    // The page data is the props JSON the key covers: reused together with the document.
    const previousHtml = key ? reuse!.reusable(htmlPath, key) : undefined;
    const previousData = previousHtml ? reuse!.reusable(dataPath, key!) : undefined;
    const remember = (file: string) => () => {
      if (key) reuse!.remember(file, key, sink.fileInfo!(file)!);
    };
    if (previousHtml && previousData) {
      pending.push(sink.link!(htmlPath, previousHtml.file, previousHtml.written).then(remember(htmlPath)));
      pending.push(sink.link!(dataPath, previousData.file, previousData.written).then(remember(dataPath)));
      reused++;
      bytes += previousHtml.written.size + previousData.written.size;
      continue;
    }
    const { html } = renderPage(input, page, json, fragments);
    bytes += html.length + json.length;
    pending.push(
      sink.write(htmlPath, html).then(remember(htmlPath)),
      sink.write(dataPath, json).then(remember(dataPath)),
    );
  }
  // Whole sidebars, fetched once by client navigation (page data only names its sidebar).
  for (const [id, items] of Object.entries(input.sidebars))
    pending.push(sink.write(sidebarFileOf(input.site.baseUrl, id), JSON.stringify(items)));
  await Promise.all(pending);
  return { bytes, reused };
}
