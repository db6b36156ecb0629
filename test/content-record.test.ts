import type { BigIntStats } from 'node:fs';
import { readFileSync, renameSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cliBundleOptions } from '../bin/cli-bundle.mjs';
import { type BuildSummary, buildSite } from '../src/build/build-site';
import { reachableFrom, stageModules } from '../src/cache/code-versions';
import { contentRecord, granularityNs } from '../src/cache/content-record';
import { type FrontMatterPart, parseFrontMatterPart } from '../src/content/front-matter';
import type { SourceFile } from '../src/content/source-file';
import { attachFacts } from '../src/content/text-facts';
import { backgroundWrites } from '../src/disk/background-writes';
import { frontMatterPartOf } from '../src/site/source-facts';
import { copyFixture, filesOf, removeDir, repoRoot } from './helpers';

const page = (title: string, text: string) => `---\ntitle: ${title}\n---\n\n${text}\n`;

// The basic fixture, an MDX page with a fragment, and a page for each kind of change a warm build must see.
const dir = copyFixture('basic', {
  'content/docs/guides/componenti.mdx':
    "---\ntitle: Componenti\n---\n\nimport Nota from './_nota.md'\n\n## Prima\n\n<Nota />\n",
  'content/docs/guides/_nota.md': 'Una nota condivisa.\n',
  'content/docs/guides/cambiata.md': page('Cambiata', 'Testo uno.'),
  'content/docs/guides/tolta.md': page('Tolta', 'Pagina che sparisce.'),
  'content/docs/guides/vecchio-nome.md': page('Rinominata', 'Pagina che cambia nome.'),
  'content/docs/guides/stessa-misura.md': page('Stessa misura', 'Valore: 111.'),
  'content/docs/guides/mtime-rimesso.md': page('Mtime rimesso', 'Valore: 333.'),
  'content/docs/guides/altro-inode.md': page('Altro inode', 'Valore: 555.'),
  'content/docs/guides/titolo.md': page('Titolo uno', 'Solo il titolo cambia.'),
  // A position of -0, which JSON would give back as 0: the record keeps this front matter as V8 writes it.
  'content/docs/guides/meno-zero.md': '---\ntitle: Meno zero\nsidebar_position: -0\n---\n\nTesto.\n',
});
const out = path.join(dir, 'build');
const cacheDir = path.join(dir, 'node_modules/.cache/docs-it');
const build = (to = out) => buildSite({ packageRoot: repoRoot, config: path.join(dir, 'site.config.ts'), out: to });
const content = (summary: BuildSummary) => summary.cache.content ?? { hits: 0, misses: 0 };
const guide = (name: string) => path.join(dir, 'content/docs/guides', name);
const html = (route: string) => readFileSync(path.join(out, 'it/v1/guides', route, 'index.html'), 'utf8');
const exists = (route: string) => {
  try {
    statSync(path.join(out, 'it/v1/guides', route, 'index.html'));
    return true;
  } catch {
    return false;
  }
};

test.after(() => removeDir(dir));

/** A whole second, so that an mtime put back is the same to the nanosecond. */
const wholeSecond = new Date('2026-01-02T03:04:05Z');

