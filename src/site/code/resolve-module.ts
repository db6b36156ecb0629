import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const extensions = ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.cjs', '.json'];

function fileOrIndex(base: string): string | undefined {
  const isFile = (f: string) => existsSync(f) && statSync(f).isFile();
  if (isFile(base)) return base;
  for (const ext of extensions) if (isFile(base + ext)) return base + ext;
  for (const ext of extensions) if (isFile(path.join(base, `index${ext}`))) return path.join(base, `index${ext}`);
  return undefined;
}

/**
 * The file an import names, as a bundler finds it: `@site/x` from the site's folder, with or without an
 * extension or as a folder's `index`; a package from the site's `node_modules`. Undefined when there is none.
 */
export function resolveModule(specifier: string, root: string): string | undefined {
  if (specifier.startsWith('@site/')) return fileOrIndex(path.join(root, specifier.slice('@site/'.length)));
  try {
    return createRequire(path.join(root, 'package.json')).resolve(specifier);
  } catch {
    return undefined;
  }
}
