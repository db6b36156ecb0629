import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { bundleClientIncrementally, type ClientBundle } from '../bundle/bundle-client';
import { clientConfigOf } from '../config/client-config-of';
import { type LoadConfigOptions, loadConfig, type ResolvedConfig } from '../config/load-config';
import { buildContentModel, type ContentModel } from '../content/content-model';
import { type DiscoveredContent, discoverContent } from '../content/discover';
import { parseFrontMatter } from '../content/front-matter';
import { loadReleases } from '../content/load-releases';
import type { Release } from '../content/releases';
import type { ParsedSource, SourceFile } from '../content/source-file';
import { validateLinks } from '../content/validate-links';
import { DocsItError, docsItErrorsOf } from '../errors';
import { fragmentReader, jobsOf } from '../markdown/compile-pages';
import { HighlightStore, highlightVersion } from '../markdown/highlight-store';
import { createHighlighter } from '../markdown/highlighter';
import type { CompiledPage } from '../markdown/problems';
import { type CompileInput, createMarkdownProcessor } from '../markdown/processor';
import { buildChrome } from '../render/chrome';
import { clientSidebars } from '../render/client-sidebar';
import { colorModeScript } from '../render/color-mode-script';
import { renderPage } from '../render/render-routes';
import { buildRouteProps } from '../render/route-props';
import { searchDirOf, searchFiles } from '../search/write-search';

/** What a change did: which routes a reader should reload (`all` for any), and the problems now open. */
export interface UpdateResult {
  paths: string[] | 'all';
  errors: DocsItError[];
  /** Files compiled by this update, for tests and the benchmark. */
  compiled: string[];
}

export type DevResponse =
  | { kind: 'page'; status: number; html: string }
  | { kind: 'data'; status: number; json: string }
  | { kind: 'asset'; contents: Uint8Array; file: string }
  | { kind: 'static'; file: string }
  | { kind: 'none' };

const emptyPage: CompiledPage = { html: '', toc: [], ids: [], links: [], problems: [], deps: {} };

/**
 * The site as `docs-it dev` holds it in memory: content model, compiled pages (compiled on first use and
 * kept while their input is unchanged), client bundle, and the problems of the last update.
 */
export class DevSite {
  config!: ResolvedConfig;
  private model!: ContentModel;
  private discovered!: DiscoveredContent;
  private releases: Release[] | undefined;
  private configSource = '';
  private bundle!: ClientBundle;
  private bundler!: Awaited<ReturnType<typeof bundleClientIncrementally>>;
  private compile!: ReturnType<typeof createMarkdownProcessor>;
  /** Kept across updates: highlighted blocks that did not change are not highlighted again. */
  private highlighter = createHighlighter();
  private highlightStore: HighlightStore | undefined;
  private readonly compiled = new Map<string, { key: string; page: Promise<CompiledPage> }>();
  private readonly parsedByText = new Map<string, ParsedSource>();
  private modelErrors: DocsItError[] = [];
  private compileErrors = new Map<string, DocsItError[]>();
  private linkErrors: DocsItError[] = [];
  /** The search files of the current content, built on first request after a change. */
  private search: Promise<Map<string, string>> | undefined;
  private markPageServed!: () => void;
  /** Settles when the first page has been rendered for a reader; background compiling waits for it. */
  readonly firstPageServed = new Promise<void>((resolve) => (this.markPageServed = resolve));
  /** Identifies this server process: a client that sees another id reloads. */
  readonly buildId = `${process.pid}-${Date.now()}`;

  constructor(
    private readonly options: LoadConfigOptions & { packageRoot: string },
    /** Markup added to every page (the live-reload client). */
    private readonly inject: string,
  ) {}

  get errors(): DocsItError[] {
    return [...this.modelErrors, ...[...this.compileErrors.values()].flat(), ...this.linkErrors];
  }