test('a warm build reads no unchanged page; every kind of change is seen; the output is a cold build’s', async () => {
  for (const name of ['mtime-rimesso.md', 'altro-inode.md']) utimesSync(guide(name), wholeSecond, wholeSecond);
  // Files changed less than the file systems' timestamp granularity before a build are not recorded.
  await sleep(Number(granularityNs / 1_000_000n) + 100);
  const first = await build();
  const pages = content(first).misses;
  assert.ok(pages >= 15, `every page read by the first build (${pages})`);
  const warm = await build();
  assert.equal(content(warm), { hits: pages, misses: 0 }, 'no page read: all taken from the record');
  assert.is(warm.cache.compile?.misses ?? 0, 0);

  writeFileSync(guide('cambiata.md'), page('Cambiata', 'Testo due, più lungo di prima.'));
  writeFileSync(guide('nuova.md'), page('Nuova', 'Pagina aggiunta.'));
  unlinkSync(guide('tolta.md'));
  renameSync(guide('vecchio-nome.md'), guide('nuovo-nome.md'));
  // The same size, a new mtime.
  writeFileSync(guide('stessa-misura.md'), page('Stessa misura', 'Valore: 222.'));
  // The same size and the mtime put back: only the ctime moved.
  const restored = statSync(guide('mtime-rimesso.md'), { bigint: true });
  writeFileSync(guide('mtime-rimesso.md'), page('Mtime rimesso', 'Valore: 444.'));
  utimesSync(guide('mtime-rimesso.md'), wholeSecond, wholeSecond);
  const now = statSync(guide('mtime-rimesso.md'), { bigint: true });
  assert.equal(
    [now.size, now.mtimeNs, now.ino],
    [restored.size, restored.mtimeNs, restored.ino],
    'only the ctime moved',
  );
  // Another file (another inode) of the same size and mtime put in its place.
  const replaced = statSync(guide('altro-inode.md'), { bigint: true });
  writeFileSync(guide('altro-inode.tmp'), page('Altro inode', 'Valore: 666.'));
  utimesSync(guide('altro-inode.tmp'), wholeSecond, wholeSecond);
  renameSync(guide('altro-inode.tmp'), guide('altro-inode.md'));
  const other = statSync(guide('altro-inode.md'), { bigint: true });
  assert.equal([other.size, other.mtimeNs], [replaced.size, replaced.mtimeNs]);
  assert.is.not(other.ino, replaced.ino);

  const edited = await build();
  // Read: the changed one, the new one, the renamed one, and the three edits the size does not show.
  assert.equal(content(edited), { hits: pages - 6, misses: 6 });
  assert.match(html('cambiata'), 'Testo due, più lungo di prima.');
  assert.match(html('nuova'), 'Pagina aggiunta.');
  assert.not.ok(exists('tolta'), 'a deleted page is gone');
  assert.ok(exists('nuovo-nome'), 'a renamed page is at its new route');
  assert.not.ok(exists('vecchio-nome'), 'and not at its old one');
  assert.match(html('stessa-misura'), 'Valore: 222.');
  assert.not.match(html('stessa-misura'), 'Valore: 111.');
  assert.match(html('mtime-rimesso'), 'Valore: 444.');
  assert.match(html('altro-inode'), 'Valore: 666.');

  const cold = path.join(dir, 'build-cold');
  rmSync(cacheDir, { recursive: true, force: true });
  await build(cold);
  assert.equal(filesOf(out), filesOf(cold), 'byte for byte the output of a build with an empty cache');
});

