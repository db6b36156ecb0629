import type { SourceMapPayload } from 'node:module';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { siteCodeGlobal, siteCodeModules } from '../../../templates/content/site-modules';
import { bundlerErrors } from '../../errors';
import { requireOfSite, type SiteCodeContext, sitePackages, sitePlugins, siteTheme } from './site-code-plugins';
import { importedStyles } from './site-css';

/** `react` and the Docusaurus modules in the site's code are docs-it's own (see `siteCodeModules`). */
export const docsItModules: Plugin = {
  name: 'docs-it-modules',
  setup(b) {
    b.onResolve({ filter: /^(react|react-dom|@theme|@docusaurus)(\/|$)/ }, (args) =>
      Object.hasOwn(siteCodeModules, args.path) ? { path: args.path, namespace: 'docs-it-modules' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'docs-it-modules' }, (args) => {
      const exported = siteCodeModules[args.path] as Record<string, unknown>;
      const names = Object.keys(exported).filter((n) => n !== 'default' && /^[A-Za-z_$][\w$]*$/.test(n));
      return {
        contents: [
          `const m = globalThis[${JSON.stringify(siteCodeGlobal)}][${JSON.stringify(args.path)}];`,
          'export default m.default ?? m;',
          names.length > 0 ? `export const { ${names.join(', ')} } = m;` : '',
        ].join('\n'),
        loader: 'js',
      };
    });
  },
};

/** `@site/x` is the site's folder, as in Docusaurus. */
export function siteAlias(root: string): Plugin {
  return {
    name: 'docs-it-site',
    setup(b) {
      b.onResolve({ filter: /^@site\// }, (args) =>
        b.resolve(`./${args.path.slice('@site/'.length)}`, { resolveDir: root, kind: args.kind }),
      );
    },
  };
}

/** A server bundle of the site's code: its text, its source map when asked for, the stylesheets it imports. */
export interface SiteCodeBundle {
  code: string;
  map?: SourceMapPayload;
  /** The stylesheets its modules import (absolute), in the order they run: rules for the site's stylesheet. */
  styles: string[];
}

export interface SiteCodeBundleOptions {
  /** The site (its folder is what `@site/` names, and where esbuild works: its messages name files from there). */
  site: SiteCodeContext;
  /** The entry module's text (`export * as m1 from "…"`), and the name its errors give it. */
  entry: string;
  sourcefile: string;
  /** Plugins of this bundle, before the ones every bundle of the site's code has. */
  plugins?: Plugin[];
  /** With a source map (kept apart from the code), to map an error thrown at run time back to its line. */
  sourcemap?: boolean;
  /** What to do about an error esbuild finds (a syntax error, an import that names no file), at its place. */
  hint: string;
  /** The file of the site an error without a place of its own is reported at. */
  fallbackFile: string;
}

/**
 * Bundles site code for the server, as every bundle of it is made: read as the browser's bundle reads it (see
 * `sitePlugins`), React and the Docusaurus modules docs-it's own, `@site/` the site's folder, packages left to the
 * site's `node_modules`. What esbuild finds wrong is every error at its place in the site.
 */
export async function bundleSiteCode(options: SiteCodeBundleOptions): Promise<SiteCodeBundle> {
  const { root } = options.site;
  const outfile = path.join(root, options.sourcefile.replace(/\.\w+$/, '.mjs'));
  try {
    const result = await build({
      stdin: { contents: options.entry, resolveDir: root, sourcefile: options.sourcefile, loader: 'js' },
      absWorkingDir: root,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      write: false,
      metafile: true,
      outfile,
      ...(options.sourcemap ? { sourcemap: 'external' as const } : {}),
      logLevel: 'silent',
      jsx: 'automatic',
      // An image next to a component is its data on the server (stylesheets: see `sitePlugins`).
      loader: { '.png': 'dataurl', '.svg': 'dataurl', '.jpg': 'dataurl', '.gif': 'dataurl' },
      define: { 'process.env.NODE_ENV': '"production"' },
      // Packages stay outside the bundle, loaded by Node, except those that use React (see `sitePackages`).
      banner: requireOfSite(root),
      plugins: [
        ...(options.plugins ?? []),
        ...sitePlugins(options.site),
        // The site's own `src/theme/<Name>` before docs-it's module of that name, as in Docusaurus.
        siteTheme(root),
        docsItModules,
        siteAlias(root),
        sitePackages,
      ],
    });
    const code = result.outputFiles.find((f) => f.path.endsWith('.mjs'))!.text;
    const map = result.outputFiles.find((f) => f.path.endsWith('.map'));
    const styles = importedStyles(result.metafile, options.sourcefile);
    return { code, styles, ...(map ? { map: JSON.parse(map.text) as SourceMapPayload } : {}) };
  } catch (error) {
    throw bundlerErrors(error, {
      hint: options.hint,
      fallback: { file: options.fallbackFile },
      fileOf: (file) => path.relative(root, path.resolve(root, file)).split(path.sep).join('/'),
    });
  }
}
