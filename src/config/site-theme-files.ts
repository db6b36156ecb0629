/*
 * What the files under a site's `src/theme` are. As in Docusaurus, `src/theme/<Name>` is what `@theme/<Name>`
 * imports: an override of a theme component docs-it draws (`Footer`, `DocCard`…: see `themeComponentNames`), or a
 * component of the site's own that its pages and components import (`@theme/Command`). A file named after neither
 * and imported by nothing is most likely a misspelt override, which would silently do nothing: an error.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { isBuiltinModule } from '../shared/builtin-modules';
import { isThemeComponentName, themeOverridesDir } from '../shared/theme-components';

const codeFile = /\.(tsx|ts|jsx|js)$/;
const indexFiles = ['index.tsx', 'index.ts', 'index.jsx', 'index.js'];

/** A code file of `src/theme`, by the name `@theme/<name>` gives it. */
export interface ThemeEntry {
  name: string;
  /** Absolute. */
  file: string;
  /** `src/theme/<name>/index.js` rather than `src/theme/<name>.js`. */
  isDir: boolean;
}

/**
 * The code files of the site's `src/theme`, sorted by name: `<Name>.tsx` or `<Name>/index.tsx`, and a name with a
 * slash in folders, as in Docusaurus (`DocItem/Footer.tsx`, `DocItem/Footer/index.tsx`). A folder with an index file
 * is one component, whose other files are its own modules; a folder without one holds components whose names start
 * with its name.
 */
export function themeEntries(root: string): ThemeEntry[] {
  const entries: ThemeEntry[] = [];
  const visit = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const full = path.join(dir, entry);
      const isDir = statSync(full).isDirectory();
      const file = isDir
        ? indexFiles.map((f) => path.join(full, f)).find((f) => existsSync(f))
        : codeFile.test(entry)
          ? full
          : undefined;
      if (isDir && !file) visit(full, `${prefix}${entry}/`);
      else if (file) entries.push({ name: prefix + (isDir ? entry : entry.replace(codeFile, '')), file, isDir });
    }
  };
  const dir = path.join(root, themeOverridesDir);
  if (existsSync(dir)) visit(dir, '');
  return entries;
}

/**
 * Whether `@theme/<name>` can be a component of the site's own: not a theme component a site overrides. A module
 * docs-it provides itself (`@theme/Mermaid`) may be one too: as in Docusaurus, the site's file is what the site's
 * pages and code import under that name, while docs-it's own rendering (a ```mermaid block) keeps docs-it's.
 */
export function isSiteThemeName(name: string): boolean {
  return !isThemeComponentName(name);
}

/** Whether docs-it provides `@theme/<name>` itself (`Tabs`, `Mermaid`…), for a site that has no file of that name. */
export function isProvidedThemeName(name: string): boolean {
  return isBuiltinModule(`@theme/${name}`);
}

/** The file of the site's own component `@theme/<name>` (`src/theme/<name>.js`), when there is one. */
export function siteThemeComponentFile(root: string, name: string): string | undefined {
  if (!isSiteThemeName(name)) return undefined;
  return themeEntries(root).find((entry) => entry.name === name)?.file;
}

/** `import X from '@theme/Name'`, `import('@theme/Name')`, `require('@theme/Name')`: the names imported. */
const themeImport = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]@theme\/([\w-]+)['"]/g;

/** The `@theme/<Name>` names a text imports. */
export function themeNamesIn(text: string): string[] {
  return Array.from(text.matchAll(themeImport), (m) => m[1]!);
}
