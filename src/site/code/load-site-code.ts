import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { provideModulesToSiteCode } from '../../../templates/content/site-modules';
import type { ModuleFiles } from '../../cache/module-files';
import { lineOfKeyPath } from '../../config/locate-key';
import type { ResolvedConfig } from '../../config/resolved-config';
import { siteThemeComponentFile } from '../../config/site-theme-files';
import type { DiscoveredContent } from '../../content/discover';
import { DocsItError, DocsItErrors } from '../../errors';
import { isAssetImport } from '../../markdown/asset-refs';
import { type ImportLine, importsOf, isFragmentImport, siteSpecifier } from '../../markdown/mdx-imports';
import { isBuiltinModule } from '../../shared/builtin-modules';
import { componentsKey, type SiteCode } from '../../shared/site-code';
import { textImportsOf, textUsesMdx } from '../source-facts';
import { bundleSiteCode, type SiteCodeBundle } from './bundle-site-code';
import { resolveModule } from './resolve-module';
import { type SiteCodeContext, siteCodeContextOf } from './site-code-plugins';

/** Where a page (or a fragment) imports a module of the site's code. */
interface CodeImport {
  file: string;
  line: number;
  source: string;
  spec: string;
}

/**
 * The modules the site's MDX pages and fragments import as code, by their `@site/` form, with their files, and
 * every import statement naming one.
 */
function codeImportsOf(
  discovered: DiscoveredContent,
  root: string,
): { files: Map<string, string | undefined>; uses: CodeImport[] } {
  const files = new Map<string, string | undefined>();
  const uses: CodeImport[] = [];
  const scan = (file: string, lines: ImportLine[]) => {
    for (const { source, line } of lines) {
      const spec = siteSpecifier(source, file);
      const themeFile = /^@theme\/[\w-]+$/.test(spec) ? siteThemeComponentFile(root, spec.slice(7)) : undefined;
      if (
        !themeFile &&
        (isFragmentImport(spec) ||
          isAssetImport(source) ||
          isBuiltinModule(spec) ||
          /^@(theme|docusaurus)\//.test(spec))
      )
        continue;
      if (!files.has(spec)) files.set(spec, themeFile ?? resolveModule(spec, root));
      uses.push({ file, line, source, spec });
    }
  };
  for (const source of discovered.sources)
    if (source.file.endsWith('.mdx') || textUsesMdx(source)) scan(source.file, textImportsOf(source));
  for (const [file, text] of Object.entries(discovered.fragments)) scan(file, importsOf(text));
  return { files, uses };
}

/**
 * Bundles the site's components module and every module its pages import into one server module, and loads
 * it; with the stylesheets they import (see `site-css`). No code when the site has none. An import that names no
 * file is left out: the page's compile reports it at its line.
 */
export async function loadSiteCode(
  config: ResolvedConfig,
  discovered: DiscoveredContent,
  modules: ModuleFiles,
): Promise<{ code: SiteCode | undefined; styles: string[] }> {
  const { root } = config.paths;
  const site = siteCodeContextOf(config);
  const relConfig = path.relative(root, config.paths.configFile);
  const componentsFile = config.site.components ? path.resolve(root, config.site.components) : undefined;
  if (componentsFile && !existsSync(componentsFile)) {
    throw new DocsItError(
      `components module not found: ${config.site.components}`,
      { file: relConfig },
      '`components` names a file relative to the site folder, such as "src/components/index.tsx".',
    );
  }
  const { files: imports, uses } = codeImportsOf(discovered, root);
  const targets = new Map<string, string>();
  if (componentsFile) targets.set(componentsFile, componentsKey);
  for (const file of imports.values()) if (file && !targets.has(file)) targets.set(file, `m${targets.size + 1}`);
  if (targets.size === 0) return { code: undefined, styles: [] };

  const entry = [...targets].map(([file, key]) => `export * as ${key} from ${JSON.stringify(file)};`).join('\n');
  const { code, styles } = await bundle(entry, site);
  const url = pathToFileURL(modules.file('site-code', code)).href;
  provideModulesToSiteCode();
  let loaded: Record<string, Record<string, unknown>>;
  try {
    loaded = (await import(url)) as typeof loaded;
  } catch (error) {
    const culprit = await failingModule([...targets.keys()], site, modules);
    const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');
    const message = (culprit?.error as Error)?.message ?? (error as Error)?.message ?? String(error);
    const hint = culprit
      ? `Fix ${rel(culprit.file)}: code at its top level (outside its functions) threw while it loaded.`
      : 'Check the components module and the modules the pages import: one threw while it loaded.';
    const importers = uses.filter((use) => culprit && imports.get(use.spec) === culprit.file);
    if (importers.length > 0)
      throw new DocsItErrors(
        importers.map(
          (use) =>
            new DocsItError(
              `importing ${use.source} failed: ${rel(culprit!.file)} threw while it loaded: ${message}`,
              { file: use.file, line: use.line, column: 1 },
              hint,
            ),
        ),
      );
    throw new DocsItError(
      `the components module ${culprit ? rel(culprit.file) : config.site.components} threw while it loaded: ${message}`,
      { file: relConfig, ...lineOfKeyPath(await readFile(config.paths.configFile, 'utf8'), ['components']) },
      hint,
    );
  }
  const components = Object.keys(loaded[componentsKey] ?? {}).filter((name) => /^[A-Z]/.test(name));
  const byImport: Record<string, string> = {};
  for (const [spec, file] of imports) if (file) byImport[spec] = targets.get(file)!;
  // A site's own src/theme/<Name> is what @theme/<Name> names when both exist, as in Docusaurus.
  // The components module does not replace a module docs-it provides (a file in src/theme does).
  for (const name of components)
    if (!isBuiltinModule(`@theme/${name}`)) byImport[`@theme/${name}`] ??= `${componentsKey}#${name}`;
  const exports: Record<string, string[]> = {};
  for (const key of targets.values()) exports[key] = Object.keys(loaded[key] ?? {}).sort();
  return { code: { url, components, imports: byImport, exports }, styles };
}

/**
 * Which of the site's modules throws while it loads, with what it threw: each is bundled and loaded alone (only
 * after the whole bundle failed to load, so this costs nothing otherwise).
 */
async function failingModule(
  files: string[],
  site: SiteCodeContext,
  modules: ModuleFiles,
): Promise<{ file: string; error: unknown } | undefined> {
  for (const file of files) {
    const { code } = await bundle(`export * as m from ${JSON.stringify(file)};`, site);
    try {
      await import(pathToFileURL(modules.file('site-code-module', code)).href);
    } catch (error) {
      return { file, error };
    }
  }
  return undefined;
}

function bundle(entry: string, site: SiteCodeContext): Promise<SiteCodeBundle> {
  return bundleSiteCode({
    site,
    entry,
    sourcefile: 'site-code.js',
    hint: "Fix this error in the site's code (the components module, or a module a page imports).",
    fallbackFile: 'site-code',
  });
}
