import { availableParallelism } from 'node:os';
import path from 'node:path';
import { runningCliDir } from '../../bin/cli-bundle.mjs';
import type { StageName } from '../cache/code-versions';
import type { Cache, StageStats } from '../cache/stage-cache';
import { loadConfig } from '../config/load-config';
import { checkOutputFolder } from '../config/output-path';
import { customCssFiles } from '../config/package-stylesheet';
import type { ResolvedConfig } from '../config/resolved-config';
import { validatedConfigsOf } from '../config/validated-config-memo';
import { contentReadsYaml, withoutFrontMatter } from '../content/front-matter';
import { pagesWithoutUpstream } from '../content/upstream-coverage';
import { loadYaml } from '../content/yaml-module';
import { backgroundWrites, type SpareCheck, type WriteStats } from '../disk/background-writes';
import { type Diagnostic, DocsItError, warningDiagnostic } from '../errors';
import type { WriteCounts } from '../output/output-file';
import { OutputFolder } from '../output/output-folder';
import { hasReusableOutput, type ReuseOptions } from '../output/output-reuse';
import { clientConfigOf } from '../render/client-config';
import { formatBytes } from '../shared/format-units';
import { clientBundleOf, keptBundleOf } from '../site/bundle/bundle-cache';
import {
  type BundleInput,
  bundleClientWithInputs,
  type ClientBundle,
  isSiteFree,
  withClientConfig,
} from '../site/bundle/bundle-client';
import { prebuiltClientBundle } from '../site/bundle/prebuilt-client-bundle';
import { bundleSiteStyles, withSiteStyles } from '../site/bundle/site-styles';
import { type ExecutionPlan, keepsEveryPage, mayHighlightAhead, planExecution } from '../site/compile/execution-plan';
import { type RenderAhead, renderAhead } from '../site/files/render-ahead';
import { createRenderPool, type RenderPool } from '../site/files/render-pool';
import {
  type SearchPartsMade,
  type StemsAhead,
  searchPartMaker,
  siteFiles,
  stemsAheadOf,
} from '../site/files/site-files';
import { keptLastCommits } from '../site/kept-last-commits';
import type { PhaseTiming } from '../site/progress';
import { type Run, type RunOptions, startRun } from '../site/run';
import { createSite, readContent, type Site, type SiteContent } from '../site/site';
import { firstMermaidUseOf } from '../site/source-facts';
import { type TranslationOptions, translationInputOf } from '../site/translation-input';
import { turbofanForFiles } from './optimizing-compiler';
import { precacheOrderOf } from './precache-order';
import { writeServiceWorker } from './write-service-worker';

export type BuildOptions = RunOptions &
  Omit<TranslationOptions, 'onProgress'> & {
    /** Worker threads compiling pages (default: `jobs` of the config, else see `planExecution`); 1: none. */
    jobs?: number | undefined;
    /**
     * Code blocks to highlight from which, when no workers compile the pages, one highlights them ahead of the
     * build's thread (default: see `planExecution`).
     */
    highlightAheadFrom?: number | undefined;
    /**
     * Worker threads rendering routes (default: see `renderWorkersOf`, from the `renderHereFirst`-th route to render);
     * 0: the build's thread renders them. Given, they render every route from the first.
     */
    renderWorkers?: number | undefined;
  };

export interface BuildSummary {
  pages: number;
  /** Routes by kind (`doc`, `blog-post`, …), for `--verbose`. */
  kinds: Record<string, number>;
  /** Outputs taken from the cache and computed, by stage. */
  cache: Partial<Record<StageName, StageStats>>;
  /** Worker threads that compiled pages (0: the build's own thread compiled them). */
  workers: number;
  /** Code blocks a worker highlighted ahead of the build's thread (see `highlightAheadFrom`). */
  highlightedAhead: number;
  /** Routes rendered while the markdown stage compiled the other pages (see `render-ahead.ts`). */
  renderedAhead: number;
  /** Files the writing thread created for this build (output and cache), and how long that took. */
  writes: WriteStats;
  /** Page files (HTML, page data, sidebars) written, and kept from the previous build. */
  pageFiles: { written: number; reused: number };
  /** Search parts made while a render worker rendered their route, and by the search stage (`SiteFiles`). */
  searchParts: SearchPartsMade;
  files: number;
  bytes: number;
  ms: number;
  out: string;
  timings: PhaseTiming[];
}

