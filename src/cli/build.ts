import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { bundleClient, writeClientBundle } from '../bundle/bundle-client';
import { clientConfigOf } from '../config/client-config-of';
import { type LoadConfigOptions, loadConfig } from '../config/load-config';
import { buildContentModel } from '../content/content-model';
import { discoverContent } from '../content/discover';
import { loadReleases } from '../content/load-releases';
import { validateLinks } from '../content/validate-links';
import { pipelineIdentity, pruneCompileCache } from '../markdown/compile-cache';
import { type CompileStats, compilePages } from '../markdown/compile-pages';
import { HighlightStore, highlightVersion } from '../markdown/highlight-store';
import { OutputWriter } from '../output/output-writer';
import { writeExtras } from '../output/write-extras';
import { buildChrome } from '../render/chrome';
import { clientSidebars } from '../render/client-sidebar';
import { colorModeScript } from '../render/color-mode-script';
import { RenderReuse } from '../render/render-reuse';
import { renderRoutes } from '../render/render-routes';
import { buildRouteProps } from '../render/route-props';
import { writeSearch } from '../search/write-search';
import { precached, writeServiceWorker } from '../sw/write-service-worker';
import { formatBytes, type PhaseTiming, Progress } from './task';

export interface BuildOptions extends LoadConfigOptions {
  /** Folder of the docs-it package (holds `src/client` and `templates`). */
  packageRoot: string;
  quiet?: boolean;
  /** Compile every page even when the disk cache has it. */
  noCache?: boolean;
  /** The running CLI bundle: its hash keys the disk cache, so a changed compiler never reuses old pages. */
  cliFile?: string;
}

export interface BuildSummary {
  pages: number;
  /** Routes by kind (`doc`, `blog-post`, …), for `--verbose`. */
  kinds: Record<string, number>;
  /** Pages compiled now and pages reused from the disk cache. */
  compile: CompileStats;
  /** Pages whose HTML was taken unchanged from the previous build. */
  reusedPages: number;
  files: number;
  bytes: number;
  ms: number;
  out: string;
  timings: PhaseTiming[];
}

/** Names the render manifest after the output folder, so a build into another folder never reuses the wrong files. */
function outputKey(out: string): string {
  return createHash('sha256').update(path.resolve(out)).digest('hex').slice(0, 12);
}

