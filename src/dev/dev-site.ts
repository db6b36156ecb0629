import { availableParallelism } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { digestOf } from '../cache/digest';
import { type LoadConfigOptions, loadConfig } from '../config/load-config';
import { customCssFiles } from '../config/package-stylesheet';
import { isRefusal, publishable } from '../config/publishable';
import type { ResolvedConfig } from '../config/resolved-config';
import { validatedConfigsOf } from '../config/validated-config-memo';
import { type Diagnostic, type DocsItError, docsItErrorsOf, errorDiagnostic } from '../errors';
import type { CompileInput } from '../markdown/compile-page';
import type { CompiledPage } from '../markdown/compiled-page';
import { clientConfigOf } from '../render/client-config';
import { candidatesOf, notFoundFileOf } from '../shared/served-files';
import { themeOverridesDir } from '../shared/theme-components';
import { bundleClientIncrementally, type ClientBundle } from '../site/bundle/bundle-client';
import { bundleSiteStyles, noSiteStyles, type SiteStyles, withSiteStyles } from '../site/bundle/site-styles';
import { planExecution } from '../site/compile/execution-plan';
import { editedContent } from '../site/edited-content';
import { type SiteFiles, siteFiles } from '../site/files/site-files';
import { keptLastCommits } from '../site/kept-last-commits';
import { LastCommitsReader } from '../site/last-commits-reader';
import { type Run, type RunOptions, startRun } from '../site/run';
import { createSite, loadYaml, readContent, type Site, type SiteContent } from '../site/site';
import { firstMermaidUseOf } from '../site/source-facts';
import type { Stages } from '../site/stages';

/** What a change did: which routes a reader should reload (`all` for any), and the problems now open. */
export interface UpdateResult {
  paths: string[] | 'all';
  diagnostics: Diagnostic[];
  /** Files whose compile input changed with this update (compiled again, unless the disk cache had them). */
  compiled: string[];
}

export type DevResponse =
  | { kind: 'page'; status: number; html: string }
  | { kind: 'data'; status: number; json: string }
  | { kind: 'asset'; contents: Uint8Array | string; file: string }
  | { kind: 'static'; file: string }
  | { kind: 'none' };

const emptyPage: CompiledPage = { html: '', toc: [], ids: [], links: [], problems: [], search: [], words: 0 };

type Bundler = Awaited<ReturnType<typeof bundleClientIncrementally>>;

/**
 * The site as `docs-it dev` serves it: the build's own stages and files, produced when a reader asks for
 * them and kept in memory (over the build's disk cache). A change starts a new state of the site; only what
 * the change touched is computed again.
 */
export class DevSite {
  config!: ResolvedConfig;
  private run!: Run;
  private site!: Site;
  private files!: SiteFiles;
  private bundle!: ClientBundle;
  private bundler: Bundler | undefined;
  private bundlerKey = '';
  /** The site's `customCss`, bundled; why it could not be, meanwhile the last good one is served. */
  private styles: SiteStyles = noSiteStyles;
  private stylesKey: string | undefined;
  private styleErrors: DocsItError[] = [];
  /** Each page's compile input as last compiled. */
  private compileInputs = new Map<string, CompileInput>();
  /** Each page's compile output, with the input it was compiled from. */
  private readonly compiledPages = new Map<string, { input: CompileInput; page: Promise<CompiledPage> }>();
  private readonly parsed = new WeakMap<Parameters<Stages['parseSource']>[0], ReturnType<Stages['parseSource']>>();
  /**
   * The content as last read, whether or not a site could be made of it (a broken page keeps the last good
   * site in use, but the next save starts from what is on disk); undefined when it could not be read.
   */
  private content: SiteContent | undefined;
  /**
   * Git's history of the content, read again only after a commit (a save changes none); kept in the cache across
   * runs (`keptLastCommits`), once the run has started.
   */
  private lastCommits: LastCommitsReader | undefined;
  /** Why the content or config could not be read (the last good state of the site is served meanwhile). */
  private modelErrors: DocsItError[] = [];
  private markPageServed!: () => void;
  /** Called when a page is served next (an update waits for it before checking links). */
  private onPageServed: (() => void) | undefined;
  /** Set by `dispose`: background compiling stops. */
  private disposed = false;
  /** The background compile (`compileEverything`), which `dispose` waits for. */
  private compiling: Promise<void> | undefined;
  /** Pages `compileEverything` went through (tests: none once the site is disposed of). */
  pagesCompiledInBackground = 0;
  /** Settles when the first page has been rendered for a reader; background compiling waits for it. */
  readonly firstPageServed = new Promise<void>((resolve) => (this.markPageServed = resolve));
  /** Identifies this server process: a client that sees another id reloads. */
  readonly buildId = `${process.pid}-${Date.now()}`;

