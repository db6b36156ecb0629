import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import type { ResolvedConfig } from '../../config/resolved-config';
import { DocsItError } from '../../errors';
import { staticPathOf } from '../../markdown/asset-refs';
import { withBaseUrl } from '../../shared/base-url';
import { cssImports } from './site-css';

/** What reading the site's code needs to know of the site. */
export interface SiteCodeContext {
  /** The site's folder. */
  root: string;
  baseUrl: string;
  /** The folder of its static files, published as they are under the base URL. */
  staticDir: string;
}

export function siteCodeContextOf(config: ResolvedConfig): SiteCodeContext {
  return { root: config.paths.root, baseUrl: config.site.baseUrl, staticDir: config.paths.static };
}

const isInside = (folder: string, file: string) => {
  const rel = path.relative(folder, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
};

/**
 * The site's `.js` files read as JSX, as Docusaurus's loader reads them (packages' files are not: they are
 * published compiled).
 */
export function jsxInJs(root: string): Plugin {
  return {
    name: 'docs-it-jsx-in-js',
    setup(b) {
      b.onLoad({ filter: /\.js$/ }, async (args) => {
        if (args.namespace !== 'file' || !isInside(root, args.path)) return undefined;
        if (path.relative(root, args.path).split(path.sep).includes('node_modules')) return undefined;
        return { contents: await readFile(args.path, 'utf8'), loader: 'jsx' };
      });
    },
  };
}

/**
 * A file of the static folder imported by the site's code (`import logo from '@site/static/img/logo.png'`, or
 * `'/img/logo.png'`) is the URL it is published at, as in Docusaurus; one the folder lacks is an error at the
 * import.
 */
export function staticImports(site: SiteCodeContext): Plugin {
  return {
    name: 'docs-it-static-imports',
    setup(b) {
      b.onResolve({ filter: /^(@site\/static\/|\/)/ }, (args) => {
        const url = staticPathOf(args.path);
        if (!url || !/^(import-statement|require-call|dynamic-import)$/.test(args.kind)) return undefined;
        const file = path.join(site.staticDir, ...url.split('/'));
        let found = false;
        try {
          found = statSync(file).isFile();
        } catch {}
        if (found) return { path: url, namespace: 'docs-it-static' };
        const folder = path.relative(site.root, site.staticDir).split(path.sep).join('/');
        const message = `missing image ${args.path}: the static folder has no ${folder}${url}`;
        const published = withBaseUrl(site.baseUrl, url);
        const hint = `Add the file under ${folder}/ (it is published at ${published}), or fix the path.`;
        return { errors: [{ text: message, detail: new DocsItError(message, undefined, hint) }] };
      });
      b.onLoad({ filter: /.*/, namespace: 'docs-it-static' }, (args) => ({
        contents: `export default ${JSON.stringify(withBaseUrl(site.baseUrl, args.path))};`,
        loader: 'js',
      }));
    },
  };
}

/**
 * How every bundle of the site's code (the server's and the browser's) reads it, beyond esbuild's defaults: JSX in
 * `.js` files, the stylesheets it imports (see `site-css`), images of the static folder.
 */
export function sitePlugins(site: SiteCodeContext): Plugin[] {
  return [staticImports(site), cssImports(site.root), jsxInJs(site.root)];
}
