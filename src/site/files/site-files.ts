/*
 * The manifest of a site's files, keyed by output path: the one list that `build` writes, `dev` answers
 * from, the link check accepts links to and the service worker precaches. A new kind of file is one more
 * `SiteFileKind`; nothing else lists files.
 */
import { createHash, type Hash, hash as oneShotHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { currentLocaleOf } from '../../config/locales';
import { DocsItError } from '../../errors';
import type { CopiedFile, OutputFile, OutputGroup } from '../../output/output-file';
import { clientSidebars } from '../../render/client-sidebar';
import { contentSecurityPolicy } from '../../render/csp';
import { type BuildFragmentCache, createFragmentCache } from '../../render/fragment-cache';
import { colorModeScript } from '../../render/inline-scripts';
import { type RenderInput, renderPage } from '../../render/render-page';
import type { RenderShared } from '../../render/render-protocol';
import { sidebarParts } from '../../render/sidebar-parts';
import { type MadePart, type PagePart, PagePartMaker, partFileOf, partOfFile } from '../../search/page-part';
import { type SearchPage, searchPageOf } from '../../search/records';
import { recordsDirOf } from '../../search/records-files';
import {
  memorySink,
  type SearchInput,
  type SearchKeep,
  updateSearchFiles,
  writeSearchParts,
} from '../../search/search-files';
import { searchWordsOf } from '../../search/search-words';
import { loadStemmer } from '../../search/stemmer';
import { StemsAhead } from '../../search/stems-ahead';
import type { SidebarItem } from '../../shared/sidebar';
import {
  feedFileOf,
  htmlFileOf,
  notFoundRouteOf,
  pageDataFileOf,
  searchDirOf,
  sidebarFileOf,
  sidebarPartFileOf,
  urlOfFile,
} from '../../shared/urls';
import type { ClientBundle } from '../bundle/bundle-client';
import { overrideErrorOf, serverOverrides } from '../code/theme-overrides';
import { searchRecordOptionsOf } from '../search-options';
import type { Site } from '../site';
import type { Stages } from '../stages';
import { type FeedInput, renderAtom, renderRss } from './feeds';
import { renderHeadersFile } from './headers';
import { hostFileNames, mergeHeaders, mergeRedirects, type SiteHostFile, siteCacheControl } from './host-files';
import { renderRedirects } from './redirects';
import type { RenderPool } from './render-pool';
import { renderRobots, sitemapFilesOf } from './sitemap';
import { renderWebManifest } from './web-manifest';

/** A file of the site, produced on demand. */
export interface SiteFile extends OutputFile {
  /**
   * Whether a page may link to it (default: yes). Pages are linked by their routes; the files only the site's
   * own code fetches (page data, sidebars, the bundle) and the host's files are not links.
   */
  linkable?: boolean;
  /** Whether the service worker precaches it for offline reading (default: by its type, `precachedType`). */
  precache?: boolean;
}

/** Files made together (the search files): the previous build's are kept only all at once. */
export interface SiteFileGroup extends OutputGroup {
  /** Folder of the group's files, relative to the output folder. */
  dir: string;
  /** Which of its files the service worker precaches. */
  precache: (file: string) => boolean;
}

/**
 * A kind of file a site has besides its pages, search files, bundle and copies (the sitemap, the feeds, a
 * host's files…): the files of that kind for a state of the site. Tools add their own (`RunOptions.fileKinds`).
 */
export type SiteFileKind = (site: Site) => SiteFile[];

/** Every file of one state of a site: what `build` writes and `dev` serves. */
export interface SiteFiles {
  /** HTML documents and page data of every route, and the sidebars client navigation loads. */
  pages: SiteFile[];
  search: SiteFileGroup;
  /** What the search files are made from: the site's search settings, and its searchable pages one at a time. */
  searchSource: { head(): Omit<SearchInput, 'pages'>; pages(): AsyncIterable<SearchPage> };
  /** The files of every `SiteFileKind`: sitemap, robots.txt, feeds, web app manifest, host files, and added kinds. */
  extras: SiteFile[];
  /** The client bundle's scripts and stylesheet (none before the bundle is made). */
  assets: SiteFile[];
  /** Files of `content/static`, and the files pages use from next to them, copied as they are. */
  copies: CopiedFile[];
  /** The file at an output path (see `candidatesOf` for a URL's), produced on demand. */
  fileAt(file: string): Promise<SiteFile | CopiedFile | undefined>;
  /** The URLs a page may link to besides its routes: static files, feeds, the sitemap… */
  linkable(): Set<string>;
  /** Whether the service worker precaches the file at an output path (only files of the site, under its base URL). */
  precached(file: string): boolean;
  /**
   * Search parts made so far: while their route was rendered by a render worker or ahead of the render stage
   * (`ahead`), and by the search stage, which
   * read their page back (`inStage`; the first routes of those, each with why its part was not made ahead when that
   * failed, in `inStageRoutes`).
   */
  searchPartsMade(): SearchPartsMade;
}

/** See `SiteFiles.searchPartsMade`. */
export interface SearchPartsMade {
  ahead: number;
  inStage: number;
  inStageRoutes: string[];
}

/** How many routes `SearchPartsMade.inStageRoutes` names at most (a build without render workers makes them all). */
const inStageRoutesNamed = 10;
/** How many reasons of parts not made ahead a build keeps for those routes (see `partAhead`). */
const aheadFailuresKept = 1000;

/** What a reader needs to read the site offline: documents, data, code, styles, images, fonts. */
const precachedTypes = /\.(html|json|js|css|svg|png|ico|webmanifest|woff2)$/;

/** Whether a file's type is precached when the file does not say (see `SiteFile.precache`). */
export function precachedType(file: string): boolean {
  return precachedTypes.test(file);
}

const text = (file: string, contents: () => string | Promise<string>): SiteFile => ({
  path: file,
  contents: async () => contents(),
});

/** `sitemap.xml`, every indexable route (split under a sitemap index past the protocol's limit). */
const sitemapFiles: SiteFileKind = (site) => {
  const { url, baseUrl } = site.config.site;
  let indexed: Promise<string[]> | undefined;
  const indexedPaths = () => {
    indexed ??= site.indexedPaths();
    return indexed;
  };
  return sitemapFilesOf(baseUrl, site.model.routes.length).map((file) =>
    text(file.path, async () => file.render(url, await indexedPaths())),
  );
};

const robotsFiles: SiteFileKind = ({ config }) => [
  text('robots.txt', () => renderRobots(config.site.url, config.site.baseUrl)),
];

const webManifestFiles: SiteFileKind = ({ config }) => [
  text(`${config.site.baseUrl.slice(1)}manifest.webmanifest`, () => renderWebManifest(config.site)),
];

/**
 * The files static hosts read (`_headers`, `_redirects`): for the host, not for readers. The site's own (in its
 * static folder) join docs-it's instead of being copied (see `host-files.ts`).
 */
const hostFiles: SiteFileKind = ({ config, content }) => {
  const notFound = notFoundRouteOf(config.site.baseUrl);
  const siteHostFile = async (name: string): Promise<SiteHostFile | undefined> =>
    content.discovered.staticFiles.includes(name)
      ? {
          file: path.relative(config.paths.root, path.join(config.paths.static, name)).split(path.sep).join('/'),
          text: await readFile(path.join(config.paths.static, name), 'utf8'),
        }
      : undefined;
  return [
    text('_headers', async () => {
      const site = content.siteHeaders;
      const assetCaching = siteCacheControl(site) === undefined;
      return mergeHeaders(
        renderHeadersFile(contentSecurityPolicy(config.site), config.site.baseUrl, assetCaching),
        site,
      );
    }),
    text('_redirects', async () =>
      mergeRedirects(
        renderRedirects(config.site.baseUrl, htmlFileOf(notFound, notFound)),
        await siteHostFile('_redirects'),
      ),
    ),
  ].map((file) => ({ ...file, linkable: false }));
};

/** The most posts a feed lists, the newest first (Docusaurus's default), so a feed does not grow with the blog. */
export const feedPostLimit = 20;

/** The blog's RSS and Atom feeds (the newest `feedPostLimit` posts), for a site with posts. */
const feedFiles: SiteFileKind = (site) => {
  const { config, model } = site;
  const siteConfig = config.site;
  if (model.posts.length === 0) return [];
  const feed = async (feedFile: string): Promise<FeedInput> => {
    const locale = currentLocaleOf(siteConfig);
    const listed = model.posts.filter((p) => !p.frontMatter.unlisted).slice(0, feedPostLimit);
    return {
      title: `${siteConfig.title} – ${siteConfig.blog.title}`,
      description: siteConfig.blog.description,
      siteUrl: `${siteConfig.url}${model.basePaths.blog}`,
      feedUrl: `${siteConfig.url}/${feedFile}`,
      language: locale.htmlLang,
      copyright: siteConfig.footer.copyright,
      items: await Promise.all(
        listed.map(async (post) => ({
          title: post.title,
          url: `${siteConfig.url}${post.route}`,
          date: post.date,
          description: post.frontMatter.description ?? '',
          // Feed readers need absolute links.
          html: (await site.page(post.source.file)).html.replace(/(href|src)="\//g, `$1="${siteConfig.url}/`),
          authors: post.authors.map((a) => a.name),
        })),
      ),
    };
  };
  const rss = feedFileOf(siteConfig.baseUrl, 'rss');
  const atom = feedFileOf(siteConfig.baseUrl, 'atom');
  return [text(rss, async () => renderRss(await feed(rss))), text(atom, async () => renderAtom(await feed(atom)))];
};

/** The kinds of file every site has. */
export const siteFileKinds: readonly SiteFileKind[] = [
  sitemapFiles,
  robotsFiles,
  webManifestFiles,
  hostFiles,
  feedFiles,
];

export interface SiteFilesOptions {
  /** The client bundle; without it (before it is made, for the link check) the bundle's files are left out. */
  bundle?: ClientBundle;
  /** Kinds of file beside the site's own (`siteFileKinds`). */
  kinds?: readonly SiteFileKind[];
  /**
   * Starts the render workers that render the HTML of routes, given what every page shares (asked once, when the
   * first page is rendered); without it the calling thread renders them.
   */
  renderPool?: (shared: RenderShared) => RenderPool;
  /**
   * Routes the calling thread renders before `renderPool` is asked for the workers (default: none): a build that
   * renders only a few (a warm build after an edit renders one or two) is done before a worker would have started.
   */
  renderHereFirst?: number;
  /**
   * A route's HTML document when it was rendered ahead of the render stage (see `render-ahead.ts`), taken once;
   * undefined (or a promise of it) when it was not, or failed there: the page is then rendered as usual.
   */
  renderedAhead?: (route: string) => Promise<Uint8Array | undefined> | undefined;
  /**
   * A route's search part when it was made with the route rendered ahead (`searchPartMaker`), without its key,
   * taken once; undefined (or a promise of it) when it was not: the search stage makes it as usual.
   */
  partMadeAhead?: (route: string) => Promise<MadePart | undefined> | undefined;
  /** Words the index's stemmer stemmed ahead of the search stage (`stemsAheadOf`), with their stems. */
  stemmedAhead?: ReadonlyMap<string, string>;
}

/** The document's assets every page links to: one object for every page of a run (its digest is taken once). */
function documentAssetsOf(bundle: ClientBundle, siteConfig: Site['config']['site']): RenderInput['assets'] {
  return { css: bundle.css, js: bundle.js, colorModeScript: colorModeScript(siteConfig) };
}

const fragmentCaches = new WeakMap<Site, BuildFragmentCache>();

/**
 * The fragment cache of a state of a site, whoever renders its pages on this thread (the render stage, and the pages
 * rendered ahead of it): each repeated subtree is rendered once, not once by each.
 */
export function fragmentsOf(site: Site): BuildFragmentCache {
  let fragments = fragmentCaches.get(site);
  if (!fragments) {
    fragments = createFragmentCache();
    fragmentCaches.set(site, fragments);
  }
  return fragments;
}

/**
 * How a route's HTML document is made on the calling thread: its render input (its props, its sidebar, the
 * document's assets) and the page rendered from it with the site's fragment cache, a located error when the site's
 * override of a theme component throws.
 */
function pageRendering(
  site: Site,
  sidebars: Record<string, SidebarItem[]>,
  assets: () => RenderInput['assets'],
): { renderInputOf(route: string): Promise<RenderInput>; renderHere(route: string, input: RenderInput): string } {
  const fragments = fragmentsOf(site);
  const hasBlog = site.model.posts.length > 0;
  return {
    async renderInputOf(route) {
      const { page } = await site.routePage(route);
      const sidebar = page.sidebarId ? sidebars[page.sidebarId] : undefined;
      const theme = site.content.theme.digest;
      return { site: site.config.site, chrome: site.chrome, assets: assets(), hasBlog, page, sidebar, theme };
    },
    renderHere(route, input) {
      try {
        return renderPage(input, fragments);
      } catch (error) {
        throw overrideErrorOf(error, route) ?? error;
      }
    },
  };
}

/**
 * Renders a route's HTML document on the calling thread, as the render stage without render workers does (with the
 * same fragment cache and client sidebars): for rendering pages ahead of that stage (`render-ahead.ts`).
 */
export function routeHtmlRenderer(site: Site, bundle: ClientBundle): (route: string) => Promise<string> {
  const assets = documentAssetsOf(bundle, site.config.site);
  const { renderInputOf, renderHere } = pageRendering(site, clientSidebars(site.model.sidebars.sidebars), () => assets);
  return async (route) => renderHere(route, await renderInputOf(route));
}

const searchHeads = new WeakMap<Site, Omit<SearchInput, 'pages'>>();

/** What every search part of a state of a site is made with: its records' options and its search words. */
function searchHeadOf(site: Site): Omit<SearchInput, 'pages'> {
  let head = searchHeads.get(site);
  if (!head) {
    const siteConfig = site.config.site;
    head = {
      options: searchRecordOptionsOf(siteConfig, site.chrome.text),
      words: searchWordsOf({
        lang: siteConfig.i18n.currentLocale,
        htmlLang: currentLocaleOf(siteConfig).htmlLang,
        synonyms: siteConfig.search.synonyms,
      }),
    };
    searchHeads.set(site, head);
  }
  return head;
}

/** A route as search sees it (undefined: search leaves it out), from its props and its page's search blocks. */
async function searchPageAt(site: Site, route: Site['model']['routes'][number]): Promise<SearchPage | undefined> {
  const { page } = await site.routePage(route.path);
  const file = route.file;
  const blocks = file && 'contentHtml' in page.props ? (await site.page(file)).search : [];
  return searchPageOf(page, blocks, searchHeadOf(site).options);
}

/**
 * Makes a route's search part on the calling thread, for routes rendered ahead of the render stage
 * (`render-ahead.ts`): their page and props are at hand while the markdown stage waits for the highlighting thread,
 * and the search stage takes the part instead of making it (`SiteFilesOptions.partMadeAhead`). The part has no key
 * (`PagePart.key` is ''): a route's key is its key props', which a build makes only in its props stage (they report
 * the route's problems), and the search stage gives the part its key. The same route's page and props give the same
 * part whenever it is made: the search stage would make it from the same `routePage` and compiled page.
 */
export function searchPartMaker(site: Site, stems?: StemsAhead): (route: string) => Promise<MadePart | undefined> {
  const routes = new Map(site.model.routes.map((route) => [route.path, route]));
  let maker: PagePartMaker | undefined;
  return async (path) => {
    const route = routes.get(path);
    const page = route && (await searchPageAt(site, route));
    if (!page) return undefined;
    const head = searchHeadOf(site);
    maker ??= new PagePartMaker(head.words.stopWords);
    const part = maker.partOf(page, head.options);
    stems?.offer(part);
    return part;
  };
}

// The build asks for it through this module: the build folder does not import the search folder.
export type { StemsAhead };

/**
 * What stems the words of the parts `searchPartMaker` makes, ahead of the search stage, with the stemmer the index
 * uses (`SiteFilesOptions.stemmedAhead` gives the index what it stemmed); undefined when the index stems no word.
 */
export function stemsAheadOf(site: Site): StemsAhead | undefined {
  const { stemmer } = searchHeadOf(site).words;
  return stemmer ? new StemsAhead(() => loadStemmer(stemmer)) : undefined;
}

/** The files of one state of a site; nothing is produced until asked for. */
export function siteFiles(site: Site, stages: Stages, options: SiteFilesOptions = {}): SiteFiles {
  const { config, model, chrome } = site;
  const { site: siteConfig } = config;
  const { bundle, renderPool } = options;
  const base = siteConfig.baseUrl.slice(1);
  const notFound = notFoundRouteOf(siteConfig.baseUrl);
  const sidebars = clientSidebars(model.sidebars.sidebars);
  // One object for every page: its digest is taken once per run, not once per page.
  const assets = bundle && documentAssetsOf(bundle, siteConfig);
  const hasBlog = model.posts.length > 0;
  const assetsOrFail = () => {
    if (!assets) throw new Error('pages are rendered with the client bundle: make it first');
    return assets;
  };
  const { renderInputOf, renderHere } = pageRendering(site, sidebars, assetsOrFail);
  /** A route's render key: its render input with the page as its key props' digest (`Site.routeKey`). */
  const renderKeyOf = async (route: string): Promise<string> => {
    const { digest, sidebar } = await site.routeKey(route);
    const theme = site.content.theme.digest;
    return stages.renderKey({
      site: siteConfig,
      chrome,
      assets: assetsOrFail(),
      hasBlog,
      page: digest,
      sidebar,
      theme,
    });
  };

  let pool: RenderPool | undefined;
  let renderedHere = 0;
  const poolOf = (): RenderPool | undefined => {
    if (!renderPool) return undefined;
    if (!pool && renderedHere < (options.renderHereFirst ?? 0)) {
      renderedHere++;
      return undefined;
    }
    const overrides = serverOverrides();
    pool ??= renderPool({
      site: siteConfig,
      chrome,
      assets: assetsOrFail(),
      hasBlog,
      sidebars,
      ...(overrides ? { overrides } : {}),
    });
    return pool;
  };
  const pages: SiteFile[] = model.routes.flatMap((route): SiteFile[] => {
    // The route's HTML and page data share one key.
    let routeKey: Promise<string> | undefined;
    const key = () => (routeKey ??= renderKeyOf(route.path));
    const source = route.file ? { source: route.file } : {};
    return [
      {
        path: htmlFileOf(route.path, notFound),
        ...source,
        key,
        contents: async () => {
          const ahead = await options.renderedAhead?.(route.path);
          if (ahead) return ahead;
          const input = await renderInputOf(route.path);
          const workers = poolOf();
          if (!workers) return renderHere(route.path, input);
          const rendering = workers.render(input.page, () => renderHere(route.path, input));
          // Handled below, once the part is made: not an unhandled rejection meanwhile.
          rendering.catch(() => undefined);
          await partAhead(route);
          try {
            return await rendering;
          } catch (error) {
            throw overrideErrorOf(error, route.path) ?? error;
          }
        },
        linkable: false,
      },
      {
        path: pageDataFileOf(route.path, notFound),
        ...source,
        key,
        contents: async () => JSON.stringify((await site.routePage(route.path)).page.props),
        linkable: false,
      },
    ];
  });
  for (const [id, items] of Object.entries(sidebars)) {
    sidebarParts(items).forEach((part, i) => {
      pages.push({
        path: i === 0 ? sidebarFileOf(siteConfig.baseUrl, id) : sidebarPartFileOf(siteConfig.baseUrl, id, i),
        contents: async () => JSON.stringify(part),
        linkable: false,
      });
    });
  }

  const searchHeadOfSite = () => searchHeadOf(site);
  /** The searchable pages, one at a time, each with its route's place in the model. */
  async function* searchPages(): AsyncGenerator<[SearchPage, number]> {
    for (let i = 0; i < model.routes.length; i++) {
      const searchPage = await searchPageAt(site, model.routes[i]!);
      if (searchPage) yield [searchPage, i];
    }
  }
  let partMaker: PagePartMaker | undefined;
  const partsMade = { ahead: 0, inStage: 0 };
  const inStageRoutes: string[] = [];
  const aheadFailures = new Map<string, string>();
  /**
   * Makes a route's search part, unless the cache folder has it, while a render worker renders the route: this
   * thread would only wait for it, the route's page is at hand (read for its render input), and the search stage then
   * takes the part from the cache folder instead of reading the page back to make it. A part that fails is left to the
   * search stage, which makes it again and reports what is wrong.
   */
  const partAhead = async (route: (typeof model.routes)[number]): Promise<void> => {
    try {
      const key = await partKeyAt(route);
      if (key === undefined || stages.searchParts.has(key)) return;
      const page = await searchPageAt(site, route);
      if (!page) return;
      const head = searchHeadOfSite();
      partMaker ??= new PagePartMaker(head.words.stopWords);
      const part = partMaker.partOf(page, head.options, key);
      partsMade.ahead++;
      await stages.searchParts.set(key, partFileOf(part));
    } catch (error) {
      // Made again (and reported) by the search stage; why it failed here is kept for `inStageRoutes` (a bounded
      // number of reasons: a cause that fails every page would otherwise hold one for each).
      if (aheadFailures.size < aheadFailuresKept)
        aheadFailures.set(route.path, (error as Error)?.message ?? String(error));
    }
  };
  let partsKey: string | undefined;
  /**
   * The key of a route's search part, or undefined when search leaves the route out: the search settings', the
   * route's props as its render key sees them (`Site.routeKeyPage`: a build's pages stand in by key) and its page's
   * compile key (its search blocks). The same key means the same `SearchPage`, found without reading the page back.
   */
  const partKeyAt = async (route: (typeof model.routes)[number]): Promise<string | undefined> => {
    // Whether search takes a route depends on its props' kind, title and flags, never on its HTML or blocks.
    const { digest, searchable, blocks } = await site.routeKey(route.path);
    if (!searchable) return undefined;
    const job = blocks && route.file ? site.jobs.get(route.file) : undefined;
    partsKey ??= stages.searchPartsKey(searchHeadOfSite());
    const pageKey = job ? stages.compileKey(job) : '';
    return oneShotHash('sha256', `${partsKey}\0${digest}\0${pageKey}`, 'base64url').slice(0, 32);
  };
  /** Every searchable route's part key, in route order. */
  const keyPass = async () => {
    const found: [key: string, route: number][] = [];
    for (let i = 0; i < model.routes.length; i++) {
      const key = await partKeyAt(model.routes[i]!);
      if (key !== undefined) found.push([key, i]);
    }
    return found;
  };
  /** The search files' key: the settings, and a digest of every searchable page's part key in order. */
  const searchKeyOf = (digest: Hash) => stages.searchKey({ ...searchHeadOfSite(), pages: digest.digest('base64url') });
  /**
   * What the key pass found (each page's part key and route), so that making the files after it reads back only
   * the pages whose part the cache folder lacks.
   */
  let keyed: [key: string, route: number][] | undefined;
  const searchDir = searchDirOf(siteConfig.baseUrl);
  const search: SiteFileGroup = {
    name: 'search',
    dir: searchDir,
    async key() {
      const digest = createHash('sha256');
      const found = await keyPass();
      for (const [key] of found) {
        digest.update(key);
        // Unchanged search files keep the parts too (the files are kept without them being read).
        stages.searchParts.use(key);
      }
      keyed = found;
      return searchKeyOf(digest);
    },
    async make(out) {
      const digest = createHash('sha256');
      const head = searchHeadOfSite();
      const maker = new PagePartMaker(head.words.stopWords);
      // No key pass before (a first build into the output folder, `dev`): the keys are found now.
      const found = keyed ?? (await keyPass());
      keyed = undefined;
      for (const [key] of found) digest.update(key);
      const keptPart = (key: string) =>
        stages.searchParts.has(key) ? partOfFile(stages.searchParts.get(key), key) : undefined;
      const partAt = async (i: number): Promise<PagePart> => {
        const [key, route] = found[i]!;
        const kept = keptPart(key);
        if (kept) return kept;
        const ahead = await options.partMadeAhead?.(model.routes[route]!.path);
        if (ahead) {
          const part = { ...ahead, key };
          partsMade.ahead++;
          await stages.searchParts.set(key, partFileOf(part));
          return part;
        }
        const page = await searchPageAt(site, model.routes[route]!);
        if (!page) throw new Error(`search: ${model.routes[route]!.path} is no longer searchable`);
        const part = maker.partOf(page, head.options, key);
        partsMade.inStage++;
        if (inStageRoutes.length < inStageRoutesNamed) {
          const { path: routePath } = model.routes[route]!;
          const failure = aheadFailures.get(routePath);
          inStageRoutes.push(failure === undefined ? routePath : `${routePath} (made ahead: ${failure})`);
        }
        await stages.searchParts.set(key, partFileOf(part));
        return part;
      };
      partsKey ??= stages.searchPartsKey(head);
      const keep: SearchKeep = {
        settings: partsKey,
        saveState: (bytes) => stages.searchState.set(bytes),
      };
      // After edits: the previous build's index with the edited pages' parts replaced, if it can take them.
      const state = stages.searchState.get();
      const keys = found.map(([key]) => key);
      const previousPart = (key: string) => partOfFile(stages.searchParts.previous(key), key);
      const updated = state && (await updateSearchFiles(state, keys, partAt, previousPart, keptPart, head, out, keep));
      if (!updated) {
        async function* parts(): AsyncGenerator<PagePart> {
          for (let i = 0; i < found.length; i++) yield await partAt(i);
        }
        await writeSearchParts(parts(), head, out, undefined, keep, options.stemmedAhead);
      }
      return searchKeyOf(digest);
    },
    // The full search records are for `docs-it index` (Meilisearch), not for readers: the local index is.
    precache: (file) => !file.startsWith(recordsDirOf(siteConfig.baseUrl)) && precachedType(file),
  };
  // `dev` serves the search files from memory, made once per state of the site.
  let searchContents: Promise<Map<string, string | Uint8Array>> | undefined;
  const searchFileAt = async (file: string) => {
    searchContents ??= (async () => {
      const sink = memorySink();
      await search.make(sink);
      return sink.files();
    })();
    return (await searchContents).get(file);
  };

  const extras = [...siteFileKinds, ...(options.kinds ?? [])].flatMap((kind) => kind(site));
  const bundleFiles: SiteFile[] = (bundle?.files ?? []).map((file) => ({
    path: file.path,
    contents: async () => file.contents,
    linkable: false,
    // Files loaded on demand (Mermaid) are cached by the worker when a page first loads them.
    ...(bundle?.onDemand.has(file.path) ? { precache: false } : {}),
  }));
  const copies: CopiedFile[] = [
    // A bundle made with the CLI bundle: copied as it is, its hashes known (see `prebuiltClientBundle`).
    ...(bundle?.copied ?? []).map((file) => ({
      ...file,
      linkable: false as const,
      ...(bundle?.onDemand.has(file.path) ? { precache: false as const } : {}),
    })),
    ...site.content.discovered.staticFiles
      // The host files join docs-it's own (see `hostFiles`).
      .filter((file) => !(hostFileNames as readonly string[]).includes(file))
      .map((file) => ({ path: `${base}${file}`, from: path.join(config.paths.static, file) })),
    // Known once the pages are compiled: `build` asks for the copies after compiling every page.
    ...site.assets.copies(),
  ];

  const byPath = new Map<string, SiteFile | CopiedFile>();
  for (const file of [...pages, ...extras, ...bundleFiles, ...copies]) {
    if (byPath.has(file.path)) throw sameFileError(file, config.paths.root);
    byPath.set(file.path, file);
  }
  const inSearch = (file: string) => file.startsWith(searchDir);
  return {
    pages,
    search,
    searchSource: {
      head: searchHeadOfSite,
      async *pages() {
        for await (const [page] of searchPages()) yield page;
      },
    },
    extras,
    assets: bundleFiles,
    copies,
    async fileAt(file) {
      const listed = byPath.get(file);
      if (listed) return listed;
      // A page's file published since the list was made (`dev` lists before compiling).
      const from = site.assets.fileOf(file);
      if (from) return { path: file, from };
      if (!inSearch(file)) return undefined;
      const contents = await searchFileAt(file);
      return contents === undefined ? undefined : { path: file, contents: async () => contents, linkable: false };
    },
    linkable() {
      const linkable = [...byPath.values()].filter((file) => file.linkable !== false);
      return new Set([...linkable, ...site.assets.copies()].map((file) => urlOfFile(file.path)));
    },
    searchPartsMade: () => ({ ...partsMade, inStageRoutes: [...inStageRoutes] }),
    precached(file) {
      // The worker's scope is the base URL: it answers nothing above it.
      if (!file.startsWith(base)) return false;
      if (inSearch(file)) return search.precache(file);
      const listed = byPath.get(file) ?? (site.assets.fileOf(file) ? { path: file, from: '' } : undefined);
      if (!listed) return false;
      return ('precache' in listed ? listed.precache : undefined) ?? precachedType(file);
    },
  };
}

/** Two files of the site at one output path: the one written last would silently replace the other. */
function sameFileError(file: SiteFile | CopiedFile, root: string): Error {
  if ('from' in file) {
    const shown = path.relative(root, file.from).split(path.sep).join('/');
    return new DocsItError(
      `published at /${file.path}, where the site writes a file of its own`,
      { file: shown },
      'Rename or move the file.',
    );
  }
  return new Error(`two files of the site are written to ${file.path}`);
}
