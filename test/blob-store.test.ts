/*
 * The cache's blob store (src/cache/blob-store.ts): one entry per page in a few data files and an index, read back
 * whole or not at all, tidied by `prune`.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { blobEntriesOf, blobJsonStore, blobStore } from '../src/cache/blob-store';
import { withJsonText } from '../src/cache/json-text';
import { backgroundWrites } from '../src/disk/background-writes';
import { removeDir, repoRoot } from './helpers';

const root = path.join(repoRoot, 'test/.tmp', `blob-store-${process.pid}`);
let folders = 0;
const newFolder = () => path.join(root, `store-${folders++}`);

test.after(() => removeDir(root));

const value = (i: number) => `valore ${i}: ${'è una pagina '.repeat(20 + (i % 9))}`;
const dataFiles = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.blobs'));

/** A run that sets `count` entries and saves them, as a build does, its bytes on disk once it returns. */
async function run(dir: string, count: number, from = 0, options = {}) {
  const store = blobStore(dir, options);
  for (let i = from; i < from + count; i++) store.set(`k${i}`, value(i));
  store.save();
  await backgroundWrites().flush();
  return store;
}

test('entries set by one run are read back by the next, whole, from a few files', async () => {
  const dir = newFolder();
  await run(dir, 300, 0, { fileBytes: 16 * 1024 });
  assert.ok(dataFiles(dir).length > 1, 'a run past the file size goes on in a new file');
  assert.ok(dataFiles(dir).length < 10, 'never a file per entry');
  const again = blobStore(dir);
  for (let i = 0; i < 300; i++) assert.is(again.get(`k${i}`)?.toString(), value(i), `k${i}`);
  // As text too, through one buffer: a long entry after a short one, then a short one after it.
  for (const i of [0, 8, 3, 299, 9]) assert.is(again.text(`k${i}`), value(i), `k${i} as text`);
  assert.ok(again.has('k7'));
  assert.not.ok(again.has('k300'));
  assert.is(again.get('k300'), undefined);
});

test('an entry set in this run is its bytes or a miss while they are on their way, its bytes once there', async () => {
  const dir = newFolder();
  const store = blobStore(dir);
  for (let i = 0; i < 200; i++) store.set(`k${i}`, value(i));
  store.set('b', new Uint8Array([1, 2, 3]));
  assert.ok(store.has('k0') && store.has('b'), 'known at once');
  // Never another entry's bytes, nor part of its own.
  for (let i = 0; i < 200; i++) {
    const read = store.text(`k${i}`);
    assert.ok(read === undefined || read === value(i), `k${i}: ${read?.slice(0, 40)}`);
  }
  await backgroundWrites().flush();
  for (let i = 0; i < 200; i++) assert.is(store.text(`k${i}`), value(i));
  assert.is(store.text('b'), '\u0001\u0002\u0003');
  assert.equal([...store.get('b')!], [1, 2, 3]);
});

test('an entry whose bytes did not all reach the disk, or in an emptied file, is a miss; others stand', async () => {
  const dir = newFolder();
  await run(dir, 40, 0, { fileBytes: 2048 });
  const entries = blobEntriesOf(dir);
  const cut = entries.get('k20')!;
  // Cut inside k20, as a run killed before its appends were written: k20 and what follows it in its file are gone.
  truncateSync(path.join(dir, cut.file), cut.offset + cut.length - 1);
  const gone = entries.get('k0')!;
  writeFileSync(path.join(dir, `${gone.file}`), '');
  const again = blobStore(dir);
  assert.is(again.get('k20'), undefined);
  assert.is(again.get('k0'), undefined);
  for (const [key, entry] of entries) {
    const whole = entry.file !== gone.file && (entry.file !== cut.file || entry.offset < cut.offset);
    if (whole) assert.is(again.get(key)?.toString(), value(Number(key.slice(1))), key);
    else assert.is(again.get(key), undefined, key);
  }
});

test('an index line that does not read ends the index: the entries before it stand', async () => {
  const dir = newFolder();
  await run(dir, 10);
  const index = path.join(dir, 'index');
  const lines = readFileSync(index, 'utf8').split('\n');
  // Lines 0 and 1 are the format and the files; k5's line is broken.
  lines[7] = 'k5\tuno';
  writeFileSync(index, lines.join('\n'));
  const again = blobStore(dir);
  for (let i = 0; i < 5; i++) assert.is(again.get(`k${i}`)?.toString(), value(i));
  for (let i = 5; i < 10; i++) assert.is(again.get(`k${i}`), undefined);
  writeFileSync(index, `docs-it blobs 0\n${lines.slice(1).join('\n')}`);
  assert.is(blobStore(dir).get('k0'), undefined, 'another layout is read as empty');
});

test('prune forgets what the run did not use, removes the files left empty and what is not the store’s', async () => {
  const dir = newFolder();
  await run(dir, 100);
  const [first] = dataFiles(dir);
  writeFileSync(path.join(dir, 'vecchio.json'), '{}');
  mkdirSync(path.join(dir, 'cartella'));
  // A run that uses none of the first run's entries and sets its own.
  const second = blobStore(dir);
  for (let i = 100; i < 110; i++) second.set(`k${i}`, value(i));
  second.prune();
  await backgroundWrites().flush();
  assert.not.ok(existsSync(path.join(dir, first!)), 'a file with no entry left is removed');
  assert.not.ok(existsSync(path.join(dir, 'vecchio.json')));
  assert.not.ok(existsSync(path.join(dir, 'cartella')));
  assert.equal(readdirSync(dir).sort(), ['index', ...dataFiles(dir)].sort());
  const again = blobStore(dir);
  assert.is(again.get('k5'), undefined);
  for (let i = 100; i < 110; i++) assert.is(again.get(`k${i}`)?.toString(), value(i));
});

