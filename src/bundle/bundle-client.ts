import path from 'node:path';
import { type BuildOptions, type BuildResult, build, context } from 'esbuild';
import type { ClientConfig } from '../shared/client-config';

export interface ClientBundle {
  /** URLs of the stylesheets and entry scripts, for every page's head. */
  css: string[];
  js: string[];
  files: { path: string; contents: Uint8Array }[];
}

export interface BundleInput {
  /** Folder holding `src/client` and `templates` (the docs-it package). */
  packageRoot: string;
  baseUrl: string;
  mode: 'production' | 'development';
  /** Site settings the browser code needs, compiled in as `__DOCS_IT_CONFIG__` (see src/client/client-config.ts). */
  clientConfig: ClientConfig;
}

function bundleOptions({ packageRoot, baseUrl, mode, clientConfig }: BundleInput): BuildOptions & { write: false } {
  return {
    // Aliases resolve from the working directory: the package's, so a site folder without preact works.
    absWorkingDir: packageRoot,
    entryPoints: {
      app: path.join(packageRoot, 'src/client/entry.tsx'),
      styles: path.join(packageRoot, 'templates/styles.css'),
    },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    minify: mode === 'production',
    sourcemap: 'linked',
    entryNames: '[name].[hash]',
    chunkNames: 'chunks/[name].[hash]',
    assetNames: '[name].[hash]',
    outdir: '/assets',
    publicPath: `${baseUrl}assets`,
    write: false,
    metafile: true,
    logLevel: 'silent',
    jsx: 'automatic',
    // React DOM's client alone is over the page's JavaScript budget (README, benchmarks): the browser runs the
    // same templates on preact/compat, which hydrates React's server markup.
    alias: {
      react: 'preact/compat',
      'react-dom/client': 'preact/compat/client',
      'react-dom': 'preact/compat',
      'react/jsx-runtime': 'preact/jsx-runtime',
    },
    define: { 'process.env.NODE_ENV': JSON.stringify(mode), __DOCS_IT_CONFIG__: JSON.stringify(clientConfig) },
  };
}

/** Bundles the browser code and the stylesheet with esbuild: minified, content-hashed, code-split. */
export async function bundleClient(input: BundleInput): Promise<ClientBundle> {
  return toBundle(await build(bundleOptions(input)), input.baseUrl);
}

/** An incremental esbuild context for `dev`: each `rebuild()` redoes only what changed. */
export async function bundleClientIncrementally(
  input: BundleInput,
): Promise<{ rebuild(): Promise<ClientBundle>; dispose(): Promise<void> }> {
  const ctx = await context(bundleOptions(input));
  return {
    rebuild: async () => toBundle(await ctx.rebuild(), input.baseUrl),
    dispose: () => ctx.dispose(),
  };
}

function toBundle(result: BuildResult<{ write: false }>, baseUrl: string): ClientBundle {
  const files = result.outputFiles.map((f) => ({
    path: path.posix.join(baseUrl.slice(1), 'assets', path.posix.relative('/assets', f.path)),
    contents: f.contents,
  }));
  const urlOf = (f: { path: string }) => `/${f.path}`;
  return {
    css: files.filter((f) => /\/styles\.[^/]+\.css$/.test(f.path)).map(urlOf),
    js: files.filter((f) => /\/app\.[^/]+\.js$/.test(f.path)).map(urlOf),
    files,
  };
}
