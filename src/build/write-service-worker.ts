import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import type { Cache } from '../cache/stage-cache';
import type { OutputFolder } from '../output/output-folder';
import { injectPrecacheManifest, precacheManifest } from './precache-manifest';
import { type PrecacheBudget, type PrecacheOrderInput, precacheSelection } from './precache-order';

export interface ServiceWorkerInput {
  packageRoot: string;
  /** The build being written, complete except for the service worker: it precaches every file written (so: last). */
  output: OutputFolder;
  baseUrl: string;
  mode: 'production' | 'development';
  /** Which files written it precaches (see `SiteFiles.precached`), by path relative to the output folder. */
  precached: (file: string) => boolean;
  /** At most how much it precaches, and what comes first when the site's files do not all fit. */
  budget: PrecacheBudget;
  order: PrecacheOrderInput;
  /** Where the last build's bundle of sw.ts is kept (taken while the files esbuild read are unchanged). */
  cache?: Cache;
  /** The running CLI bundle's folder (`runningCliDir`): sw.ts's production bundle (`writePrebuiltServiceWorker`). */
  prebuiltDir?: string | undefined;
}

export interface ServiceWorkerSummary {
  /** Files precached, and their bytes. */
  files: number;
  bytes: number;
  /** Files of precached types written (more than `files` when the site is over its budget). */
  candidates: number;
}

/** A precached file this large would weigh on every reader's first visit (workbox's own default is 2 MB). */
const maxPrecachedBytes = 5 * 1024 * 1024;

/**
 * Writes `<base>/sw.js`: src/service-worker/sw.ts bundled with esbuild, with the precache manifest of the pages,
 * page-data files, assets, search files and images that fit the budget (see precache-order), each with a revision,
 * injected (see precache-manifest).
 */
export async function writeServiceWorker({
  packageRoot,
  output,
  baseUrl,
  mode,
  precached,
  budget,
  order,
  cache,
  prebuiltDir,
}: ServiceWorkerInput): Promise<ServiceWorkerSummary> {
  // Made with the CLI bundle for a production build; else bundled by esbuild in its own process while the
  // file-writing thread finishes the pages.
  const input = { packageRoot, mode };
  const prebuilt = mode === 'production' ? prebuiltServiceWorker(prebuiltDir) : undefined;
  const bundling = prebuilt
    ? Promise.resolve(prebuilt)
    : cache
      ? cache.stage('service-worker', bundleServiceWorker)(input)
      : bundleServiceWorker(input);
  // sw.js goes beside the pages, into a folder the file-writing thread may not have created yet.
  const flushed = output.flush();
  const [bundled] = await Promise.all([bundling, flushed]);
  const candidates = output.filesWithRevisions(precached);
  const tooLarge = candidates.filter((f) => f.size > maxPrecachedBytes);
  if (tooLarge.length) {
    const names = `${tooLarge.map((f) => f.path).join(', ')} ${tooLarge.length > 1 ? 'are' : 'is'}`;
    throw new Error(
      `service worker: ${names} over ${maxPrecachedBytes / 1024 / 1024} MB and would slow every reader's first ` +
        'visit; make it smaller or move it out of the precached types',
    );
  }
  const files = precacheSelection(candidates, order, budget);
  // The writer already knows every file and its revision: nothing of the output is listed or read again.
  const code = injectPrecacheManifest(bundled.code, precacheManifest(files, baseUrl));
  await output.writeLast(`${baseUrl.slice(1)}sw.js`, code);
  return { files: files.length, bytes: files.reduce((sum, f) => sum + f.size, 0), candidates: candidates.length };
}

/** sw.ts bundled, with the files esbuild read (absolute paths): what the cache compares before taking it again. */
export async function bundleServiceWorker({
  packageRoot,
  mode,
}: Pick<ServiceWorkerInput, 'packageRoot' | 'mode'>): Promise<{ code: string; watched: string[] }> {
  const result = await build({
    entryPoints: [path.join(packageRoot, 'src/service-worker/sw.ts')],
    bundle: true,
    format: 'iife',
    target: 'es2020',
    minify: mode === 'production',
    write: false,
    metafile: true,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
    // esbuild's default is the working folder when its service started; the paths below are resolved against today's.
    absWorkingDir: process.cwd(),
  });
  // The metafile names files relative to the working folder (esbuild's default, kept: it names them in the code).
  const watched = Object.keys(result.metafile.inputs)
    .filter((p) => !/^[\w-]+:/.test(p))
    .map((p) => path.resolve(p));
  return { code: result.outputFiles[0]!.text, watched };
}

/** The file beside the CLI bundle holding sw.ts's production bundle. */
export const prebuiltServiceWorkerFile = 'service-worker.js';

/**
 * Makes sw.ts's production bundle into `cliDir`, with the CLI bundle (bin/cli-bundle.mjs): it depends on no site,
 * and the CLI bundle is made again whenever its sources (sw.ts among them) or the installed packages (workbox's)
 * change, so a production build takes it instead of asking esbuild for the same bytes.
 */
export async function writePrebuiltServiceWorker(packageRoot: string, cliDir: string): Promise<void> {
  const { code } = await bundleServiceWorker({ packageRoot, mode: 'production' });
  writeFileSync(path.join(cliDir, prebuiltServiceWorkerFile), code);
}

/**
 * sw.ts's production bundle made with the running CLI (its folder `dir`, `runningCliDir`); undefined when there is
 * none (no running CLI bundle, or one made before this file existed): the caller bundles with esbuild, the same
 * options and so the same bytes.
 */
export function prebuiltServiceWorker(dir: string | undefined): { code: string } | undefined {
  if (dir === undefined) return undefined;
  try {
    return { code: readFileSync(path.join(dir, prebuiltServiceWorkerFile), 'utf8') };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
