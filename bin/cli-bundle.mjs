// How the CLI is bundled: shared by bin/docs-it.mjs, which writes the bundle in a checkout, by `npm pack`'s
// scripts/build-package.mjs, which writes the one the package ships, and by the code-version reader, which needs
// the same module graph when docs-it runs from its TypeScript sources (tests, benchmarks).
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Packages left out of the bundle: native, optional, or reading their own files at run time. */
export const externalPackages = ['esbuild', 'chokidar', 'fsevents', 'oxc-transform'];

/** The entry module of the CLI. */
export const cliEntry = 'src/cli/program.ts';

/** The compile worker's module: a second entry, so a worker loads the markdown pipeline and not the CLI. */
export const compileWorkerEntry = 'src/site/compile/compile-worker.ts';

/** The render worker's module (see src/site/files/render-pool.ts, which finds it beside itself). */
export const renderWorkerEntry = 'src/render/render-worker.ts';

/**
 * What a site's modules import as `docs-it` when they are made without esbuild (src/config/strip-types.ts, which
 * finds it beside itself).
 */
export const publicApiEntry = 'src/index.ts';

/** The file-writing thread's module (see src/disk/background-writes.ts, which finds it beside itself). */
export const writeThreadEntry = 'src/disk/write-thread.ts';

/**
 * esbuild options for the CLI bundle.
 * @param {string} packageRoot
 * @param {string} outDir
 * @param {{ sourcemap?: boolean }} [options]
 */
export function cliBundleOptions(packageRoot, outDir, { sourcemap = true } = {}) {
  return {
    absWorkingDir: packageRoot,
    metafile: true,
    entryPoints: {
      program: path.join(packageRoot, cliEntry),
      'compile-worker': path.join(packageRoot, compileWorkerEntry),
      'write-thread': path.join(packageRoot, writeThreadEntry),
      'render-worker': path.join(packageRoot, renderWorkerEntry),
      'public-api': path.join(packageRoot, publicApiEntry),
    },
    outdir: outDir,
    // Split, so that code only some commands need (MDX, Meilisearch, workbox) loads only when used.
    splitting: true,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Dependencies are bundled too: one file loads much faster than hundreds of small ESM modules, which is
    // most of `docs-it dev`'s start (see the README's benchmarks).
    external: externalPackages,
    // Bundled CommonJS packages call `require` for Node built-ins.
    banner: {
      js: [
        "import { createRequire as __docsItRequire } from 'node:module';",
        'const require = __docsItRequire(import.meta.url);',
      ].join(' '),
    },
    // Lets the bundler drop React's development builds (this entry always runs in production mode).
    define: { 'process.env.NODE_ENV': '"production"' },
    jsx: 'automatic',
    // The package ships without them (`npm pack`): they hold every bundled source, twice the bundle's size.
    sourcemap: sourcemap ? 'linked' : false,
    logLevel: 'error',
    plugins: [esbuildThroughRequire, legacyServerRenderer],
  };
}

/**
 * `react-dom/server` (for Node) is React's two server renderers: the legacy one, which is `renderToString` and
 * `renderToStaticMarkup`, and the larger streaming one (`renderToPipeableStream` …), which docs-it never calls but
 * each thread that renders would compile as it starts. The bundle takes the legacy renderer's module alone (this
 * entry always runs in production mode); where an installed React has no such file, the usual module.
 */
const legacyServerRenderer = {
  name: 'react-dom-server-legacy',
  /** @param {import('esbuild').PluginBuild} build */
  setup(build) {
    build.onResolve({ filter: /^react-dom\/server$/ }, (args) => {
      const server = createRequire(path.join(args.resolveDir, 'index.js')).resolve('react-dom/server');
      const legacy = path.join(path.dirname(server), 'cjs', 'react-dom-server-legacy.node.production.js');
      return existsSync(legacy) ? { path: legacy } : undefined;
    });
  },
};

/**
 * The bundle's `import … from 'esbuild'` becomes a `require`, made by the first call of one of esbuild's functions:
 * Node's ESM loader would otherwise lex esbuild's CommonJS main file for its export names at every start of the CLI,
 * and a warm build that asks esbuild nothing (every bundle and site module taken from the cache) loads none of it.
 */
