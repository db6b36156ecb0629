import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { formatKeyPath } from '../config/describe-issue';
import type { SidebarItemInput } from '../config/docs-schema';
import { lineOfKeyPath } from '../config/locate-key';
import { siteSchema } from '../config/site-schema';
import { DocsItError, UsageError } from '../errors';
import { carryOption, type Draft, type Leftover, type MappingContext } from './config-mapping';
import { docsIndexOf } from './docs-index';
import { evaluateSiteModule, functionName } from './evaluate-module';
import type { Copy, ImportReport, ReportEntry } from './import-report';
import { siteFolders } from './site-folders';
import { optionOf, viewOf } from './site-parts';

export interface ImportOptions {
  site: string;
  /** Default: a folder beside the site, `<site>-docs-it`. */
  out?: string;
  cwd?: string;
}

const configNames = [
  'docusaurus.config.js',
  'docusaurus.config.ts',
  'docusaurus.config.mjs',
  'docusaurus.config.cjs',
  'docusaurus.config.mts',
  'docusaurus.config.cts',
];
const posix = (p: string) => p.split(path.sep).join('/');

/** The real path of `p`, or of its nearest existing ancestor joined with the rest (a folder not made yet). */
function realPathOf(p: string): string {
  const missing: string[] = [];
  let at = p;
  while (!existsSync(at)) {
    missing.unshift(path.basename(at));
    at = path.dirname(at);
  }
  return path.join(realpathSync(at), ...missing);
}

