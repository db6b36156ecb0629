#!/usr/bin/env node
// Entry point: bundles the TypeScript CLI with esbuild when its sources changed, then runs it.
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { reachableInputs } from './reachable-inputs.mjs';

// React's server renderer is several times slower in its development build.
process.env.NODE_ENV ??= 'production';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = path.join(packageRoot, 'node_modules', '.cache', 'docs-it');
const outDir = path.join(cacheDir, 'cli');
const outFile = path.join(outDir, 'index.mjs');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (/\.(ts|tsx)$/.test(entry.name)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

const sourcesMtime = Math.max(
  newestMtime(path.join(packageRoot, 'src')),
  newestMtime(path.join(packageRoot, 'templates')),
);
if (!existsSync(outFile) || statSync(outFile).mtimeMs < sourcesMtime) {
  const { build } = await import('esbuild');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const result = await build({
    absWorkingDir: packageRoot,
    metafile: true,
    entryPoints: [path.join(packageRoot, 'src/cli/index.ts')],
    outdir: outDir,
    // Split, so that code only some commands need (MDX, Meilisearch, workbox) loads only when used.
    splitting: true,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Dependencies are bundled too: one file loads in about half the time of hundreds of small ESM modules,
    // which is most of `docs-it dev`'s start. Native, optional or file-reading packages stay outside.
    external: ['esbuild', 'workbox-build', 'chokidar', 'fsevents'],
    // Bundled CommonJS packages call `require` for Node built-ins.
    banner: {
      js: "import { createRequire as __docsItRequire } from 'node:module'; const require = __docsItRequire(import.meta.url);",
    },
    // Lets the bundler drop React's development builds (this entry always runs in production mode).
    define: { 'process.env.NODE_ENV': '"production"' },
    jsx: 'automatic',
    sourcemap: 'linked',
    logLevel: 'error',
  });
  // The sources the markdown pipeline is made of: the compiled-page cache is keyed by these (see pipelineIdentity).
  writeFileSync(
    path.join(outDir, 'compile-inputs.json'),
    JSON.stringify(reachableInputs(result.metafile, 'src/markdown/compile-pages.ts')),
  );
}

const { run } = await import(pathToFileURL(outFile).href);
process.exitCode = await run(process.argv, { packageRoot, cliFile: outDir, binFile: fileURLToPath(import.meta.url) });