/**
 * `docs-it build`: config → content → model → markdown → links → props → bundle → render → search → extras →
 * service worker, written into a temporary folder that replaces the output folder only when every step succeeded.
 */
export async function buildSite(options: BuildOptions): Promise<BuildSummary> {
  const start = performance.now();
  const writesBefore = backgroundWrites().stats();
  // Every build writes: the thread loads while the config, the content and the model are read (a warm build's first
  // use of it, the output's spare check, comes before this thread pauses for anything).
  backgroundWrites().start();
  const run = await startRun(options, 'build', {
    highlightsSoon: mayHighlightAhead(availableParallelism(), options.jobs),
  });
  // What the build found outside any page (a cache it could not update), and the site once there is one.
  const found: Diagnostic[] = [];
  let site: Site | undefined;
  // Pages rendered while the markdown stage compiles the others, when this build does that (see `rendersAhead`).
  let ahead: RenderAhead | undefined;
  // The words of the search parts made ahead, stemmed while the markdown stage waits (see stems-ahead.ts).
  let stems: StemsAhead | undefined;
  // The client bundle, made in esbuild's process while the pages are compiled: a build that fails before it
  // waits for it still, since it keeps what it made in the cache (a build writes nothing once it has returned).
  let bundling: Promise<ClientBundle> | undefined;
  const report = () =>
    run.reporter.diagnostics([...(site?.diagnostics() ?? []), ...run.compiler.diagnostics, ...found]);
  try {
    site = await readSite(run, options);
    report();
    // The output's spare folder looked at by the file-writing thread while this one compiles and renders.
    const spareCheck = OutputFolder.checkSpare(site.config.paths.out, reuseOptionsOf(site.config, options));
    // What the running CLI made beside it for every production build (looked for once: from sources, it is a walk).
    const prebuiltDir =
      site.config.mode === 'production' ? runningCliDir(options.packageRoot, options.cliDir) : undefined;
    // esbuild bundles in its own process while the markdown is compiled here.
    bundling = bundleOf(run, site, options, prebuiltDir);
    let pages: CompiledPages | undefined = await compilePages(run, site, options, bundling, (a, s) => {
      ahead = a;
      stems = s;
    });
    report();
    await checkLinksOf(run, site, pages, options);
    // Every page's ids and links are the link check's alone: not held while the routes are rendered.
    pages = undefined;
    const routesOf = site;
    await run.task('props', () => routesOf.checkRoutes());
    report();
    const made = bundling;
    const bundle = await run.task(
      'bundle',
      () => made,
      (b) => `${b.files.length} files`,
    );
    const output = await writeOutput(run, site, bundle, { options, prebuiltDir, ahead, stems, spareCheck }, (warning) =>
      found.push(warningDiagnostic(new DocsItError(warning))),
    );
    return summaryOf(run, site, output, {
      ms: performance.now() - start,
      writes: writesSince(writesBefore),
      renderedAhead: ahead?.rendered ?? 0,
    });
  } finally {
    ahead?.stop();
    await run.compiler.close();
    await bundling?.catch(() => undefined);
    // The cache entries are written by another thread: the next build must find them all.
    await run.cache.flush();
    run.end();
    report();
  }
}

/** What `Site.compileAll` gives: every page compiled, by source file. */
type CompiledPages = Awaited<ReturnType<Site['compileAll']>>;