const esbuildThroughRequire = {
  name: 'esbuild-through-require',
  /** @param {import('esbuild').PluginBuild} build */
  setup(build) {
    build.onResolve({ filter: /^esbuild$/ }, (args) =>
      args.namespace === 'esbuild-require'
        ? { path: 'esbuild', external: true }
        : { path: 'esbuild', namespace: 'esbuild-require' },
    );
    build.onLoad({ filter: /.*/, namespace: 'esbuild-require' }, () => {
      // Every function the installed esbuild exports, so a bundled `import { x } from 'esbuild'` finds the same
      // names (its other exports, `version`, would need esbuild loaded at start: a bundle importing one fails).
      const installed = createRequire(import.meta.url)('esbuild');
      const names = Object.keys(installed).filter(
        (name) => typeof installed[name] === 'function' && /^[A-Za-z_$][\w$]*$/.test(name),
      );
      const lazy = names.map((name) => `export function ${name}(...args) { return esbuild().${name}(...args); }`);
      return {
        contents: `let loaded; const esbuild = () => (loaded ??= require('esbuild'));\n${lazy.join('\n')}`,
        loader: 'js',
      };
    });
  },
};

/** The file beside the bundle naming the code each cached stage runs (see src/cache/code-versions.ts). */
export const codeVersionsFile = 'code-versions.json';

/**
 * Where a checkout (its CLI's sources present) keeps the CLI bundle bin/docs-it.mjs makes of them.
 * @param {string} packageRoot
 */
export const checkoutCliDir = (packageRoot) => path.join(packageRoot, 'node_modules', '.cache', 'docs-it', 'cli');

/**
 * The newest time of change of the files under `dir` the bundles are made from: its code, and what the browser
 * bundle made with the CLI takes besides (templates/styles.css, the tsconfig files esbuild reads); a note does not
 * count.
 * @param {string} dir
 */
function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (!entry.name.endsWith('.md')) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Whether the checkout's CLI bundle is whole (its code versions, written last, are there) and newer than every
 * source it is made from and than the lock file (an `npm install` that changes the dependencies bundles again).
 * @param {string} packageRoot
 */
export function checkoutBundleIsCurrent(packageRoot) {
  const versionsFile = path.join(checkoutCliDir(packageRoot), codeVersionsFile);
  if (!existsSync(versionsFile)) return false;
  const lockFile = path.join(packageRoot, 'package-lock.json');
  const sourcesMtime = Math.max(
    ...['src', 'templates', 'bin'].map((dir) => newestMtime(path.join(packageRoot, dir))),
    existsSync(lockFile) ? statSync(lockFile).mtimeMs : 0,
  );
  return statSync(versionsFile).mtimeMs >= sourcesMtime;
}

/**
 * The folder of the running CLI bundle, which holds what it made beside it (the prebuilt browser bundle and
 * sw.js): `cliDir` when docs-it runs from a CLI bundle, else the checkout's when it is current (docs-it run from
 * its sources, as the tests do); undefined when there is none (sources changed since it was made).
 * @param {string} packageRoot
 * @param {string | undefined} cliDir
 */
export function runningCliDir(packageRoot, cliDir) {
  return cliDir ?? (checkoutBundleIsCurrent(packageRoot) ? checkoutCliDir(packageRoot) : undefined);
}

/**
 * Loads a worker thread's module when docs-it runs from its TypeScript sources (tests): the checkout's current
 * CLI bundle's compiled copy (`bundled`, beside the CLI), else the sources through tsx (`fromSources`). A thread
 * does not share its parent's module hooks, and tsx's own, registered in each thread, make loading the markdown
 * pipeline's modules about three times as costly as loading the bundle; the bundle is the same sources, made
 * again by bin/docs-it.mjs whenever one of them changed (the test runner runs it before the first test).
 * @param {string} packageRoot
 * @param {string} bundled
 * @param {() => Promise<unknown>} fromSources
 */
export async function loadWorkerModule(packageRoot, bundled, fromSources) {
  if (checkoutBundleIsCurrent(packageRoot))
    await import(pathToFileURL(path.join(checkoutCliDir(packageRoot), bundled)).href);
  else await fromSources();
}

/**
 * Bundles the CLI into `outDir` (emptied first) with the site-free browser bundle, then writes its code versions
 * there: written last, their file says the bundle is complete. Resolves to the loaded CLI module.
 * @param {string} packageRoot
 * @param {string} outDir
 * @param {{ sourcemap?: boolean }} [options]
 */
export async function writeCliBundle(packageRoot, outDir, options) {
  const { build } = await import('esbuild');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const { metafile } = await build(cliBundleOptions(packageRoot, outDir, options));
  const cli = await import(pathToFileURL(path.join(outDir, 'program.mjs')).href);
  // The browser bundle of a site without code of its own: the same for every such site (see
  // src/site/bundle/prebuilt-client-bundle.ts), so made once here rather than by each build.
  // sw.ts's production bundle, which depends on no site (src/build/write-service-worker.ts): the same.
  await Promise.all([
    cli.writePrebuiltClientBundle(packageRoot, outDir),
    cli.writePrebuiltServiceWorker(packageRoot, outDir),
  ]);
  const versions = cli.codeVersionsFromMetafile(metafile, packageRoot);
  writeFileSync(path.join(outDir, codeVersionsFile), JSON.stringify(versions));
  return cli;
}
