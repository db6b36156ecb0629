#!/usr/bin/env node
// Entry point: bundles the TypeScript CLI with esbuild when its sources changed, then runs it.
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cliBundleOptions } from './cli-bundle.mjs';

// React's server renderer is several times slower in its development build.
process.env.NODE_ENV ??= 'production';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(packageRoot, 'node_modules', '.cache', 'docs-it', 'cli');
const outFile = path.join(outDir, 'program.mjs');
const versionsFile = path.join(outDir, 'code-versions.json');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (/\.(ts|tsx|mjs)$/.test(entry.name)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

// Installed dependencies are bundled too: an `npm install` that changes the lock file rebundles.
const lockFile = path.join(packageRoot, 'package-lock.json');
const sourcesMtime = Math.max(
  ...['src', 'templates', 'bin'].map((dir) => newestMtime(path.join(packageRoot, dir))),
  existsSync(lockFile) ? statSync(lockFile).mtimeMs : 0,
);
let metafile;
if (!existsSync(versionsFile) || statSync(versionsFile).mtimeMs < sourcesMtime) {
  const { build } = await import('esbuild');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  metafile = (await build(cliBundleOptions(packageRoot, outDir))).metafile;
}

const cli = await import(pathToFileURL(outFile).href);
// Written last: its presence says the bundle is complete, and it names the code each cached stage runs.
if (metafile) writeFileSync(versionsFile, JSON.stringify(cli.codeVersionsFromMetafile(metafile, packageRoot)));
try {
  process.exitCode = await cli.run(process.argv, {
    packageRoot,
    cliDir: outDir,
    binFile: fileURLToPath(import.meta.url),
  });
} finally {
  // Nothing this process started outlives it (esbuild's service: see endChildProcesses).
  await cli.endChildProcesses();
}
