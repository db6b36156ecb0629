/*
 * The worker threads' modules and the code versions when docs-it runs from its TypeScript sources (tests): the
 * checkout's CLI bundle's while that bundle is current (as bin/docs-it.mjs judges it), the sources' once a source,
 * or the lock file, is newer than it.
 */
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkoutBundleIsCurrent, checkoutCliDir, codeVersionsFile, loadWorkerModule } from '../bin/cli-bundle.mjs';
import { loadCodeVersions } from '../src/cache/load-code-versions';
import { removeDir, repoRoot } from './helpers';

// The tests' scratch folder is made by whichever test needs it first: a fresh clone has none.
mkdirSync(path.join(repoRoot, 'test', '.tmp'), { recursive: true });
const root = mkdtempSync(path.join(repoRoot, 'test', '.tmp', 'worker-sources-'));
test.after(() => removeDir(root));

/** Writes a file of the fake checkout, modified at `seconds` (since the epoch). */
function write(rel: string, text: string, seconds: number): string {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  utimesSync(file, seconds, seconds);
  return file;
}

const cli = checkoutCliDir(root);
const loaded = globalThis as { workerSourcesTest?: string[] };
loaded.workerSourcesTest = [];
/** A module of the fake bundle that notes it was loaded. */
const bundled = (name: string) => {
  write(path.relative(root, path.join(cli, name)), `globalThis.workerSourcesTest.push(${JSON.stringify(name)});\n`, 1);
  return name;
};
const load = (name: string) =>
  loadWorkerModule(root, bundled(name), async () => {
    loaded.workerSourcesTest!.push(`sources instead of ${name}`);
  });

test("a thread loads the checkout's current bundle; the sources once a source or the lock file is newer", async () => {
  for (const rel of ['src/site/a.ts', 'templates/b.tsx', 'bin/c.mjs', 'package-lock.json']) write(rel, '', 100);
  assert.not.ok(checkoutBundleIsCurrent(root), 'no bundle yet');
  await load('no-bundle.mjs');
  const versions = write(path.relative(root, path.join(cli, codeVersionsFile)), '{}', 200);
  assert.ok(checkoutBundleIsCurrent(root));
  await load('current.mjs');
  // A source edited after the bundle was made: the bundle is not that code any more.
  write('src/site/a.ts', 'export const a = 1;', 300);
  assert.not.ok(checkoutBundleIsCurrent(root), 'a source newer than the bundle');
  await load('source-newer.mjs');
  utimesSync(versions, 400, 400);
  await load('bundled-again.mjs');
  write('package-lock.json', '{}', 500);
  await load('lock-newer.mjs');
  // Only the sources of the bundles count: a note changes nothing; the stylesheet the browser bundle made with the
  // CLI takes does.
  utimesSync(versions, 600, 600);
  write('src/site/notes.md', 'note', 700);
  await load('not-a-source.mjs');
  write('templates/styles.css', 'body { color: red; }', 800);
  assert.not.ok(checkoutBundleIsCurrent(root), 'a stylesheet newer than the bundle');
  await load('styles-newer.mjs');
  assert.equal(loaded.workerSourcesTest, [
    'sources instead of no-bundle.mjs',
    'current.mjs',
    'sources instead of source-newer.mjs',
    'bundled-again.mjs',
    'sources instead of lock-newer.mjs',
    'not-a-source.mjs',
    'sources instead of styles-newer.mjs',
  ]);
});

test("the code versions: the checkout's current bundle's file; the sources' graph once a source is newer", async () => {
  const own = mkdtempSync(path.join(repoRoot, 'test', '.tmp', 'code-versions-of-'));
  try {
    const at = (rel: string, text: string, seconds: number) => {
      const file = path.join(own, rel);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
      utimesSync(file, seconds, seconds);
    };
    // The CLI bundle's entries, as modules of nothing.
    const entries = [
      'cli/program',
      'site/compile/compile-worker',
      'disk/write-thread',
      'render/render-worker',
      'index',
    ];
    for (const entry of entries) at(`src/${entry}.ts`, 'export {};', 100);
    for (const rel of ['src/site/a.ts', 'templates/b.tsx', 'bin/c.mjs']) at(rel, '', 100);
    const versions = { stage: 'della-prova' };
    at(path.relative(own, path.join(checkoutCliDir(own), codeVersionsFile)), JSON.stringify(versions), 200);
    assert.equal(await loadCodeVersions(own), versions, 'the bundle’s file');
    // A source newer than the bundle: the graph is built from the sources (here, entries of nothing, which lack the
    // modules the stages are keyed by: the build of the graph says so).
    at('src/site/a.ts', 'export const a = 1;', 300);
    const fromSources = await loadCodeVersions(own).then(
      () => 'read from the file',
      (error: Error) => error.message,
    );
    assert.match(fromSources, "is not among the bundle's inputs");
  } finally {
    removeDir(own);
  }
});

test.run();