/**
 * Every page's markdown, compiled as the execution plan says (in this thread or in workers), the pages compiled
 * rendered meanwhile when this build does that (`rendersAhead`; `started` is given what renders them).
 */
async function compilePages(
  run: Run,
  site: Site,
  options: BuildOptions,
  bundling: Promise<ClientBundle>,
  started: (ahead: RenderAhead, stems: StemsAhead | undefined) => void,
): Promise<CompiledPages> {
  run.compiler.follow(planOf(options, site), site.jobs.values());
  let ahead: RenderAhead | undefined;
  let stems: StemsAhead | undefined;
  if (rendersAhead(run, site, options)) {
    // The words of the parts made ahead stemmed in the stage's waits too: the search stage's end then waits for no
    // stem thread (see stems-ahead.ts).
    stems = stemsAheadOf(site);
    ahead = renderAhead(site, bundling, searchPartMaker(site, stems));
    started(ahead, stems);
  }
  let pages: CompiledPages;
  try {
    pages = await run.task(
      'markdown',
      (onProgress) => site.compileAll(onProgress, ahead?.compiled),
      (p) => `${p.size} pages`,
    );
  } finally {
    // Past this stage the build's thread no longer waits: stemming here would only delay it.
    stems?.stop();
  }
  // Every page is compiled: the workers' heaps would only weigh on rendering (memory, garbage collection).
  await run.compiler.close();
  // The site keeps no compiled page: it reads back from the cache's files those this run compiled, which must be on
  // disk first. A build that compiled none waits for nothing here: the file-writing thread may still be looking at
  // the output's spare folder (`checkSpare`), which a warm build's other stages do not need yet.
  if ((run.cache.stats().compile?.misses ?? 0) > 0) await run.cache.flush();
  return pages;
}

/**
 * Whether this build renders pages while the markdown stage compiles the others (see `render-ahead.ts`): when its
 * thread compiles them and a worker highlights their code ahead of it (the thread then waits for that worker through
 * much of the stage), the site is small enough that its compiled pages are held (`keepsEveryPage`: the props read
 * them from memory), its routes are rendered in this thread (no render workers), and the output folder has no
 * previous build to keep files from (else most pages would be kept, not rendered).
 */
function rendersAhead(run: Run, site: Site, options: BuildOptions): boolean {
  const { config } = site;
  return (
    run.compiler.highlightsAhead &&
    !run.compiler.parallel &&
    keepsEveryPage(site.jobs.size) &&
    renderWorkersOf(site, options) === 0 &&
    !hasReusableOutput(config.paths.out, reuseOptionsOf(config, options))
  );
}

/** Where the output folder's manifests are kept, and whether its previous build's files may be kept. */
function reuseOptionsOf(config: ResolvedConfig, options: BuildOptions): ReuseOptions {
  return { manifests: path.join(config.paths.cache, 'outputs'), enabled: !options.noCache };
}

/** Every link checked against the pages and the site's files. */
async function checkLinksOf(run: Run, site: Site, pages: CompiledPages, options: BuildOptions): Promise<void> {
  const kinds = options.fileKinds ?? [];
  await run.task('links', () => site.checkLinks(pages, siteFiles(site, run.stages, { kinds }).linkable()));
}

