/*
 * A warm build renders again exactly the routes whose output an edit changes: each route's render key is made from
 * its props with every page's HTML standing in by key (src/site/page-stand-in.ts), so a route that is kept is
 * neither given props from its page nor read back from the cache. Every warm build here is compared, byte for byte,
 * with a build of the same edited site that reuses nothing (`--no-cache`).
 */
import fs, { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type BuildSummary, buildSite } from '../src/build/build-site';
import { blobEntriesOf } from '../src/cache/blob-store';
import { packStore } from '../src/cache/stores';
import { assertSameFiles, copyFixture, editFile, removeDir, repoRoot } from './helpers';

const dir = copyFixture('basic', {
  // A doc whose link to another doc's file resolves to that doc's route (`slug` moves it).
  'content/docs/guides/intro/terzo.md':
    '---\ntitle: Terzo passo\nsidebar_position: 3\n---\n\nSegue il [primo](./primo.md) e il [secondo](./secondo.md).\n',
  // A page without a sidebar: only its link shows where the doc went.
  'content/pages/collegamenti.md':
    '---\ntitle: Collegamenti\n---\n\nSi parte dal [primo passo](../docs/guides/intro/primo.md).\n',
});
const out = path.join(dir, 'build');
const coldOut = path.join(dir, 'cold');
const cacheDir = path.join(dir, 'node_modules/.cache/docs-it');
const compileDir = path.join(cacheDir, 'compile');
const config = path.join(dir, 'site.config.ts');

/**
 * The compiled pages read back from the cache's files while `run` runs (by the build's thread), each as the text
 * read: the reads of the compile store's data files (blob-store.ts), by the file each was opened as.
 */
async function readsDuring<T>(run: () => Promise<T>): Promise<{ result: T; reads: string[] }> {
  const reads: string[] = [];
  const [open, read] = [fs.openSync, fs.readSync];
  const opened = new Set<number>();
  fs.openSync = ((file: fs.PathLike, ...rest: unknown[]) => {
    const fd = (open as (...args: unknown[]) => number)(file, ...rest);
    if (typeof file === 'string' && file.startsWith(compileDir + path.sep)) opened.add(fd);
    else opened.delete(fd);
    return fd;
  }) as typeof fs.openSync;
  fs.readSync = ((fd: number, buffer: NodeJS.ArrayBufferView, ...rest: unknown[]) => {
    const count = (read as (...args: unknown[]) => number)(fd, buffer, ...rest);
    if (opened.has(fd)) reads.push(Buffer.from(buffer.buffer, buffer.byteOffset, count).toString('utf8'));
    return count;
  }) as typeof fs.readSync;
  syncBuiltinESMExports();
  try {
    return { result: await run(), reads };
  } finally {
    [fs.openSync, fs.readSync] = [open, read];
    syncBuiltinESMExports();
  }
}

const build = () => readsDuring(() => buildSite({ packageRoot: repoRoot, config, out }));
const coldBuild = () => buildSite({ packageRoot: repoRoot, config, out: coldOut, noCache: true });

/** Page documents and page data rendered again (the one sidebar file, which has no key, is always written). */
const rendered = (summary: BuildSummary) => summary.pageFiles.written - 1;

const edit = (rel: string, change: (text: string) => string) => editFile(dir, rel, change);

/** The warm build's output is the cold build's, file for file and byte for byte. */
async function assertSameAsCold(): Promise<void> {
  await coldBuild();
  assertSameFiles(out, coldOut);
}

const page = (route: string) => readFileSync(path.join(out, route, 'index.html'), 'utf8');

test.before(async () => {
  await build();
  await build();
});
test.after(() => removeDir(dir));

test('nothing changed: nothing rendered, no compiled page read back', async () => {
  const { result, reads } = await build();
  assert.is(rendered(result), 0);
  // The feeds (no key) still read their posts; no doc or page is read.
  const read = reads.map((text) => JSON.parse(text) as { html: string });
  assert.ok(
    read.every((p) => p.html.includes('articolo')),
    'only the posts of the feeds',
  );
});

