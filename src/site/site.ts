import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { digestOf } from '../cache/digest';
import type { ModuleFiles } from '../cache/module-files';
import type { ContentFiles } from '../cache/stage-cache';
import { brokenLinkPoliciesOf } from '../config/broken-link-policies';
import type { ResolvedConfig } from '../config/resolved-config';
import {
  buildContentModel,
  type ContentModel,
  type ContentModelInput,
  type TranslationInput,
} from '../content/build-content-model';
import { type DiscoveredContent, discoverContent } from '../content/discover';
import { unknownKeyWarnings } from '../content/front-matter-warnings';
import { letGoOfText } from '../content/held-texts';
import { loadReleases } from '../content/load-releases';
import { modelDigestOf } from '../content/model-digest';
import type { ReleasesData } from '../content/releases';
import {
  type Diagnostic,
  DocsItError,
  DocsItErrors,
  docsItErrorsOf,
  ErrorCollector,
  errorDiagnostic,
  warningDiagnostic,
} from '../errors';
import type { CompileInput } from '../markdown/compile-page';
import type { CompiledPage } from '../markdown/compiled-page';
import { buildChrome, siteInterfaceText } from '../render/chrome';
import { clientSidebars } from '../render/client-sidebar';
import { type RoutePage, type RoutePropsContext, routePageOf } from '../render/route-props';
import { type RecordOptions, searchPageOf } from '../search/records';
import { docusaurusSiteConfigOf } from '../shared/docusaurus-site-config';
import type { SiteChrome } from '../shared/site-chrome';
import type { SiteCode } from '../shared/site-code';
import { themeOverridesDir } from '../shared/theme-components';
import { type LastCommit, readLastCommits } from '../translations/last-commit-dates';
import { loadSiteCode } from './code/load-site-code';
import { siteCodeContextOf } from './code/site-code-plugins';
import { loadThemeOverrides, type ThemeOverrides } from './code/theme-overrides';
import { bodyLengthOf, compileJobsOf, jobIdentity, jobsInputsOf } from './compile/compile-jobs';
import { type SiteHostFile, siteCacheControl } from './files/host-files';
import { checkLinks } from './links/check-links';
import { declaredLinks } from './links/declared-links';
import { assetTargetsOf, resolveAssets } from './links/resolve-assets';
import { resolveFileLinks } from './links/resolve-file-links';
import { isPageSummary, standInOf, summaryOf, unlinkedOf } from './page-stand-in';
import type { OnProgress } from './progress';
import {
  decodeKeptRoute,
  encodeKeptRoute,
  type KeptRoute,
  keptRouteKey,
  keptRoutesFormat,
  problemOf,
  type RouteKey,
} from './route-keys';
import { searchRecordOptionsOf } from './search-options';
import { renderedSidebarKey } from './sidebar-key';
import { createSiteAssets, type SiteAssets } from './site-assets';
import { themeNamesOf } from './source-facts';
import type { Stages } from './stages';

// For dev's long-lived server, which takes YAML's library at once (see content/yaml-module.ts).
export { loadYaml } from '../content/yaml-module';

/** The site's files as read from disk: content, data, and the config's own text (for located errors). */
export interface SiteContent {
  discovered: DiscoveredContent;
  releases: ReleasesData | undefined;
  configFile: string;
  configSource: string;
  /** Upstream data (`build --upstream` or `--translation-status`), for the translation notices. */
  translations?: TranslationInput;
  /** The site's components and the modules its pages import, bundled (absent when it has none). */
  code: SiteCode | undefined;
  /** The site's overrides of theme components (`src/theme/<Name>.tsx`), already handed to the templates. */
  theme: ThemeOverrides;
  /** The stylesheets the site's code imports (its components, the modules pages import, its overrides), in order. */
  codeStyles: string[];
  /** The site's own `_headers` in its static folder, joined with docs-it's (see `host-files.ts`). */
  siteHeaders?: SiteHostFile;
  /**
   * The last commit of each content file in git, its day and author (`docs.showLastUpdateTime` or
   * `showLastUpdateAuthor` of a site in a git checkout), by path relative to the site's folder.
   */
  lastCommits?: ReadonlyMap<string, LastCommit>;
}