  /** Loads everything needed to serve the first page; compiling the rest is left to `compileEverything`. */
  async start(): Promise<void> {
    await this.loadSiteConfig();
    // esbuild works in its own process: bundle while the content is read.
    const bundling = (async () => {
      this.bundler = await bundleClientIncrementally({
        packageRoot: this.options.packageRoot,
        baseUrl: this.config.site.baseUrl,
        mode: 'development',
        clientConfig: clientConfigOf(this.config.site, 'development'),
      });
      this.bundle = await this.bundler.rebuild();
    })();
    await Promise.all([bundling, this.reloadContent()]);
  }

  async dispose(): Promise<void> {
    await this.bundler?.dispose();
  }

  /**
   * Compiles every page in the background so links are checked site-wide: one page at a time, yielding
   * between pages, so a page a reader asks for is compiled first.
   */
  async compileEverything(): Promise<void> {
    for (const job of this.jobs()) {
      await this.compiledPage(job).catch(() => undefined);
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.highlightStore?.save();
    await this.checkLinksNow();
  }

  /** Applies a batch of changed files (absolute paths) and says what readers must reload. */
  async update(changed: string[]): Promise<UpdateResult> {
    const { paths: p } = this.config;
    const rel = changed.map((f) => path.relative(p.root, f).split(path.sep).join('/'));
    this.search = undefined;
    if (changed.some((f) => f === p.configFile)) {
      await this.loadSiteConfig();
      await this.reloadContent();
      const compiledNow = await this.recompileChanged([]);
      return { paths: 'all', errors: this.errors, compiled: compiledNow };
    }
    if (changed.some((f) => f.startsWith(path.join(this.options.packageRoot, 'src', 'client')) || f.endsWith('.css'))) {
      this.bundle = await this.bundler.rebuild();
      return { paths: 'all', errors: this.errors, compiled: [] };
    }
    if (changed.some((f) => f.startsWith(p.static))) return { paths: 'all', errors: this.errors, compiled: [] };
    const before = this.signature();
    const oldRoutes = new Map(this.model?.routes.map((r) => [r.file ?? r.path, r.path]) ?? []);
    await this.reloadContent();
    const compiledNow = await this.recompileChanged(rel);
    this.highlightStore?.save();
    await this.checkLinksNow();
    if (this.signature() !== before) return { paths: 'all', errors: this.errors, compiled: compiledNow };
    const paths = new Set<string>();
    for (const file of rel) {
      const route = this.model.routeOfFile[file] ?? oldRoutes.get(file);
      if (route) paths.add(route);
      if (file.startsWith('content/blog/'))
        for (const r of this.model.routes) if (r.kind === 'blog-list' || r.kind === 'blog-archive') paths.add(r.path);
    }
    return { paths: [...paths], errors: this.errors, compiled: compiledNow };
  }

  /** Answers a request path from memory: a page, its page data, an asset, a static file, or nothing. */
  async respond(url: string): Promise<DevResponse> {
    const pathname = decodeURIComponent(url.split(/[?#]/, 1)[0] ?? '/');
    const asset = this.bundle.files.find((f) => `/${f.path}` === pathname);
    if (asset) return { kind: 'asset', contents: asset.contents, file: asset.path };
    const base = this.config.site.baseUrl;
    if (pathname.startsWith(base) && !pathname.includes('..')) {
      const rel = pathname.slice(base.length);
      if (this.discovered.staticFiles.includes(rel)) {
        const file = path.join(this.config.paths.static, rel);
        // A symlink inside content/static must not expose a file outside it.
        const [real, root] = await Promise.all([realpath(file).catch(() => ''), realpath(this.config.paths.static)]);
        if (real.startsWith(root + path.sep)) return { kind: 'static', file };
        return { kind: 'none' };
      }
      if (pathname.startsWith(`/${searchDirOf(this.config.site)}`)) {
        const json = (await this.searchFiles()).get(pathname.slice(1));
        return json === undefined ? { kind: 'none' } : { kind: 'data', status: 200, json };
      }
    }
    const wantsData = pathname.endsWith('/page-data.json');
    let route = wantsData ? pathname.slice(0, -'/page-data.json'.length) : pathname;
    if (route.length > 1 && route.endsWith('/')) route = route.slice(0, -1);
    if (`${route}/` === base) route = base;
    const known = this.model.routes.find((r) => r.path === route && r.kind !== 'not-found');
    const target = known ?? this.model.routes.find((r) => r.kind === 'not-found')!;
    const rendered = await this.renderRoute(target.path);
    this.markPageServed();
    const status = known ? 200 : 404;
    if (wantsData) return { kind: 'data', status, json: rendered.json };
    return { kind: 'page', status, html: rendered.html.replace('</body>', `${this.inject}</body>`) };
  }

  private async loadSiteConfig(): Promise<void> {
    this.config = await loadConfig({ ...this.options, mode: 'development' });
    this.configSource = await readFile(this.config.paths.configFile, 'utf8');
    // The blocks of the last build or dev session: the first pages need no grammar warm-up.
    this.highlightStore = HighlightStore.open(
      this.config.paths.cache,
      await highlightVersion(this.options.packageRoot),
    );
    this.highlighter = createHighlighter(this.highlightStore);
  }

  /** Reads the content again and rebuilds the model; a broken file keeps the last good model in use. */
  private async reloadContent(): Promise<void> {
    this.discovered = await discoverContent(this.config);
    try {
      this.releases = await loadReleases(this.config);
      const model = buildContentModel({
        site: this.config.site,
        discovered: this.discovered,
        configFile: path.relative(this.config.paths.root, this.config.paths.configFile),
        configSource: this.configSource,
        parseSource: (source) => this.parse(source),
      });
      this.model = model;
      this.modelErrors = [];
      // Link rewriting needs the current routes: one processor per model.
      this.compile = createMarkdownProcessor({
        highlighter: this.highlighter,
        routeOfFile: model.routeOfFile,
        baseUrl: this.config.site.baseUrl,
        readFragment: fragmentReader(this.config.paths.root),
      });
    } catch (error) {
      const errors = docsItErrorsOf(error);
      if (errors.length === 0) throw error;
      this.modelErrors = errors;
      if (!this.model) throw error;
    }
  }

  private parse(source: SourceFile): ParsedSource {
    const key = `${source.file}\0${source.text}`;
    let parsed = this.parsedByText.get(key);
    if (!parsed) {
      parsed = parseFrontMatter(source);
      this.parsedByText.set(key, parsed);
    }
    return parsed;
  }

  /** Structure every page shows (routes, titles, sidebars): when it changes, every page must reload. */
  private signature(): string {
    return JSON.stringify([
      this.model.routes.map((r) => r.path),
      this.model.sidebars.sidebars,
      this.model.posts.map((p) => [p.title, p.route]),
      this.model.docs.map((d) => d.title),
    ]);
  }

  private jobs(): CompileInput[] {
    return jobsOf(this.model);
  }

  /** The compiled page for a job: reused while its input (and the routes it links to) are unchanged. */
  private compiledPage(job: CompileInput): Promise<CompiledPage> {
    const key = JSON.stringify([job.route, job.body, job.excerpt, job.tocMin, job.tocMax]);
    const entry = this.compiled.get(job.file);
    if (entry && entry.key === key) {
      return entry.page.then(async (page) => {
        const stale = Object.entries(page.deps).some(
          ([target, route]) => (this.model.routeOfFile[target] ?? null) !== route,
        );
        if (!stale) return page;
        this.compiled.delete(job.file);
        return this.compiledPage(job);
      });
    }
    const page = this.compile(job).then(
      (result) => {
        const errors = result.problems.map(
          (p) => new DocsItError(p.message, { file: job.file, line: p.line, column: p.column }, p.hint),
        );
        if (errors.length) this.compileErrors.set(job.file, errors);
        else this.compileErrors.delete(job.file);
        return result;
      },
      (error: unknown) => {
        const errors = docsItErrorsOf(error);
        if (errors.length === 0) throw error;
        this.compileErrors.set(job.file, errors);
        throw error;
      },
    );
    this.compiled.set(job.file, { key, page });
    return page;
  }

  /** Compiles the changed files now, so their errors are known before readers reload. */
  private async recompileChanged(rel: string[]): Promise<string[]> {
    const files = new Set(rel);
    for (const file of [...this.compileErrors.keys()])
      if (!this.model.routeOfFile[file]) this.compileErrors.delete(file);
    const jobs = this.jobs().filter((j) => files.has(j.file) || !this.compiled.has(j.file));
    await Promise.all(jobs.map((j) => this.compiledPage(j).catch(() => undefined)));
    return jobs.map((j) => j.file);
  }

  /** Checks links once every page is compiled; until then earlier link errors stand. */
  private async checkLinksNow(): Promise<void> {
    const all = new Map<string, CompiledPage>();
    for (const [file, entry] of this.compiled) {
      if (!this.model.routeOfFile[file]) continue;
      const page = await entry.page.catch(() => undefined);
      if (page) all.set(file, page);
    }
    try {
      validateLinks(this.model, all, this.config.site.baseUrl);
      this.linkErrors = [];
    } catch (error) {
      this.linkErrors = docsItErrorsOf(error);
    }
  }

  /** Search records, local index and text shards of every page, compiling the pages not compiled yet. */
  private searchFiles(): Promise<Map<string, string>> {
    this.search ??= (async () => {
      const jobs = this.jobs();
      const compiled = new Map<string, CompiledPage>();
      await Promise.all(jobs.map(async (j) => compiled.set(j.file, await this.compiledPage(j).catch(() => emptyPage))));
      const props = (pages: Map<string, CompiledPage>) =>
        buildRouteProps({ site: this.config.site, model: this.model, compiled: pages, releases: this.releases });
      let pages;
      try {
        pages = props(compiled);
      } catch (error) {
        // Page-level errors are in the overlay; search still covers the pages, without the misplaced card lists.
        if (docsItErrorsOf(error).length === 0) throw error;
        pages = props(new Map([...compiled].map(([f, p]) => [f, { ...p, cardList: undefined }])));
      }
      return searchFiles(pages, this.config.site).files;
    })();
    const search = this.search;
    search.catch(() => {
      if (this.search === search) this.search = undefined;
    });
    return search;
  }

  private async renderRoute(routePath: string): Promise<{ html: string; json: string }> {
    const route = this.model.routes.find((r) => r.path === routePath)!;
    const jobs = this.jobs();
    const needed = new Set<string>();
    if (route.file) needed.add(route.file);
    const list = this.model.blogPages.find((l) => l.route === routePath);
    for (const post of list?.posts ?? []) needed.add(post.source.file);
    const compiled = new Map<string, CompiledPage>();
    await Promise.all(
      jobs
        .filter((j) => needed.has(j.file))
        .map(async (j) => compiled.set(j.file, await this.compiledPage(j).catch(() => emptyPage))),
    );
    // Props of the other pages are not needed: they see empty content, and only this route is rendered.
    const withPlaceholders = new Map(jobs.map((j) => [j.file, compiled.get(j.file) ?? emptyPage]));
    let pages;
    try {
      pages = buildRouteProps({
        site: this.config.site,
        model: this.model,
        compiled: withPlaceholders,
        releases: this.releases,
      });
    } catch (error) {
      if (docsItErrorsOf(error).length === 0) throw error;
      // A page-level error (such as a misplaced card list) is shown in the overlay; render without it.
      pages = buildRouteProps({
        site: this.config.site,
        model: this.model,
        compiled: new Map([...withPlaceholders].map(([f, p]) => [f, { ...p, cardList: undefined }])),
        releases: this.releases,
      });
    }
    const page = pages.find((p) => p.props.path === routePath)!;
    const input = {
      site: this.config.site,
      chrome: buildChrome(this.config.site),
      sidebars: clientSidebars(this.model.sidebars.sidebars),
      assets: { css: this.bundle.css, js: this.bundle.js, colorModeScript: colorModeScript(this.config.site) },
      notFoundPath: this.model.basePaths.notFound,
      hasBlog: this.model.posts.length > 0,
    };
    return renderPage(input, page);
  }
}
