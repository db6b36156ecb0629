import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type ModuleFiles, moduleFiles } from '../cache/module-files';
import { DocsItError, DocsItErrors } from '../errors';
import { defaultFavicon } from './config-defaults';
import { defaultSiteUrl } from './default-site-url';
import { editUrlFunctionsOf } from './edit-url-functions';
import { importTsModule } from './import-ts-module';
import { lineOfKeyPath } from './locate-key';
import { isPackageStylesheet, packageStylesheetFile } from './package-stylesheet';
import { isRefusal, publishableSync } from './publishable';
import type { ResolvedConfig, ResolvedPaths } from './resolved-config';
import { searchHostExpected, searchHostOrigin } from './search-host';
import { readSidebarsFile, type SidebarsFile } from './sidebars-file';
import type { SiteConfig } from './site-schema';
import { typeStripperWarning } from './strip-types';
import { loadThemeText } from './theme-text';
import { type ValidatedConfigs, validatedConfig } from './validated-config-memo';

export interface LoadConfigOptions {
  /** The docs-it package. */
  packageRoot: string;
  /** Path of the config file (default `site.config.ts` in `root`), relative to `cwd`. */
  config?: string;
  /** Site root (default: the folder of the config file). */
  root?: string;
  /** Output folder (default `build` in the root), relative to `cwd`. */
  out?: string;
  mode?: 'production' | 'development';
  debug?: boolean;
  /** Where relative paths start (default: the process's working directory). */
  cwd?: string;
  /** Environment read for deploy-time settings (default `process.env`); see `searchFromEnv`. */
  env?: Record<string, string | undefined>;
}

/**
 * Deploy-time search settings, never committed to the config: `DOCS_IT_SEARCH_HOST` (Meilisearch host) and
 * `DOCS_IT_SEARCH_KEY` (its public search-only key, compiled into the browser bundle) override `search`.
 */
function searchFromEnv(search: SiteConfig['search'], env: Record<string, string | undefined>): SiteConfig['search'] {
  const host = env.DOCS_IT_SEARCH_HOST?.trim();
  if (host && searchHostOrigin(host) === undefined) {
    throw new DocsItError(
      `DOCS_IT_SEARCH_HOST (environment variable): ${JSON.stringify(host)} is not a server's address: ` +
        searchHostExpected,
      undefined,
      'Set it to the address of the Meilisearch server, or leave it unset to search the embedded local index.',
    );
  }
  const apiKey = env.DOCS_IT_SEARCH_KEY?.trim();
  return { ...search, ...(host ? { host } : {}), ...(apiKey ? { apiKey } : {}) };
}

/** Where everything of a site is, from the options alone (before the config is read). */
export function resolvePaths(options: LoadConfigOptions): ResolvedPaths {
  const cwd = options.cwd ?? process.cwd();
  const configFile = path.resolve(cwd, options.config ?? path.join(options.root ?? '.', 'site.config.ts'));
  const root = path.resolve(cwd, options.root ?? path.dirname(configFile));
  const content = path.join(root, 'content');
  return {
    root,
    configFile,
    content,
    docs: path.join(content, 'docs'),
    blog: path.join(content, 'blog'),
    pages: path.join(content, 'pages'),
    static: path.join(content, 'static'),
    data: path.join(content, 'data'),
    out: path.resolve(cwd, options.out ?? path.join(root, 'build')),
    cache: path.join(root, 'node_modules', '.cache', 'docs-it'),
    packageRoot: options.packageRoot,
  };
}

/**
 * Loads `site.config.ts` (transpiled with esbuild), validates it and resolves every path. `validated`: where the run
 * keeps the validated config for the next one (the cache's), which then skips validating the same data again.
 */
export async function loadConfig(
  options: LoadConfigOptions,
  modules?: ModuleFiles,
  validated?: ValidatedConfigs,
): Promise<ResolvedConfig> {
  const paths = resolvePaths(options);
  const relConfig = path.relative(paths.root, paths.configFile) || path.basename(paths.configFile);
  if (!existsSync(paths.configFile)) {
    throw new DocsItError(
      'config file not found',
      { file: path.relative(options.cwd ?? process.cwd(), paths.configFile) || paths.configFile },
      'Run docs-it from the site folder or pass --config <file>.',
    );
  }
  const raw = await importTsModule(paths.configFile, relConfig, {
    modules: modules ?? moduleFiles(path.join(paths.cache, 'modules')),
    packageRoot: options.packageRoot,
  });
  if (raw === undefined) {
    throw new DocsItError(
      'the config file has no default export',
      { file: relConfig },
      'End the file with `export default defineConfig({ … })`.',
    );
  }
  const source = await readFile(paths.configFile, 'utf8');
  const sidebarsFile = await sidebarsFileOf(raw, paths, relConfig, source, {
    modules: modules ?? moduleFiles(path.join(paths.cache, 'modules')),
    packageRoot: options.packageRoot,
  });
  const input = sidebarsFile ? withSidebars(raw, sidebarsFile.sidebars) : raw;
  const facts = {
    hasDocs: existsSync(paths.docs),
    hasBlog: existsSync(paths.blog),
    hasDefaultFavicon: existsSync(path.join(paths.static, defaultFavicon)),
  };
  // The schemas (and zod) are loaded only when the config must be validated.
  const config = await validatedConfig(
    input,
    facts,
    async () => (await import('./validate-config')).validateConfig(input, relConfig, source, facts),
    validated,
  );
  checkStaticFiles(config, paths, relConfig, source);
  checkCustomCss(config, paths, relConfig, source);
  // From here on `themeText` holds the site's strings from both places, checked.
  const themeText = await loadThemeText(config, paths.root, relConfig, source);
  const mode = options.mode ?? 'production';
  const editUrls = editUrlFunctionsOf(raw);
  return {
    site: {
      ...config,
      themeText: themeText.overrides,
      search: searchFromEnv(config.search, options.env ?? process.env),
    },
    ...(editUrls.docs || editUrls.blog ? { editUrls } : {}),
    ...(sidebarsFile ? { sidebarsFile: { file: sidebarsFile.file, source: sidebarsFile.source } } : {}),
    paths,
    mode,
    debug: options.debug ?? false,
    warnings: [
      ...(mode === 'production' ? defaultUrlWarnings(raw, relConfig) : []),
      ...themeText.warnings,
      ...(sidebarsFile?.warnings ?? []),
      ...[typeStripperWarning()].filter((warning) => warning !== undefined),
    ],
  };
}

