/*
 * Routes rendered in worker threads (`renderWorkers`, large builds): the same output, byte for byte, as the build's
 * thread alone, the site's overrides of theme components included; a worker that cannot start or stops hands its
 * pages back to the build's thread, with one warning.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../src/build/build-site';
import { loadConfig } from '../src/config/load-config';
import { createBackgroundWrites } from '../src/disk/background-writes';
import type { RenderShared } from '../src/render/render-protocol';
import type { RoutePage } from '../src/render/route-props';
import { createRenderPool, type RenderPool } from '../src/site/files/render-pool';
import { siteFiles } from '../src/site/files/site-files';
import { collectingReporter } from '../src/site/reporter';
import { startRun } from '../src/site/run';
import { createSite, readContent } from '../src/site/site';
import { processTmpDir } from './build-outputs';
import { docusaurusPagesWithoutDiagrams } from './docusaurus-fixture';
import { copyFixture, filesOf, removeDir, repoRoot, siteBuildErrors } from './helpers';

/** An override of a theme component the pages draw: a worker must render it as the build's thread does. */
const footer = [
  "import type { FooterProps } from 'docs-it';",
  "import Original from '@theme-original/Footer';",
  '',
  'export default function Footer(props: FooterProps) {',
  '  return (',
  '    <>',
  '      <p className="piede">Piede disegnato dal sito</p>',
  '      <Original {...props} />',
  '    </>',
  '  );',
  '}',
  '',
].join('\n');

let dir: string | undefined;
test.after(() => {
  if (dir) removeDir(dir);
});

test('the Docusaurus-dialect site (overrides of theme components): same bytes in 0, 1 or 2 workers', async () => {
  dir = copyFixture('docusaurus', { 'src/theme/Footer.tsx': footer });
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
  const html = [...reference].filter(([file]) => file.endsWith('.html'));
  assert.ok(html.length > 0);
  for (const [file, bytes] of html) assert.ok(bytes.includes('Piede disegnato dal sito'), `${file}: no override`);
  for (const workers of [1, 2]) {
    // A new output folder: nothing kept from the previous build, every page rendered again.
    const built = await build(`build-${workers}`, workers);
    assert.equal([...built.keys()].sort(), [...reference.keys()].sort());
    for (const [file, bytes] of reference) assert.ok(bytes.equals(built.get(file)!), `${file} differs`);
  }
});

test('an override that throws in a render worker fails the build at its file and line, as on one thread', async () => {
  const throwing = [
    "import type { FooterProps } from 'docs-it';",
    '',
    'export default function Footer({ footer }: FooterProps) {',
    "  if (footer.copyright) throw new Error('piede rotto');",
    '  return <footer />;',
    '}',
    '',
  ].join('\n');
  // One copy for both builds: the second takes the browser bundle (built before any route is rendered, and the
  // same whoever renders) and the compiled pages from the first's cache, and renders every route again. Without
  // the fixture's diagrams, which would put Mermaid into that bundle: the failing footer is every page's.
  const site = copyFixture('docusaurus', { ...docusaurusPagesWithoutDiagrams(), 'src/theme/Footer.tsx': throwing });
  try {
    const one = await siteBuildErrors(site, { renderWorkers: 0 });
    assert.ok(one.length > 0);
    assert.match(one[0]!, /^src\/theme\/Footer\.tsx:4:\d+: rendering \/.* failed: .*piede rotto/);
    assert.equal(await siteBuildErrors(site, { renderWorkers: 1 }), one);
  } finally {
    removeDir(site);
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

test("a worker's rendered bytes are handed over: written, they go to the writing thread without a copy", async () => {
  const pool = createRenderPool({
    size: 1,
    shared,
    warn: (message) => assert.unreachable(message),
    script: path.join(repoRoot, 'test/fixtures/workers/rendering-worker.mjs'),
  });
  const writes = createBackgroundWrites();
  const out = path.join(processTmpDir(), 'render-workers-handed');
  try {
    const bytes = await pool.render(page('/consegnata'), () => 'non qui');
    assert.instance(bytes, Uint8Array);
    await writes.write(path.join(out, 'index.html'), bytes);
    await writes.flush();
    assert.is((bytes as Uint8Array).byteLength, 0, 'transferred to the writing thread: detached here');
    assert.is(readFileSync(path.join(out, 'index.html'), 'utf8'), '<p>/consegnata</p>');
  } finally {
    await Promise.all([pool.close(), writes.close()]);
    removeDir(out);
  }
});

test('the first `renderHereFirst` routes render on the build’s thread; workers start at the next one', async () => {
  const basic = copyFixture('basic');
  const options = { packageRoot: repoRoot, config: path.join(basic, 'site.config.ts'), noCache: true };
  const run = await startRun(options, 'build');
  try {
    const resolved = await loadConfig(options, run.cache.modules);
    const site = createSite(resolved, await readContent(resolved, run.cache.modules), run.stages, {
      keepPages: false,
    });
    await site.compileAll();
    await run.cache.flush();
    const bundle = { css: ['/a.css'], js: ['/a.js'], files: [], onDemand: new Set<string>() };
    const html = (renderHereFirst: number | undefined) => {
      const asked = { pools: 0, routes: 0 };
      const pool: RenderPool = {
        render: async () => {
          asked.routes++;
          return 'dal worker';
        },
        close: async () => undefined,
      };
      const files = siteFiles(site, run.stages, {
        bundle,
        renderPool: () => {
          asked.pools++;
          return pool;
        },
        ...(renderHereFirst === undefined ? {} : { renderHereFirst }),
      });
      return { asked, documents: files.pages.filter((file) => file.path.endsWith('.html')) };
    };
    const { asked, documents } = html(2);
    assert.ok(documents.length > 3);
    const first = [await documents[0]!.contents(), await documents[1]!.contents()];
    for (const page of first) assert.match(String(page), '</html>');
    assert.equal(asked, { pools: 0, routes: 0 }, 'no worker asked for two routes');
    assert.is(await documents[2]!.contents(), 'dal worker');
    assert.is(await documents[3]!.contents(), 'dal worker');
    assert.equal(asked, { pools: 1, routes: 2 });
    // Without it (workers asked for by the build's options), the workers render from the first route.
    const fromFirst = html(undefined);
    assert.is(await fromFirst.documents[0]!.contents(), 'dal worker');
    assert.equal(fromFirst.asked, { pools: 1, routes: 1 });
  } finally {
    await run.cache.flush();
    run.end();
    removeDir(basic);
  }
});

test.run();
