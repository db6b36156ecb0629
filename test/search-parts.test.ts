/*
 * Each page's search part kept across builds (src/search/page-part.ts, the cache folder's `search-pages`): an edit
 * makes again only the edited page's part, the files are those a cold build makes of the edited site, and an entry
 * of the folder that is cut short or is another page's is a miss, never part of the index.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../src/build/build-site';
import { blobEntriesOf, blobStore } from '../src/cache/blob-store';
import { backgroundWrites } from '../src/disk/background-writes';
import { copyFixture, filesOf, removeDir, repoRoot } from './helpers';
import { readRecordsOf } from './records-files';

const dir = copyFixture('basic');
const out = path.join(dir, 'build');
const coldOut = path.join(dir, 'cold');
const config = path.join(dir, 'site.config.ts');
const parts = path.join(dir, 'node_modules/.cache/docs-it/search-pages');
const faq = path.join(dir, 'content/docs/guides/faq.md');
const readme = path.join(dir, 'content/docs/guides/readme.md');

test.after(() => removeDir(dir));

const build = () => buildSite({ packageRoot: repoRoot, config, out });
/** A build of the site as it is, with nothing reused: what every other build's search files must equal. */
const coldBuild = () => buildSite({ packageRoot: repoRoot, config, out: coldOut, noCache: true });
/** Each part's key, with where its bytes are: a part not made again stays where it was. */
const partEntries = () =>
  new Map([...blobEntriesOf(parts)].map(([key, { file, offset, length }]) => [key, `${file}:${offset}:${length}`]));
/** A part's bytes as the cache folder gives them. */
const partBytes = (key: string) => blobStore(parts).get(key)!;
/** Puts `bytes` in the cache folder under a part's key, as a killed run or another page's part could have. */
const putPart = async (entries: [key: string, bytes: Uint8Array][]) => {
  const store = blobStore(parts);
  for (const [key, bytes] of entries) store.set(key, bytes);
  store.save();
  await backgroundWrites().flush();
};
/** Keys of parts of pages other than the readme (edited below, whose part is made again anyway). */
const otherKeys = () =>
  [...blobEntriesOf(parts).keys()].sort().filter((key) => !partBytes(key).toString().includes('Benvenuto nelle guide'));
const searchFiles = (root: string) => filesOf(path.join(root, 'it/search'));

const assertSameSearchFiles = async () => {
  await coldBuild();
  const warm = searchFiles(out);
  const cold = searchFiles(coldOut);
  assert.equal([...warm.keys()].sort(), [...cold.keys()].sort());
  for (const [file, bytes] of cold) assert.ok(bytes.equals(warm.get(file)!), `${file} differs from a cold build's`);
};

const edit = (file: string, from: string, to: string) => {
  const before = readFileSync(file, 'utf8');
  assert.ok(before.includes(from), `${file} says "${from}"`);
  writeFileSync(file, before.replace(from, to));
};

/** The first line of a part: the part but its records, which follow it as they are. */
const partHead = (bytes: Uint8Array) =>
  JSON.parse(Buffer.from(bytes).toString('utf8').split('\n', 1)[0]!) as { key: string; recordBytes: number };

const textFiles = () =>
  new Map(
    readdirSync(path.join(out, 'it/search/text')).map((name) => {
      const file = path.join(out, 'it/search/text', name);
      return [name, { ino: statSync(file).ino, text: readFileSync(file, 'utf8') }];
    }),
  );