/**
 * A build of a config without `url` works (pages link by path) but its sitemap, feeds and canonical links name
 * `http://localhost`: worth a warning in `build`, not in `dev`, where nothing is published.
 */
function defaultUrlWarnings(raw: unknown, file: string): DocsItError[] {
  if (typeof raw === 'object' && raw !== null && 'url' in raw && raw.url !== undefined) return [];
  return [
    new DocsItError(
      `url is not set: the sitemap, the feeds and the canonical links name ${defaultSiteUrl}`,
      { file },
      'Set url to the address the site is published at (e.g. url: "https://docs.example.org") before deploying.',
    ),
  ];
}

/** The sidebars file `docs.sidebarPath` names, read; an error when the config holds `docs.sidebars` too. */
async function sidebarsFileOf(
  raw: unknown,
  paths: ResolvedPaths,
  file: string,
  source: string,
  options: { modules: ModuleFiles; packageRoot: string },
): Promise<SidebarsFile | undefined> {
  const docs = (raw as { docs?: { sidebarPath?: unknown; sidebars?: unknown } }).docs;
  if (typeof docs?.sidebarPath !== 'string') return undefined;
  if (docs.sidebars !== undefined) {
    throw new DocsItError(
      'docs.sidebars and docs.sidebarPath both give the sidebars',
      { file, ...lineOfKeyPath(source, ['docs', 'sidebarPath']) },
      'Keep one of them: the sidebars in the config, or the file that holds them.',
    );
  }
  return readSidebarsFile(docs.sidebarPath, paths.root, options);
}

const withSidebars = (raw: unknown, sidebars: SidebarsFile['sidebars']) => {
  const config = raw as { docs: object };
  return { ...config, docs: { ...config.docs, sidebars } };
};

/** Every file the config names under `content/static` (favicon, logos, icons) must exist. */
function checkStaticFiles(site: SiteConfig, paths: ResolvedPaths, file: string, source: string): void {
  const named: { keys: (string | number)[]; value: string | undefined }[] = [
    { keys: ['favicon'], value: site.favicon },
    { keys: ['navbar', 'logo', 'src'], value: site.navbar.logo?.src },
    { keys: ['navbar', 'logo', 'srcDark'], value: site.navbar.logo?.srcDark },
    { keys: ['pwa', 'appleTouchIcon'], value: site.pwa.appleTouchIcon },
    ...site.pwa.icons.map((icon, i) => ({ keys: ['pwa', 'icons', i, 'src'], value: icon.src })),
  ];
  const errors = named.flatMap(({ keys, value }) => {
    if (value === undefined) return [];
    const key = keys.join('.').replace(/\.(\d+)\./g, '[$1].');
    const where = { file, ...lineOfKeyPath(source, keys) };
    const abs = path.join(paths.static, value);
    // Published from content/static like any static file: the same rule (no `..` out of it, nothing hidden).
    const verdict = publishableSync(abs, [paths.static], path.relative(paths.root, abs).split(path.sep).join('/'));
    if (!isRefusal(verdict)) return [];
    return [
      verdict.kind === 'missing'
        ? new DocsItError(
            `${key}: file not found: content/static/${value}`,
            where,
            'Add the file under content/static/, or fix the path (it is relative to content/static).',
          )
        : new DocsItError(`${key}: ${verdict.problem}`, where, verdict.hint),
    ];
  });
  if (errors.length > 0) throw new DocsItErrors(errors);
}

/**
 * Every stylesheet `customCss` names must exist inside the site's folder (its text is published, in the site's
 * stylesheet: the same rule as for files, no hidden names nor node_modules), or be a stylesheet an installed
 * package exports (`react-tweet/theme.css`, as a site's components use the package); what it says is checked when
 * bundled.
 */
function checkCustomCss(site: SiteConfig, paths: ResolvedPaths, file: string, source: string): void {
  const errors = site.customCss.flatMap((css, i) => {
    if (isPackageStylesheet(css)) {
      if (packageStylesheetFile(css, paths.root)) return [];
      return [
        new DocsItError(
          `customCss[${i}]: ${css}: no such stylesheet in the site's installed packages`,
          { file, ...lineOfKeyPath(source, ['customCss']) },
          'Install the package (npm install in the site folder), or fix the name: a package stylesheet is named as ' +
            'the site would import it (`react-tweet/theme.css`); a file of the site starts with ./',
        ),
      ];
    }
    const abs = path.resolve(paths.root, css);
    const verdict = publishableSync(abs, [paths.root], css);
    if (!isRefusal(verdict)) return [];
    const where = { file, ...lineOfKeyPath(source, ['customCss']) };
    return [
      verdict.kind === 'missing'
        ? new DocsItError(
            `customCss[${i}]: file not found: ${css}`,
            where,
            "Add the file, or fix the path (it is relative to the site's folder, like ./src/css/custom.css).",
          )
        : new DocsItError(`customCss[${i}]: ${verdict.problem}`, where, verdict.hint),
    ];
  });
  if (errors.length > 0) throw new DocsItErrors(errors);
}
