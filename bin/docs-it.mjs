#!/usr/bin/env node
// Entry point. An installed package runs the CLI bundle `npm pack` built (dist/cli) and writes nothing into its
// own folder, which may be read-only; a checkout (the CLI's sources are here) bundles them with esbuild into its
// node_modules whenever they changed, then runs that.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { checkoutBundleIsCurrent, checkoutCliDir, cliEntry, codeVersionsFile, writeCliBundle } from './cli-bundle.mjs';

// React's server renderer is several times slower in its development build.
process.env.NODE_ENV ??= 'production';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fromSources = existsSync(path.join(packageRoot, cliEntry));
const cliDir = fromSources ? checkoutCliDir(packageRoot) : path.join(packageRoot, 'dist', 'cli');

/** The CLI module: from a checkout, bundled again first when its sources or its dependencies changed. */
async function loadCli() {
  const versionsFile = path.join(cliDir, codeVersionsFile);
  if (fromSources) {
    // Installed dependencies are bundled too: an `npm install` that changes the lock file rebundles.
    if (!checkoutBundleIsCurrent(packageRoot)) return writeCliBundle(packageRoot, cliDir);
  } else if (!existsSync(versionsFile)) {
    fail(`this copy of docs-it has no built CLI (${path.relative(process.cwd(), cliDir) || '.'} is incomplete)`, [
      'Install docs-it again (npm install docs-it); a package packed from a checkout is built by `npm pack`.',
    ]);
  }
  // The bundle requires esbuild at the first call of one of its functions (bin/cli-bundle.mjs), so an install that
  // lacks it is found here, where it is named, not in the middle of a build: resolving it loads none of it.
  createRequire(path.join(packageRoot, 'package.json')).resolve('esbuild');
  return import(pathToFileURL(path.join(cliDir, 'program.mjs')).href);
}

/** Prints what is wrong and what to do, and exits with code 1. */
function fail(message, hints) {
  process.stderr.write(`docs-it: ${message}\n${hints.map((hint) => `  → ${hint}\n`).join('')}`);
  process.exit(1);
}

let cli;
try {
  cli = await loadCli();
} catch (error) {
  // The bundle leaves a few packages out (bin/cli-bundle.mjs): an install that lacks one names it.
  // esbuild is loaded with `require` (bin/cli-bundle.mjs), the others with `import`: each says it its own way.
  const missing =
    error?.code === 'ERR_MODULE_NOT_FOUND'
      ? /Cannot find package '([^']+)'/.exec(error.message)?.[1]
      : error?.code === 'MODULE_NOT_FOUND'
        ? /Cannot find module '([^./][^']*)'/.exec(error.message)?.[1]
        : undefined;
  if (!missing) throw error;
  fail(`the package '${missing}' that docs-it needs is not installed`, [
    'Install the dependencies again (npm install) in the folder of the site.',
  ]);
}
try {
  process.exitCode = await cli.run(process.argv, {
    packageRoot,
    cliDir,
    binFile: fileURLToPath(import.meta.url),
  });
} finally {
  // Nothing this process started outlives it (esbuild's service: see endChildProcesses).
  await cli.endChildProcesses();
}