test('an edited page makes its own part again, and the search files are a cold build’s', async () => {
  await build();
  const before = partEntries();
  const textsBefore = textFiles();
  assert.ok(before.size > 3, 'a part for each searchable page');
  edit(faq, 'Risposte brevi.', 'Risposte brevissime, con parole nuove: girasole.');
  await build();
  const after = partEntries();
  const added = [...after.keys()].filter((name) => !before.has(name));
  const gone = [...before.keys()].filter((name) => !after.has(name));
  assert.is(added.length, 1, 'one new part: the edited page’s');
  assert.is(gone.length, 1, 'the edited page’s old part is pruned');
  // The other pages' parts were read back, not made and written again.
  for (const [key, where] of after) if (!added.includes(key)) assert.is(where, before.get(key), key);
  assert.match(JSON.stringify(readRecordsOf(out)), 'girasole');
  // The other pages' text files are the previous build's (linked: the same inode), the edited page's is new.
  const edited = [...textFiles()].filter(([name, { ino, text }]) => {
    if (text.includes('girasole')) return true;
    assert.is(ino, textsBefore.get(name)?.ino, `${name} kept`);
    return false;
  });
  assert.is(edited.length, 1);
  assert.is.not(edited[0]![1].ino, textsBefore.get(edited[0]![0])?.ino);
  await assertSameSearchFiles();
});

test('a part cut short, or another page’s under its name, is made again', async () => {
  await build();
  const [cut, foreign, other] = otherKeys();
  // Cut short, as by a killed run; and a valid part of another page under this one's key.
  await putPart([
    [cut!, partBytes(cut!).subarray(0, 40)],
    [foreign!, partBytes(other!)],
  ]);
  edit(readme, 'Benvenuto nelle guide.', 'Benvenuto nelle guide di prova.');
  await build();
  for (const key of [cut!, foreign!]) assert.is(partHead(partBytes(key)).key, key, 'made again under its own key');
  await assertSameSearchFiles();
});

test('a part whose records are cut short, or grown, is made again', async () => {
  await build();
  const [short, long] = otherKeys();
  // The head line intact, the records after it cut short by a killed run, or another run's longer ones.
  const shortBytes = partBytes(short!);
  await putPart([
    [short!, shortBytes.subarray(0, shortBytes.length - 10)],
    [long!, Buffer.concat([partBytes(long!), Buffer.from(',{}')])],
  ]);
  edit(readme, 'Benvenuto nelle guide di prova.', 'Benvenuto nelle guide di prova, ancora.');
  await build();
  for (const key of [short!, long!]) {
    const bytes = partBytes(key);
    const records = bytes.subarray(bytes.indexOf(10) + 1);
    assert.is(records.length, partHead(bytes).recordBytes, `${key} made again whole`);
    assert.ok(JSON.parse(`[${records}]`).length > 0);
  }
  await assertSameSearchFiles();
});

test('a first build into another output folder takes the parts the cache folder has', async () => {
  await build();
  const before = partEntries();
  const otherOut = path.join(dir, 'other');
  await buildSite({ packageRoot: repoRoot, config, out: otherOut });
  assert.equal(partEntries(), before, 'no part made or written again');
  const other = searchFiles(otherOut);
  for (const [file, bytes] of searchFiles(out)) assert.ok(bytes.equals(other.get(file)!), file);
});

test('with a render worker, each part is made as its page renders: the search stage reads no page back', async () => {
  const workerOut = path.join(dir, 'rendered-by-a-worker');
  const summary = await buildSite({ packageRoot: repoRoot, config, out: workerOut, noCache: true, renderWorkers: 1 });
  assert.ok(summary.searchParts.ahead > 3, `${summary.searchParts.ahead} parts made while their pages rendered`);
  assert.is(
    summary.searchParts.inStage,
    0,
    `parts the search stage made itself: ${summary.searchParts.inStageRoutes.join(', ')}`,
  );
  // The build's thread alone renders: the search stage makes every part, and the files are the same.
  const alone = await coldBuild();
  assert.equal([alone.searchParts.ahead, alone.searchParts.inStage], [0, summary.searchParts.ahead]);
  const made = searchFiles(workerOut);
  const cold = searchFiles(coldOut);
  assert.equal([...made.keys()].sort(), [...cold.keys()].sort());
  for (const [file, bytes] of cold) assert.ok(bytes.equals(made.get(file)!), `${file} differs`);
});

test.run();