  constructor(
    private readonly options: LoadConfigOptions & Pick<RunOptions, 'cliDir' | 'fileKinds'>,
    /** Markup added to every page (the live-reload client). */
    private readonly inject: string,
  ) {}

  /** How many content files are pages (or parts of one). */
  get pageCount(): number {
    return this.site.jobs.size;
  }

  /** Every warning and error open now: the site's (see `Site.diagnostics`), and why a change could not be read. */
  get diagnostics(): Diagnostic[] {
    return [
      ...this.modelErrors.map(errorDiagnostic),
      ...this.styleErrors.map(errorDiagnostic),
      ...(this.site?.diagnostics() ?? []),
      ...(this.run?.compiler.diagnostics ?? []),
    ];
  }

  /** Loads everything needed to serve the first page; compiling the rest is left to `compileEverything`. */
  async start(): Promise<void> {
    this.run = await startRun({ ...this.options, mode: 'development' }, 'dev');
    // Pages compile in workers, never on the thread that answers readers: a page that takes long (or never ends)
    // holds one worker, and the other answers the pages asked for meanwhile.
    this.run.compiler.follow(planExecution({ mode: 'dev', processors: availableParallelism() }));
    this.config = await loadConfig(
      { ...this.options, mode: 'development' },
      this.run.cache.modules,
      validatedConfigsOf(this.run.cache),
    );
    await this.reload([]);
  }

  /**
   * Stops compiling in the background, then everything the site runs, its cache entries written first: nothing is
   * written once it has returned (the site's folder may be removed then).
   */
  async dispose(): Promise<void> {
    this.disposed = true;
    await this.compiling?.catch(() => undefined);
    await this.run?.compiler.close();
    await this.bundler?.dispose();
    await this.run?.cache.flush();
    this.run?.end();
  }

  /**
   * Compiles every page (so links are checked site-wide), then checks the links; stops between two pages once the
   * site is disposed of.
   */
  compileEverything(): Promise<void> {
    this.compiling = this.compileAll();
    return this.compiling;
  }