/** The config, the content (with the translations' input when asked for) and the site's model. */
async function readSite(run: Run, options: BuildOptions): Promise<Site> {
  const config = await run.task('config', async () => {
    const loaded = await loadConfig(options, run.cache.modules, validatedConfigsOf(run.cache));
    checkOutputFolder(loaded, options.out);
    return loaded;
  });
  const content = await run.task(
    'content',
    () => readContent(config, run.cache.modules, keptLastCommits(run.cache), run.cache.content),
    (c) => `${c.discovered.sources.length} files`,
  );
  turbofanForFiles(content.discovered.sources.length, run.cache.startsCold);
  highlightEarly(run, config, content, options);
  await yamlAhead(run, content);
  if (options.upstream || options.translationStatus) {
    const translations = await run.task(
      'translations',
      () => translationInputOf(options, config),
      (t) => (t && 'history' in t ? `${t.history.commits.length} upstream commits` : 'status file'),
    );
    if (translations) content.translations = translations;
  }
  const site = await run.task(
    'model',
    // A large site's build keeps no compiled page past its use, so that its memory does not grow with the HTML.
    () =>
      createSite(config, content, run.stages, {
        keepPages: keepsEveryPage(content.discovered.sources.length),
        standIns: true,
      }),
    (s) => `${s.model.routes.length} routes`,
  );
  if (config.site.translations) {
    // A count: `docs-it translations` lists them.
    const missing = pagesWithoutUpstream(site.model).length;
    if (missing > 0)
      run.reporter.detail(
        `${missing} ${missing === 1 ? 'page' : 'pages'} without \`upstream\` in the front matter ` +
          '(docs-it translations lists them)',
      );
  }
  return site;
}

/** How this build compiles its pages: as asked (`--jobs`, `jobs`), else as `planExecution` finds best. */
function planOf(options: BuildOptions, site: Site): ExecutionPlan {
  return planFor(options, site.config, site.jobs.size);
}

function planFor(options: BuildOptions, config: ResolvedConfig, pages: number): ExecutionPlan {
  return planExecution({
    mode: 'build',
    pages,
    processors: availableParallelism(),
    jobs: options.jobs ?? config.site.jobs,
    highlightAheadFrom: options.highlightAheadFrom,
  });
}

/**
 * A build with no highlighted block to reuse whose content files alone already call for a worker highlighting
 * ahead starts it now, with their blocks: its start (a thread, Shiki, Oniguruma) and the grammars' first use then
 * overlap the model stage instead of holding up the first pages of the markdown stage, which wait for it.
 * `follow` keeps it or stops it once the pages are known.
 */
function highlightEarly(run: Run, config: ResolvedConfig, content: SiteContent, options: BuildOptions): void {
  if (!run.cache.startsCold) return;
  // A file the content record vouched for is read only when a stage needs its text: reading every text here would
  // undo the record on each warm build of a site that keeps no highlighted block (too few code blocks for a store).
  if ((run.cache.stats().content?.hits ?? 0) > 0) return;
  const { sources } = content.discovered;
  const plan = planFor(options, config, sources.length);
  if (plan.workers > 0 || plan.highlightAheadFrom === undefined) return;
  run.compiler.highlightEarly(
    sources.map((source) => ({ file: source.file, body: withoutFrontMatter(source.text) })),
    plan.highlightAheadFrom,
  );
}

/**
 * YAML's library loaded now when this build will parse YAML (see yaml-module.ts), which a build that holds every
 * text can tell. A build whose content record vouched for files takes their front matter from the cache, and loads
 * the library only if a changed file needs it.
 */
async function yamlAhead(run: Run, content: SiteContent): Promise<void> {
  if ((run.cache.stats().content?.hits ?? 0) > 0) return;
  if (contentReadsYaml(content.discovered)) await loadYaml();
}

/**
 * The browser bundle (the build before's when nothing it was made from changed) and the site's own stylesheets,
 * started at once (esbuild works in its own process).
 */
