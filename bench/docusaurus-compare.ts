/*
 * npm run bench:docusaurus-compare -- <site> [<site>…] [--work dir] [--prepare script] [--reuse-docusaurus]
 * [--docs-it-repo dir]:
 * builds real Docusaurus sites with Docusaurus and with docs-it, and compares the pages both built on what a
 * reader sees in the main content (bench/page-content.ts). Each argument is a local checkout of a Docusaurus site
 * (the folder of its docusaurus.config.*), only read. For each one, under `<work>/<site>` (default: a folder
 * `docs-it-docusaurus-compare` in the system's temporary folder, kept for the next run):
 * - `deps/`: the packages of the site's package.json (dependencies and devDependencies), installed with npm from
 *   the registry on first use (never into docs-it's own dependencies);
 * - `docusaurus-site/`: a fresh copy of the checkout (its parent folder too when the config reads `../`), with
 *   `deps/node_modules` as its packages; each `--prepare` script its package.json has is run there first (a site
 *   that builds a version from a copy of `docs/`, as pnpm.io's `copy-docs`), then `docusaurus build` of the
 *   default locale into `docusaurus-build/` (`--reuse-docusaurus` keeps a build already there);
 * - `docs-it-site/`: `import-docusaurus` of the checkout, with the checkout's own packages linked (as
 *   bench/docusaurus-corpus.ts does), built with `docs-it build --verbose` into `docs-it-build/`; its warnings are
 *   read with their files.
 * Then every route both built as a doc, a blog post or a Markdown page is compared; each difference is grouped by
 * kind, with one example, the number of pages, and how many of them docs-it's build warned about (a warning
 * located in the page's source file, found by content: the import copies files unchanged).
 * Not run by `npm test`.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { importDocusaurus } from '../src/docusaurus-import/import-site';
import { layouts, type PageContent, readPage } from './page-content';
import { linkPackages, runTimeOf, timedRun } from './timed-run';

const repo = path.resolve(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const option = (name: string): string[] => argv.flatMap((a, i) => (a === name && argv[i + 1] ? [argv[i + 1]!] : []));
const valued = new Set(['--work', '--prepare', '--docs-it-repo']);
const sites = argv.filter((a, i) => !a.startsWith('--') && !valued.has(argv[i - 1] ?? ''));
const workRoot = path.resolve(option('--work')[0] ?? path.join(tmpdir(), 'docs-it-docusaurus-compare'));
const prepare = option('--prepare');
const reuse = argv.includes('--reuse-docusaurus');
// Another checkout of docs-it builds the sites (figures before a change: a `git archive` of the commit before).
const docsItRepo = path.resolve(option('--docs-it-repo')[0] ?? repo);
// Reads the docs-it build of the previous run again (for work on this comparison itself).
const reuseDocsIt = argv.includes('--reuse-docs-it');
if (sites.length === 0) {
  console.error(
    'Usage: npm run bench:docusaurus-compare -- <docusaurus-site> [<site>…] [--work dir] [--prepare script] ' +
      '[--reuse-docusaurus] [--docs-it-repo dir]',
  );
  process.exit(2);
}

function run(command: string, args: string[], cwd: string, what: string): { stdout: string; stderr: string } {
  const child = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  if (child.status !== 0) {
    throw new Error(
      `${what} failed (${child.status ?? child.signal}):\n${(child.stderr || child.stdout).slice(-3000)}`,
    );
  }
  return { stdout: child.stdout, stderr: child.stderr };
}

function configFile(site: string): string {
  const name = ['docusaurus.config.ts', 'docusaurus.config.js', 'docusaurus.config.mjs', 'docusaurus.config.cjs'].find(
    (n) => existsSync(path.join(site, n)),
  );
  if (!name) throw new Error(`${site}: no docusaurus.config.{ts,js,mjs,cjs}`);
  return path.join(site, name);
}

/**
 * Installs the site's packages into `<work>/deps` from the npm registry, once. A package the registry does not
 * have (pnpm.io's homepage components come from another registry) is left out and named; the files that import
 * it are then left out of the Docusaurus copy.
 */