  private async compileAll(): Promise<void> {
    const site = this.site;
    for (const file of site.jobs.keys()) {
      if (this.disposed) return;
      await site.page(file);
      this.pagesCompiledInBackground++;
      // Between pages, a page a reader asks for goes first.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (this.disposed) return;
    this.run.end();
    await this.checkLinks(site);
  }

  /**
   * Applies a batch of changed files (absolute paths) and says what readers must reload; `servable` hears it as
   * soon as those pages can be served, before the link check (whose findings are in the result).
   */
  async update(changed: string[], servable?: (paths: UpdateResult['paths']) => void): Promise<UpdateResult> {
    const { paths } = this.config;
    const rel = changed.map((f) => path.relative(paths.root, f).split(path.sep).join('/'));
    const previous = this.site;
    // The site's code.json (i18n/<locale>/) is read with the config: its strings are the config's too.
    const i18n = path.join(paths.root, 'i18n') + path.sep;
    if (changed.some((f) => f === paths.configFile || f.startsWith(i18n))) {
      try {
        this.config = await loadConfig(
          { ...this.options, mode: 'development' },
          this.run.cache.modules,
          validatedConfigsOf(this.run.cache),
        );
      } catch (error) {
        this.modelErrors = errorsOf(error);
        return { paths: [], diagnostics: this.diagnostics, compiled: [] };
      }
    }
    const clientCode = path.join(this.options.packageRoot, 'src', 'client');
    // The stylesheets the site's code imports are read with it (a CSS module's names are in its code): below.
    const codeStyles = new Set(this.codeStyles);
    const styleOfCode = changed.some((f) => codeStyles.has(f));
    if (changed.some((f) => f.startsWith(clientCode) || (f.endsWith('.css') && !codeStyles.has(f)))) {
      this.bundle = await this.bundler!.rebuild();
      await this.bundleStyles();
      this.indexFiles();
      return { paths: 'all', diagnostics: this.diagnostics, compiled: [] };
    }
    const siteCode = this.config.site.components && path.dirname(path.resolve(paths.root, this.config.site.components));
    const overrides = path.join(paths.root, themeOverridesDir) + path.sep;
    // The site's components and its overrides of theme components are in the browser bundle too.
    if (styleOfCode || changed.some((f) => (siteCode && f.startsWith(siteCode + path.sep)) || f.startsWith(overrides)))
      // What stops the browser's bundle stops the server's too, which `reload` reports at its place; meanwhile the
      // last bundle is served.
      this.bundle = await this.bundler!.rebuild().catch(() => this.bundle);
    const compiled = await this.reload(rel, changed);
    if (this.site === previous) return { paths: [], diagnostics: this.diagnostics, compiled };
    if (styleOfCode) {
      await this.bundleStyles();
      this.indexFiles();
    }
    const reload = this.routesToReload(previous, changed, rel);
    if (servable && (reload === 'all' || reload.length > 0)) {
      const served = new Promise<void>((resolve) => (this.onPageServed = resolve));
      servable(reload);
      // The page the readers now ask for first: the link check (on this thread too) would make it wait.
      await Promise.race([served, new Promise((resolve) => setTimeout(resolve, linkCheckWait))]);
      this.onPageServed = undefined;
    }
    await this.checkLinks(this.site);
    return { paths: reload, diagnostics: this.diagnostics, compiled };
  }

  /** The routes whose pages a change of these files (absolute, and relative to the site) changed. */
  private routesToReload(previous: Site, changed: readonly string[], rel: readonly string[]): UpdateResult['paths'] {
    const { paths } = this.config;
    if (signature(previous) !== signature(this.site) || changed.some((f) => !f.startsWith(paths.content))) return 'all';
    const routes = new Set<string>();
    const oldRoutes = previous.model.routeOfFile;
    for (const file of rel) {
      const route = this.site.model.routeOfFile[file] ?? oldRoutes[file];
      if (route) routes.add(route);
      if (file.startsWith('content/blog/')) {
        for (const r of this.site.model.routes)
          if (r.kind === 'blog-list' || r.kind === 'blog-archive') routes.add(r.path);
      }
      if (file.startsWith('content/static/')) return 'all';
      // An image or a file next to pages: the pages showing it have it under a new name.
      if (!route && !/\.mdx?$|_category_\.(?:json|ya?ml)$|authors\.yml$/.test(file)) return 'all';
    }
    return [...routes];
  }

  /**
   * Answers a request path from memory with the site's file for it (the first of its candidates, as `serve`
   * finds it in a build), else with the not-found page and status 404.
   */
  async respond(url: string): Promise<DevResponse> {
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.split(/[?#]/, 1)[0] ?? '/');
    } catch {
      return { kind: 'none' };
    }
    for (const candidate of candidatesOf(pathname)) {
      const found = await this.files.fileAt(candidate);
      if (!found) continue;
      if ('from' in found) {
        // The listing and the pages' files were checked already; a file replaced since then (by a link out of
        // the content folders, a FIFO) must not be served or opened either. Same rule as the build.
        const { paths } = this.config;
        const verdict = await publishable(found.from, [paths.content, paths.static], candidate);
        return isRefusal(verdict) ? { kind: 'none' } : { kind: 'static', file: verdict.real };
      }
      return this.responseOf(candidate, 200, await found.contents());
    }
    const notFound = notFoundFileOf(pathname, this.config.site.baseUrl);
    const page = await this.files.fileAt(notFound);
    if (!page || 'from' in page) return { kind: 'none' };
    return this.responseOf(notFound, 404, await page.contents());
  }

  /** A file of the site as `dev` answers it: a page with the live-reload client, JSON, or another file. */
  private responseOf(file: string, status: number, contents: string | Uint8Array): DevResponse {
    if (file.endsWith('.html')) {
      this.markPageServed();
      this.onPageServed?.();
      return { kind: 'page', status, html: String(contents).replace('</body>', `${this.inject}</body>`) };
    }
    if (file.endsWith('.json')) return { kind: 'data', status, json: String(contents) };
    return { kind: 'asset', contents, file };
  }

  /**
   * Reads the content again and starts a new state of the site; a broken file keeps the last good state in
   * use. Returns the files whose compile input changed, which are compiled now so their errors are known
   * before readers reload.
   */
  private async reload(changed: string[], changedFiles: readonly string[] = []): Promise<string[]> {
    let site: Site;
    try {
      this.lastCommits ??= new LastCommitsReader(keptLastCommits(this.run.cache));
      const reader = this.lastCommits;
      const lastCommitsOf = (root: string, folder: string) => reader.read(root, folder);
      // A save of files the site has: only they are read again (the model is still made from all of them).
      const last = this.content;
      this.content = undefined;
      const edited =
        last && changedFiles.length > 0
          ? await editedContent(this.config, last, changedFiles, lastCommitsOf)
          : undefined;
      const content = edited ?? (await readContent(this.config, this.run.cache.modules, lastCommitsOf));
      this.content = content;
      // Only texts read again: the files next to pages are those of the site made from `last`.
      const assets = edited && this.site?.content === last ? { assets: this.site.assets } : {};
      // Any later save may bring YAML: the long-lived server takes the library's chunk at once (see yaml-module.ts).
      await loadYaml();
      site = createSite(this.config, content, this.stages, { recover, ...assets });
      this.modelErrors = [];
    } catch (error) {
      this.modelErrors = errorsOf(error);
      if (!this.site) throw error;
      return [];
    }
    this.site = site;
    try {
      await this.ensureBundle();
    } catch (error) {
      // A first diagram written without the mermaid package: pages keep the last bundle, the overlay says why.
      if (!this.bundler) throw error;
      this.modelErrors = errorsOf(error);
    }
    this.indexFiles();
    const compiled: string[] = [];
    for (const [file, job] of site.jobs) {
      const before = this.compileInputs.get(file);
      // Compared, not digested: an unchanged page's body is the same string as before (`editedContent`).
      if (before && isDeepStrictEqual(before, job)) continue;
      if (before || changed.includes(file)) compiled.push(file);
      this.compileInputs.set(file, job);
    }
    await Promise.all(compiled.map((file) => site.page(file)));
    return compiled;
  }

  /** The stylesheets the site's code imports (absolute): `dev` watches them, wherever they are. */
  get codeStyles(): readonly string[] {
    return this.site?.content.codeStyles ?? [];
  }

  /** Bundles the site's `customCss` and the stylesheets its code imports again (their files changed, or the list). */
  private async bundleStyles(): Promise<void> {
    const { site, paths } = this.config;
    this.stylesKey = this.stylesKeyNow();
    try {
      this.styles = await bundleSiteStyles({
        siteRoot: paths.root,
        customCss: customCssFiles(site.customCss, paths.root),
        codeStyles: this.codeStyles,
        baseUrl: site.baseUrl,
        mode: 'development',
      });
      this.styleErrors = [];
    } catch (error) {
      this.styleErrors = errorsOf(error);
    }
  }

  private stylesKeyNow(): string {
    return JSON.stringify([this.config.site.customCss, this.codeStyles]);
  }

  /** The client bundle, built again (with a fresh incremental context) when what it compiles in changed. */
  private async ensureBundle(): Promise<void> {
    if (this.stylesKey !== this.stylesKeyNow()) await this.bundleStyles();
    const clientConfig = clientConfigOf(this.config.site, this.site.chrome, this.site.model, 'development');
    // A first diagram written while `dev` runs brings Mermaid into the bundle.
    const mermaid = firstMermaidUseOf(
      this.site.content.discovered.sources,
      Object.hasOwn(this.site.content.theme.components, 'Mermaid'),
    );
    const themeOverrides = this.site.content.theme.files;
    const siteThemeComponents = this.site.content.theme.components;
    const key = digestOf({ clientConfig, mermaid: mermaid !== undefined, themeOverrides, siteThemeComponents });
    if (this.bundler && key === this.bundlerKey) return;
    // Created before the old one goes: a bundle that cannot be made (no mermaid package) leaves it in use.
    const bundler = await bundleClientIncrementally({
      packageRoot: this.options.packageRoot,
      baseUrl: this.config.site.baseUrl,
      mode: 'development',
      clientConfig,
      siteRoot: this.config.paths.root,
      staticDir: this.config.paths.static,
      components: this.config.site.components && path.resolve(this.config.paths.root, this.config.site.components),
      mermaid,
      themeOverrides,
      siteThemeComponents,
    });
    await this.bundler?.dispose();
    this.bundler = bundler;
    this.bundlerKey = key;
    this.bundle = await this.bundler.rebuild();
  }

  private indexFiles(): void {
    this.files = siteFiles(this.site, this.run.stages, {
      bundle: withSiteStyles(this.bundle, this.styles),
      kinds: this.kinds,
    });
  }

  /**
   * The run's stages, with each content file's front matter kept by its file's object: a save replaces only the
   * saved files' objects (see `editedContent`), so the others are not digested again to find their entry.
   */
  private get stages(): Stages {
    const { stages } = this.run;
    const { parsed, compiledPages } = this;
    return {
      ...stages,
      // A page's compile output depends on its input alone (the stage's key is its digest): the page compiled
      // for an equal input is taken without digesting the input again.
      compile(input, id) {
        const file = id ?? input.file;
        const kept = compiledPages.get(file);
        if (kept && (kept.input === input || isDeepStrictEqual(kept.input, input))) return kept.page;
        const page = stages.compile(input, id);
        compiledPages.set(file, { input, page });
        // A page that failed is compiled again when asked again, as the stage does.
        page.catch(() => {
          if (compiledPages.get(file)?.page === page) compiledPages.delete(file);
        });
        return page;
      },
      parseSource(source) {
        let found = parsed.get(source);
        if (!found) {
          found = stages.parseSource(source);
          parsed.set(source, found);
        }
        return found;
      },
      get parallel() {
        return stages.parallel;
      },
      get highlightsAhead() {
        return stages.highlightsAhead;
      },
    };
  }

  private get kinds() {
    return this.options.fileKinds ?? [];
  }

  /** Checks links once every page is compiled (the site keeps what it finds: see `diagnostics`). */
  private async checkLinks(site: Site): Promise<void> {
    const pages = new Map<string, CompiledPage>();
    for (const file of site.jobs.keys()) pages.set(file, await site.page(file));
    try {
      site.checkLinks(pages, siteFiles(site, this.run.stages, { bundle: this.bundle, kinds: this.kinds }).linkable());
    } catch (error) {
      errorsOf(error);
    }
  }
}

/** How long an update's link check waits for a reader to ask for a page after the reload event. */
const linkCheckWait = 50;

/** A page that cannot be compiled is served empty; its errors are the site's (and so the overlay's). */
function recover(_file: string, error: unknown): CompiledPage {
  errorsOf(error);
  return emptyPage;
}

function errorsOf(error: unknown): DocsItError[] {
  const errors = docsItErrorsOf(error);
  if (errors.length === 0) throw error;
  return errors;
}

/** Structure every page shows (routes, titles, sidebars): when it changes, every page must reload. */
function signature(site: Site): string {
  return JSON.stringify([
    site.model.routes.map((r) => r.path),
    site.model.sidebars.sidebars,
    site.model.posts.map((p) => [p.title, p.route]),
    site.model.docs.map((d) => d.title),
  ]);
}
