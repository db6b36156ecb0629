import { readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { provideModulesToSiteCode } from '../../templates/content/site-modules';
import { originalComponent, setThemeOverrides } from '../../templates/theme-components';
import { digestText } from '../cache/digest';
import type { ModuleFiles } from '../cache/module-files';
import { isSiteThemeName, themeEntries } from '../config/site-theme-files';
import { DocsItError } from '../errors';
import type { ComponentStyle } from '../shared/site-code';
import {
  isThemeComponentName,
  type ThemeComponentName,
  themeComponentNames,
  themeOverridesDir,
} from '../shared/theme-components';
import { closestName } from '../validation/describe-issue';
import {
  docsItModules,
  jsxInSiteJs,
  requireOfSite,
  siteAlias,
  sitePackages,
  siteStyles,
  siteTheme,
} from './load-site-code';

/**
 * The site's overrides: each component's file (absolute), and a digest of their code (part of render's key); and
 * the components of the site's own under `src/theme` that it imports as `@theme/<Name>`, by name.
 */
export interface ThemeOverrides {
  files: Partial<Record<ThemeComponentName, string>>;
  digest: string;
  components: Record<string, string>;
}

const rel = (root: string, file: string) => path.relative(root, file).split(path.sep).join('/');

/**
 * The override files under `src/theme` (`Footer.tsx`, or `Footer/index.tsx`), by component name. A file named
 * after no overridable component is a component of the site's own when something imports it as `@theme/<Name>`
 * (`imported`), as in Docusaurus; otherwise it is an error with the closest name: a misspelt override would
 * silently do nothing.
 */
export function findThemeOverrides(root: string, imported: ReadonlySet<string>): ThemeOverrides {
  const files: Partial<Record<ThemeComponentName, string>> = {};
  const components: Record<string, string> = {};
  for (const { name, file, isDir } of themeEntries(root)) {
    if (isThemeComponentName(name)) {
      files[name] = file;
      continue;
    }
    if (isSiteThemeName(name) && imported.has(name)) {
      components[name] = file;
      continue;
    }
    const near = closestName(name, themeComponentNames);
    const rename = near && `Did you mean ${near}? Rename it ${near}${isDir ? '/index.tsx' : path.extname(file)}. `;
    const own = isSiteThemeName(name)
      ? ` A component of the site's own in ${themeOverridesDir} is one its pages or components import ` +
        `as @theme/${name}.`
      : ` docs-it provides @theme/${name} itself: name the site's component otherwise.`;
    throw new DocsItError(
      `${rel(root, file)} overrides no theme component: there is none named ${name}`,
      { file: rel(root, file), line: 1, column: 1 },
      `${rename || ''}The components a site can override: ${themeComponentNames.join(', ')}.${own}`,
    );
  }
  const digest = Object.entries(files)
    .map(([name, file]) => `${name}\0${digestText(readFileSync(file, 'utf8'))}`)
    .join('\n');
  return { files, digest: digest && digestText(digest).slice(0, 24), components };
}

/** Where the server's bundle of overrides finds `originalComponent` (see `themeOriginals`). */
const originalsGlobal = '__docsItThemeOriginal';

/** `@theme-original/<Name>` is the theme's own component; an unknown name is an error at the import. */
export function themeOriginals(moduleOf: (name: ThemeComponentName) => string, resolveDir: string): Plugin {
  return {
    name: 'docs-it-theme-original',
    setup(b) {
      b.onResolve({ filter: /^@theme-original\// }, (args) => {
        const name = args.path.slice('@theme-original/'.length);
        if (isThemeComponentName(name)) return { path: name, namespace: 'docs-it-theme-original' };
        const near = closestName(name, themeComponentNames);
        return {
          errors: [
            { text: `${args.path} is no theme component${near ? `: did you mean @theme-original/${near}?` : ''}` },
          ],
        };
      });
      b.onLoad({ filter: /.*/, namespace: 'docs-it-theme-original' }, (args) => ({
        contents: moduleOf(args.path as ThemeComponentName),
        loader: 'js',
        resolveDir,
      }));
    },
  };
}

/**
 * Bundles the site's overrides for the server and hands them to the templates (`setThemeOverrides`), so that
 * `renderToString` draws them; none when the site has none.
 */
export async function loadThemeOverrides(
  root: string,
  modules: ModuleFiles,
  imported: ReadonlySet<string>,
  /** Receives the stylesheets the overrides import (see `siteStyles`). */
  styles: Map<string, ComponentStyle> = new Map(),
): Promise<ThemeOverrides> {
  const overrides = findThemeOverrides(root, imported);
  const entries = Object.entries(overrides.files);
  if (entries.length === 0) {
    setThemeOverrides({});
    loadedBundle = undefined;
    return overrides;
  }
  const entry = entries.map(([name, file]) => `export { default as ${name} } from ${JSON.stringify(file)};`).join('\n');
  let code: string;
  let map: SourceMapPayload;
  try {
    const result = await build({
      stdin: { contents: entry, resolveDir: root, sourcefile: 'theme-overrides.js', loader: 'js' },
      absWorkingDir: root,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      write: false,
      // Kept apart from the code: it maps an error thrown while an override renders back to its line.
      sourcemap: 'external',
      outfile: path.join(root, 'theme-overrides.mjs'),
      logLevel: 'silent',
      jsx: 'automatic',
      loader: { '.css': 'empty', '.png': 'dataurl', '.svg': 'dataurl', '.jpg': 'dataurl', '.gif': 'dataurl' },
      define: { 'process.env.NODE_ENV': '"production"' },
      banner: requireOfSite(root),
      plugins: [
        themeOriginals(
          (name) => `export default globalThis[${JSON.stringify(originalsGlobal)}](${JSON.stringify(name)});`,
          root,
        ),
        docsItModules,
        siteTheme(root),
        siteAlias(root),
        siteStyles(root, styles),
        sitePackages,
        jsxInSiteJs(root),
      ],
    });
    code = result.outputFiles.find((f) => f.path.endsWith('.mjs'))!.text;
    map = JSON.parse(result.outputFiles.find((f) => f.path.endsWith('.map'))!.text) as SourceMapPayload;
  } catch (error) {
    const first = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] })
      .errors?.[0];
    throw new DocsItError(
      first ? first.text : String(error),
      first?.location
        ? { file: first.location.file, line: first.location.line, column: first.location.column + 1 }
        : { file: themeOverridesDir },
      'Fix this error in the override of the theme component.',
    );
  }
  provideModulesToSiteCode();
  (globalThis as Record<string, unknown>)[originalsGlobal] = originalComponent;
  let loaded: Record<string, unknown>;
  const bundleFile = modules.file('theme-overrides', code);
  try {
    loaded = (await import(pathToFileURL(bundleFile).href)) as Record<string, unknown>;
  } catch (error) {
    throw new DocsItError(
      `an override of a theme component threw while it loaded: ${(error as Error)?.message ?? String(error)}`,
      { file: themeOverridesDir },
      'Fix the code at the top level (outside its functions) of the files in src/theme.',
    );
  }
  for (const [name, file] of entries)
    if (typeof loaded[name] !== 'function' && typeof loaded[name] !== 'object')
      throw new DocsItError(
        `${rel(root, file)} has no default export: an override exports its component as the default`,
        { file: rel(root, file), line: 1, column: 1 },
        `Write \`export default function ${name}(props) { … }\`.`,
      );
  setThemeOverrides(loaded);
  loadedBundle = { file: bundleFile, map: new SourceMap(map), root };
  return overrides;
}

