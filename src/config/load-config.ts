import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build as esbuild } from 'esbuild';
import { DocsItError } from '../errors';
import type { SiteConfig } from './schema';
import { validateConfig } from './validate-config';

export interface ResolvedPaths {
  root: string;
  configFile: string;
  content: string;
  docs: string;
  blog: string;
  pages: string;
  static: string;
  data: string;
  templates: string;
  out: string;
  cache: string;
}

/** Everything a build needs to know, resolved once: the validated site config, absolute paths and flags. */
export interface ResolvedConfig {
  site: SiteConfig;
  paths: ResolvedPaths;
  mode: 'production' | 'development';
  verbose: boolean;
  debug: boolean;
}

export interface LoadConfigOptions {
  /** Path of the config file (default `site.config.ts` in `root`). */
  config?: string;
  /** Site root (default: the folder of the config file). */
  root?: string;
  /** Output folder (default `build` in the root). */
  out?: string;
  mode?: 'production' | 'development';
  verbose?: boolean;
  debug?: boolean;
  /** Environment read for deploy-time settings (default `process.env`); see `searchFromEnv`. */
  env?: Record<string, string | undefined>;
}

/**
 * Deploy-time search settings, never committed to the config: `DOCS_IT_SEARCH_HOST` (Meilisearch host) and
 * `DOCS_IT_SEARCH_KEY` (its public search-only key, compiled into the browser bundle) override `search`.
 */
function searchFromEnv(search: SiteConfig['search'], env: Record<string, string | undefined>): SiteConfig['search'] {
  const host = env.DOCS_IT_SEARCH_HOST?.trim();
  const apiKey = env.DOCS_IT_SEARCH_KEY?.trim();
  return { ...search, ...(host ? { host } : {}), ...(apiKey ? { apiKey } : {}) };
}

/** Loads `site.config.ts` (transpiled with esbuild), validates it and resolves every path. */
export async function loadConfig(options: LoadConfigOptions = {}): Promise<ResolvedConfig> {
  const cwd = process.cwd();
  const configFile = path.resolve(cwd, options.config ?? path.join(options.root ?? '.', 'site.config.ts'));
  if (!existsSync(configFile)) {
    throw new DocsItError(
      'config file not found',
      { file: path.relative(cwd, configFile) || configFile },
      'Run docs-it from the site folder or pass --config <file>.',
    );
  }
  const root = path.resolve(cwd, options.root ?? path.dirname(configFile));
  const relConfig = path.relative(root, configFile);
  const cache = path.join(root, 'node_modules', '.cache', 'docs-it');
  const raw = await importConfigModule(configFile, relConfig, cache);
  const source = await readFile(configFile, 'utf8');
  const validated = validateConfig(raw, relConfig, source);
  const site = { ...validated, search: searchFromEnv(validated.search, options.env ?? process.env) };
  const content = path.join(root, 'content');
  return {
    site,
    paths: {
      root,
      configFile,
      content,
      docs: path.join(content, 'docs'),
      blog: path.join(content, 'blog'),
      pages: path.join(content, 'pages'),
      static: path.join(content, 'static'),
      data: path.join(content, 'data'),
      templates: path.join(root, 'templates'),
      out: path.resolve(cwd, options.out ?? path.join(root, 'build')),
      cache,
    },
    mode: options.mode ?? 'production',
    verbose: options.verbose ?? false,
    debug: options.debug ?? false,
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Transpiles a TypeScript module with esbuild and imports its default export. */
export async function importTsModule(file: string, relFile: string, cacheDir: string): Promise<unknown> {
  let code: string;
  try {
    const result = await esbuild({
      entryPoints: [file],
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      logLevel: 'silent',
      packages: 'external',
    });
    code = result.outputFiles[0]!.text;
  } catch (error) {
    // esbuild reports syntax errors with their own location; keep the first one.
    const first = (error as { errors?: { text: string; location?: { line: number; column: number } }[] }).errors?.[0];
    throw new DocsItError(
      first ? first.text : String(error),
      { file: relFile, line: first?.location?.line, column: first?.location ? first.location.column + 1 : undefined },
      'Fix this error in the file (TypeScript syntax or an import path).',
    );
  }
  const hash = createHash('sha1').update(code).digest('hex').slice(0, 12);
  await mkdir(cacheDir, { recursive: true });
  // Named after the file and its path, so two files of the same name never prune each other's transpile.
  const base = path.basename(file).replace(/\W/g, '_');
  const prefix = `${base}-${createHash('sha1').update(path.resolve(file)).digest('hex').slice(0, 8)}-`;
  const out = path.join(cacheDir, `${prefix}${hash}.mjs`);
  if (!existsSync(out)) await writeFile(out, code);
  // Earlier transpiles of this file (and those named without the path, as before) are never imported again.
  // Only those older than a minute go: another build starting now may be about to import its own.
  const earlier = new RegExp(`^(${escapeRegExp(prefix)}|${escapeRegExp(base)}-)[0-9a-f]{12}\\.mjs$`);
  for (const name of await readdir(cacheDir)) {
    const other = path.join(cacheDir, name);
    if (!earlier.test(name) || other === out) continue;
    // Another build may have removed it meanwhile.
    const modified = await stat(other).then(
      (s) => s.mtimeMs,
      () => Date.now(),
    );
    if (Date.now() - modified > 60_000) await rm(other, { force: true });
  }
  try {
    const mod = (await import(pathToFileURL(out).href)) as { default?: unknown };
    return mod.default;
  } catch (error) {
    throw new DocsItError(
      `running this module failed: ${(error as Error).message}`,
      { file: relFile },
      'Check the values and imports of this file.',
    );
  }
}

async function importConfigModule(configFile: string, relConfig: string, cache: string): Promise<unknown> {
  const value = await importTsModule(configFile, relConfig, cache);
  if (value === undefined) {
    throw new DocsItError(
      'the config file has no default export',
      { file: relConfig },
      'End the file with `export default defineConfig({ … })`.',
    );
  }
  return value;
}
