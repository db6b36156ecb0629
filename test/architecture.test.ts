/*
 * The shape of the code, checked on every run: no import cycles, folder dependencies pointing one way, and no
 * knowledge of any particular site in the generator.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { repoRoot } from './helpers';

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(repoRoot, dir))) {
    const rel = `${dir}/${entry}`;
    if (statSync(path.join(repoRoot, rel)).isDirectory()) out.push(...filesUnder(rel));
    else if (/\.(ts|tsx|mjs)$/.test(entry) && !entry.endsWith('.d.mts')) out.push(rel);
  }
  return out;
}

const files = ['src', 'templates', 'bin'].flatMap(filesUnder);

/** The folder a file belongs to, as the layering sees it: `src/render/x.ts` → `render`. */
function unitOf(file: string): string {
  const [top, second] = file.split('/');
  if (top !== 'src') return top!;
  return second!.replace(/\.tsx?$/, '');
}

/**
 * The files a file imports, type-only imports included: a type is knowledge of the module that declares it, so an
 * arrow made of types alone still ties the two folders together (and two files that name each other's types
 * cannot be understood one without the other), even though the compiler erases it.
 */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(repoRoot, file), 'utf8');
  const specifiers = [
    ...text.matchAll(/^(?:import|export)\s+(?:[^'"]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]!);
  return specifiers.flatMap((spec) => {
    const base = path.posix.join(path.posix.dirname(file), spec);
    const found = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((c) => {
      const full = path.join(repoRoot, c);
      return existsSync(full) && statSync(full).isFile();
    });
    return found ? [found] : [];
  });
}

const graph = new Map(files.map((f) => [f, importsOf(f)]));

/** Which folders each folder may import: lower layers only. */
const allowed: Record<string, string[]> = {
  shared: [],
  templates: ['shared'],
  client: ['shared', 'templates'],
  'service-worker': ['shared'],
  bin: [],
  errors: [],
  // bin/cli-bundle.mjs: the thread modules' sources entries load the checkout's bundle (loadWorkerModule).
  disk: ['bin'],
  cache: ['errors', 'shared', 'bin', 'disk'],
  config: ['errors', 'cache', 'shared'],
  translations: ['errors', 'shared'],
  content: ['errors', 'cache', 'config', 'disk', 'shared', 'translations'],
  markdown: ['errors', 'shared', 'templates'],
  render: ['errors', 'shared', 'templates', 'markdown', 'content', 'config', 'translations', 'bin'],
  search: ['shared', 'markdown'],
  output: ['errors', 'shared', 'cache', 'disk'],
  serve: ['errors', 'shared'],
  site: [
    ...['errors', 'shared', 'templates', 'cache', 'config', 'content', 'markdown'],
    ...['render', 'search', 'output', 'translations', 'bin'],
  ],
  // bin/cli-bundle.mjs: sw.ts's production bundle is made with the CLI bundle and read from beside it.
  build: ['errors', 'shared', 'cache', 'config', 'content', 'markdown', 'disk', 'render', 'output', 'site', 'bin'],
  'docusaurus-import': ['errors', 'config', 'content', 'shared'],
  dev: ['errors', 'shared', 'cache', 'config', 'markdown', 'render', 'serve', 'site'],
  cli: [
    ...['errors', 'shared', 'cache', 'config', 'content', 'search', 'serve', 'site', 'build', 'dev'],
    ...['translations', 'docusaurus-import'],
  ],
  index: ['config', 'content', 'shared'],
};

/**
 * Arrows and cycles that break the rules below and that a change under way removes, listed by name so that the
 * rules stay whole (none today); an entry that no longer happens fails the test, so the change that removes it
 * deletes it.
 */
const pendingArrows: string[] = [];
const pendingCycles: string[] = [];

/** Splits what a rule found into what it allows for now (`pending`) and the rest, and checks none is stale. */
function withoutPending(found: string[], pending: string[], what: string): string[] {
  for (const entry of pending) assert.ok(found.includes(entry), `${what} no longer happens, delete it here: ${entry}`);
  return found.filter((entry) => !pending.includes(entry));
}

test('every folder imports only the folders below it', () => {
  const wrong: string[] = [];
  for (const [file, imports] of graph) {
    const from = unitOf(file);
    assert.ok(from in allowed, `${file}: the folder "${from}" has no place in the layering (add it to this test)`);
    for (const target of imports) {
      const to = unitOf(target);
      if (to !== from && !allowed[from]!.includes(to)) wrong.push(`${file} → ${target}`);
    }
  }
  assert.equal(withoutPending(wrong, pendingArrows, 'a pending arrow'), []);
});

test('no import cycle between files', () => {
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[] = [];
  const visit = (file: string, trail: string[]) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      cycles.push([...trail.slice(trail.indexOf(file)), file].join(' → '));
      return;
    }
    state.set(file, 'open');
    for (const next of graph.get(file) ?? []) visit(next, [...trail, file]);
    state.set(file, 'done');
  };
  for (const file of graph.keys()) visit(file, []);
  assert.equal(withoutPending(cycles, pendingCycles, 'a pending cycle'), []);
});

test('the generator knows nothing of the site it builds: no names, paths or sidebars of this site', () => {
  const routes = readFileSync(path.join(repoRoot, 'test/fixtures/routes.txt'), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('/it/') && l.length > 4);
  const forbidden: [RegExp, string][] = [
    [/tauri/i, 'the framework the site documents'],
    [/\/it\//, 'the site’s base URL'],
    [/['"`]it['"`]/, 'the site’s locale'],
    [/\bguides\b|\breferences\b/, 'the site’s sidebars'],
    // esbuild's `loader: 'js'` is not the site's sidebar.
    [/(?<!loader:\s*)['"`]js['"`]/, 'a sidebar id of the site'],
    [/['"`]v1['"`]|\/v1\b/, 'the site’s docs version'],
  ];
  const found: string[] = [];
  // A catalogue of interface strings names the language it is in, whichever site uses it.
  const catalogue = (file: string) => file.startsWith('src/shared/i18n/');
  for (const file of [...filesUnder('src'), ...filesUnder('templates')]) {
    const lines = readFileSync(path.join(repoRoot, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      for (const [pattern, what] of forbidden)
        if (pattern.test(line) && !(catalogue(file) && what === 'the site’s locale'))
          found.push(`${file}:${i + 1} ${what}: ${line.trim()}`);
      for (const route of routes)
        if (line.includes(route)) found.push(`${file}:${i + 1} a route of the site: ${route}`);
    });
  }
  assert.equal(found, []);
});

test.run();