/** The overrides the server renders with: their bundle's file and its source map. */
let loadedBundle: { file: string; map: SourceMap; root: string } | undefined;

/**
 * An error thrown while a page rendered, located in the site's override it came from (by the bundle's source map):
 * the page's build fails naming that file and line. Undefined for an error thrown elsewhere.
 */
export function overrideErrorOf(error: unknown, route: string): DocsItError | undefined {
  if (!loadedBundle || !(error instanceof Error) || !error.stack) return undefined;
  const { file, map, root } = loadedBundle;
  const url = pathToFileURL(file).href;
  for (const line of error.stack.split('\n')) {
    const at = line.indexOf(url);
    if (at < 0) continue;
    const position = /^:(\d+):(\d+)/.exec(line.slice(at + url.length));
    if (!position) continue;
    const entry = map.findEntry(Number(position[1]) - 1, Number(position[2]) - 1) as {
      originalSource?: string;
      originalLine?: number;
      originalColumn?: number;
    };
    if (!entry.originalSource) continue;
    const source = entry.originalSource.startsWith('file:')
      ? fileURLToPath(entry.originalSource)
      : path.resolve(path.dirname(path.join(root, 'theme-overrides.mjs')), entry.originalSource);
    return new DocsItError(
      `rendering ${route} failed: an override of a theme component threw: ${error.message}`,
      { file: rel(root, source), line: entry.originalLine! + 1, column: entry.originalColumn! + 1 },
      'Fix the override: it throws while it renders this page.',
    );
  }
  return undefined;
}