function bundleOf(run: Run, site: Site, options: BuildOptions, prebuiltDir: string | undefined): Promise<ClientBundle> {
  const { config } = site;
  const clientConfig = clientConfigOf(config.site, site.chrome, site.model, config.mode);
  const production = config.mode === 'production';
  const input: BundleInput = {
    packageRoot: options.packageRoot,
    baseUrl: config.site.baseUrl,
    mode: config.mode,
    // In production the config is a script of its own (`withClientConfig`), not part of the bundle or its key.
    ...(production ? {} : { clientConfig }),
    siteRoot: config.paths.root,
    staticDir: config.paths.static,
    components: config.site.components && path.resolve(config.paths.root, config.site.components),
    mermaid: firstMermaidUseOf(
      site.content.discovered.sources,
      Object.hasOwn(site.content.theme.components, 'Mermaid'),
    ),
    themeOverrides: site.content.theme.files,
    siteThemeComponents: site.content.theme.components,
  };
  const prebuilt = isSiteFree(input) ? prebuiltClientBundle(prebuiltDir, input.baseUrl) : undefined;
  const bundling = Promise.all([
    (prebuilt
      ? Promise.resolve(prebuilt)
      : run.cache
          .stage('bundle', async () => {
            const made = await bundleClientWithInputs(input);
            return keptBundleOf(made.bundle, made.inputs);
          })(
            // Where the first diagram is does not change the bundle, whether there is one does.
            { ...input, mermaid: input.mermaid !== undefined },
          )
          .then(clientBundleOf)
    ).then((bundle) => (production ? withClientConfig(bundle, clientConfig, input.baseUrl) : bundle)),
    bundleSiteStyles({
      siteRoot: config.paths.root,
      customCss: customCssFiles(config.site.customCss, config.paths.root),
      codeStyles: site.content.codeStyles,
      baseUrl: config.site.baseUrl,
      mode: config.mode,
    }),
  ]).then(([client, styles]) => withSiteStyles(client, styles));
  // Awaited after the markdown phase; a failure meanwhile is not unhandled.
  bundling.catch(() => undefined);
  return bundling;
}

/** Renders and writes every file of the site, then swaps the new output folder in (nothing half-done). */
async function writeOutput(
  run: Run,
  site: Site,
  bundle: ClientBundle,
  {
    options,
    prebuiltDir,
    ahead,
    stems,
    spareCheck,
  }: {
    options: BuildOptions;
    prebuiltDir: string | undefined;
    ahead: RenderAhead | undefined;
    stems: StemsAhead | undefined;
    spareCheck: SpareCheck | undefined;
  },
  warn: (message: string) => void,
): Promise<{ output: OutputFolder; rendered: WriteCounts; searchParts: SearchPartsMade }> {
  const { config } = site;
  const workers = renderWorkersOf(site, options);
  let pool: RenderPool | undefined;
  const files = siteFiles(site, run.stages, {
    bundle,
    kinds: options.fileKinds ?? [],
    ...(workers > 0 ? { renderPool: (shared) => (pool = createRenderPool({ size: workers, shared, warn })) } : {}),
    ...(options.renderWorkers === undefined ? { renderHereFirst } : {}),
    ...(ahead ? { renderedAhead: ahead.take, partMadeAhead: ahead.takePart } : {}),
    ...(stems ? { stemmedAhead: stems.known } : {}),
  });
  const output = await OutputFolder.open(config.paths.out, {
    root: config.paths.root,
    reuse: reuseOptionsOf(config, options),
    check: spareCheck,
  });
  try {
    const rendered = await run.task(
      'render',
      async (onProgress) => {
        try {
          return await output.writeFiles(files.pages, onProgress, workers > 0 ? pagesRenderedAhead : 1);
        } finally {
          // Their heaps would only weigh on the search stage, and so would pages rendered ahead and not taken.
          ahead?.stop();
          await pool?.close();
        }
      },
      (c) => `${c.written} written, ${c.reused} unchanged`,
    );
    // The stages left are where the build's thread holds the most: its heap let grow less from here (large sites).
    run.compiler.boundTheEnd();
    await run.task(
      'search',
      () => output.writeGroup(files.search),
      (c) => `${c.written + c.reused} files`,
    );
    await run.task('write', async () => {
      await output.writeFiles([...files.extras, ...files.assets]);
      await output.copyFiles(files.copies);
    });
    await run.task(
      'service worker',
      () =>
        writeServiceWorker({
          packageRoot: options.packageRoot,
          output,
          baseUrl: config.site.baseUrl,
          mode: config.mode,
          precached: files.precached,
          budget: config.site.pwa.precache,
          order: precacheOrderOf(site),
          cache: run.cache,
          prebuiltDir,
        }),
      (sw) =>
        `${sw.files} files, ${formatBytes(sw.bytes)} precached` +
        (sw.files < sw.candidates ? ` (the budget; ${sw.candidates - sw.files} more kept when first opened)` : ''),
    );
    await output.commit(
      warn,
      () => keepForNextBuild(output, run.cache, config.paths.root, warn),
      // The cache's files in memory (a cold build's packs: tens of MB to encode) written while the writing thread
      // finishes the output; `keepForNextBuild` finds them saved.
      () => run.cache.save(),
    );
    return { output, rendered, searchParts: files.searchPartsMade() };
  } catch (error) {
    await output.abort();
    throw error;
  }
}

