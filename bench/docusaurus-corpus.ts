/*
 * npm run bench:docusaurus -- <site> [<site>…] [--keep]: moves real Docusaurus sites into docs-it and says how
 * far they got. Each argument is a local checkout of a Docusaurus site (the folder of its docusaurus.config.js,
 * with the packages its config and components load installed). For each one, this:
 * - runs `import-docusaurus` into a temporary folder (the checkout is only read), and gives the new site the
 *   checkout's installed packages, as `npm install` in it would (each package linked into its own
 *   node_modules, where docs-it keeps its cache);
 * - compares every file the import copied with its source, byte for byte: content files the import edited
 *   (the goal is 0);
 * - counts the routes Docusaurus makes of the same trees (docs, blog posts, pages: the source files its content
 *   plugins take, with their default include and exclude patterns and drafts left out);
 * - builds the new site with `docs-it build --verbose` in a child process and reads its summary (routes by
 *   kind), its warnings and errors (grouped by kind: the message with names and numbers taken out) and its
 *   processor time (user + sys, esbuild's process included).
 * `--keep` keeps the temporary folders and prints where they are. The checkouts are not part of this
 * repository: docs/measurements.md names the repositories and commits measured, and how they were prepared.
 * Not run by `npm test`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { importDocusaurus } from '../src/docusaurus-import/import-site';
import { DocsItError, formatLocation } from '../src/errors';
import { linkPackages, timedRun } from './timed-run';

const repo = path.resolve(import.meta.dirname, '..');
const keep = process.argv.includes('--keep');
const sites = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (sites.length === 0) {
  console.error('Usage: npm run bench:docusaurus -- <docusaurus-site> [<docusaurus-site>…] [--keep]');
  process.exit(2);
}

/** Docusaurus's content plugins: what they read (`include`) and leave out (`GlobExcludeDefault`). */
const excludeDefault = ['**/_*.{js,jsx,ts,tsx,md,mdx}', '**/_*/**', '**/*.test.{js,jsx,ts,tsx}', '**/__tests__/**'];
const markdown = ['**/*.{md,mdx}'];
const pageFiles = ['**/*.{js,jsx,ts,tsx,md,mdx}'];

/** Whether a Markdown file's front matter says `draft: true` (Docusaurus leaves drafts out of a build). */
function isDraft(file: string): boolean {
  if (!/\.mdx?$/.test(file)) return false;
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(file, 'utf8'));
  return front !== null && /^draft:\s*true\s*$/m.test(front[1]!);
}

function routeSources(dir: string, include: string[]): string[] {
  if (!existsSync(dir)) return [];
  return fg
    .sync(include, { cwd: dir, ignore: [...excludeDefault, '**/node_modules/**'] })
    .filter((file) => !isDraft(path.join(dir, file)));
}

/** Files of the site the import copied that differ from their source, or are missing. */
function editedFiles(copies: { from: string; to: string }[], out: string): string[] {
  const edited: string[] = [];
  for (const copy of copies) {
    if (!existsSync(copy.from)) continue;
    const pairs = statSync(copy.from).isDirectory()
      ? fg
          .sync('**/*', { cwd: copy.from, dot: true, ignore: ['**/node_modules/**'] })
          .map((f) => [path.join(copy.from, f), path.join(out, copy.to, f)] as const)
      : [[copy.from, path.join(out, copy.to)] as const];
    for (const [from, to] of pairs) {
      if (!existsSync(to) || !readFileSync(from).equals(readFileSync(to))) edited.push(path.relative(out, to));
    }
  }
  return edited;
}

interface Diagnostic {
  severity: 'error' | 'warning';
  file: string;
  message: string;
}

/** The diagnostics of the CLI's stderr: `✖ file:line:column: message` or `⚠ …`, each with a `  → hint` line. */
function diagnosticsOf(stderr: string): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const line of stderr.split('\n')) {
    const m = /^([✖⚠]) (.*)$/.exec(line);
    if (!m) continue;
    const at = /^([^\s:]+\.[\w]+)(?::\d+)?(?::\d+)?: (.*)$/.exec(m[2]!);
    found.push({
      severity: m[1] === '✖' ? 'error' : 'warning',
      file: at ? at[1]! : '',
      message: at ? at[2]! : m[2]!,
    });
  }
  return found;
}

/** A diagnostic's kind: its message with quoted texts, names, paths and numbers taken out. */
function kindOf(message: string): string {
  return message
    .replace(/"[^"]*"|'[^']*'|`[^`]*`/g, '…')
    .replace(/[^\s:,()]*[/@.][^\s:,()]*[\w*]/g, '…')
    .replace(/\d+/g, 'N')
    .slice(0, 100);
}

interface SiteResult {
  site: string;
  edited: string[];
  docusaurus: { docs: number; posts: number; pages: number };
  built: { docs: number; posts: number; pages: number; total: number } | undefined;
  warnings: Map<string, { count: number; example: string }>;
  errors: Map<string, { count: number; example: string }>;
  filesWithErrors: number;
  notCarried: number;
  cpuS: number;
  wallS: number;
  load: string;
}

