import { readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import type { ResolvedConfig } from '../../config/resolved-config';
import { siteThemeComponentFile } from '../../config/site-theme-files';
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

/**
 * `@theme/<Name>` is the site's own component `src/theme/<Name>` when it has one, as in Docusaurus: before a module
 * docs-it provides under that name (see `docsItModules`).
 */
export function siteTheme(root: string): Plugin {
  return {
    name: 'docs-it-site-theme',
    setup(b) {
      b.onResolve({ filter: /^@theme\/[\w-]+$/ }, (args) => {
        const file = siteThemeComponentFile(root, args.path.slice('@theme/'.length));
        return file ? { path: file } : undefined;
      });
    },
  };
}

/** Whether the package a file belongs to uses React (names it as a dependency or peer), by package folder. */
const reactPackages = new Map<string, boolean>();

function inReactPackage(file: string): boolean {
  const parts = file.split(path.sep);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return false;
  const dir = parts.slice(0, at + (parts[at + 1]?.startsWith('@') ? 3 : 2)).join(path.sep);
  let uses = reactPackages.get(dir);
  if (uses === undefined) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
      const named = ['dependencies', 'peerDependencies', 'optionalDependencies'].flatMap((key) =>
        Object.keys((manifest[key] as Record<string, string> | undefined) ?? {}),
      );
      uses = named.includes('react') || named.includes('react-dom');
    } catch {
      uses = false;
    }
    reactPackages.set(dir, uses);
  }
  return uses;
}

/** Marks a resolution `sitePackages` asked for itself. */
const packageResolution = Symbol('docs-it site packages');

/**
 * On the server, the packages the site's code imports: loaded by Node as they are, by the file the importer
 * resolves them to (a package's own dependency in its own node_modules, in the version it asks for), except those
 * that use React, which are bundled so that they use docs-it's one React (see `docsItModules`): loaded by Node,
 * their `import 'react'` would reach a second copy in the site's node_modules, and hooks fail across copies.
 */
export const sitePackages: Plugin = {
  name: 'docs-it-site-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === packageResolution || args.kind === 'entry-point') return undefined;
      if (isBuiltin(args.path) || /^(react|react-dom|scheduler)(\/|$)/.test(args.path)) {
        return { path: args.path, external: true };
      }
      const resolved = await b.resolve(args.path, {
        resolveDir: args.resolveDir,
        kind: args.kind,
        importer: args.importer,
        pluginData: packageResolution,
      });
      if (resolved.errors.length > 0 || resolved.external) return { path: args.path, external: true };
      // By its file: the version the importing package gets (its own node_modules first), not the site's.
      return inReactPackage(resolved.path) ? { path: resolved.path } : { path: resolved.path, external: true };
    });
  },
};

/**
 * The `require` of the site's bundled code on the server: a package's CommonJS file bundled into it (a page
 * imports `mdx-mermaid/Mermaid`) may `require()` another package, which stays outside the bundle, and an ES
 * module has no `require` of its own. Packages resolve from the site's folder.
 */
export function requireOfSite(root: string): { js: string } {
  const from = JSON.stringify(path.join(root, 'package.json'));
  return {
    js:
      "import { createRequire as __docsItCreateRequire } from 'node:module';\n" +
      `const require = __docsItCreateRequire(${from});`,
  };
}