test('prune copies a mostly forgotten file down to its live entries, folds a small file into the run’s', async () => {
  const dir = newFolder();
  const big = { fileBytes: 1 << 30 };
  // 4,000 entries of about 350 bytes: one file of over 1 MB (not a small one).
  await run(dir, 4000, 0, big);
  const [first] = dataFiles(dir);
  assert.ok(statSync(path.join(dir, first!)).size > 1024 * 1024);
  // A run that uses a third of them, edits one: the first file is mostly forgotten.
  const second = blobStore(dir, big);
  for (let i = 0; i < 1300; i++) second.use(`k${i}`);
  second.set('k1', 'modificato');
  second.prune();
  await backgroundWrites().flush();
  assert.equal(dataFiles(dir).length, 1, 'the live entries copied into the run’s file');
  assert.is.not(dataFiles(dir)[0], first);
  const third = blobStore(dir, big);
  assert.is(third.get('k1')?.toString(), 'modificato');
  for (let i = 2; i < 1300; i++) assert.is(third.get(`k${i}`)?.toString(), value(i), `k${i}`);
  assert.is(third.get('k1300'), undefined);
  // Runs that edit one entry each: the large file stays, the small file of the run before is folded into the next.
  const large = dataFiles(dir)[0]!;
  for (let round = 0; round < 3; round++) {
    const edit = blobStore(dir, big);
    for (let i = 0; i < 1300; i++) edit.use(`k${i}`);
    edit.set(`k${round + 2}`, `modifica ${round}`);
    edit.prune();
    await backgroundWrites().flush();
    assert.is(dataFiles(dir).length, 2, `after edit ${round}: ${dataFiles(dir)}`);
    assert.ok(dataFiles(dir).includes(large), 'the large file is not copied for a small edit');
  }
  const last = blobStore(dir, big);
  for (let round = 0; round < 3; round++) assert.is(last.get(`k${round + 2}`)?.toString(), `modifica ${round}`);
  assert.is(last.get('k7')?.toString(), value(7));
});

test('a run’s own files are neither copied nor removed by its prune, however many it made', async () => {
  const dir = newFolder();
  const store = blobStore(dir, { fileBytes: 4096 });
  for (let i = 0; i < 60; i++) store.set(`k${i}`, value(i));
  store.prune();
  await backgroundWrites().flush();
  const files = dataFiles(dir);
  assert.ok(files.length > 3);
  const bytes = files.reduce((sum, name) => sum + statSync(path.join(dir, name)).size, 0);
  const entries = [...blobEntriesOf(dir).values()].reduce((sum, entry) => sum + entry.length, 0);
  assert.is(bytes, entries, 'every byte written once');
});

test('two stores on one folder (dev and a build) never read each other’s bytes as their own', async () => {
  const dir = newFolder();
  const a = blobStore(dir);
  const b = blobStore(dir);
  for (let i = 0; i < 50; i++) {
    a.set(`k${i}`, `a ${value(i)}`);
    b.set(`k${i}`, `b ${value(i + 1)}`);
  }
  a.save();
  b.save();
  await backgroundWrites().flush();
  assert.is(dataFiles(dir).length, 2, 'a data file each');
  // The last index written is b's: its entries, each b's bytes.
  const again = blobStore(dir);
  for (let i = 0; i < 50; i++) assert.is(again.get(`k${i}`)?.toString(), `b ${value(i + 1)}`);
});

test('a JSON store over blobs: a value back as it was, an entry that does not parse a miss', async () => {
  const dir = newFolder();
  const first = blobJsonStore<{ html: string; n: number[] }>(blobStore(dir));
  first.set('x', 'pagina', { html: '<p>ciao</p>', n: [1, 2] });
  first.set('y', 'rotta', { html: '', n: [] });
  first.save();
  await backgroundWrites().flush();
  const blobs = blobStore(dir);
  blobs.set('rotta', '{"html":');
  blobs.save();
  await backgroundWrites().flush();
  const again = blobJsonStore<{ html: string; n: number[] }>(blobStore(dir));
  assert.equal(again.get('x', 'pagina'), { html: '<p>ciao</p>', n: [1, 2] });
  assert.is(again.get('y', 'rotta'), undefined);
  assert.ok(again.has?.('pagina'));
});

test('a JSON store keeps the text a value came with (a page from a compile worker) as it is, once', async () => {
  const dir = newFolder();
  const store = blobJsonStore<{ html: string }>(blobStore(dir));
  // Spaced unlike JSON.stringify's: what is kept is the text given, not one made again here.
  const page = withJsonText({ html: '<p>ciao</p>' }, '{ "html": "<p>ciao</p>" }');
  store.set('x', 'pagina', page);
  // Taken by the first set: the same value set again is stringified (the store does not hold the text for it).
  store.set('x', 'di nuovo', page);
  store.save();
  await backgroundWrites().flush();
  const blobs = blobStore(dir);
  assert.is(blobs.text('pagina'), '{ "html": "<p>ciao</p>" }');
  assert.is(blobs.text('di nuovo'), '{"html":"<p>ciao</p>"}');
});

test.run();