/**
 * Reads every file of the site’s content; `lastCommitsOf` reads git's history (`dev` keeps what it read); with
 * `record` (the cache's content record) an unchanged page is not read (see `discoverContent`).
 */
export async function readContent(
  config: ResolvedConfig,
  modules: ModuleFiles,
  lastCommitsOf: typeof readLastCommits = readLastCommits,
  record?: ContentFiles,
): Promise<SiteContent> {
  const { root } = config.paths;
  const [discovered, releases, configSource, lastCommits] = await Promise.all([
    discoverContent(config, record),
    loadReleases(config, modules),
    readFile(config.paths.configFile, 'utf8'),
    // git runs in its own process while the content is read.
    lastCommitsOfContent(config, lastCommitsOf),
  ]);
  const { code, styles } = await loadSiteCode(config, discovered, modules);
  const theme = await loadThemeOverrides(siteCodeContextOf(config), modules, await themeNamesOfSite(root, discovered));
  const configFile = path.relative(root, config.paths.configFile);
  const headersFile = path.join(config.paths.static, '_headers');
  const siteHeaders = discovered.staticFiles.includes('_headers')
    ? { file: path.relative(root, headersFile).split(path.sep).join('/'), text: await readFile(headersFile, 'utf8') }
    : undefined;
  return {
    discovered,
    releases,
    configFile,
    configSource,
    code,
    theme,
    codeStyles: [...new Set([...styles, ...theme.styles])],
    ...(siteHeaders ? { siteHeaders } : {}),
    ...(lastCommits ? { lastCommits } : {}),
  };
}

/**
 * The `@theme/<Name>` names the site's pages, fragments and code import, which say which files under `src/theme` are
 * components of its own (see `findThemeOverrides`). A site without that folder has no file for them to name: its
 * code (every file under `src`) is not read for them.
 */
export async function themeNamesOfSite(root: string, discovered: DiscoveredContent): Promise<Set<string>> {
  if (!existsSync(path.join(root, themeOverridesDir))) return new Set();
  const { themeNamesImported } = await import('../config/site-code-theme-names');
  const themeNames = themeNamesImported(root, Object.values(discovered.fragments));
  for (const source of discovered.sources) for (const name of themeNamesOf(source)) themeNames.add(name);
  return themeNames;
}

/** Git's last commit of each content file, when the site shows them (else undefined). */
export function lastCommitsOfContent(
  config: ResolvedConfig,
  lastCommitsOf: typeof readLastCommits = readLastCommits,
): ReturnType<typeof readLastCommits> | undefined {
  const { root } = config.paths;
  return config.site.docs.showLastUpdateTime || config.site.docs.showLastUpdateAuthor
    ? lastCommitsOf(root, path.relative(root, config.paths.content) || '.')
    : undefined;
}

/**
 * The content model of a site's content; `parseSource` splits off front matter and `readYaml` reads `authors.yml`
 * (the pipeline's are cached).
 */
export function contentModelOf(
  config: ResolvedConfig,
  content: SiteContent,
  parseSource: ContentModelInput['parseSource'],
  readYaml?: ContentModelInput['readYaml'],
): ContentModel {
  return buildContentModel({
    site: config.site,
    discovered: content.discovered,
    releases: content.releases,
    configFile: content.configFile,
    configSource: content.configSource,
    ...(config.sidebarsFile ? { sidebarsFile: config.sidebarsFile } : {}),
    parseSource,
    ...(readYaml ? { readYaml } : {}),
    ...(content.translations ? { translations: content.translations } : {}),
  });
}

/** The content model and the site-wide chrome, from the config and the content. */
export function modelOf(
  config: ResolvedConfig,
  content: SiteContent,
  stages: Stages,
): { model: ContentModel; chrome: SiteChrome } {
  const model = contentModelOf(config, content, stages.parseSource, stages.readYaml);
  const chrome = buildChrome(config.site, model, { file: content.configFile, source: content.configSource });
  return { model, chrome };
}

