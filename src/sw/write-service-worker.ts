import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';

export interface ServiceWorkerInput {
  packageRoot: string;
  /** The build's temporary output folder, complete except for the service worker. */
  outDir: string;
  baseUrl: string;
  mode: 'production' | 'development';
}

export interface ServiceWorkerSummary {
  files: number;
  bytes: number;
}

/**
 * Writes `<base>/sw.js`: src/sw/sw.ts bundled with esbuild, with workbox-build injecting the precache
 * manifest of every page, page-data file, asset, search index and image, each with a revision.
 */
export async function writeServiceWorker({ packageRoot, outDir, baseUrl, mode }: ServiceWorkerInput): Promise<ServiceWorkerSummary> {
  const work = await mkdtemp(path.join(tmpdir(), 'docs-it-sw-'));
  try {
    const swSrc = path.join(work, 'sw.js');
    const bundled = await build({
      entryPoints: [path.join(packageRoot, 'src/sw/sw.ts')],
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
    // workbox-build's main entry loads rollup and babel for generateSW (~400 ms); injectManifest alone is
    // about 100 ms, and only builds reach this step.
    const { injectManifest } = await import('workbox-build/build/inject-manifest.js');
    const result = await injectManifest({
      swSrc,
      swDest: path.join(outDir, base, 'sw.js'),
      globDirectory: outDir,
      globPatterns: [`${base}**/*.{html,json,js,css,svg,png,ico,webmanifest,woff2}`],
      // The full search records are for `docs-it index` (Meilisearch), not for readers: the local index is.
      globIgnores: [`${base}sw.js`, '**/*.map', `${base}search/records.json`],
      // Hashed assets carry their version in the name.
      dontCacheBustURLsMatching: /\.[A-Z0-9]{8,}\.(js|css)$/,
      maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      modifyURLPrefix: { [base]: baseUrl },
    });
    if (result.warnings.length) throw new Error(`service worker: ${result.warnings.join('; ')}`);
    return { files: result.count, bytes: result.size };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