function installDeps(site: string, work: string): { deps: string; missing: string[] } {
  const deps = path.join(work, 'deps');
  const missingFile = path.join(deps, 'missing.json');
  if (existsSync(path.join(deps, 'node_modules/@docusaurus/core/package.json'))) {
    return {
      deps,
      missing: existsSync(missingFile) ? (JSON.parse(readFileSync(missingFile, 'utf8')) as string[]) : [],
    };
  }
  const manifest = JSON.parse(readFileSync(path.join(site, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  mkdirSync(deps, { recursive: true });
  const dependencies: Record<string, string> = { ...manifest.dependencies, ...manifest.devDependencies };
  const missing: string[] = [];
  for (;;) {
    writeFileSync(path.join(deps, 'package.json'), JSON.stringify({ private: true, dependencies }, null, 2));
    console.error(`  installing the site's ${Object.keys(dependencies).length} packages into ${deps}…`);
    const npm = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--legacy-peer-deps', '--loglevel=error'], {
      cwd: deps,
      encoding: 'utf8',
    });
    if (npm.status === 0) break;
    const notFound =
      /404 Not Found - GET \S+\/(@[^/\s]+%2[fF][^/\s]+|[^/@\s]+)\b/.exec(npm.stderr) ??
      /No matching version found for (@?[^@\s]+)@/.exec(npm.stderr);
    const name = notFound ? decodeURIComponent(notFound[1]!) : undefined;
    if (!name || !(name in dependencies)) throw new Error(`npm install failed:\n${npm.stderr.slice(-3000)}`);
    console.error(`  ${name}@${dependencies[name]} is not in the npm registry: left out`);
    delete dependencies[name];
    missing.push(name);
  }
  writeFileSync(missingFile, JSON.stringify(missing));
  return { deps, missing };
}

/** Builds the checkout with Docusaurus in a copy of its own; returns the build's folder and its CPU time. */
function buildWithDocusaurus(
  site: string,
  work: string,
): { out: string; cpuS: number; version: string; leftOut: string[] } {
  const { deps, missing } = installDeps(site, work);
  const leftOut = missing.map((name) => `package ${name} (not in the npm registry)`);
  const out = path.join(work, 'docusaurus-build');
  const version = (
    JSON.parse(readFileSync(path.join(deps, 'node_modules/@docusaurus/core/package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  if (reuse && existsSync(path.join(out, '404.html'))) return { out, cpuS: Number.NaN, version, leftOut };
  // A config that reads `../` (prettier's docs are in the repository's `docs/`) gets its parent folder copied.
  const readsParent = /['"`]\.\.\//.test(readFileSync(configFile(site), 'utf8'));
  const from = readsParent ? path.dirname(site) : site;
  const copyRoot = path.join(work, 'docusaurus-site');
  rmSync(copyRoot, { recursive: true, force: true });
  cpSync(from, copyRoot, {
    recursive: true,
    filter: (src) => !/(^|\/)(node_modules|\.docusaurus|build)$/.test(src),
  });
  const copy = path.join(copyRoot, path.relative(from, site));
  symlinkSync(path.join(deps, 'node_modules'), path.join(copy, 'node_modules'));
  // A plugin left out is taken out of the config (named by its package, alone, in `plugins`).
  const config = configFile(copy);
  let configText = readFileSync(config, 'utf8');
  for (const name of missing) {
    const entry = new RegExp(`(['"])${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\1\\s*,?`, 'g');
    if (!entry.test(configText)) continue;
    configText = configText.replace(entry, '');
    leftOut.push(`plugin ${name} (taken out of ${path.basename(config)})`);
  }
  writeFileSync(config, configText);
  // Site code that imports a package left out is left out too (React pages: not compared anyway).
  for (const file of fg.sync('src/**/*.{js,jsx,ts,tsx}', { cwd: copy })) {
    const text = readFileSync(path.join(copy, file), 'utf8');
    const imports = missing.filter((name) => text.includes(`'${name}`) || text.includes(`"${name}`));
    if (imports.length === 0) continue;
    rmSync(path.join(copy, file));
    leftOut.push(`${file} (imports ${imports.join(', ')})`);
  }
  const scripts =
    (JSON.parse(readFileSync(path.join(copy, 'package.json'), 'utf8')) as { scripts?: Record<string, string> })
      .scripts ?? {};
  for (const script of prepare.filter((s) => scripts[s])) {
    // Run as npm runs it, but by the shell: `npm run` refuses a site whose devEngines asks for another Node.
    console.error(`  ${script}: ${scripts[script]}`);
    const bin = path.join(copy, 'node_modules/.bin');
    const child = spawnSync('sh', ['-c', scripts[script]!], {
      cwd: copy,
      encoding: 'utf8',
      env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` },
    });
    if (child.status !== 0) throw new Error(`${script} failed:\n${child.stderr.slice(-3000)}`);
  }
  // A git repository of one commit: `showLastUpdateTime`/`Author` read each file's history, and fail outside one.
  for (const args of [
    ['init', '-q'],
    ['add', '-A'],
    ['-c', 'user.name=compare', '-c', 'user.email=compare@example.invalid', 'commit', '-qm', 'copy'],
  ]) {
    run('git', args, copyRoot, `git ${args[0]}`);
  }
  rmSync(out, { recursive: true, force: true });
  console.error('  docusaurus build…');
  const built = timedRun(
    [
      process.execPath,
      path.join(deps, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'),
      'build',
      '--out-dir',
      out,
      '--locale',
      'en',
    ],
    { cwd: copy, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } },
  );
  if (built.status !== 0)
    throw new Error(`docusaurus build failed (${built.status}):\n${(built.stderr || built.stdout).slice(-3000)}`);
  return { out, cpuS: built.cpuS, version, leftOut };
}

interface Warning {
  file: string;
  line: string;
  message: string;
}

/** Imports the checkout into docs-it and builds it; returns the build's folder, its warnings and a way from a
 * source file's content to the docs-it file it was copied to. */
async function buildWithDocsIt(site: string, work: string) {
  const siteDir = path.join(work, 'docs-it-site');
  const out = path.join(work, 'docs-it-build');
  const log = path.join(work, 'docs-it-build.log');
  if (reuseDocsIt && existsSync(log)) return readDocsItBuild(siteDir, out, readFileSync(log, 'utf8'));
  rmSync(siteDir, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
  await importDocusaurus({ site, out: siteDir });
  linkPackages(site, siteDir);
  const child = timedRun(
    [
      process.execPath,
      path.join(docsItRepo, 'bin/docs-it.mjs'),
      'build',
      '--verbose',
      '--config',
      path.join(siteDir, 'site.config.ts'),
      '--out',
      out,
    ],
    { cwd: siteDir, env: { ...process.env, NO_COLOR: '1' } },
  );
  if (child.status !== 0) throw new Error(`docs-it build of ${site} failed:\n${child.stderr.slice(-3000)}`);
  writeFileSync(log, child.stderr);
  return readDocsItBuild(siteDir, out, child.stderr);
}

/** A docs-it build's warnings (from its stderr) and its content files by their content. */
function readDocsItBuild(siteDir: string, out: string, stderr: string) {
  const warnings: Warning[] = [];
  for (const line of stderr.split('\n')) {
    const m = /^⚠ ([^\s:]+\.\w+)(?::(\d+))?(?::\d+)?: (.*)$/.exec(line);
    if (m) warnings.push({ file: m[1]!, line: m[2] ?? '', message: m[3]! });
  }
  const byContent = new Map<string, string>();
  const hash = (file: string) => createHash('sha1').update(readFileSync(file)).digest('hex');
  for (const file of fg.sync('content/**/*.{md,mdx}', { cwd: siteDir })) {
    byContent.set(hash(path.join(siteDir, file)), file);
  }
  return {
    out,
    warnings,
    cpuS: runTimeOf(stderr)?.cpuS ?? Number.NaN,
    docsItFileOf: (source: string) => byContent.get(hash(source)),
  };
}

/** Docusaurus's routes with their source files, from the metadata its content plugins leave in `.docusaurus/`. */
function docusaurusSources(work: string): Map<string, string> {
  const generated = fg.sync('**/.docusaurus', { cwd: path.join(work, 'docusaurus-site'), onlyDirectories: true })[0];
  const sources = new Map<string, string>();
  if (!generated) return sources;
  const root = path.join(work, 'docusaurus-site', generated);
  const siteDir = path.dirname(root);
  for (const file of fg.sync('docusaurus-plugin-content-*/**/*.json', { cwd: root })) {
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(path.join(root, file), 'utf8'));
    } catch {
      continue;
    }
    const meta = (data as { metadata?: { permalink?: string; source?: string } }).metadata ?? data;
    const { permalink, source } = meta as { permalink?: unknown; source?: unknown };
    if (typeof permalink === 'string' && typeof source === 'string' && source.startsWith('@site/')) {
      sources.set(permalink.replace(/(.)\/$/, '$1'), path.join(siteDir, source.slice('@site/'.length)));
    }
  }
  return sources;
}

/** The built pages of a build folder by route (`/a/b` for `a/b/index.html` and `a/b.html`). */
function routesOf(out: string): Map<string, string> {
  const routes = new Map<string, string>();
  for (const file of fg.sync('**/*.html', { cwd: out, ignore: ['404.html', '**/404.html'] })) {
    const route = `/${file}`
      .replace(/\/index\.html$/, '/')
      .replace(/\.html$/, '')
      .replace(/(.)\/$/, '$1');
    if (!routes.has(route) || file.endsWith('index.html')) routes.set(route, path.join(out, file));
  }
  return routes;
}

/** A short excerpt around the first place where two texts part. */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 30);
  return `Docusaurus «…${a.slice(from, i + 50)}…» / docs-it «…${b.slice(from, i + 50)}…»`;
}

/** The first entry where two lists differ, as an example. */
function listDifference(a: string[], b: string[]): string {
  const onlyA = a.filter((x) => !b.includes(x));
  const onlyB = b.filter((x) => !a.includes(x));
  if (onlyA.length || onlyB.length) {
    return `Docusaurus only: ${JSON.stringify(onlyA.slice(0, 3))}; docs-it only: ${JSON.stringify(onlyB.slice(0, 3))}`;
  }
  const i = a.findIndex((x, k) => x !== b[k]);
  return `order: Docusaurus ${JSON.stringify(a[i])} / docs-it ${JSON.stringify(b[i])} at ${i + 1}`;
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The differences of one page, each as [kind, example]. */
export function differences(d: PageContent, i: PageContent): [string, string][] {
  const found: [string, string][] = [];
  if (d.title !== i.title)
    found.push(['title', `Docusaurus ${JSON.stringify(d.title)} / docs-it ${JSON.stringify(i.title)}`]);
  if (!same(d.headings, i.headings)) {
    const ids = (list: string[]) => list.map((h) => h.split(' ')[0]!);
    const kind = !same(ids(d.headings), ids(i.headings)) ? 'headings: ids or levels' : 'headings: text';
    found.push([kind, listDifference(d.headings, i.headings)]);
  }
  if (!same(d.toc, i.toc)) found.push(['table of contents', listDifference(d.toc, i.toc)]);
  if (d.code.length !== i.code.length) {
    found.push(['code blocks: count', `Docusaurus ${d.code.length} / docs-it ${i.code.length}`]);
  } else {
    d.code.forEach((block, k) => {
      const other = i.code[k]!;
      if (block.language !== other.language) {
        found.push([
          'code blocks: language',
          `block ${k + 1}: Docusaurus ${block.language} / docs-it ${other.language}`,
        ]);
      }
      if (block.title !== other.title) {
        found.push([
          'code blocks: title',
          `block ${k + 1}: Docusaurus ${JSON.stringify(block.title)} / docs-it ${JSON.stringify(other.title)}`,
        ]);
      }
      if (block.text !== other.text) {
        found.push(['code blocks: text', `block ${k + 1}: ${firstDifference(block.text, other.text)}`]);
      }
    });
  }
  if (!same(d.admonitions, i.admonitions)) found.push(['admonitions', listDifference(d.admonitions, i.admonitions)]);
  const inline = (a: string, b: string) =>
    a === b || (a.startsWith('(inline) ') && a.slice(9) === b.replace(/^\S+ /, ''));
  if (d.images.length !== i.images.length || d.images.some((x, k) => !inline(x, i.images[k]!)))
    found.push(['images', listDifference(d.images, i.images)]);
  if (!same(d.links, i.links)) found.push(['links', listDifference(d.links, i.links)]);
  if (!same(d.tabs, i.tabs)) found.push(['tabs', listDifference(d.tabs, i.tabs)]);
  if (d.text !== i.text) found.push(['text', firstDifference(d.text, i.text)]);
  return found;
}

interface Kind {
  pages: string[];
  warned: number;
  example: string;
}

async function compareSite(site: string) {
  const name = path.basename(site) === 'website' ? path.basename(path.dirname(site)) : path.basename(site);
  const work = path.join(workRoot, name);
  mkdirSync(work, { recursive: true });
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  const docusaurus = buildWithDocusaurus(site, work);
  console.error('  docs-it build…');
  const docsIt = await buildWithDocsIt(site, work);
  const origin = 'https://compare.invalid';
  const dRoutes = routesOf(docusaurus.out);
  const iRoutes = routesOf(docsIt.out);
  const sources = docusaurusSources(work);
  const kinds = new Map<string, Kind>();
  const all: { route: string; warned: boolean; differences: [string, string][] }[] = [];
  let compared = 0;
  let identical = 0;
  const notRead: string[] = [];
  // Pairs of routes: a Docusaurus page whose source docs-it imported (the same file content) goes with the
  // docs-it route of the same path, or of that path without one segment (prettier's docs: Docusaurus builds the
  // `docs/` folder at `/docs/next/`, docs-it at `/docs/`); pages of other versions are not compared.
  const pairs: { dRoute: string; iRoute: string; docsItFile?: string }[] = [];
  const claimed = new Set<string>();
  const candidates: { dRoute: string; docsItFile: string; routes: string[] }[] = [];
  let otherVersions = 0;
  for (const [dRoute, source] of sources) {
    if (!dRoutes.has(dRoute)) continue;
    const docsItFile = existsSync(source) ? docsIt.docsItFileOf(source) : undefined;
    if (!docsItFile) {
      otherVersions++;
      continue;
    }
    const segments = dRoute.split('/');
    const shorter = segments.slice(1).map((_, k) => segments.filter((__, j) => j !== k + 1).join('/') || '/');
    candidates.push({ dRoute, docsItFile, routes: [dRoute, ...shorter] });
  }
  for (const pass of [0, 1]) {
    for (const c of candidates) {
      const iRoute = (pass === 0 ? c.routes.slice(0, 1) : c.routes.slice(1)).find(
        (r) => iRoutes.has(r) && !claimed.has(r),
      );
      if (!iRoute || pairs.some((p) => p.dRoute === c.dRoute)) continue;
      claimed.add(iRoute);
      pairs.push({ dRoute: c.dRoute, iRoute, docsItFile: c.docsItFile });
    }
  }
  for (const dRoute of dRoutes.keys()) {
    if (!sources.has(dRoute) && iRoutes.has(dRoute) && !claimed.has(dRoute)) pairs.push({ dRoute, iRoute: dRoute });
  }
  const routeOf = new Map(pairs.map((p) => [p.dRoute, p.iRoute]));
  for (const c of candidates) {
    const same = pairs.find((p) => p.docsItFile === c.docsItFile);
    if (same && !routeOf.has(c.dRoute)) routeOf.set(c.dRoute, same.iRoute);
  }
  for (const { dRoute, iRoute, docsItFile } of pairs.sort((a, b) => a.iRoute.localeCompare(b.iRoute))) {
    const route = iRoute;
    const d = readPage(readFileSync(dRoutes.get(dRoute)!, 'utf8'), layouts.docusaurus, dRoute, origin);
    if (!d) continue;
    // Links to pages both built are read as docs-it's routes of those pages (`/docs/next/x` is `/docs/x`).
    d.links = d.links.map((link) => {
      const [target, hash] = link.split('#') as [string, string | undefined];
      const paired = routeOf.get(target);
      return paired === undefined ? link : `${paired}${hash === undefined ? '' : `#${hash}`}`;
    });
    const i = readPage(readFileSync(iRoutes.get(iRoute)!, 'utf8'), layouts.docsIt, iRoute, origin);
    if (!i) {
      notRead.push(route);
      continue;
    }
    compared++;
    const found = differences(d, i);
    if (found.length === 0) {
      identical++;
      continue;
    }
    const warned = docsItFile !== undefined && docsIt.warnings.some((w) => w.file === docsItFile);
    all.push({ route, warned, differences: found });
    for (const [kind, example] of found) {
      const k = kinds.get(kind) ?? { pages: [], warned: 0, example: `${route}: ${example}` };
      if (!k.pages.includes(route)) {
        k.pages.push(route);
        if (warned) k.warned++;
      }
      kinds.set(kind, k);
    }
  }
  // Every difference of every page, for reading beyond the one example a kind prints.
  writeFileSync(path.join(work, 'differences.json'), JSON.stringify(all, null, 1));
  const builtOnlyByDocusaurus = [...dRoutes.keys()].filter((r) => !pairs.some((p) => p.dRoute === r)).length;
  return {
    name,
    load,
    docusaurus,
    docsIt,
    compared,
    identical,
    kinds,
    notRead,
    builtOnlyByDocusaurus,
    otherVersions,
  };
}

// The CLI bundle is made once before the first build, not inside it.
spawnSync(process.execPath, [path.join(docsItRepo, 'bin/docs-it.mjs'), '--version'], { cwd: docsItRepo });
for (const site of sites) {
  console.error(`${site}…`);
  const r = await compareSite(path.resolve(site));
  console.log(
    `\n${r.name} (Docusaurus ${r.docusaurus.version}; load ${r.load}; build CPU s: Docusaurus ` +
      `${r.docusaurus.cpuS.toFixed(1)}, docs-it ${r.docsIt.cpuS.toFixed(1)}; ` +
      `work folder ${path.join(workRoot, r.name)})`,
  );
  console.log(
    `  pages compared: ${r.compared}, identical on every point: ${r.identical}; ` +
      `docs-it warnings: ${r.docsIt.warnings.length}; routes of Docusaurus not compared: ${r.builtOnlyByDocusaurus} ` +
      `(${r.otherVersions} of other docs versions)`,
  );
  for (const item of r.docusaurus.leftOut) console.log(`  left out of the Docusaurus build: ${item}`);
  if (r.notRead.length) console.log(`  docs-it pages without a main content: ${r.notRead.join(', ')}`);
  for (const [kind, k] of [...r.kinds].sort((a, b) => b[1].pages.length - a[1].pages.length)) {
    console.log(`  ${kind}: ${k.pages.length} pages (${k.warned} warned)\n      e.g. ${k.example.slice(0, 400)}`);
  }
}
