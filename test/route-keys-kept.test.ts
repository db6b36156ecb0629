/*
 * A warm build takes each route's key, problems and indexed path from the previous build's (src/site/route-keys.ts)
 * while the site's model and config are the same and the pages the route's props were made from have the same
 * stand-ins: after one paragraph is edited only that page's route makes props again. Every warm build here is
 * compared, byte for byte, with a build of the same site that reuses nothing (`--no-cache`), and a route's problems
 * with a cold build's.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type BuildSummary, buildSite } from '../src/build/build-site';
import { DocsItErrors, formatError } from '../src/errors';
import { assertSameFiles, copyFixture, editFile, removeDir, repoRoot } from './helpers';

const dir = copyFixture('basic');
const out = path.join(dir, 'build');
const coldOut = path.join(dir, 'cold');
const routeKeys = path.join(dir, 'node_modules/.cache/docs-it/route-keys.pack');
const config = path.join(dir, 'site.config.ts');

const build = () => buildSite({ packageRoot: repoRoot, config, out });
const coldBuild = () => buildSite({ packageRoot: repoRoot, config, out: coldOut, noCache: true });

/** Routes taken from the previous build, and routes whose props were made (and kept). */
const routesOf = (summary: BuildSummary) => summary.cache.props ?? { hits: 0, misses: 0 };

const edit = (rel: string, change: (text: string) => string) => editFile(dir, rel, change);

/** The warm build's output is the cold build's, file for file and byte for byte. */
async function assertSameAsCold(): Promise<void> {
  await coldBuild();
  assertSameFiles(out, coldOut);
}

/** The problems a failing build threw, as printed. */
async function problemsOf(run: () => Promise<unknown>): Promise<string[]> {
  try {
    await run();
  } catch (error) {
    if (error instanceof DocsItErrors) return error.errors.map(formatError);
    throw error;
  }
  assert.unreachable('the build fails');
  return [];
}

test.before(async () => {
  await build();
  await build();
});
test.after(() => removeDir(dir));

test("a paragraph edited: that route's props alone made again, the same output", async () => {
  const restore = edit('content/docs/guides/intro/primo.md', (t) => t.replace('Usa rustup.', 'Usa rustup, ora.'));
  try {
    const summary = await build();
    const { hits, misses } = routesOf(summary);
    assert.is(misses, 1, 'the edited doc alone');
    assert.is(hits, summary.pages - 1, 'every other route taken');
    await assertSameAsCold();
  } finally {
    restore();
  }
});

test('a title edited (the model changed): every route made again, the same output', async () => {
  await build();
  const restore = edit('content/docs/guides/intro/primo.md', (t) => t.replace('title: Primo passo', 'title: Avvio'));
  try {
    const summary = await build();
    assert.is(routesOf(summary).hits, 0);
    assert.match(readFileSync(path.join(out, 'it/v1/guides/intro/secondo/index.html'), 'utf8'), 'Avvio');
    await assertSameAsCold();
  } finally {
    restore();
  }
});

test("a route's problem: reported again when the route is taken, as a cold build reports it", async () => {
  await build();
  const restoreProblem = edit('content/docs/guides/faq.md', (t) =>
    t.replace('---\n', '---\ndisplayed_sidebar: nessuna\n'),
  );
  try {
    const first = await problemsOf(build);
    assert.ok(
      first.some((p) => p.includes('displayed_sidebar: there is no sidebar "nessuna"')),
      first.join('\n'),
    );
    const restore = edit('content/docs/guides/intro/primo.md', (t) => t.replace('Usa rustup.', 'Usa rustup, dopo.'));
    try {
      const warm = await problemsOf(build);
      assert.equal(warm, await problemsOf(coldBuild));
      assert.equal(warm, first);
      // Taken from what the failed build before kept: the route with its problem.
      assert.match(readFileSync(routeKeys, 'latin1'), 'there is no sidebar');
    } finally {
      restore();
    }
  } finally {
    restoreProblem();
  }
});

test('a torn file of kept routes: every route made again, the same output', async () => {
  await build();
  const bytes = readFileSync(routeKeys);
  writeFileSync(routeKeys, bytes.subarray(0, Math.floor(bytes.length / 2)));
  const restore = edit('content/docs/guides/intro/primo.md', (t) => t.replace('Usa rustup.', 'Usa rustup, poi.'));
  try {
    const summary = await build();
    assert.is(routesOf(summary).hits, 0);
    await assertSameAsCold();
    // And the next build takes them again.
    assert.is(routesOf(await build()).misses, 0);
  } finally {
    restore();
  }
});

test.run();
