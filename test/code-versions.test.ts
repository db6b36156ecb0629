/*
 * The cache follows the code: a copy of the docs-it package, run through its own executable (which bundles
 * the CLI and writes the code version of each cached stage), builds a site again after a template edit, a
 * markdown plugin edit and a dependency upgrade. Each must change what it changes, and only that.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyOfPackage, fixture, pipeEnv, removeDir } from './helpers';

const work = mkdtempSync(path.join(tmpdir(), 'docs-it-code-'));
const pkg = path.join(work, 'docs-it');
const site = path.join(work, 'sito');
// The package's code is copied; its dependencies are linked, except the one this test upgrades.
const upgraded = 'github-slugger';
copyOfPackage(pkg, [upgraded]);
cpSync(fixture('basic'), site, { recursive: true });

/** `docs-it build --verbose` of the copied package, from the site's folder: compiled pages and rendered files. */
function build(): { compiled: number; rendered: number; reused: number } {
  const run = spawnSync(process.execPath, [path.join(pkg, 'bin/docs-it.mjs'), 'build', '--verbose'], {
    cwd: site,
    encoding: 'utf8',
    env: pipeEnv(),
  });
  assert.is(run.status, 0, `${run.stdout}\n${run.stderr}`);
  const compiled = Number(/Markdown: (\d+) pages? compiled/.exec(run.stdout)?.[1]);
  const files = /Pages: (\d+) files? written, (\d+) unchanged/.exec(run.stdout)!;
  return { compiled, rendered: Number(files[1]), reused: Number(files[2]) };
}
const page = () => readFileSync(path.join(site, 'build/it/v1/guides/faq/index.html'), 'utf8');
function change(rel: string, from: string, to: string): void {
  const file = path.join(pkg, rel);
  const text = readFileSync(file, 'utf8');
  assert.ok(text.includes(from), `${rel} holds ${from}`);
  writeFileSync(file, text.replace(from, to));
}

test.after(() => removeDir(work));

test('a warm build with the same code reuses every compiled page and every rendered page', () => {
  const first = build();
  assert.ok(first.compiled > 0);
  const warm = build();
  assert.is(warm.compiled, 0);
  assert.is(warm.rendered, 1, 'only the sidebar file, which is always written');
});

test('a template edit renders every page again and compiles none', () => {
  change('templates/DocPage.tsx', '<div className="doc-page">', '<div className="doc-page doc-page-v2">');
  const after = build();
  assert.is(after.compiled, 0);
  assert.is(after.reused, 0);
  assert.match(page(), 'class="doc-page doc-page-v2"');
});

test('a markdown plugin edit compiles every page again', () => {
  change('src/markdown/rehype-heading-anchors.ts', "className: ['hash-link']", "className: ['hash-link', 'v2']");
  const after = build();
  assert.ok(after.compiled > 0);
  assert.is(build().compiled, 0, 'and once only');
  assert.match(page(), '<a href="#domande" class="hash-link v2"');
});

test('an upgraded dependency of the markdown pipeline compiles every page again', () => {
  const manifest = path.join(pkg, 'node_modules', upgraded, 'package.json');
  const json = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  writeFileSync(manifest, JSON.stringify({ ...json, version: `${json.version}-aggiornato` }));
  // `npm install` rewrites the lock file: that is what tells the executable to bundle again.
  const now = new Date();
  utimesSync(path.join(pkg, 'package-lock.json'), now, now);
  const after = build();
  assert.ok(after.compiled > 0);
  // The same code under a new version compiles to the same HTML: the pages' render inputs did not change.
  assert.ok(after.reused > 0);
});

test.run();