function group(list: Diagnostic[]): Map<string, { count: number; example: string }> {
  const groups = new Map<string, { count: number; example: string }>();
  for (const d of list) {
    const kind = kindOf(d.message);
    const g = groups.get(kind) ?? { count: 0, example: `${d.file}: ${d.message}`.slice(0, 160) };
    g.count++;
    groups.set(kind, g);
  }
  return new Map([...groups].sort((a, b) => b[1].count - a[1].count));
}

async function measureSite(site: string): Promise<SiteResult> {
  const tmp = mkdtempSync(path.join(tmpdir(), 'docs-it-corpus-'));
  const report = await importDocusaurus({ site, out: path.join(tmp, 'site') }).catch((error: unknown) => {
    rmSync(tmp, { recursive: true, force: true });
    const where = error instanceof DocsItError && error.location ? `${formatLocation(error.location)}: ` : '';
    throw new Error(`${site}: the import failed: ${where}${error instanceof Error ? error.message : error}`);
  });
  const docusaurus = {
    docs: routeSources(report.folders.docs, markdown).length,
    posts: routeSources(report.folders.blog, markdown).length,
    pages: routeSources(report.folders.pages, pageFiles).length,
  };
  const edited = editedFiles(report.copies, report.out);
  linkPackages(site, report.out);
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  const child = timedRun(
    [
      process.execPath,
      path.join(repo, 'bin/docs-it.mjs'),
      'build',
      '--verbose',
      '--config',
      path.join(report.out, 'site.config.ts'),
      '--out',
      path.join(tmp, 'build'),
    ],
    { cwd: report.out, env: { ...process.env, NO_COLOR: '1' } },
  );
  const diagnostics = diagnosticsOf(child.stderr);
  const kinds = /^Routes by kind: (.*)$/m.exec(child.stdout);
  let built: SiteResult['built'];
  if (child.status === 0 && kinds) {
    const byKind = Object.fromEntries(
      kinds[1]!.split(', ').map((entry) => {
        const [kind, n] = entry.split(' ');
        return [kind!, Number(n)];
      }),
    );
    const total = Number(/: (\d+) pages?,/.exec(child.stdout)?.[1] ?? 0);
    built = {
      docs: (byKind.doc ?? 0) + (byKind['docs-home'] ?? 0),
      posts: byKind['blog-post'] ?? 0,
      pages: (byKind.page ?? 0) + (byKind.home ?? 0) + (byKind.releases ?? 0),
      total,
    };
  }
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const result: SiteResult = {
    site: path.basename(site),
    edited,
    docusaurus,
    built,
    warnings: group(diagnostics.filter((d) => d.severity === 'warning')),
    errors: group(errors),
    filesWithErrors: new Set(errors.map((e) => e.file)).size,
    notCarried: report.notCarried.length,
    cpuS: child.cpuS,
    wallS: child.wallS,
    load,
  };
  if (child.status !== 0 && errors.length === 0) {
    result.errors.set('the build failed without a diagnostic', { count: 1, example: child.stderr.slice(-400) });
  }
  if (keep) console.error(`${result.site}: kept in ${tmp}`);
  else rmSync(tmp, { recursive: true, force: true });
  return result;
}

// The CLI bundle is made once before the first measurement, not inside it.
spawnSync(process.execPath, [path.join(repo, 'bin/docs-it.mjs'), '--version'], { cwd: repo });
const results: SiteResult[] = [];
const failedImports: string[] = [];
for (const site of sites) {
  console.error(`${site}…`);
  try {
    results.push(await measureSite(path.resolve(site)));
  } catch (error) {
    failedImports.push(error instanceof Error ? error.message : String(error));
  }
}

const sum = (m: Map<string, { count: number }>) => [...m.values()].reduce((n, g) => n + g.count, 0);
console.log(
  '| site | content files edited | docs built / Docusaurus | posts | pages | warnings | errors (files) | ' +
    'not carried | build CPU s (wall s, load) |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  const b = r.built;
  const of = (n: number | undefined, d: number) => `${n ?? 0} / ${d}`;
  console.log(
    `| ${r.site} | ${r.edited.length} | ${of(b?.docs, r.docusaurus.docs)} | ${of(b?.posts, r.docusaurus.posts)} | ` +
      `${of(b?.pages, r.docusaurus.pages)} | ${sum(r.warnings)} | ${sum(r.errors)} (${r.filesWithErrors}) | ` +
      `${r.notCarried} | ${r.cpuS.toFixed(1)} (${r.wallS.toFixed(1)}, ${r.load}) |`,
  );
}
for (const failure of failedImports) console.log(`\n${failure}`);
for (const r of results) {
  console.log(`\n${r.site}${r.built ? `: ${r.built.total} pages built` : ': the build failed'}`);
  for (const file of r.edited) console.log(`  edited: ${file}`);
  for (const [label, groups] of [
    ['error', r.errors],
    ['warning', r.warnings],
  ] as const) {
    for (const [kind, g] of groups) console.log(`  ${g.count} × ${label}: ${kind}\n      e.g. ${g.example}`);
  }
}