const inside = (child: string, parent: string) => {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

/** The output folder: outside the site (the import never writes into it) and missing or empty. */
function checkOut(siteDir: string, out: string): void {
  const realSite = realPathOf(siteDir);
  const realOut = realPathOf(out);
  if (inside(realOut, realSite)) {
    throw new UsageError(
      `--out ${out} is inside the Docusaurus site: the import never writes into the site it reads`,
      'Pass an --out folder outside the site, e.g. beside it.',
    );
  }
  if (inside(realSite, realOut)) {
    throw new UsageError(`--out ${out} holds the Docusaurus site`, 'Pass an --out folder outside the site.');
  }
  if (existsSync(out)) {
    if (!statSync(out).isDirectory() || readdirSync(out).length > 0) {
      throw new DocsItError(
        `the output folder ${out} is not empty`,
        undefined,
        'Pass a new or empty --out folder: the import never overwrites files.',
      );
    }
  }
}

/**
 * The line of a text in a file's source, looked for after `from` first (a plugin's name after `plugins:`, where a
 * function plugin is named rather than defined): quoted, then bare.
 */
function lineOfText(source: string, needle: string, from = 0): number | undefined {
  const forms = [`'${needle}'`, `"${needle}"`, `\`${needle}\``, needle];
  const at = [from, 0].flatMap((start) => forms.map((form) => source.indexOf(form, start))).find((i) => i >= 0);
  return at === undefined ? undefined : source.slice(0, at).split('\n').length;
}

/** Key path of a view option in the config's source: `docs.editUrl` → `docs`, `editUrl` (inside the preset). */
const sourceKeys = (option: string) =>
  option
    .replace(/\[\d+\]/g, '')
    .split('.')
    .filter((k) => k !== 'preset');

/**
 * `docs-it import-docusaurus`: reads a Docusaurus site and writes a docs-it site folder with its content and
 * static files copied unchanged and a `site.config.ts` of what docs-it understands of its config; says what it
 * could not carry. Writes into a temporary folder beside the output and renames it: all or nothing.
 */
export async function importDocusaurus(options: ImportOptions): Promise<ImportReport> {
  const cwd = options.cwd ?? process.cwd();
  const siteDir = path.resolve(cwd, options.site);
  if (!existsSync(siteDir) || !statSync(siteDir).isDirectory()) {
    throw new UsageError(
      `${options.site} is not a folder`,
      'Pass the folder of a Docusaurus site (where docusaurus.config.js is).',
    );
  }
  const configName = configNames.find((name) => existsSync(path.join(siteDir, name)));
  if (!configName) {
    throw new DocsItError(
      `no docusaurus.config.js (or .ts, .mjs) in ${options.site}`,
      undefined,
      'Pass the folder of a Docusaurus site (where docusaurus.config.js is).',
    );
  }
  const out = path.resolve(cwd, options.out ?? `${siteDir.replace(/[/\\]+$/, '')}-docs-it`);
  checkOut(siteDir, out);

  const configFile = path.join(siteDir, configName);
  const source = readFileSync(configFile, 'utf8');
  const config = (await evaluateSiteModule(configFile, siteDir)).value;
  if (config === null || typeof config !== 'object' || Array.isArray(config) || functionName(config)) {
    throw new DocsItError(
      'the config exports no object',
      { file: configName },
      'Export the config object (module.exports = { … } or export default { … }).',
    );
  }
  const view = viewOf(config);
  const notCarried: ReportEntry[] = [];
  const configEntry = (leftover: Leftover): ReportEntry => ({
    file: configName,
    ...lineOfKeyPath(source, sourceKeys(leftover.option)),
    what: leftover.option,
    reason: leftover.reason,
  });

  // Where the content is.
  const pathOption = (group: string, fallback: string) => {
    const value = optionOf(view, `${group}.path`);
    return path.resolve(siteDir, typeof value === 'string' ? value : fallback);
  };
  const docsDir = pathOption('docs', 'docs');
  const blogDir = pathOption('blog', 'blog');
  const pagesDir = pathOption('pages', 'src/pages');
  const staticDirs = (Array.isArray(config.staticDirectories) ? config.staticDirectories : ['static']).map((d) =>
    path.resolve(siteDir, String(d)),
  );

  // Sidebars: the file `docs.sidebarPath` names is copied unchanged, with the site's files it loads, and named by
  // `docs.sidebarPath` (docs-it reads it as Docusaurus does); without one, one autogenerated sidebar as Docusaurus.
  const sidebarPath = optionOf(view, 'docs.sidebarPath');
  const sidebarsCopies: Copy[] = [];
  let sidebars: SidebarsSetting = { sidebars: { defaultSidebar: [{ type: 'autogenerated', dirName: '.' }] } };
  if (typeof sidebarPath === 'string') {
    const sidebarFile = path.resolve(siteDir, sidebarPath);
    const evaluated = await evaluateSiteModule(sidebarFile, siteDir);
    const ids =
      evaluated.value && typeof evaluated.value === 'object' && !Array.isArray(evaluated.value)
        ? Object.keys(evaluated.value)
        : [];
    // A file outside the site's folder goes to the new site's root under its own name.
    const placeOf = (file: string) => {
      const rel = posix(path.relative(siteDir, file));
      return rel.startsWith('../') ? path.basename(file) : rel;
    };
    for (const file of evaluated.files) sidebarsCopies.push({ from: file, to: placeOf(file), count: 'sidebars' });
    const outside = evaluated.files.slice(1).filter((f) => posix(path.relative(siteDir, f)).startsWith('../'));
    for (const file of outside) {
      notCarried.push({
        file: posix(path.relative(siteDir, sidebarFile)),
        what: `${posix(path.relative(siteDir, file))}, loaded by the sidebars file`,
        reason: `outside the site's folder: copied to ${placeOf(file)}; fix the sidebars file's import of it`,
      });
    }
    sidebars = { sidebarPath: `./${placeOf(sidebarFile)}`, ids };
  } else if (sidebarPath === false) sidebars = { sidebars: {} };

  const docs = docsIndexOf(docsDir);
  const draft: Draft = {};
  // The current version's `path` (`next`) is part of the docs' URLs in Docusaurus: here, of their base path.
  const versions = optionOf(view, 'docs.versions');
  const current = versions && typeof versions === 'object' && !Array.isArray(versions) ? versions.current : undefined;
  const versionPath =
    current && typeof current === 'object' && !Array.isArray(current) && typeof current.path === 'string'
      ? current.path.replace(/^\/+|\/+$/g, '')
      : '';
  const docsRouteBase = (() => {
    const value = optionOf(view, 'docs.routeBasePath');
    const base = typeof value === 'string' ? value.replace(/^\/+|\/+$/g, '') : 'docs';
    return [base, versionPath].filter(Boolean).join('/');
  })();
  const sidebarIds = 'ids' in sidebars ? sidebars.ids : Object.keys(sidebars.sidebars);
  const context: MappingContext = {
    docs,
    docsRouteBase,
    siteDir,
    sidebarIds,
    reactPageRoutes: reactPageRoutesOf(pagesDir, siteDir, docsRouteBase),
  };
  const carried: string[] = [];
  for (const [option, value] of view.options) {
    const result = carryOption(option, value, draft, context);
    if (result.carried) carried.push(option);
    notCarried.push(...result.leftovers.map(configEntry));
  }
  if (versionPath) groupOf(draft, 'docs').routeBasePath = docsRouteBase;
  // A local plugin named by its absolute path is named relative to the site.
  const nameOf = (name: string) => (path.isAbsolute(name) ? posix(path.relative(siteDir, name)) : name);
  for (const plugin of view.unknownPlugins) {
    notCarried.push({
      file: configName,
      line: lineOfText(source, plugin.needle, Math.max(0, source.search(new RegExp(`\\b${plugin.kind}s\\s*:`)))),
      what: `${plugin.kind} "${nameOf(plugin.name)}"`,
      reason: plugin.reason,
    });
  }
  completeDraft(draft, sidebars);
  // Docusaurus 2's MDX 1 renders a component a page does not define as an empty div: so does docs-it, warning.
  if (docusaurusMajor(siteDir) === 2) draft.markdown = { mdx1Compat: { undefinedComponents: true } };

  const i18n = config.i18n;
  const folders = siteFolders(siteDir, {
    docsDir,
    blogDir,
    pagesDir,
    staticDirs,
    defaultLocale:
      i18n && typeof i18n === 'object' && !Array.isArray(i18n) && typeof i18n.defaultLocale === 'string'
        ? i18n.defaultLocale
        : 'en',
  });
  notCarried.push(...folders.notCarried);
  folders.copies.push(...sidebarsCopies);

  const configText = configModule(draft);
  for (const issue of checkDraft(draft, staticDirs))
    notCarried.push({
      file: 'site.config.ts',
      ...lineOfKeyPath(configText, issue.keys),
      what: 'to finish by hand',
      reason: issue.message,
    });

  const copied = writeSite(out, folders.copies, configText);
  return {
    site: siteDir,
    out,
    copied,
    copies: folders.copies,
    folders: { docs: docsDir, blog: blogDir, pages: pagesDir },
    carried,
    notCarried,
  };
}

/**
 * The routes of the React pages under `src/pages` (not carried: docs-it pages are Markdown): `users/index.jsx` →
 * `/users`, `help.js` → `/help`, `index.js` → `/`.
 */
function reactPageRoutesOf(pagesDir: string, siteDir: string, docsRouteBase: string): Map<string, string> {
  const routes = new Map<string, string>();
  if (!existsSync(pagesDir)) return routes;
  const ignore = ['**/_*', '**/_*/**', '**/node_modules/**'];
  for (const file of fg.sync('**/*.{js,jsx,ts,tsx}', { cwd: pagesDir, ignore })) {
    const route = `/${file.replace(/\.[jt]sx?$/, '').replace(/(^|\/)index$/, '')}`.replace(/(.)\/$/, '$1');
    // The home page stays when the docs are there (`routeBasePath: '/'`): docs-it puts their first page there.
    if (route === '/' && docsRouteBase === '') continue;
    routes.set(route, posix(path.relative(siteDir, path.join(pagesDir, file))));
  }
  return routes;
}

/** The major version of Docusaurus the site's package.json asks for (`"@docusaurus/core": "^2.4.3"` → 2). */
function docusaurusMajor(siteDir: string): number | undefined {
  try {
    const manifest = JSON.parse(readFileSync(path.join(siteDir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    const range = manifest.dependencies?.['@docusaurus/core'] ?? manifest.devDependencies?.['@docusaurus/core'];
    const major = range && /(\d+)\./.exec(range)?.[1];
    return major ? Number(major) : undefined;
  } catch {
    return undefined;
  }
}

/** The object at `key` of the draft, made when missing. */
function groupOf(draft: Draft, key: string): Draft {
  const group = (draft[key] ?? {}) as Draft;
  draft[key] = group;
  return group;
}

/** The sidebars of the new site: the file the Docusaurus site names (and the ids it holds), or sidebars. */
type SidebarsSetting = { sidebarPath: string; ids: string[] } | { sidebars: Record<string, SidebarItemInput[]> };

/** Fills in what docs-it requires and a Docusaurus config may leave to its defaults. */
function completeDraft(draft: Draft, sidebars: SidebarsSetting): void {
  const title = typeof draft.title === 'string' ? draft.title : '';
  draft.tagline ??= '';
  // docs-it's default, written out so that a missing file is reported at a line of the config.
  draft.favicon ??= 'img/favicon.svg';
  draft.i18n ??= {
    defaultLocale: 'en',
    currentLocale: 'en',
    locales: [{ code: 'en', label: 'English', direction: 'ltr', htmlLang: 'en', calendar: 'gregory', path: 'en' }],
  };
  const docs = groupOf(draft, 'docs');
  // Docusaurus labels the current version "Next" unless `docs.versions.current.label` says otherwise.
  const version = groupOf(docs, 'version');
  version.label ??= 'Next';
  if ('sidebarPath' in sidebars) docs.sidebarPath = sidebars.sidebarPath;
  else docs.sidebars = sidebars.sidebars;
  const blog = groupOf(draft, 'blog');
  blog.title ??= 'Blog';
  blog.description ??= 'Blog';
  const navbar = groupOf(draft, 'navbar');
  navbar.title ??= title;
  navbar.hideOnScroll ??= false;
  navbar.items ??= [];
  // docs-it shows a logo in the navbar; a site without one shows its favicon there.
  navbar.logo ??= { alt: title, src: typeof draft.favicon === 'string' ? draft.favicon : 'img/favicon.svg' };
  draft.footer ??= { columns: [], copyright: '' };
  // Docusaurus's defaults where docs-it's differ: a broken anchor or Markdown link is a warning there.
  draft.onBrokenAnchors ??= 'warn';
  draft.onBrokenMarkdownLinks ??= 'warn';
  draft.colorMode ??= { defaultMode: 'light', respectPrefersColorScheme: false, disableSwitch: false };
}

/** What still stops the written config from building: schema issues, and static files it names that are missing. */
function checkDraft(draft: Draft, staticDirs: string[]): { keys: PropertyKey[]; message: string }[] {
  const parsed = siteSchema.safeParse(draft);
  const issues = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        keys: issue.path,
        message: `${formatKeyPath(issue.path)}: ${issue.message}`,
      }));
  const navbar = draft.navbar as { logo?: { src?: string; srcDark?: string } } | undefined;
  const named: [PropertyKey[], unknown][] = [
    [['favicon'], draft.favicon],
    [['navbar', 'logo', 'src'], navbar?.logo?.src],
    [['navbar', 'logo', 'srcDark'], navbar?.logo?.srcDark],
  ];
  for (const [keys, file] of named) {
    if (typeof file === 'string' && !staticDirs.some((dir) => existsSync(path.join(dir, file)))) {
      issues.push({
        keys,
        message: `${formatKeyPath(keys)}: content/static/${file} does not exist: add it, or name another file`,
      });
    }
  }
  return issues;
}

/** The text of `site.config.ts`. */
function configModule(draft: Draft): string {
  // A function of the draft (an `editUrl` the import carried) is written as its source.
  const functions: string[] = [];
  const json = JSON.stringify(
    draft,
    (_key, value: unknown) => (typeof value === 'function' ? `\u0000fn${functions.push(String(value)) - 1}` : value),
    2,
  );
  const body = json
    .replace(/^(\s*)"([A-Za-z_$][\w$]*)":/gm, '$1$2:')
    .replace(/"\\u0000fn(\d+)"/g, (_, i: string) => functions[Number(i)]!);
  return [
    '// Written by `docs-it import-docusaurus` from the Docusaurus config; what it could not carry was listed then.',
    "import { defineConfig } from 'docs-it';",
    '',
    `export default defineConfig(${body});`,
    '',
  ].join('\n');
}

/** Writes the site into a temporary folder beside `out`, then renames it into place; counts the files copied. */
function writeSite(out: string, copies: Copy[], configText: string) {
  const parent = path.dirname(out);
  mkdirSync(parent, { recursive: true });
  const temp = path.join(parent, `.${path.basename(out)}.docs-it-import-${process.pid}`);
  rmSync(temp, { recursive: true, force: true });
  const copied: Record<string, number> = {};
  try {
    mkdirSync(temp);
    for (const copy of copies) {
      if (!existsSync(copy.from)) continue;
      const to = path.join(temp, copy.to);
      mkdirSync(path.dirname(to), { recursive: true });
      cpSync(copy.from, to, {
        recursive: true,
        force: false,
        errorOnExist: false,
        preserveTimestamps: true,
        // A link is copied as written: resolved, it would point back into the source site or copy what it names.
        verbatimSymlinks: true,
        filter: (src) => path.basename(src) !== 'node_modules',
      });
      const files = statSync(copy.from).isDirectory()
        ? fg.sync('**/*', { cwd: copy.from, dot: true, ignore: ['**/node_modules/**'] }).length
        : 1;
      copied[copy.count] = (copied[copy.count] ?? 0) + files;
    }
    writeFileSync(path.join(temp, 'site.config.ts'), configText);
    // An empty folder (checked before) gives way to the new one; rmdir refuses one that has filled since.
    if (existsSync(out)) rmdirSync(out);
    renameSync(temp, out);
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw error;
  }
  return copied;
}
