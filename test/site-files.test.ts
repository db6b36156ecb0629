/*
 * The manifest of a site's files is the one list of them: a kind of file added in this test only (an
 * `llms.txt`, as a tool might add) is written by `build`, answered by `dev`, linkable from a page and precached
 * by the service worker, with nothing else told about it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../src/build/build-site';
import { DevSite } from '../src/dev/dev-site';
import { docsItErrorsOf, formatError } from '../src/errors';
import type { SiteFileKind } from '../src/site/files/site-files';
import { buildErrors, copyFixture, quietly, removeDir, repoRoot } from './helpers';

const llms: SiteFileKind = (site) => [
  {
    path: `${site.config.site.baseUrl.slice(1)}llms.txt`,
    contents: async () => `# ${site.config.site.title}\n\n${site.model.routes.length} pagine\n`,
    precache: true,
  },
];

const dir = copyFixture('basic', {
  'content/docs/guides/per-modelli.md': '---\ntitle: Per i modelli\n---\n\nIl sito [per i modelli](/it/llms.txt).\n',
});
const config = path.join(dir, 'site.config.ts');
test.after(() => removeDir(dir));

test('build writes the added file, a page links to it, and the service worker precaches it', async () => {
  const out = path.join(dir, 'build');
  await buildSite({ packageRoot: repoRoot, config, out, fileKinds: [llms] });
  assert.match(readFileSync(path.join(out, 'it/llms.txt'), 'utf8'), /^# .+\n\n\d+ pagine\n$/);
  const sw = readFileSync(path.join(out, 'it/sw.js'), 'utf8');
  assert.match(sw, /"url":"\/it\/llms\.txt"/);
  // The site's own files keep their rules: by type, the search records for Meilisearch left out.
  assert.match(sw, /"url":"\/it\/search\/local-index\.json"/);
  assert.not.match(sw, /records\.json|sitemap\.xml|_headers|robots\.txt/);
});

test('without the kind, the same link is a broken link at its line and nothing is written', async () => {
  const out = path.join(dir, 'build-without');
  const error = await quietly(() =>
    buildSite({ packageRoot: repoRoot, config, out }).then(
      () => undefined,
      (e) => e,
    ),
  );
  assert.equal(
    docsItErrorsOf(error).map((e) => formatError(e).split('\n')[0]),
    ['content/docs/guides/per-modelli.md:5:9: broken link: /it/llms.txt is not a page of this site'],
  );
  assert.not.ok(existsSync(path.join(out, 'it/llms.txt')));
});

test('a static file published where the site writes a file of its own is an error naming it', async () => {
  const errors = await buildErrors('basic', { 'content/static/sitemap.xml': '<urlset/>\n' });
  assert.equal(
    errors.map((e) => e.split('\n')[0]),
    ['content/static/sitemap.xml: published at /it/sitemap.xml, where the site writes a file of its own'],
  );
});

test('dev answers the added file and finds no broken link to it', async () => {
  const site = new DevSite({ packageRoot: repoRoot, config, fileKinds: [llms] }, '');
  try {
    await site.start();
    const response = await site.respond('/it/llms.txt');
    assert.is(response.kind, 'asset');
    assert.match(String((response as { contents: string }).contents), /^# .+\n\n\d+ pagine\n$/);
    await site.compileEverything();
    assert.equal(
      site.diagnostics.filter((d) => d.severity === 'error').map((d) => d.error.message),
      [],
    );
  } finally {
    await site.dispose();
  }
});

test('dev without the kind answers the 404 page for it and shows the broken link', async () => {
  const site = new DevSite({ packageRoot: repoRoot, config }, '');
  try {
    await site.start();
    const response = await site.respond('/it/llms.txt');
    assert.equal([response.kind, 'status' in response && response.status], ['page', 404]);
    await site.compileEverything();
    assert.equal(
      site.diagnostics.filter((d) => d.severity === 'error').map((d) => d.error.message),
      ['broken link: /it/llms.txt is not a page of this site'],
    );
  } finally {
    await site.dispose();
  }
});

test.run();