/**
 * One state of a site (its config, content and model) and everything derived from it, each computed when
 * first asked for and kept: `build` asks for everything, `dev` for what a reader opens.
 */
export interface Site {
  readonly config: ResolvedConfig;
  readonly content: SiteContent;
  readonly model: ContentModel;
  readonly chrome: SiteChrome;
  /** The compile input of every content file that is (part of) a page. */
  readonly jobs: ReadonlyMap<string, CompileInput>;
  /** The files pages use from next to them (images, downloads), published with a hash of their content. */
  readonly assets: SiteAssets;
  /** A content file's page: compiled (or taken from the cache), its links pointing at routes. */
  page(file: string): Promise<CompiledPage>;
  /**
   * A content file's page as a build's props see it for keys and problems: its summary with its HTML standing in by
   * key (see `page-stand-in.ts`), compiled first when the cache has no summary; `dev`'s is `page`'s.
   */
  standIn(file: string): Promise<CompiledPage>;
  /**
   * Every page, compiled one after another, with what the link check needs of each (its ids and links); every
   * problem of every page thrown together. `onCompiled` is told of each page as it is compiled.
   */
  compileAll(onProgress?: OnProgress, onCompiled?: (file: string) => void): Promise<Map<string, PageLinks>>;
  /**
   * Checks every link of the pages and of the chrome, site-wide, against the routes and the other files a page
   * may link to (URLs: see `SiteFiles.linkable`); throws every broken one.
   */
  checkLinks(pages: ReadonlyMap<string, PageLinks>, files: ReadonlySet<string>): void;
  /** A route's props, with the problems that do not stop it from rendering. */
  routePage(path: string): Promise<{ page: RoutePage; problems: DocsItError[] }>;
  /**
   * A route's props as its render key, its problems and the sitemap need them. A build's have each page's HTML
   * standing in by key (see `page-stand-in.ts`): made from the pages' summaries, no page read back; `dev`'s are
   * `routePage`'s.
   */
  routeKeyPage(path: string): Promise<{ page: RoutePage; problems: DocsItError[] }>;
  /**
   * What a route's render key and search part key take of its key props (`routeKeyPage`), kept for every route:
   * made once per route (with the props check, which makes every route's key props first), so that the render
   * stage and the search stage's key pass make no route's props again.
   */
  routeKey(path: string): Promise<RouteKey>;
  /** Makes every route's props, in route order; throws every problem together. */
  checkRoutes(): Promise<void>;
  /** The paths of the routes search engines may index (the sitemap's), in route order. */
  indexedPaths(): Promise<string[]>;
  /** How many compiled pages and routes' props the site holds (a build's stay a few: see `keepPages`). */
  held(): { pages: number; routes: number };
  /**
   * Every warning and error known so far, with its place: the content's (links left out, unknown front matter
   * keys), then each page's that has been compiled, each route's whose props were made, and the link check's.
   */
  diagnostics(): Diagnostic[];
}

/** What the link check needs of a compiled page. */
export type PageLinks = Pick<CompiledPage, 'ids' | 'links'>;

export type { RouteKey };

export interface SiteOptions {
  /**
   * Whether every compiled page and every route's props are kept once made (default: yes). `dev` keeps them to
   * answer fast after an edit; `build` does not, so that its memory does not grow with the pages' HTML: it keeps
   * the few it is using, reads a compiled page back from the cache's files when asked again (see
   * `Stages.compiled`), and keeps only what the site-wide steps need (ids and links, problems, indexed routes).
   */
  keepPages?: boolean;
  /**
   * What a page that cannot be compiled shows instead (`dev` shows an empty page and the error in an
   * overlay); without it the error is thrown, as `build` wants.
   */
  recover?: (file: string, error: unknown) => CompiledPage;
  /**
   * The published files of an earlier state of the site whose files next to pages are unchanged (`dev`, after a
   * save of pages' texts alone): their URLs are not found (read and hashed) again.
   */
  assets?: SiteAssets;
  /**
   * Whether the render keys, the routes' problems, the sitemap and the link check take each page's summary with its
   * HTML standing in by key (see `page-stand-in.ts`; `build`), instead of the page (`dev`, the default): a warm build
   * then reads back only the pages of the routes it renders again (and search's).
   */
  standIns?: boolean;
  /** Pages asked of the compile workers at a time (default `pagesInFlight`). */
  pagesInFlight?: number;
}

