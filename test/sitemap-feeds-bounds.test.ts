/*
 * Files that list the whole site stay bounded: a sitemap splits under a sitemap index past the protocol's
 * 50,000 URLs a file, and the feeds list only the newest posts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../src/build/build-site';
import { feedPostLimit } from '../src/site/files/site-files';
import { renderSitemap, sitemapFilesOf, sitemapUrlLimit } from '../src/site/files/sitemap';
import { copyFixture, quietly, removeDir, repoRoot } from './helpers';

const origin = 'https://example.org';
const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

test('up to the limit, sitemap.xml alone lists every indexable route', () => {
  const files = sitemapFilesOf('/it/', sitemapUrlLimit);
  assert.equal(
    files.map((f) => f.path),
    ['it/sitemap.xml'],
  );
  const paths = ['/it/', '/it/a', '/it/b'];
  assert.equal(files[0]?.render(origin, paths), renderSitemap(origin, paths));
});

test('past the limit, sitemap.xml is an index of parts each within the limit, together every route once', () => {
  const limit = 4;
  const paths = Array.from({ length: 9 }, (_, i) => `/it/p${i}`);
  // Ten routes, one of them not indexable: three parts.
  const files = sitemapFilesOf('/it/', 10, limit);
  assert.equal(
    files.map((f) => f.path),
    ['it/sitemap.xml', 'it/sitemap-1.xml', 'it/sitemap-2.xml', 'it/sitemap-3.xml'],
  );
  const [index, ...parts] = files.map((f) => f.render(origin, paths));
  assert.match(index ?? '', /<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
  assert.equal(locsOf(index ?? ''), [
    `${origin}/it/sitemap-1.xml`,
    `${origin}/it/sitemap-2.xml`,
    `${origin}/it/sitemap-3.xml`,
  ]);
  for (const part of parts) {
    assert.match(part, /<urlset /);
    assert.ok(locsOf(part).length <= limit);
  }
  assert.equal(
    parts.flatMap(locsOf),
    paths.map((p) => origin + p),
  );
});

const post = (n: number) =>
  `---\ntitle: Articolo extra ${n}\nauthors: [mario]\n---\n\nRiassunto ${n}.\n\n<!-- truncate -->\n\nTesto.\n`;
const extra = Object.fromEntries(
  Array.from({ length: feedPostLimit }, (_, i) => [
    `content/blog/2024-02-${String(i + 1).padStart(2, '0')}-extra-${i + 1}.md`,
    post(i + 1),
  ]),
);
const dir = copyFixture('basic', extra);
test.after(() => removeDir(dir));

test('the feeds list only the newest posts, the newest first', async () => {
  const out = path.join(dir, 'build');
  await quietly(() => buildSite({ packageRoot: repoRoot, config: path.join(dir, 'site.config.ts'), out }));
  const newest = Array.from({ length: feedPostLimit }, (_, i) => `Articolo extra ${feedPostLimit - i}`);
  for (const [file, item] of [
    ['it/blog/rss.xml', /<item><title>([^<]*)<\/title>/g],
    ['it/blog/atom.xml', /<entry><title type="text">([^<]*)<\/title>/g],
  ] as const) {
    const titles = [...readFileSync(path.join(out, file), 'utf8').matchAll(item)].map((m) => m[1]);
    assert.equal(titles, newest, file);
  }
});

test.run();
