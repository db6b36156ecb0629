import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A stylesheet of `customCss` that an installed package provides (`react-tweet/theme.css`), as Docusaurus sites
 * name one with `require.resolve`: a name that is no path (a file of the site starts with `./`, `../` or `/`).
 */
export function isPackageStylesheet(entry: string): boolean {
  return !/^\.{0,2}\//.test(entry) && !path.isAbsolute(entry);
}

/** The first string target of an `exports` value, style and browser conditions first (as a CSS bundler takes). */
function targetOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(targetOf).find((t) => t !== undefined);
  if (!value || typeof value !== 'object') return undefined;
  const conditions = value as Record<string, unknown>;
  for (const key of ['style', 'browser', 'default', 'import', 'require']) {
    const found = key in conditions ? targetOf(conditions[key]) : undefined;
    if (found) return found;
  }
  return undefined;
}

/**
 * The file a package stylesheet names, from the site's `node_modules` (or a parent folder's, as Node looks): by
 * the package's `exports` when it has them, else by its path in the package. Undefined when there is none.
 */
export function packageStylesheetFile(entry: string, root: string): string | undefined {
  const parts = entry.split('/');
  const nameLength = entry.startsWith('@') ? 2 : 1;
  const name = parts.slice(0, nameLength).join('/');
  const subpath = parts.slice(nameLength).join('/');
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    const packageDir = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(packageDir, 'package.json'))) {
      let exports: unknown;
      try {
        exports = (JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { exports?: unknown })
          .exports;
      } catch {
        return undefined;
      }
      const key = subpath ? `./${subpath}` : '.';
      const map =
        exports && typeof exports === 'object' && !Array.isArray(exports) && Object.keys(exports)[0]?.startsWith('.')
          ? (exports as Record<string, unknown>)
          : { '.': exports };
      const target = exports === undefined ? key : targetOf(map[key]);
      const file = target && path.join(packageDir, target);
      return file && existsSync(file) ? file : undefined;
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * The files of `customCss` as the site's stylesheet bundles them: a package's stylesheet by its file (checked when
 * the config loaded), a file of the site as written (relative to the site's folder).
 */
export function customCssFiles(customCss: readonly string[], root: string): string[] {
  return customCss.map((entry) => (isPackageStylesheet(entry) ? (packageStylesheetFile(entry, root) ?? entry) : entry));
}
