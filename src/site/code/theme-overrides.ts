import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { provideModulesToSiteCode } from '../../../templates/content/site-modules';
import {
  provideThemeOriginals,
  setThemeOverrides,
  type ThemeOverrideComponents,
  themeOriginalsGlobal,
} from '../../../templates/theme-components';
import { digestText } from '../../cache/digest';
import type { ModuleFiles } from '../../cache/module-files';
import { closestName } from '../../config/describe-issue';
import { isProvidedThemeName, isSiteThemeName, themeEntries } from '../../config/site-theme-files';
import { DocsItError } from '../../errors';
import { overrideErrorIn, withSourceMap } from '../../markdown/override-errors';
import type { ServerOverrides } from '../../render/render-protocol';
import {
  type ContentComponentName,
  type ContentOverrides,
  isContentComponentName,
  isThemeComponentName,
  overrideExportName,
  type ThemeComponentName,
  themeComponentNames,
  themeOverridesDir,
} from '../../shared/theme-components';
import { bundleSiteCode } from './bundle-site-code';
import type { SiteCodeContext } from './site-code-plugins';

/** The site's overrides: each component's file (absolute), and a digest of their code (part of render's key). */
export interface ThemeOverrides {
  files: Partial<Record<ThemeComponentName, string>>;
  digest: string;
  /** The overrides of the components a page's content draws, bundled for the markdown compiler (when it has some). */
  content?: ContentOverrides;
  /** The stylesheets they import, once loaded (see `site-css`). */
  styles: string[];
  /** The components of the site's own under `src/theme` that it imports as `@theme/<Name>`, by name. */
  components: Record<string, string>;
}

const rel = (root: string, file: string) => path.relative(root, file).split(path.sep).join('/');

/**
 * The override files under `src/theme` (see `themeEntries`), by component name, and the site's own components
 * there that it imports as `@theme/<Name>` (`imported`), as in Docusaurus. A file named after no overridable
 * component and imported by nothing is an error with the closest name: a misspelt override would silently do
 * nothing.
 */
export function findThemeOverrides(root: string, imported: ReadonlySet<string> = new Set()): ThemeOverrides {
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
    const own = !isProvidedThemeName(name)
      ? ` A component of the site's own in ${themeOverridesDir} is one its pages or components import ` +
        `as @theme/${name}.`
      : ` docs-it provides @theme/${name} itself: nothing imports this file, so docs-it's is drawn.`;
    throw new DocsItError(
      `${rel(root, file)} overrides no theme component: there is none named ${name}`,
      { file: rel(root, file), line: 1, column: 1 },
      `${rename || ''}The components a site can override: ${themeComponentNames.join(', ')}.${own}`,
    );
  }
  const digest = Object.entries(files)
    .map(([name, file]) => `${name}\0${digestText(readFileSync(file, 'utf8'))}`)
    .join('\n');
  return { files, digest: digest && digestText(digest).slice(0, 24), components, styles: [] };
}

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

/** Bundles the overrides in `entries` for the server (each under `overrideExportName`), with its source map. */
async function bundleOverrides(
  site: SiteCodeContext,
  entries: [ThemeComponentName, string][],
  sourcefile: string,
): Promise<{ code: string; styles: string[] }> {
  const entry = entries
    .map(([name, file]) => `export { default as ${overrideExportName(name)} } from ${JSON.stringify(file)};`)
    .join('\n');
  const { code, map, styles } = await bundleSiteCode({
    site,
    entry,
    sourcefile,
    // It maps an error thrown while an override renders back to its line (see `overrideErrorIn`). In a comment of
    // the module's own file, so that a compile worker finds it, but not the standard one: Node would then map the
    // error's stack itself, to files the site does not have.
    sourcemap: true,
    plugins: [
      themeOriginals(
        (name) => `export default globalThis[${JSON.stringify(themeOriginalsGlobal)}](${JSON.stringify(name)});`,
        site.root,
      ),
    ],
    hint: 'Fix this error in the override of the theme component.',
    fallbackFile: themeOverridesDir,
  });
  return { code: withSourceMap(code, Buffer.from(JSON.stringify(map))), styles };
}

/**
 * Bundles the site's overrides for the server and hands them to the templates (`setThemeOverrides`), so that
 * `renderToString` draws them; none when the site has none. The overrides of content components (Admonition,
 * CodeBlock) are bundled once more on their own, for the markdown compiler (`ThemeOverrides.content`): a page's
 * compile is keyed on that bundle alone, so an edit of the navbar's override compiles no page again.
 */
export async function loadThemeOverrides(
  site: SiteCodeContext,
  modules: ModuleFiles,
  imported: ReadonlySet<string> = new Set(),
): Promise<ThemeOverrides> {
  const { root } = site;
  const overrides = findThemeOverrides(root, imported);
  const entries = Object.entries(overrides.files) as [ThemeComponentName, string][];
  if (entries.length === 0) {
    setThemeOverrides({});
    loadedBundle = undefined;
    return overrides;
  }
  const { code, styles } = await bundleOverrides(site, entries, 'theme-overrides.js');
  provideModulesToSiteCode();
  provideThemeOriginals();
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
  const components: ThemeOverrideComponents = {};
  for (const [name, file] of entries) {
    const component = loaded[overrideExportName(name)];
    if (typeof component !== 'function' && typeof component !== 'object')
      throw new DocsItError(
        `${rel(root, file)} has no default export: an override exports its component as the default`,
        { file: rel(root, file), line: 1, column: 1 },
        `Write \`export default function ${name.replace(/\W/g, '')}(props) { … }\`.`,
      );
    components[name] = component;
  }
  setThemeOverrides(components);
  loadedBundle = bundleFile;
  loadedNames = entries.map(([name]) => name);
  const content = entries.filter(([name]) => isContentComponentName(name));
  if (content.length > 0) {
    const { code: contentCode } = await bundleOverrides(site, content, 'theme-content-overrides.js');
    overrides.content = {
      url: pathToFileURL(modules.file('theme-content-overrides', contentCode)).href,
      names: content.map(([name]) => name as ContentComponentName),
    };
  }
  return { ...overrides, styles };
}

/** The bundle of overrides the server renders with. */
let loadedBundle: string | undefined;
/** The components it overrides. */
let loadedNames: ThemeComponentName[] = [];

/** The bundle of overrides this process renders with and what it overrides, for a render worker to load it too. */
export function serverOverrides(): ServerOverrides | undefined {
  return loadedBundle ? { url: pathToFileURL(loadedBundle).href, names: loadedNames } : undefined;
}

/**
 * An error thrown while a page rendered, located in the site's override it came from (by the bundle's source map):
 * the page's build fails naming that file and line. Undefined for an error thrown elsewhere.
 */
export function overrideErrorOf(error: unknown, route: string): DocsItError | undefined {
  return loadedBundle ? overrideErrorIn(error, loadedBundle, `rendering ${route}`) : undefined;
}