test("a paragraph edited: that route alone rendered again, no other doc's page read back", async () => {
  const restore = edit('content/docs/guides/intro/primo.md', (t) => t.replace('Usa rustup.', 'Usa rustup, sempre.'));
  try {
    const { result, reads } = await build();
    assert.is(rendered(result), 2, "the edited doc's document and page data");
    assert.match(page('it/v1/guides/intro/primo'), 'Usa rustup, sempre.');
    const read = reads.map((text) => JSON.parse(text) as { html: string });
    assert.ok(
      read.every((p) => p.html.includes('articolo')),
      `no doc read back: ${read.filter((p) => !p.html.includes('articolo')).length} were`,
    );
    await assertSameAsCold();
  } finally {
    restore();
  }
});

test('a title shown in the sidebar and in prev/next: the routes that show it rendered again', async () => {
  await build();
  const restore = edit('content/docs/guides/intro/primo.md', (t) => t.replace('title: Primo passo', 'title: Il via'));
  try {
    const { result } = await build();
    assert.ok(rendered(result) > 2, 'more routes than the edited one');
    assert.match(page('it/v1/guides/intro/secondo'), 'Il via', "the next doc's prev link");
    await assertSameAsCold();
  } finally {
    restore();
  }
});

test('a doc moved (its slug): a page linking to its file links to its new route', async () => {
  await build();
  const restore = edit('content/docs/guides/intro/primo.md', (t) =>
    t.replace('title: Primo passo', 'title: Primo passo\nslug: partenza'),
  );
  try {
    await build();
    assert.match(page('it/v1/guides/intro/terzo'), 'href="/it/v1/guides/intro/partenza"');
    assert.match(page('it/collegamenti'), 'href="/it/v1/guides/intro/partenza"');
    await assertSameAsCold();
  } finally {
    restore();
  }
});

test("a blog post's title: the blog list shows it", async () => {
  await build();
  const restore = edit('content/blog/2023-01-11-post-11.md', (t) =>
    t.replace('title: Articolo 11', 'title: Articolo undici'),
  );
  try {
    await build();
    assert.match(page('it/blog'), 'Articolo undici');
    await assertSameAsCold();
  } finally {
    restore();
  }
});

test("a blog post's excerpt alone: the blog list shows it", async () => {
  await build();
  const restore = edit('content/blog/2023-01-11-post-11.md', (t) =>
    t.replace("Riassunto dell'articolo 11.", 'Sunto nuovo.'),
  );
  try {
    await build();
    assert.match(page('it/blog'), 'Sunto nuovo.');
    await assertSameAsCold();
  } finally {
    restore();
  }
});

test('summaries that do not parse, or of another layout, are misses: pages read back, the same output', async () => {
  await build();
  const summaries = path.join(cacheDir, 'page-summaries.pack');
  const restore = edit('content/docs/guides/intro/primo.md', (t) => t.replace('Usa rustup.', 'Usa cargo.'));
  try {
    const compiled = blobEntriesOf(compileDir).size;
    writeFileSync(summaries, '{"cut short');
    const first = await build();
    // Every page read back but the edited one, compiled.
    assert.ok(first.reads.length >= compiled - 1, `pages read back: ${first.reads.length} of ${compiled}`);
    await assertSameAsCold();
    // Every entry a valid JSON string of something that is no summary (the keys are in the pack's segment heads).
    const keys = readFileSync(summaries, 'utf8')
      .split('\n')
      .flatMap((line) => (line.startsWith('{"keys":') ? (JSON.parse(line) as { keys: string[] }).keys : []));
    assert.ok(keys.length > 0);
    rmSync(summaries);
    const rewritten = packStore(summaries, 1024 * 1024);
    for (const key of keys) rewritten.set(key, key, '{"html":""}');
    rewritten.save();
    const second = await build();
    assert.ok(second.reads.length >= compiled, `pages read back: ${second.reads.length} of ${compiled}`);
    await assertSameAsCold();
    // And the next build has them again.
    const third = await build();
    assert.is(rendered(third.result), 0);
  } finally {
    restore();
  }
});

test.run();
