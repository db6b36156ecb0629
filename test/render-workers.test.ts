/*
 * Routes rendered in worker threads (`renderWorkers`, large builds): the same output, byte for byte, as the build's
 * thread alone, the site's overrides of theme components included; a worker that cannot start or stops hands its
 * pages back to the build's thread, with one warning.
 */
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../src/build/build-site';
import { createRenderPool } from '../src/render/render-pool';
import type { RenderShared } from '../src/render/render-protocol';
import type { RoutePage } from '../src/render/route-props';
import { collectingReporter } from '../src/site/reporter';
import { copyFixture, filesOf, removeDir, repoRoot } from './helpers';

let dir: string | undefined;
test.after(() => {
  if (dir) removeDir(dir);
});

test('the Docusaurus-dialect site (overrides of theme components): same bytes in 0, 1 or 2 workers', async () => {
  dir = copyFixture('docusaurus');
  const build = async (out: string, renderWorkers: number) => {
    const reporter = collectingReporter();
    await buildSite({
      packageRoot: repoRoot,
      config: path.join(dir!, 'site.config.ts'),
      out: path.join(dir!, out),
      renderWorkers,
      reporter,
    });
    assert.equal(
      reporter.found.filter((d) => /worker/.test(d.error.message)).map((d) => d.error.message),
      [],
      'no warning of a worker',
    );
    return filesOf(path.join(dir!, out));
  };
  const reference = await build('build-0', 0);
  assert.ok([...reference.keys()].some((file) => file.endsWith('.html')));
  for (const workers of [1, 2]) {
    // A new output folder: nothing kept from the previous build, every page rendered again.
    const built = await build(`build-${workers}`, workers);
    assert.equal([...built.keys()].sort(), [...reference.keys()].sort());
    for (const [file, bytes] of reference) assert.ok(bytes.equals(built.get(file)!), `${file} differs`);
  }
});

/** What every page shares, for the pool's tests: workers that cannot start never read it. */
const shared = {} as RenderShared;
const page = (path: string) => ({ props: { path } }) as unknown as RoutePage;

test("render workers that cannot start: the build's thread renders every page, one warning", async () => {
  const warnings: string[] = [];
  const pool = createRenderPool({
    size: 2,
    shared,
    warn: (message) => warnings.push(message),
    script: path.join(repoRoot, 'test/fixtures/workers/broken-worker.mjs'),
  });
  try {
    const paths = ['/a', '/b', '/c', '/d', '/e'];
    const html = await Promise.all(paths.map((p) => pool.render(page(p), () => `<p>${p}</p>`)));
    assert.equal(
      html,
      paths.map((p) => `<p>${p}</p>`),
    );
    assert.is(warnings.length, 1, warnings.join('\n'));
    assert.match(warnings[0]!, "pages are rendered on the build's thread alone");
    assert.match(warnings[0]!, 'il worker non parte');
    // Once no worker is left, the build's thread renders at once.
    assert.is(await pool.render(page('/f'), () => 'f'), 'f');
  } finally {
    await pool.close();
  }
});

test.run();
