import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Message, type Plugin } from 'esbuild';
import { bundlerError, bundlerErrors, DocsItErrors } from '../../errors';
import { cssModuleRules } from '../code/site-css';
import type { ClientBundle } from './bundle-client';

/**
 * The site's own stylesheets (`customCss`, then those its code imports), bundled into one file that pages load after
 * the theme's.
 */
export interface SiteStyles {
  /** URL of the stylesheet, none when the site has no stylesheet of its own. */
  css: string[];
  files: { path: string; contents: Uint8Array }[];
}

export interface SiteStylesInput {
  /** The site's folder: `customCss` paths are relative to it (or absolute: a package's stylesheet). */
  siteRoot: string;
  customCss: readonly string[];
  /**
   * The stylesheets the site's code imports (absolute, in the order it runs; see `site-css`): after `customCss`, as
   * Docusaurus loads a component's styles after the site's.
   */
  codeStyles?: readonly string[];
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

/** How a problem esbuild found in a stylesheet is told, at its place in the site (`customCss` files say they are). */
const messagesOf = (customCss: readonly string[]) => ({
  prefix: (file: string | undefined) => (file && customCss.includes(file) ? 'customCss: ' : ''),
  hint: "Fix the stylesheet: it must be valid CSS (docs-it loads it after the theme's, as Docusaurus does).",
});

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

/**
 * Bundles the site's stylesheets in their order (their `@import`s inlined, the files their `url()`s name
 * published under `assets/`; `/…` URLs are the site's own static files, left as written). A stylesheet that does
 * not parse is an error at its line: esbuild reads CSS leniently and says so in warnings, which here stop the
 * build, as a half-applied stylesheet would show pages other than the author wrote.
 */
export async function bundleSiteStyles(input: SiteStylesInput): Promise<SiteStyles> {
  const relative = (file: string) =>
    path.relative(input.siteRoot, path.resolve(input.siteRoot, file)).split(path.sep).join('/');
  const customCss = input.customCss.map(relative);
  const sheets = [...new Set([...customCss, ...(input.codeStyles ?? []).map(relative)])];
  if (sheets.length === 0) return noSiteStyles;
  const imports = sheets.map((file) => `@import ${JSON.stringify(`./${file}`)};`);
  const outdir = path.join(input.siteRoot, 'assets');
  let result: Awaited<ReturnType<typeof build<{ write: false; metafile: true }>>>;
  try {
    result = await build({
      absWorkingDir: input.siteRoot,
      stdin: {
        contents: imports.join('\n'),
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
      plugins: [staticUrls, cssModuleRules(input.siteRoot), packageImports],
      logLevel: 'silent',
    });
  } catch (error) {
    if (!(error as { errors?: Message[] }).errors?.length) throw error;
    throw bundlerErrors(error, messagesOf(customCss));
  }
  if (result.warnings.length > 0)
    throw new DocsItErrors(result.warnings.map((warning) => bundlerError(warning, messagesOf(customCss))));
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