/**
 * Routes from which a build renders them in worker threads: below, a worker's start (loading React and the theme,
 * receiving the site's model) costs more than the rendering it takes off the build's thread.
 */
export const renderWorkersFrom = 2000;

/**
 * Routes a build with render workers renders on its own thread before it starts them: a warm build after an edit
 * renders one or a few routes, each in a few ms, where a worker's start (a thread, React and the theme loaded, the
 * site's shared data received) costs a few hundred; a cold build renders thousands, and these few change nothing.
 */
const renderHereFirst = 16;

/** Pages being rendered at once while the build's thread writes the one before (see `OutputFolder.writeFiles`). */
const pagesRenderedAhead = 8;

/**
 * Render workers for this build: one, when the site has `renderWorkersFrom` routes and a second processor, so the
 * build's thread reads each route's props and hands its files to the writing thread while the worker renders (more
 * would only share the same processors).
 */
function renderWorkersOf(site: Site, options: BuildOptions): number {
  if (options.renderWorkers !== undefined) return options.renderWorkers;
  return site.model.routes.length >= renderWorkersFrom && availableParallelism() >= 2 ? 1 : 0;
}

/**
 * The new build is in place (run by `commit`, the output's lock held): the cache only helps the next one, so a
 * failure here is a warning.
 */
function keepForNextBuild(output: OutputFolder, cache: Cache, root: string, warn: (message: string) => void): void {
  try {
    output.saveManifest();
    cache.prune();
  } catch (error) {
    const where = path.relative(root, path.join(root, 'node_modules/.cache/docs-it')) || '.';
    warn(`the cache in ${where} was not updated (${(error as Error).message}); the next build renders every page.`);
  }
}

function summaryOf(
  run: Run,
  site: Site,
  {
    output,
    rendered,
    searchParts,
  }: { output: OutputFolder; rendered: WriteCounts; searchParts: BuildSummary['searchParts'] },
  { ms, writes, renderedAhead }: { ms: number; writes: WriteStats; renderedAhead: number },
): BuildSummary {
  const kinds: Record<string, number> = {};
  for (const route of site.model.routes) kinds[route.kind] = (kinds[route.kind] ?? 0) + 1;
  return {
    pages: site.model.routes.length,
    kinds,
    cache: run.cache.stats(),
    workers: run.compiler.workers,
    highlightedAhead: run.compiler.highlightedAhead,
    renderedAhead,
    writes,
    pageFiles: rendered,
    searchParts,
    files: output.files,
    bytes: output.bytes,
    ms,
    out: site.config.paths.out,
    timings: run.progress.timings,
  };
}

function writesSince(before: WriteStats): WriteStats {
  const now = backgroundWrites().stats();
  return {
    files: now.files - before.files,
    recycled: now.recycled - before.recycled,
    kept: now.kept - before.kept,
    bytes: now.bytes - before.bytes,
    busyMs: now.busyMs - before.busyMs,
    waitedMs: now.waitedMs - before.waitedMs,
  };
}
