import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type BuildOptions, type BuildResult, build, context, type Metafile, type Plugin } from 'esbuild';
import { DocsItError, type SourceLocation } from '../../errors';
import { type BuiltinModule, builtinModules, isBuiltinModule } from '../../shared/builtin-modules';
import type { ClientConfig } from '../../shared/client-config';
import { isThemeComponentName, overrideExportName, type ThemeComponentName } from '../../shared/theme-components';
import { sitePlugins } from '../code/site-code-plugins';

export interface ClientBundle {
  /** URLs of the stylesheets and entry scripts, for every page's head. */
  css: string[];
  js: string[];
  files: { path: string; contents: Uint8Array }[];
  /**
   * Files made before the build, copied into it from disk as they are, each with its content hash (a bundle made
   * with the CLI bundle: `prebuiltClientBundle`).
   */
  copied?: { path: string; from: string; revision: string }[];
  /**
   * Files (output-relative) that only Mermaid's chunk reaches: a page with a diagram loads what it needs of
   * them; they are left out of the offline precache, which would otherwise grow by megabytes.
   */
  onDemand: Set<string>;
}

export interface BundleInput {
  /** Folder holding `src/client` and `templates` (the docs-it package). */
  packageRoot: string;
  baseUrl: string;
  mode: 'production' | 'development';
  /**
   * Site settings the browser code needs (see src/client/client-config.ts): compiled in as `__DOCS_IT_CONFIG__` in
   * development; a production bundle reads them from the script `withClientConfig` adds, so a site without code of
   * its own in the browser gets the same bundle as every other (see `isSiteFree`). Required in development and
   * by `bundleClient`.
   */
  clientConfig?: ClientConfig | undefined;
  /** The site's folder (what `@site/` names in its code). */
  siteRoot: string;
  /** The site's static folder (images its code imports from there are their published URLs). */
  staticDir: string;
  /** The site's components module, absolute (`components` in site.config.ts), hydrated in the browser. */
  components?: string | undefined;
  /** Where a page of the site first draws a Mermaid diagram: only then is Mermaid (megabytes) bundled. */
  mermaid?: SourceLocation | undefined;
  /** The site's overrides of theme components (`src/theme/<Name>.tsx`), absolute, by name. */
  themeOverrides?: Partial<Record<ThemeComponentName, string>> | undefined;
  /** The site's own components under `src/theme` (what `@theme/<Name>` imports), absolute, by name. */
  siteThemeComponents?: Readonly<Record<string, string>> | undefined;
}

/** The module that draws diagrams in the browser: it imports `mermaid`, an optional peer dependency. */
const mermaidRenderer = (packageRoot: string) => path.join(packageRoot, 'src/client/diagrams/render-diagrams.ts');

/**
 * A site that draws a diagram needs the `mermaid` package where the renderer's import finds it (the site's
 * node_modules); docs-it does not install it for every site. Its absence is an error at the first diagram.
 */
function checkMermaidInstalled(packageRoot: string, use: SourceLocation): void {
  try {
    createRequire(mermaidRenderer(packageRoot)).resolve('mermaid');
  } catch (error) {
    // Any other failure means the package is there: esbuild reports what is wrong with it.
    if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') return;
    throw new DocsItError(
      'this page draws a Mermaid diagram, but the mermaid package is not installed',
      use,
      "Install it in the site's folder: npm i mermaid (only sites with diagrams need it).",
    );
  }
}

/**
 * The site's code in the browser: `docs-it:site-components` is its components module (an empty one when it has
 * none), `@site/` its folder, and the Docusaurus modules it imports (`@theme/Tabs`…) docs-it's own components.
 */
