/*
 * The `@theme/<Name>` names a site's code imports, found by reading every code file of its folders. Apart from
 * site-theme-files.ts so that fast-glob is loaded only by a run that reads a site's code for them (a site with
 * `src/theme`, an import of a Docusaurus site), not by every build as the CLI starts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { themeNamesIn } from './site-theme-files';

/**
 * Every `@theme/<Name>` the site imports: in its pages and fragments (`texts`) and in its own code (`codeFolders`,
 * default `src`: components, other theme files).
 */
export function themeNamesImported(
  root: string,
  texts: Iterable<string>,
  codeFolders: readonly string[] = ['src'],
): Set<string> {
  const names = new Set<string>();
  for (const text of texts) for (const name of themeNamesIn(text)) names.add(name);
  const globs = codeFolders.map((folder) => `${folder}/**/*.{js,jsx,ts,tsx,mjs,cjs}`);
  const code = fg.sync(globs, { cwd: root, ignore: ['**/node_modules/**'] });
  for (const file of code)
    for (const name of themeNamesIn(readFileSync(path.join(root, file), 'utf8'))) names.add(name);
  return names;
}