/** The build pipeline: config → content → markdown → props → render + bundle → extras → swap in. */
export async function buildSite(options: BuildOptions): Promise<BuildSummary> {
  const start = performance.now();
  const progress = new Progress(process.stdout, options.quiet);
  const config = await progress.task('config', () => loadConfig(options));
  const configSource = await readFile(config.paths.configFile, 'utf8');
  const relConfig = path.relative(config.paths.root, config.paths.configFile);
  // esbuild runs in its own process: start it now and collect it after the markdown work.
  const bundling = bundleClient({
    packageRoot: options.packageRoot,
    baseUrl: config.site.baseUrl,
    mode: config.mode,
    clientConfig: clientConfigOf(config.site, config.mode),
  });
  bundling.catch(() => undefined);
  const discovered = await progress.task(
    'content',
    () => discoverContent(config),
    (d) => `${d.sources.length} files`,
  );
  const model = await progress.task(
    'model',
    () => buildContentModel({ site: config.site, discovered, configFile: relConfig, configSource }),
    (m) => `${m.routes.length} routes`,
  );
  const releases = await loadReleases(config);
  const stats: CompileStats = { compiled: 0, cached: 0 };
  const cache = options.noCache
    ? undefined
    : {
        dir: path.join(config.paths.cache, 'pages'),
        identity: pipelineIdentity({ cliDir: options.cliFile, packageRoot: options.packageRoot }),
      };
  const highlightStore = cache
    ? HighlightStore.open(config.paths.cache, await highlightVersion(options.packageRoot))
    : undefined;
  let compiled: Awaited<ReturnType<typeof compilePages>>;
  try {
    compiled = await progress.task(
      'markdown',
      () =>
        compilePages({ model, baseUrl: config.site.baseUrl, root: config.paths.root, cache, highlightStore }, stats),
      (c) => `${c.size} pages (${stats.cached} from the cache)`,
    );
  } finally {
    // Blocks highlighted before an error are still good for the next build.
    highlightStore?.save();
    stats.storedBlocks = highlightStore?.hits ?? 0;
  }
  await progress.task('links', () => validateLinks(model, compiled, config.site.baseUrl));
  const pages = await progress.task('props', () => buildRouteProps({ site: config.site, model, compiled, releases }));
  const bundle = await progress.task(
    'bundle',
    () => bundling,
    (b) => `${b.files.length} files`,
  );
  const writer = await OutputWriter.open(config.paths.out);
  let reusedPages = 0;
  let reuse: RenderReuse | undefined;
  try {
    const assets = { css: bundle.css, js: bundle.js, colorModeScript: colorModeScript(config.site) };
    const input = {
      site: config.site,
      chrome: buildChrome(config.site),
      pages,
      sidebars: clientSidebars(model.sidebars.sidebars),
      assets,
      notFoundPath: model.basePaths.notFound,
      hasBlog: model.posts.length > 0,
    };
    // Pages whose render inputs did not change since the last build are linked from it, not rendered.
    reuse = cache
      ? RenderReuse.open(
          path.join(config.paths.cache, `render-${outputKey(config.paths.out)}.json`),
          config.paths.out,
          [
            cache.identity.cli,
            JSON.stringify(input.site),
            JSON.stringify(input.chrome),
            JSON.stringify(input.assets),
            String(input.hasBlog),
            input.notFoundPath,
          ],
        )
      : undefined;
    const rendered = await progress.task(
      'render',
      () => renderRoutes(input, writer, reuse),
      (r) => `${pages.length} pages (${r.reused} unchanged)`,
    );
    reusedPages = rendered.reused;
    await progress.task(
      'search',
      () => writeSearch(pages, config.site, writer),
      (records) => `${records} records`,
    );
    await progress.task('write', async () => {
      await writeClientBundle(bundle, writer);
      await writeExtras(config, model, compiled, pages, writer, discovered.staticFiles);
    });
    // Last, so its precache manifest lists every file of the finished build.
    await progress.task(
      'service worker',
      () =>
        writeServiceWorker({
          packageRoot: options.packageRoot,
          outDir: writer.tmp,
          baseUrl: config.site.baseUrl,
          mode: config.mode,
          files: writer.filesWithRevisions(precached(config.site.baseUrl)),
        }),
      (sw) => `${sw.files} files, ${formatBytes(sw.bytes)} precached`,
    );
    await writer.commit();
  } catch (error) {
    await writer.abort();
    throw error;
  }
  // The new build is in place: the cache only helps the next one, so a failure here is a warning.
  try {
    reuse?.save();
    if (cache) pruneCompileCache(cache.dir, cache.identity, stats.cacheKeys);
  } catch (error) {
    process.stderr.write(
      `Avviso: cache in ${path.relative(config.paths.root, config.paths.cache) || '.'} non aggiornata (${(error as Error).message}); la prossima build renderà tutte le pagine.\n`,
    );
  }
  const kinds: Record<string, number> = {};
  for (const page of pages) kinds[page.props.kind] = (kinds[page.props.kind] ?? 0) + 1;
  const summary: BuildSummary = {
    pages: pages.length,
    kinds,
    compile: stats,
    reusedPages,
    files: writer.files,
    bytes: writer.bytes,
    ms: performance.now() - start,
    out: config.paths.out,
    timings: progress.timings,
  };
  return summary;
}

/** The totals and one line of phases (plus routes by kind and cache use with `verbose`). */
export function formatSummary(summary: BuildSummary, root: string, verbose = false): string {
  const phases = summary.timings.map((t) => `${t.label} ${Math.round(t.ms)} ms`).join(', ');
  const lines = [
    `Sito generato in ${path.relative(root, summary.out) || '.'}/: ${summary.pages} pagine, ${summary.files} file, ${formatBytes(summary.bytes)} in ${(summary.ms / 1000).toFixed(2)} s`,
    `Fasi: ${phases}`,
  ];
  if (verbose) {
    lines.push(
      `Pagine per tipo: ${Object.entries(summary.kinds)
        .map(([kind, n]) => `${kind} ${n}`)
        .join(', ')}`,
    );
    lines.push(
      `Markdown: ${summary.compile.compiled} pagine compilate, ${summary.compile.cached} riprese dalla cache (node_modules/.cache/docs-it), ${summary.compile.storedBlocks ?? 0} blocchi di codice già evidenziati`,
    );
    lines.push(
      `HTML: ${summary.pages - summary.reusedPages} pagine generate, ${summary.reusedPages} invariate riprese dalla build precedente`,
    );
  }
  return lines.join('\n');
}