export function createSite(
  config: ResolvedConfig,
  content: SiteContent,
  stages: Stages,
  options: SiteOptions = {},
): Site {
  const { model, chrome } = modelOf(config, content, stages);
  const routeByPath = new Map(model.routes.map((r) => [r.path, r]));
  const jobs = compileJobsOf(
    model,
    content.discovered,
    config.site.baseUrl,
    siteInterfaceText(config.site),
    content.code,
    docusaurusSiteConfigOf(config.site),
    content.theme.content,
    { mdx1UndefinedComponents: config.site.markdown.mdx1Compat.undefinedComponents },
  );
  const keepPages = options.keepPages ?? true;
  const useStandIns = options.standIns ?? false;
  const pages = memoOf<Promise<CompiledPage>>(keepPages);
  const routes = memoOf<Promise<{ page: RoutePage; problems: DocsItError[] }>>(keepPages);
  const standIns = memoOf<Promise<CompiledPage>>(keepPages);
  const keyRoutes = memoOf<Promise<{ page: RoutePage; problems: DocsItError[] }>>(keepPages);
  /** Each route's key (`Site.routeKey`), kept for every route: a few strings each. */
  const routeKeys = new Map<string, RouteKey>();
  let searchOptions: RecordOptions | undefined;
  const routeKeyOf = (page: RoutePage): RouteKey => {
    searchOptions ??= searchRecordOptionsOf(config.site, chrome.text);
    const sidebars = clientSidebars(model.sidebars.sidebars);
    return {
      digest: digestOf(page),
      sidebarId: page.sidebarId,
      path: page.props.path,
      sidebar: renderedSidebarKey(page.sidebarId ? sidebars[page.sidebarId] : undefined, page.props.path),
      searchable: searchPageOf(page, [], searchOptions) !== undefined,
      blocks: 'contentHtml' in page.props,
    };
  };
  /**
   * The stand-in of each page compiled in this run, by the linked page: made as the page is linked (a page's links
   * and problems do not depend on its HTML), so that `standIn` neither parses its summary back nor links it again.
   */
  const standInOfCompiled = new WeakMap<CompiledPage, CompiledPage>();
  /**
   * The HTML of each page's stand-in made in this run (the token of its compile and link keys: see `standInOf`), by
   * file: what a kept route's pages are compared by (see `route-keys.ts`).
   */
  const standInHtml = new Map<string, string>();
  const madeStandIn = (file: string, standIn: CompiledPage) => {
    standInHtml.set(file, standIn.html);
    return standIn;
  };
  /** The model's digest (`modelDigestOf`), made once; null for a model holding what no digest can see. */
  const modelDigestOnce = digestOnce(() => modelDigestOf(model));
  /**
   * The key of what every route's key props are made from besides its pages (`route-keys.ts`), made when first asked
   * for; null when this site's routes are not kept (`dev`, `editUrl` functions, a model the digest cannot see).
   */
  const routeInputsKey = digestOnce(() => {
    if (!useStandIns || config.editUrls) return null;
    const modelDigest = modelDigestOnce();
    if (modelDigest === null) return null;
    return stages.routeInputsKey({
      format: keptRoutesFormat,
      site: config.site,
      text: chrome.text,
      model: modelDigest,
      lastCommits: content.lastCommits ? [...content.lastCommits] : null,
    });
  });
  /**
   * The key of what every job is made of besides its file and body (`Stages.compileJobsKey`), for a build's `.md`
   * pages' keys to be taken from the previous build's by `jobIdentity`; null without stand-ins (`dev`) or when no
   * digest can see the model or the jobs' inputs (every job is then digested).
   */
  const jobsKeyOnce = digestOnce(() => {
    const inputs = jobsInputsOf(jobs);
    const modelDigest = useStandIns && inputs ? modelDigestOnce() : null;
    return modelDigest === null || !inputs ? null : stages.compileJobsKey({ model: modelDigest, inputs });
  });
  /** A job's compile key, taken from the previous build's for an unchanged `.md` page (see `jobIdentity`). */
  const compileKeyOf = (job: CompileInput): string => {
    const key = jobsKeyOnce();
    return stages.compileKey(job, key === null ? undefined : jobIdentity(job, key));
  };
  /**
   * A route's key, problems and indexed path as the previous build kept them, when every page its props were made
   * from has the same stand-in now (its problems, else undefined: the route's props are made).
   */
  const keptRouteOf = async (routePath: string): Promise<DocsItError[] | undefined> => {
    const inputs = routeInputsKey();
    const text = inputs === null ? undefined : stages.routeKeys.get(keptRouteKey(inputs, routePath));
    const kept = text === undefined ? undefined : decodeKeptRoute(text);
    if (!kept) return undefined;
    for (const [file, html] of kept.pages) {
      if (!jobs.has(file)) return undefined;
      if (!standInHtml.has(file)) {
        try {
          await site.standIn(file);
        } catch {
          return undefined;
        }
      }
      if (standInHtml.get(file) !== html) return undefined;
    }
    const problems = kept.problems.map(problemOf);
    routeDiagnostics.set(routePath, problems.map(errorDiagnostic));
    routeKeys.set(routePath, kept.key);
    indexedPathOf.set(routePath, kept.indexed ?? undefined);
    stages.routeKeys.took();
    return problems;
  };
  /** Pages compiled in this run: asked for again, a build reads them back instead of compiling them again. */
  const compiledOnce = new Set<string>();
  /** Each route whose props were made: its page's path if search engines may index it (the sitemap's). */
  const indexedPathOf = new Map<string, string | undefined>();
  const assets =
    options.assets ??
    createSiteAssets(config.paths.root, [config.paths.content, config.paths.static], config.site.baseUrl);
  // A build's pages' keys and its kept routes both need the model's digest: made here, before the markdown stage puts
  // thousands of pages in flight (made among them it took longer: see docs/measurements.md).
  if (useStandIns) modelDigestOnce();
  const contentDiagnostics = [...config.warnings, ...contentWarningsOf(content, model)].map(warningDiagnostic);
  /** Each page's problems, for the pages that have any (most have none: no empty array held a page). */
  const pageDiagnostics = new Map<string, Diagnostic[]>();
  const setPageDiagnostics = (file: string, diagnostics: Diagnostic[]) => {
    if (diagnostics.length > 0) pageDiagnostics.set(file, diagnostics);
    else pageDiagnostics.delete(file);
  };
  const routeDiagnostics = new Map<string, Diagnostic[]>();
  let linkDiagnostics: Diagnostic[] = [];
  const policies = brokenLinkPoliciesOf(config.site);
  /** The link stage: a compiled page's file links pointing at routes and its assets at their URLs. */
  const linked = async (compiled: CompiledPage) => {
    const page = resolveFileLinks(compiled, model.routeOfFile, policies.markdownLinks);
    const targets = assetTargetsOf(page);
    if (targets.length === 0) return { page, urls: [] };
    const urls = await Promise.all(targets.map(async (t) => [t, await assets.urlOf(t)] as const));
    return { page: resolveAssets(page, new Map(urls)), urls };
  };
  const propsContext = (page: (file: string) => Promise<CompiledPage>): RoutePropsContext => ({
    site: config.site,
    model,
    text: chrome.text,
    ...(content.lastCommits ? { lastCommits: content.lastCommits } : {}),
    ...(config.editUrls ? { editUrls: config.editUrls } : {}),
    page,
    assetUrl: assets.urlOf,
  });
  const keptRoute = (
    memo: Map<string, Promise<{ page: RoutePage; problems: DocsItError[] }>>,
    routePath: string,
    ctx: () => RoutePropsContext,
    keyProps: boolean,
  ) => {
    let entry = memo.get(routePath);
    if (!entry) {
      const route = routeByPath.get(routePath);
      if (!route) return Promise.reject(new Error(`${routePath} is not a route of this site`));
      // Key props are kept for the next build (`route-keys.ts`) with the pages they were made from, unless they
      // asked for an asset's URL (read from a file next to the pages, which no stand-in vouches for).
      const inputs = keyProps ? routeInputsKey() : null;
      const asked = new Set<string>();
      let keptAsIs = inputs !== null;
      const base = ctx();
      const routeCtx: RoutePropsContext =
        inputs === null
          ? base
          : {
              ...base,
              page: (file) => {
                asked.add(file);
                return base.page(file);
              },
              assetUrl: (target) => {
                keptAsIs = false;
                return base.assetUrl(target);
              },
            };
      entry = routePageOf(route, routeCtx);
      entry.then(
        ({ page, problems }) => {
          const indexed = page.noIndex ? undefined : page.props.path;
          indexedPathOf.set(routePath, indexed);
          // A build's route problems are its key props' (the props stage's), whichever props are made first: a
          // page rendered ahead of that stage (see `render-ahead.ts`) reports nothing before it.
          if (keyProps || !useStandIns) routeDiagnostics.set(routePath, problems.map(errorDiagnostic));
          if (!keyProps) return;
          // The route's key, taken while its key props are at hand (they are made again only past the memo).
          const key = routeKeyOf(page);
          routeKeys.set(routePath, key);
          if (!keptAsIs || inputs === null) return;
          const pages: KeptRoute['pages'] = [];
          for (const file of asked) {
            const html = standInHtml.get(file);
            if (html === undefined) return;
            pages.push([file, html]);
          }
          stages.routeKeys.set(keptRouteKey(inputs, routePath), encodeKeptRoute(pages, key, problems, indexed));
        },
        () => undefined,
      );
      memo.set(routePath, entry);
    }
    return entry;
  };
  let realContext: RoutePropsContext | undefined;
  let keyContext: RoutePropsContext | undefined;
  const site: Site = {
    config,
    content,
    model,
    chrome,
    jobs,
    assets,
    page(file) {
      let page = pages.get(file);
      if (!page) {
        const job = jobs.get(file);
        if (!job) return Promise.reject(new Error(`${file} is not a page of this site`));
        const kept = compiledOnce.has(file) ? stages.compiled(job) : undefined;
        page = (kept ? Promise.resolve(kept) : stages.compile(job, file))
          .then(async (compiled) => {
            // Compiled: a build that keeps no page lets its text go (read again if a later stage asks for it).
            if (!keepPages) letGoOfText(job);
            const { page, urls } = await linked(compiled);
            // A page read back was summarised when this run compiled it.
            if (useStandIns && !kept) {
              const key = compileKeyOf(job);
              stages.pageSummaries.set(key, summaryOf(compiled));
              standInOfCompiled.set(page, standInOf(unlinkedOf(summaryOf(page)), key, urls));
            }
            return page;
          })
          .then(
            (compiled) => {
              compiledOnce.add(file);
              setPageDiagnostics(file, problemsOf(file, compiled));
              return compiled;
            },
            (error: unknown) => {
              const located = docsItErrorsOf(error);
              if (located.length > 0) setPageDiagnostics(file, located.map(errorDiagnostic));
              throw error;
            },
          );
        const { recover } = options;
        if (recover) page = page.catch((error: unknown) => recover(file, error));
        pages.set(file, page);
      }
      return page;
    },
    standIn(file) {
      if (!useStandIns) return site.page(file);
      let standIn = standIns.get(file);
      if (!standIn) {
        const job = jobs.get(file);
        if (!job) return Promise.reject(new Error(`${file} is not a page of this site`));
        standIn = (async () => {
          const key = compileKeyOf(job);
          let summary = stages.pageSummaries.get(key, isPageSummary);
          if (summary === undefined) {
            // Compiled (or read back) here, its summary kept as it is and its stand-in made as it was linked.
            const page = await site.page(file);
            const made = standInOfCompiled.get(page);
            if (made) return madeStandIn(file, made);
            summary = stages.pageSummaries.get(key, isPageSummary);
            // Past the cache's cap on summaries: the page itself, HTML and all (the same output, a slower key).
            if (summary === undefined) return page;
          }
          const { page, urls } = await linked(unlinkedOf(summary));
          setPageDiagnostics(file, problemsOf(file, page));
          compiledOnce.add(file);
          return madeStandIn(file, standInOf(page, key, urls));
        })();
        standIns.set(file, standIn);
      }
      return standIn;
    },
    async compileAll(onProgress, onCompiled) {
      const errors = new ErrorCollector();
      const found = new Map<string, PageLinks>();
      /** A page's failure that is no located error (a crash): thrown as it is, the first in page order. */
      const failures = new Map<string, unknown>();
      let done = 0;
      // A build that keeps no page lets every page's text go before compiling: each is read again as its page is
      // sent to be compiled (and let go once compiled), so a large site's texts are not all held meanwhile.
      if (!keepPages) for (const job of jobs.values()) letGoOfText(job);
      const take = async (file: string) => {
        try {
          const { ids, links } = await site.standIn(file);
          found.set(file, { ids, links });
          onCompiled?.(file);
        } catch (error) {
          if (docsItErrorsOf(error).length === 0) failures.set(file, error);
        }
        onProgress?.(++done, jobs.size);
      };
      // With workers `pagesInFlight` pages are asked for at a time, the longest first (the order the workers' queue
      // takes them in), each let go as soon as it is compiled: every page's chain of promises made at once weighs
      // about 3 KB (0.3 GB at 100,000 pages); without workers, one at a time (single-threaded work), unless a worker
      // highlights the code blocks ahead of this thread on a site whose pages are all held anyway (see below).
      if (stages.parallel) {
        // Each length read once, not twice in each of the sort's comparisons (a large site has 100,000 pages).
        const byLength = [...jobs].map(([file, job]) => ({ file, length: bodyLengthOf(job) }));
        byLength.sort((a, b) => b.length - a.length);
        let next = 0;
        const lane = async () => {
          while (next < byLength.length) await take(byLength[next++]!.file);
        };
        const lanes = Math.min(options.pagesInFlight ?? pagesInFlight, byLength.length);
        await Promise.all(Array.from({ length: lanes }, lane));
      } else if (stages.highlightsAhead && keepPages) {
        // Every page started at once, in page order (the worker highlights their blocks in that order): this thread
        // parses the next pages while the first ones wait for their blocks (the worker's start and its grammars'
        // first use hold up the first pages), instead of waiting with them. A crash is thrown as one at a time
        // throws it: the first in page order.
        await Promise.all([...jobs.keys()].map(take));
      } else {
        for (const file of jobs.keys()) {
          await take(file);
          if (failures.size > 0) break;
        }
      }
      // Results in page order, so errors and warnings come in the same order whatever finished first.
      const compiled = new Map<string, PageLinks>();
      for (const file of jobs.keys()) {
        if (failures.has(file)) throw failures.get(file);
        const links = found.get(file);
        if (links) compiled.set(file, links);
        for (const d of pageDiagnostics.get(file) ?? []) if (d.severity === 'error') errors.add(d.error);
      }
      errors.throwIfAny();
      return compiled;
    },
    checkLinks(compiled, files) {
      const idsOfRoute = new Map<string, Set<string>>();
      const pageLinks = new Map<string, PageLinks['links']>();
      for (const route of model.routes) {
        const page = route.file ? compiled.get(route.file) : undefined;
        if (page) idsOfRoute.set(route.path, new Set(page.ids));
      }
      for (const [file, page] of compiled) pageLinks.set(file, page.links);
      const routePaths = new Set(model.routes.filter((r) => r.kind !== 'not-found').map((r) => r.path));
      try {
        const warnings = checkLinks(
          {
            routes: routePaths,
            files,
            idsOfRoute,
            pageLinks,
            declared: declaredLinks(config.site, model, { file: content.configFile, source: content.configSource }),
          },
          config.site.baseUrl,
          policies,
        );
        linkDiagnostics = warnings.map(warningDiagnostic);
      } catch (error) {
        linkDiagnostics = docsItErrorsOf(error).map(errorDiagnostic);
        throw error;
      }
    },
    routePage(routePath) {
      return keptRoute(routes, routePath, () => (realContext ??= propsContext(site.page)), false);
    },
    routeKeyPage(routePath) {
      if (!useStandIns) return site.routePage(routePath);
      return keptRoute(keyRoutes, routePath, () => (keyContext ??= propsContext(site.standIn)), true);
    },
    async routeKey(routePath) {
      const known = routeKeys.get(routePath);
      if (known) return known;
      // A build's key props record the key as they are made (see `keptRoute`); `dev`'s are its props.
      const { page } = await site.routeKeyPage(routePath);
      const key = routeKeys.get(routePath) ?? routeKeyOf(page);
      routeKeys.set(routePath, key);
      return key;
    },
    async checkRoutes() {
      const errors: DocsItError[] = [];
      for (const route of model.routes) {
        // A route the previous build kept whose pages are unchanged is taken as it was (its problems too).
        const kept = await keptRouteOf(route.path);
        errors.push(...(kept ?? (await site.routeKeyPage(route.path)).problems));
      }
      if (errors.length > 0) throw new DocsItErrors(errors);
    },
    async indexedPaths() {
      const paths: string[] = [];
      for (const route of model.routes) {
        if (!indexedPathOf.has(route.path)) await site.routeKeyPage(route.path);
        const indexed = indexedPathOf.get(route.path);
        if (indexed !== undefined) paths.push(indexed);
      }
      return paths;
    },
    held: () => ({ pages: pages.size, routes: routes.size }),
    diagnostics() {
      const ofPages = [...jobs.keys()].flatMap((file) => pageDiagnostics.get(file) ?? []);
      const ofRoutes = model.routes.flatMap((route) => routeDiagnostics.get(route.path) ?? []);
      return [...contentDiagnostics, ...ofPages, ...ofRoutes, ...linkDiagnostics];
    },
  };
  return site;
}

