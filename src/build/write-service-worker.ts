import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import type { OutputFolder } from '../output/output-folder';

export interface ServiceWorkerInput {
  packageRoot: string;
  /** The build being written, complete except for the service worker: it precaches every file written (so: last). */
  output: OutputFolder;
  baseUrl: string;
  mode: 'production' | 'development';
  /** Which files written it precaches (see `SiteFiles.precached`), by path relative to the output folder. */
  precached: (file: string) => boolean;
}

export interface ServiceWorkerSummary {
  files: number;
  bytes: number;
}

/** A precached file this large would weigh on every reader's first visit (workbox's own default is 2 MB). */
const maxPrecachedBytes = 5 * 1024 * 1024;

/**
 * Writes `<base>/sw.js`: src/service-worker/sw.ts bundled with esbuild, with workbox-build injecting the precache
 * manifest of every page, page-data file, asset, search index and image, each with a revision.
 */
export async function writeServiceWorker({
  packageRoot,
  output,
  baseUrl,
  mode,
  precached,
}: ServiceWorkerInput): Promise<ServiceWorkerSummary> {
  // workbox writes sw.js itself, into a folder the file-writing thread may not have created yet.
  await output.flush();
  const outDir = output.tmp;
  const files = output.filesWithRevisions(precached);
  const work = await mkdtemp(path.join(tmpdir(), 'docs-it-sw-'));
  try {
    const swSrc = path.join(work, 'sw.js');
    const bundled = await build({
      entryPoints: [path.join(packageRoot, 'src/service-worker/sw.ts')],
      bundle: true,
      format: 'iife',
      target: 'es2020',
      minify: mode === 'production',
      write: false,
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
    });
    await writeFile(swSrc, bundled.outputFiles[0]!.text);
    const base = baseUrl.slice(1);
    // workbox-build's main entry loads rollup and babel for generateSW; injectManifest alone loads a fraction
    // of that (docs/measurements.md).
    const { injectManifest } = await import('workbox-build/build/inject-manifest.js');
    const tooLarge = files.filter((f) => f.size > maxPrecachedBytes);
    if (tooLarge.length) {
      const names = `${tooLarge.map((f) => f.path).join(', ')} ${tooLarge.length > 1 ? 'are' : 'is'}`;
      throw new Error(
        `service worker: ${names} over ${maxPrecachedBytes / 1024 / 1024} MB and would slow every reader's first ` +
          'visit; make it smaller or move it out of the precached types',
      );
    }
    const result = await injectManifest({
      swSrc,
      swDest: path.join(outDir, base, 'sw.js'),
      globDirectory: outDir,
      // The writer already knows every file and its hash: templated URLs take a URL and a version string,
      // where globbing would list and read the whole output again.
      globPatterns: [],
      templatedURLs: Object.fromEntries(files.map((f) => [f.path, f.revision])),
      // Hashed assets carry their version in the name.
      dontCacheBustURLsMatching: /\.[A-Z0-9]{8,}\.(js|css)$/,
      modifyURLPrefix: { [base]: baseUrl },
    });
    if (result.warnings.length) throw new Error(`service worker: ${result.warnings.join('; ')}`);
    return { files: result.count, bytes: files.reduce((sum, f) => sum + f.size, 0) };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
