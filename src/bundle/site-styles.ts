import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Message, type Plugin } from 'esbuild';
import { DocsItError, DocsItErrors } from '../errors';
import type { ComponentStyle } from '../shared/site-code';
import type { ClientBundle } from './bundle-client';

/** The site's own stylesheets (`customCss`), bundled into one file that pages load after the theme's. */
export interface SiteStyles {
  /** URL of the stylesheet, none when the site has no `customCss`. */
  css: string[];
  files: { path: string; contents: Uint8Array }[];
}

export interface SiteStylesInput {
  /** The site's folder: `customCss` paths are relative to it (or absolute: a package's stylesheet). */
  siteRoot: string;
  customCss: readonly string[];
  /** The stylesheets the site's components import, before `customCss` (see `ComponentStyle`). */
  componentStyles?: readonly ComponentStyle[];
  baseUrl: string;
  mode: 'production' | 'development';
}

export const noSiteStyles: SiteStyles = { css: [], files: [] };

/** Files a stylesheet's `url()` may name, published with a hash in their name like the theme's. */
const assetLoaders = Object.fromEntries(
  ['.woff2', '.woff', '.ttf', '.otf', '.eot', '.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.svg'].map((ext) => [
    ext,
    'file' as const,
  ]),
);

/** `url(/img/x.png)` names a static file of the site, published where it says: left as written. */
const staticUrls: Plugin = {
  name: 'docs-it-static-urls',
  setup(b) {
    b.onResolve({ filter: /^\// }, (args) =>
      args.kind === 'url-token' ? { path: args.path, external: true } : undefined,
    );
  },
};

/** What names a CSS module's scoped text among the stylesheet's imports (the file follows it). */
const scopedPrefix = 'docs-it-scoped:';

/** A CSS module's scoped text, read from the folder of its file (where its `url()`s and `@import`s are). */
function scopedStyles(texts: ReadonlyMap<string, string>): Plugin {
  return {
    name: 'docs-it-scoped-styles',
    setup(b) {
      b.onResolve({ filter: new RegExp(`^${scopedPrefix}`) }, (args) => ({
        path: args.path.slice(scopedPrefix.length),
        namespace: 'docs-it-scoped',
      }));
      b.onLoad({ filter: /.*/, namespace: 'docs-it-scoped' }, (args) => ({
        contents: texts.get(args.path) ?? '',
        loader: 'css',
        resolveDir: path.dirname(args.path),
      }));
    },
  };
}

/** Marks a resolution `packageImports` asked for itself. */
const ownResolution = Symbol('docs-it package styles');

/**
 * `@import` of a package's stylesheet as webpack's css-loader reads it, which Docusaurus sites rely on: `~pkg`
 * (its old prefix for packages) is `pkg`, and a package named alone is the stylesheet its package.json names
 * (`style`, else a `main` that is CSS).
 */
const packageImports: Plugin = {
  name: 'docs-it-package-styles',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.kind !== 'import-rule' || args.pluginData === ownResolution) return undefined;
      const spec = args.path.replace(/^~/, '');
      const resolved = await b.resolve(spec, {
        resolveDir: args.resolveDir,
        kind: args.kind,
        pluginData: ownResolution,
      });
      if (resolved.errors.length === 0) return { path: resolved.path };
      const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
      if (name !== spec) return undefined;
      for (let dir = args.resolveDir; ; dir = path.dirname(dir)) {
        const manifest = path.join(dir, 'node_modules', name, 'package.json');
        if (existsSync(manifest)) {
          const fields = JSON.parse(readFileSync(manifest, 'utf8')) as { style?: unknown; main?: unknown };
          const file = [fields.style, fields.main].find(
            (f): f is string => typeof f === 'string' && f.endsWith('.css'),
          );
          return file ? { path: path.join(path.dirname(manifest), file) } : undefined;
        }
        if (path.dirname(dir) === dir) return undefined;
      }
    });
  },
};

/** A problem esbuild found in a stylesheet, at its place in the site. */
const errorOf = (message: Message) =>
  new DocsItError(
    `customCss: ${message.text}`,
    message.location
      ? { file: message.location.file, line: message.location.line, column: message.location.column + 1 }
      : undefined,
    "Fix the stylesheet: it must be valid CSS (docs-it loads it after the theme's, as Docusaurus does).",
  );

/**
 * Bundles the site's stylesheets in their order (their `@import`s inlined, the files their `url()`s name
 * published under `assets/`; `/…` URLs are the site's own static files, left as written). A stylesheet that does
 * not parse is an error at its line: esbuild reads CSS leniently and says so in warnings, which here stop the
 * build, as a half-applied stylesheet would show pages other than the author wrote.
 */
export async function bundleSiteStyles(input: SiteStylesInput): Promise<SiteStyles> {
  const components = input.componentStyles ?? [];
  if (input.customCss.length === 0 && components.length === 0) return noSiteStyles;
  const scoped = new Map(components.flatMap((style) => (style.scoped ? [[style.file, style.scoped.css]] : [])));
  const componentImports = components.map(
    (style) => `@import ${JSON.stringify(style.scoped ? `${scopedPrefix}${style.file}` : style.file)};`,
  );
  const customImports = input.customCss.map((file) => {
    const relative = path.relative(input.siteRoot, path.resolve(input.siteRoot, file)).split(path.sep).join('/');
    return `@import ${JSON.stringify(`./${relative}`)};`;
  });
  const outdir = path.join(input.siteRoot, 'assets');
  let result: Awaited<ReturnType<typeof build<{ write: false; metafile: true }>>>;
  try {
    result = await build({
      absWorkingDir: input.siteRoot,
      stdin: {
        contents: [...componentImports, ...customImports].join('\n'),
        loader: 'css',
        resolveDir: input.siteRoot,
        sourcefile: 'customCss',
      },
      bundle: true,
      write: false,
      metafile: true,
      minify: input.mode === 'production',
      sourcemap: 'linked',
      outdir,
      entryNames: 'site.[hash]',
      assetNames: '[name].[hash]',
      publicPath: `${input.baseUrl}assets`,
      loader: assetLoaders,
      plugins: [staticUrls, scopedStyles(scoped), packageImports],
      logLevel: 'silent',
    });
  } catch (error) {
    const failure = error as { errors?: Message[] };
    if (!failure.errors?.length) throw error;
    throw new DocsItErrors(failure.errors.map(errorOf));
  }
  if (result.warnings.length > 0) throw new DocsItErrors(result.warnings.map(errorOf));
  const files = result.outputFiles.map((f) => ({
    path: path.posix.join(input.baseUrl.slice(1), 'assets', path.relative(outdir, f.path).split(path.sep).join('/')),
    contents: f.contents,
  }));
  return { css: files.filter((f) => /\/site\.[^/]+\.css$/.test(f.path)).map((f) => `/${f.path}`), files };
}

/** The client bundle with the site's stylesheet after the theme's: the site's rules win where both apply. */
export function withSiteStyles(bundle: ClientBundle, styles: SiteStyles): ClientBundle {
  if (styles.files.length === 0) return bundle;
  return { ...bundle, css: [...bundle.css, ...styles.css], files: [...bundle.files, ...styles.files] };
}