/**
 * Pages a build asks the compile workers for at a time: enough that their queue never runs dry while this thread
 * links the pages they return, few enough that the pages' pending chains weigh nothing.
 */
const pagesInFlight = 2048;

/** Entries a site that does not keep its pages holds: the few one route's files and search entry ask for again. */
const recentEntries = 16;

/**
 * A digest made on the first call and kept; null when `make` gives none, or when what it digests holds what no digest
 * can see (a TypeError from the digest): then what it keys is made every build, as without a cache.
 */
function digestOnce(make: () => string | null): () => string | null {
  let made: string | null | undefined;
  return () => {
    if (made !== undefined) return made;
    made = null;
    try {
      made = make();
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
    }
    return made;
  };
}

/** A memo of every entry (`keepAll`), or of the latest few, the oldest forgotten first. */
function memoOf<V>(keepAll: boolean): Map<string, V> {
  return keepAll ? new Map() : new RecentEntries(recentEntries);
}

/** A map that holds its latest `max` entries. */
class RecentEntries<V> extends Map<string, V> {
  constructor(private readonly max: number) {
    super();
  }

  override set(key: string, value: V): this {
    super.delete(key);
    super.set(key, value);
    if (this.size > this.max) this.delete(this.keys().next().value!);
    return this;
  }
}

/** What the content says that changes nothing without a word: links left out, unknown front matter keys. */
function contentWarningsOf(content: SiteContent, model: ContentModel): DocsItError[] {
  const leftOut = content.discovered.warnings.map((w) => new DocsItError(w.message, { file: w.file }, w.hint));
  const sources = [...model.docs, ...model.posts, ...model.pages, model.docsHome, model.notFoundPage].flatMap((p) =>
    p ? [p.source] : [],
  );
  const cacheControl = siteCacheControl(content.siteHeaders);
  return [...leftOut, ...unknownKeyWarnings(sources), ...(cacheControl ? [cacheControl] : [])];
}

/** A compiled page's problems (a code language without a grammar, a heading id used twice…), at their place. */
function problemsOf(file: string, page: CompiledPage): Diagnostic[] {
  return page.problems.map((p) => ({
    severity: p.severity === 'warning' ? 'warning' : 'error',
    error: new DocsItError(p.message, { file: p.file ?? file, line: p.line, column: p.column }, p.hint),
  }));
}