test('a corrupt or foreign content record is a miss: every page is read, and the output is the same', async () => {
  await sleep(Number(granularityNs / 1_000_000n) + 100);
  await build();
  const before = filesOf(out);
  const recordFile = path.join(cacheDir, 'content-record.pack');
  const recorded = readFileSync(recordFile, 'utf8');
  assert.ok(content(await build()).misses === 0, 'recorded');
  for (const broken of [
    // Cut short in its first segment (a pack's entries are by file and code version: see content-record.ts).
    recorded.slice(0, 80),
    recorded.replace('docs-it pack 2', 'docs-it pack 1'),
    // A byte of the first file's stamp changed.
    recorded.replace(/\["(\d)/, (_, digit: string) => `["${(Number(digit) + 1) % 10}`),
    '[1,2,3]',
  ]) {
    writeFileSync(recordFile, broken);
    const summary = await build();
    assert.is(content(summary).hits, 0, `nothing taken from ${broken.slice(0, 40)}`);
    assert.equal(filesOf(out), before);
    // The record is written again: the next build takes every page from it.
    await backgroundWrites().flush();
  }
});

test('a warm build takes every front matter from the record and looks none up; an edit to one is seen', async () => {
  await sleep(Number(granularityNs / 1_000_000n) + 100);
  await build();
  const lookups = (summary: BuildSummary) => {
    const counts = summary.cache['front-matter'] ?? { hits: 0, misses: 0 };
    return counts.hits + counts.misses;
  };
  const warm = await build();
  assert.is(content(warm).misses, 0);
  // `authors.yml` is read by the same stage (it is no page, and not in the record).
  assert.is(lookups(warm), 1, 'no page’s front matter looked up in its cache');
  const before = filesOf(out);
  writeFileSync(guide('titolo.md'), page('Titolo due', 'Solo il titolo cambia.'));
  const edited = await build();
  assert.is(content(edited).misses, 1, 'the edited page read');
  assert.is(lookups(edited), 1, 'and parsed, not looked up in the front matter cache (which keeps no page)');
  assert.match(html('titolo'), 'Titolo due');
  assert.not.match(html('titolo'), 'Titolo uno');
  writeFileSync(guide('titolo.md'), page('Titolo uno', 'Solo il titolo cambia.'));
  await build();
  assert.equal(filesOf(out), before, 'the edit undone: the same output as before it');
});

/** A content file as discovery gives it, with `text` as its text. */
const sourceOf = (file: string, text: string): SourceFile => ({
  file,
  relPath: file.split('/').slice(2).join('/'),
  section: file.split('/')[1] as SourceFile['section'],
  text,
});

test('a front matter kept in the record is taken without parsing; a -0 survives; a broken one is parsed', () => {
  let parsed = 0;
  const parse = (source: SourceFile): FrontMatterPart => {
    parsed++;
    return parseFrontMatterPart(source);
  };
  const doc = 'content/docs/a.md';
  const other = 'content/docs/b.md';
  const texts = { [doc]: page('Uno', 'Testo.'), [other]: '---\ntitle: Due\nsidebar_position: -0\n---\n\nTesto.\n' };
  for (const [file, text] of Object.entries(texts)) {
    // A file read in this build: parsed once, and its facts (which the record keeps) take a copy.
    const facts = {};
    const fresh = sourceOf(file, text);
    attachFacts(fresh, facts);
    const first = frontMatterPartOf(fresh, parse);
    assert.is(parsed, 1, file);
    assert.equal(frontMatterPartOf(fresh, parse), first, 'asked again: the same');
    assert.is(parsed, 1);
    // The next build's source of the same file, taken from the record: the facts as JSON gives them back.
    const taken = sourceOf(file, 'not read');
    attachFacts(taken, JSON.parse(JSON.stringify(facts)));
    const again = frontMatterPartOf(taken, parse);
    assert.is(parsed, 1, 'not parsed');
    assert.equal(again, first);
    for (const broken of ['not base64 of a part', { frontMatter: 1 }, 7]) {
      const source = sourceOf(file, text);
      attachFacts(source, { frontMatter: broken });
      assert.equal(frontMatterPartOf(source, parse), first, JSON.stringify(broken));
      assert.is(parsed, 2, 'a broken value: parsed again');
      parsed = 1;
    }
    parsed = 0;
  }
  // -0, which JSON gives back as 0: kept as V8 writes it, and -0 again when taken.
  const kept: Record<string, unknown> = {};
  const source = sourceOf(other, texts[other]!);
  attachFacts(source, kept);
  assert.ok(Object.is(frontMatterPartOf(source, parse).frontMatter.sidebar_position, -0));
  assert.type(kept.frontMatter, 'string', 'kept as V8 writes it');
  const taken = sourceOf(other, 'not read');
  attachFacts(taken, JSON.parse(JSON.stringify(kept)));
  const unparsed = (): FrontMatterPart => {
    throw new Error('parsed');
  };
  assert.ok(Object.is(frontMatterPartOf(taken, unparsed).frontMatter.sidebar_position, -0));
});

test('the content record’s code is the front matter parser’s too: an edit to it makes a new record', async () => {
  const { build: bundle } = await import('esbuild');
  const result = await bundle({ ...cliBundleOptions(repoRoot, path.join(dir, 'bundle')), write: false });
  assert.ok(reachableFrom(result.metafile, stageModules.content).includes('src/content/front-matter.ts'));
});

/** A file's stat as the record compares it. */
const stat = (size: number, mtime: number, ctime: number, ino: number, dev = 1) =>
  ({
    size: BigInt(size),
    mtimeNs: BigInt(mtime),
    ctimeNs: BigInt(ctime),
    ino: BigInt(ino),
    dev: BigInt(dev),
  }) as BigIntStats;

test('the record takes a file only when size, mtime, ctime, inode and device are the recorded ones', async () => {
  const file = path.join(dir, 'record-unit.json');
  const old = 10n * granularityNs;
  const readAt = 20n * granularityNs;
  const kept = stat(10, Number(old), Number(old), 7);
  const write = contentRecord(file, 'v1', { reuse: true });
  write.keep('a.md', kept, readAt, { textDigest: 'x', heading: null });
  write.save();
  await backgroundWrites().flush();
  const read = () => contentRecord(file, 'v1', { reuse: true });
  assert.equal(read().take('a.md', kept), { textDigest: 'x', heading: null });
  assert.is(read().take('b.md', kept), undefined, 'another file');
  assert.is(read().take('a.md', stat(11, Number(old), Number(old), 7)), undefined, 'size');
  assert.is(read().take('a.md', stat(10, Number(old) + 1, Number(old), 7)), undefined, 'mtime');
  assert.is(read().take('a.md', stat(10, Number(old), Number(old) + 1, 7)), undefined, 'ctime');
  assert.is(read().take('a.md', stat(10, Number(old), Number(old), 8)), undefined, 'inode');
  assert.is(read().take('a.md', stat(10, Number(old), Number(old), 7, 2)), undefined, 'device');
  assert.is(contentRecord(file, 'v2', { reuse: true }).take('a.md', kept), undefined, 'other code');
  assert.is(contentRecord(file, 'v1', { reuse: false }).take('a.md', kept), undefined, '--no-cache');
});

test('the record leaves out a file changed within the timestamp granularity before it was read', async () => {
  const file = path.join(dir, 'record-young.json');
  const readAt = 20n * granularityNs;
  const young = readAt - granularityNs;
  const old = readAt - granularityNs - 1n;
  const write = contentRecord(file, 'v1', { reuse: true });
  write.keep('mtime.md', stat(1, Number(young), Number(old), 1), readAt, { textDigest: 'm' });
  write.keep('ctime.md', stat(1, Number(old), Number(young), 2), readAt, { textDigest: 'c' });
  write.keep('old.md', stat(1, Number(old), Number(old), 3), readAt, { textDigest: 'o' });
  write.save();
  await backgroundWrites().flush();
  const read = contentRecord(file, 'v1', { reuse: true });
  assert.is(read.take('mtime.md', stat(1, Number(young), Number(old), 1)), undefined);
  assert.is(read.take('ctime.md', stat(1, Number(old), Number(young), 2)), undefined);
  assert.equal(read.take('old.md', stat(1, Number(old), Number(old), 3)), { textDigest: 'o' });
});

test('a build that read one file adds its entry to the record; the others are not written again', () => {
  const file = path.join(dir, 'record-append.pack');
  const old = 10n * granularityNs;
  const readAt = 20n * granularityNs;
  const stamps = Array.from({ length: 40 }, (_, i) => stat(100 + i, Number(old), Number(old), i));
  const first = contentRecord(file, 'v1', { reuse: true });
  for (const [i, s] of stamps.entries()) first.keep(`p${i}.md`, s, readAt, { textDigest: `d${i}` });
  first.save();
  const before = readFileSync(file);
  const edited = stat(500, Number(old) + 1, Number(old) + 1, 2);
  const second = contentRecord(file, 'v1', { reuse: true });
  for (const [i, s] of stamps.entries()) if (i !== 1) assert.ok(second.take(`p${i}.md`, s));
  assert.is(second.take('p1.md', edited), undefined, 'the edited file is read');
  second.keep('p1.md', edited, readAt, { textDigest: 'nuovo' });
  second.save();
  const after = readFileSync(file);
  assert.ok(after.subarray(0, before.length).equals(before), 'appended');
  assert.ok(after.length - before.length < 200, `${after.length - before.length} bytes added`);
  const third = contentRecord(file, 'v1', { reuse: true });
  assert.equal(third.take('p1.md', edited), { textDigest: 'nuovo' });
  assert.is(third.take('p1.md', stamps[1]!), undefined, 'the old stamp is no longer the file');
  assert.equal(third.take('p2.md', stamps[2]!), { textDigest: 'd2' });
});

test('a taken entry holds no stamp: facts added to it later are saved with the stamp the record holds', () => {
  const file = path.join(dir, 'record-taken.pack');
  const old = 10n * granularityNs;
  const readAt = 20n * granularityNs;
  const count = 20_000;
  const first = contentRecord(file, 'v1', { reuse: true });
  for (let i = 0; i < count; i++) first.keep(`p${i}.md`, stat(i, Number(old), Number(old), i), readAt, { d: i });
  first.save();
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  setFlagsFromString('--no-expose-gc');
  const second = contentRecord(file, 'v1', { reuse: true });
  assert.ok(second.take('p0.md', stat(0, Number(old), Number(old), 0)));
  gc();
  const before = getHeapStatistics().used_heap_size;
  // Each stat made for its take, as a build's: what the record holds of it lives to the save.
  const facts = Array.from({ length: count }, (_, i) => second.take(`p${i}.md`, stat(i, Number(old), Number(old), i)));
  gc();
  const grown = getHeapStatistics().used_heap_size - before;
  assert.ok(facts.every(Boolean));
  // The facts, the list and the record's note of each: about 232 bytes an entry here; a stamp each made it about 415.
  assert.ok(grown < 320 * count, `taking ${count} entries grew the heap by ${grown} bytes`);
  // A fact added to one taken entry: saved under the stamp the record had, which the next build takes.
  facts[7]!.extra = 'aggiunto';
  second.save();
  const third = contentRecord(file, 'v1', { reuse: true });
  assert.equal(third.take('p7.md', stat(7, Number(old), Number(old), 7)), { d: 7, extra: 'aggiunto' });
  assert.is(third.take('p7.md', stat(7, Number(old) + 1, Number(old), 7)), undefined, 'another stamp');
  assert.equal(third.take('p8.md', stat(8, Number(old), Number(old), 8)), { d: 8 });
});

test.run();