function siteCode(input: BundleInput): Plugin {
  const { packageRoot, siteRoot, components } = input;
  const mermaid = input.mermaid !== undefined;
  const siteThemeComponents = input.siteThemeComponents ?? {};
  const mdxComponents = path.join(packageRoot, 'templates/content/mdx-components.tsx');
  return {
    name: 'docs-it-site-code',
    setup(b) {
      b.onResolve({ filter: /^docs-it:site-components$/ }, () =>
        components ? { path: components } : { path: 'none', namespace: 'docs-it-empty' },
      );
      b.onResolve({ filter: /^docs-it:mermaid$/ }, () =>
        mermaid ? { path: mermaidRenderer(packageRoot) } : { path: 'none', namespace: 'docs-it-empty' },
      );
      b.onLoad({ filter: /.*/, namespace: 'docs-it-empty' }, () => ({ contents: 'export {};', loader: 'js' }));
      b.onResolve({ filter: new RegExp(`^${reactRuntimeModule}$`) }, () => ({
        path: reactRuntimeModule,
        namespace: 'docs-it-react',
      }));
      b.onLoad({ filter: /.*/, namespace: 'docs-it-react' }, () => ({
        // Every module of React the browser code imports, so that all of React lands in the runtime's chunks.
        contents: ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client']
          .map((name, i) => `import * as m${i} from '${name}'; export { m${i} };`)
          .join('\n'),
        loader: 'js',
        resolveDir: packageRoot,
      }));
      // One React in the bundle, docs-it's: the site's components (and packages of the site) get the copy the
      // templates hydrate with, whether or not the site installed React (two copies would break hooks). Each
      // module of React is resolved once a build: React's own files import it dozens of times, and every
      // resolution is a round trip to esbuild's process and back.
      const reactResolved = new Map<string, ReturnType<typeof b.resolve>>();
      b.onStart(() => reactResolved.clear());
      b.onResolve({ filter: /^(react|react-dom|scheduler)(\/.*)?$/ }, (args) => {
        if (args.pluginData === oneReact) return undefined;
        const key = `${args.kind} ${args.path}`;
        let resolved = reactResolved.get(key);
        if (!resolved) {
          resolved = b.resolve(args.path, { resolveDir: packageRoot, kind: args.kind, pluginData: oneReact });
          reactResolved.set(key, resolved);
        }
        return resolved;
      });
      b.onResolve({ filter: /^@site\// }, (args) =>
        b.resolve(`./${args.path.slice('@site/'.length)}`, { resolveDir: siteRoot, kind: args.kind }),
      );
      // The site's own `src/theme/<Name>`, else a Docusaurus module docs-it provides (as on the server).
      b.onResolve({ filter: /^@(theme|docusaurus)\// }, (args) => {
        const file =
          args.path.startsWith('@theme/') && Object.hasOwn(siteThemeComponents, args.path.slice('@theme/'.length))
            ? siteThemeComponents[args.path.slice('@theme/'.length)]
            : undefined;
        if (file) return { path: file };
        return isBuiltinModule(args.path) ? { path: args.path, namespace: 'docs-it-builtin' } : undefined;
      });
      b.onLoad({ filter: /.*/, namespace: 'docs-it-builtin' }, (args) => ({
        contents: Object.entries(builtinModules[args.path as BuiltinModule] as Record<string, string>)
          .map(([as, name]) => `export { ${name} as ${as} } from ${JSON.stringify(mdxComponents)};`)
          .join('\n'),
        loader: 'js',
        resolveDir: packageRoot,
      }));
    },
  };
}

/**
 * The site's overrides of theme components in the browser: `docs-it:theme-overrides` exports them by name (the
 * entry hands them to the templates before hydrating), and `@theme-original/<Name>` is the theme's own component.
 */
function themeOverrides(packageRoot: string, files: Partial<Record<ThemeComponentName, string>>): Plugin {
  const registry = path.join(packageRoot, 'templates/theme-components.ts');
  return {
    name: 'docs-it-theme-overrides',
    setup(b) {
      b.onResolve({ filter: /^docs-it:theme-overrides$/ }, () => ({ path: 'overrides', namespace: 'docs-it-theme' }));
      b.onLoad({ filter: /.*/, namespace: 'docs-it-theme' }, () => {
        const entries = Object.entries(files);
        return {
          contents: [
            ...entries.map(
              ([name, file]) =>
                `import ${overrideExportName(name as ThemeComponentName)} from ${JSON.stringify(file)};`,
            ),
            `export default { ${entries
              .map(([name]) => `${JSON.stringify(name)}: ${overrideExportName(name as ThemeComponentName)}`)
              .join(', ')} };`,
          ].join('\n'),
          loader: 'js',
          resolveDir: packageRoot,
        };
      });
      // An unknown name was already reported with the closest one when the server loaded the overrides.
      b.onResolve({ filter: /^@theme-original\// }, (args) => {
        const name = args.path.slice('@theme-original/'.length);
        return isThemeComponentName(name)
          ? { path: name, namespace: 'docs-it-theme-original' }
          : { errors: [{ text: `${args.path} is no theme component` }] };
      });
      b.onLoad({ filter: /.*/, namespace: 'docs-it-theme-original' }, (args) => ({
        contents: [
          `import { originalComponent } from ${JSON.stringify(registry)};`,
          `export default originalComponent(${JSON.stringify(args.path)});`,
        ].join('\n'),
        loader: 'js',
        resolveDir: packageRoot,
      }));
    },
  };
}

/**
 * The entry that holds React's runtime apart from the app (`react`, `react-dom/client`): the app changes with
 * every release of docs-it and every site, React rarely, so its chunk keeps its name (and readers' caches)
 * across them. The entry's own file is dropped from the output: nothing loads it.
 */
const reactRuntimeEntry = 'react-runtime';
const reactRuntimeModule = 'docs-it:react-runtime';

/** Marks a resolution of React that `siteCode` already sent to docs-it's own copy. */
const oneReact = Symbol('docs-it one React');

/** The global the config script sets (see `withClientConfig`) and a production bundle reads. */
const configGlobal = 'globalThis.__docsItConfig';

/**
 * Whether a bundle holds no code of the site (no components, no theme files, no diagram): it is then the same for
 * every site of a docs-it version in production, and made once with the CLI (see `prebuiltClientBundle`).
 */
export function isSiteFree(input: BundleInput): boolean {
  return (
    input.mode === 'production' &&
    input.components === undefined &&
    input.mermaid === undefined &&
    Object.keys(input.themeOverrides ?? {}).length === 0 &&
    Object.keys(input.siteThemeComponents ?? {}).length === 0
  );
}

/** Where esbuild is told the bundle goes (see `outdir`). */
const assetsDirOf = (packageRoot: string) => path.join(packageRoot, 'assets');

/** esbuild's options for the browser bundle (exported for a test that watches the plugins' traffic). */
export function bundleOptions(input: BundleInput): BuildOptions & { write: false; metafile: true } {
  const { packageRoot, baseUrl, mode, clientConfig } = input;
  const siteFree = isSiteFree(input);
  return {
    absWorkingDir: packageRoot,
    entryPoints: {
      app: path.join(packageRoot, 'src/client/entry.tsx'),
      styles: path.join(packageRoot, 'templates/styles.css'),
      // Never loaded itself: as a second entry that reaches React and nothing else, it makes esbuild's splitting
      // put React in chunks of its own, whose hashes change only with React (see `reactRuntimeEntry`).
      [reactRuntimeEntry]: reactRuntimeModule,
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
    // Never written (write: false): a folder of the package, so that source maps name the sources relative to
    // it, the same on every machine (a folder at the root named them through the checkout's absolute path).
    outdir: assetsDirOf(packageRoot),
    // A site's code may import a file (an image) whose URL must hold from every page: absolute. Without such
    // code, chunks import each other by relative URLs, so one bundle serves every base URL.
    ...(siteFree ? {} : { publicPath: `${baseUrl}assets` }),
    write: false,
    metafile: true,
    logLevel: 'silent',
    jsx: 'automatic',
    // In development the config as a string literal, parsed once (src/client/client-config.ts): esbuild injects
    // an object literal into every module of the bundle, React's included, whose chunk would then change with the
    // config. In production the same string comes from the config script (`withClientConfig`), run first.
    define: {
      'process.env.NODE_ENV': JSON.stringify(mode),
      __DOCS_IT_CONFIG__: mode === 'production' ? configGlobal : JSON.stringify(JSON.stringify(required(clientConfig))),
    },
    plugins: [
      // First: `@site/static/…` is a URL, not a module of the site's folder.
      ...sitePlugins({ root: input.siteRoot, baseUrl, staticDir: input.staticDir }),
      siteCode(input),
      themeOverrides(packageRoot, input.themeOverrides ?? {}),
    ],
  };
}

/**
 * Bundles the browser code and the stylesheet with esbuild: minified, content-hashed, code-split; in production
 * with the config script (`withClientConfig`).
 */
export async function bundleClient(input: BundleInput): Promise<ClientBundle> {
  if (input.mermaid) checkMermaidInstalled(input.packageRoot, input.mermaid);
  const bundle = toBundle(await build(bundleOptions(input)), input);
  return input.mode === 'production' ? withClientConfig(bundle, required(input.clientConfig), input.baseUrl) : bundle;
}

function required(clientConfig: ClientConfig | undefined): ClientConfig {
  if (!clientConfig) throw new Error('this bundle needs the client config');
  return clientConfig;
}

/**
 * A production bundle with the script that hands the browser code the site's config (`configGlobal`): first of
 * the page's scripts, so it has run when the app's modules do. Named by its content's digest, as esbuild names
 * the bundle's files (every file under `assets/` is served as immutable).
 */
export function withClientConfig(bundle: ClientBundle, clientConfig: ClientConfig, baseUrl: string): ClientBundle {
  // The JSON text in single quotes, as esbuild prints a string: its double quotes then need no escape.
  const code = `${configGlobal}='${JSON.stringify(clientConfig).replace(/[\\']/g, '\\$&')}';\n`;
  const name = `config.${createHash('sha256').update(code).digest('hex').slice(0, 8).toUpperCase()}.js`;
  const file = path.posix.join(baseUrl.slice(1), 'assets', name);
  return {
    ...bundle,
    js: [`/${file}`, ...bundle.js],
    files: [{ path: file, contents: new TextEncoder().encode(code) }, ...bundle.files],
  };
}

/**
 * A bundle made for the base URL `/` moved to another: a site-free bundle (`isSiteFree`) names no URL of its own
 * (its chunks import each other by relative URLs), so only where its files go changes.
 */
export function rebasedBundle(bundle: ClientBundle, baseUrl: string): ClientBundle {
  if (baseUrl === '/') return bundle;
  const at = (file: string) => `${baseUrl.slice(1)}${file}`;
  return {
    css: bundle.css.map((url) => `/${at(url.slice(1))}`),
    js: bundle.js.map((url) => `/${at(url.slice(1))}`),
    files: bundle.files.map((f) => ({ path: at(f.path), contents: f.contents })),
    ...(bundle.copied ? { copied: bundle.copied.map((f) => ({ ...f, path: at(f.path) })) } : {}),
    onDemand: new Set([...bundle.onDemand].map(at)),
  };
}

/**
 * As `bundleClient` without the config script, with the files esbuild read (absolute paths): what the bundle cache
 * compares.
 */
export async function bundleClientWithInputs(input: BundleInput): Promise<{ bundle: ClientBundle; inputs: string[] }> {
  if (input.mermaid) checkMermaidInstalled(input.packageRoot, input.mermaid);
  const result = await build(bundleOptions(input));
  // A module a plugin made (`namespace:path`) has no file: the bundle input (the cache's key) decides it.
  const inputs = Object.keys(result.metafile.inputs)
    .filter((p) => !/^[\w-]+:/.test(p))
    .map((p) => path.resolve(input.packageRoot, p));
  return { bundle: toBundle(result, input), inputs };
}

/** An incremental esbuild context for `dev`: each `rebuild()` redoes only what changed. */
export async function bundleClientIncrementally(
  input: BundleInput,
): Promise<{ rebuild(): Promise<ClientBundle>; dispose(): Promise<void> }> {
  if (input.mermaid) checkMermaidInstalled(input.packageRoot, input.mermaid);
  const ctx = await context(bundleOptions(input));
  return {
    rebuild: async () => toBundle(await ctx.rebuild(), input),
    dispose: () => ctx.dispose(),
  };
}

/** Outputs reachable from the Mermaid renderer's chunk and from no entry of the app without it. */
function mermaidOnly(metafile: Metafile): Set<string> {
  const outputs = metafile.outputs;
  const isRenderer = (out: string) => outputs[out]?.entryPoint?.endsWith('render-diagrams.ts') ?? false;
  const reach = (starts: string[], skip: (out: string) => boolean) => {
    const seen = new Set<string>();
    const stack = starts.filter((s) => !skip(s));
    while (stack.length > 0) {
      const out = stack.pop()!;
      if (seen.has(out)) continue;
      seen.add(out);
      for (const { path: next } of outputs[out]?.imports ?? []) if (!skip(next) && outputs[next]) stack.push(next);
    }
    return seen;
  };
  const renderer = Object.keys(outputs).filter(isRenderer);
  if (renderer.length === 0) return new Set();
  const entries = Object.keys(outputs).filter((out) => /\/(?:app|styles)\.[^/]+\.(?:js|css)$/.test(out));
  const app = reach(entries, isRenderer);
  const only = [...reach(renderer, () => false)].filter((out) => !app.has(out));
  return new Set(only.flatMap((out) => [out, `${out}.map`]));
}

function toBundle(result: BuildResult<{ write: false; metafile: true }>, input: BundleInput): ClientBundle {
  // Output files are named by absolute paths, the metafile's by paths relative to the working directory.
  const outDir = assetsDirOf(input.packageRoot);
  const outPath = (p: string) =>
    path.posix.join(
      input.baseUrl.slice(1),
      'assets',
      path.relative(outDir, path.resolve(input.packageRoot, p)).split(path.sep).join('/'),
    );
  const runtimeEntry = new RegExp(`/${reactRuntimeEntry}\\.[^/]+\\.js(\\.map)?$`);
  const files = result.outputFiles
    .map((f) => ({ path: outPath(f.path), contents: f.contents }))
    .filter((f) => !runtimeEntry.test(f.path));
  const onDemand = new Set([...mermaidOnly(result.metafile)].map(outPath));
  const urlOf = (f: { path: string }) => `/${f.path}`;
  return {
    css: files.filter((f) => /\/styles\.[^/]+\.css$/.test(f.path)).map(urlOf),
    js: files.filter((f) => /\/app\.[^/]+\.js$/.test(f.path)).map(urlOf),
    files,
    onDemand,
  };
}
