/*
 * The search stage in a build: its files are kept whole when nothing they are made from changed (no search work),
 * made again when a page's text did, and a failure while they stream leaves the published build as it was.
 */
import { existsSync, mkdirSync, readFileSync, realpathSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../src/build/build-site';
import type { OutputGroup } from '../src/output/output-file';
import { OutputFolder } from '../src/output/output-folder';
import { copyFixture, removeDir, repoRoot } from './helpers';

const dir = copyFixture('basic');
const out = path.join(dir, 'build');
const build = () => buildSite({ packageRoot: repoRoot, config: path.join(dir, 'site.config.ts'), out });
const searchFile = (file: string) => path.join(out, 'it/search', file);
const faq = path.join(dir, 'content/docs/guides/faq.md');

test.after(() => removeDir(dir));

/** The records' pieces (records-files.ts), by file name, in the list's order. */
const recordPieces = () => {
  const list = JSON.parse(readFileSync(searchFile('records/list.json'), 'utf8')) as { pieces: string[] };
  return new Map(list.pieces.map((piece) => [piece, readFileSync(searchFile(`records/${piece}`), 'utf8')]));
};

test('a build that changes nothing keeps the search files; an edited page makes them again', async () => {
  await build();
  const list = statSync(searchFile('records/list.json'));
  const entry = statSync(searchFile('local-index.json'));
  const pieceInodes = () =>
    new Map([...recordPieces().keys()].map((piece) => [piece, statSync(searchFile(`records/${piece}`)).ino]));
  await build();
  // Kept: the new build's files are the previous build's, linked (the same inode), not made again.
  assert.is(statSync(searchFile('records/list.json')).ino, list.ino);
  assert.is(statSync(searchFile('local-index.json')).ino, entry.ino);
  const before = readFileSync(faq, 'utf8');
  writeFileSync(faq, before.replace('Risposte brevi.', 'Risposte brevissime e nuove.'));
  try {
    const inodes = pieceInodes();
    await build();
    // The edited page's piece is made again, under the same name (its run's first page): the list is kept.
    const edited = [...recordPieces()].find(([, json]) => json.includes('Risposte brevissime e nuove.'));
    assert.ok(edited, 'the edit is in the records');
    assert.is.not(statSync(searchFile(`records/${edited[0]}`)).ino, inodes.get(edited[0]));
    assert.is(statSync(searchFile('records/list.json')).ino, list.ino);
    for (const piece of recordPieces().values()) assert.ok(Array.isArray(JSON.parse(piece)));
  } finally {
    writeFileSync(faq, before);
  }
});

test('search files failing while they stream publish nothing: the last records stay whole', async () => {
  await build();
  const published = recordPieces();
  // One word longer than a shard may be: the index fails at its end, after every record was appended.
  const huge = path.join(dir, 'content/docs/guides/enorme.md');
  writeFileSync(huge, `---\ntitle: Enorme\n---\n\n${'parola'.repeat(200_000)}\n`);
  try {
    const error = await build().then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    assert.match(String(error?.message), 'over the 1048576-byte limit of a shard');
    assert.equal(recordPieces(), published);
  } finally {
    removeDir(huge);
  }
});

test('an output group that fails after writing files leaves nothing of it in the output', async () => {
  const groupOut = path.join(dir, 'group-out');
  mkdirSync(path.dirname(groupOut), { recursive: true });
  const group = (fail: boolean): OutputGroup => ({
    name: 'g',
    key: async () => 'k',
    async make(writer) {
      await writer.file('g/entry.json', '{}');
      await writer.file('g/records.json', fail ? '[1,2]' : '[1,3]');
      if (fail) throw new Error('a page could not be read');
      return fail ? 'k2' : 'k';
    },
  });
  const first = await OutputFolder.open(groupOut);
  assert.equal(await first.writeGroup(group(false)), { written: 2, reused: 0 });
  // A written file's revision is known once it is on disk (the file-writing thread makes it).
  await first.flush();
  assert.is(first.fileInfo('g/records.json')?.size, 5);
  await first.commit();
  assert.is(readFileSync(path.join(groupOut, 'g/records.json'), 'utf8'), '[1,3]');
  const second = await OutputFolder.open(groupOut);
  const error = await second.writeGroup(group(true)).then(
    () => undefined,
    (e: unknown) => e as Error,
  );
  assert.is(error?.message, 'a page could not be read');
  await second.abort();
  assert.is(readFileSync(path.join(groupOut, 'g/records.json'), 'utf8'), '[1,3]');
  assert.not.ok(existsSync(second.tmp));
});

test("a group kept in the spare updated in place: the spare's files stay, the published copies unread", async () => {
  const groupOut = path.join(dir, 'group-in-place');
  const reuse = { manifests: path.join(dir, 'group-manifests'), enabled: true };
  let made = 0;
  const group: OutputGroup = {
    name: 'g',
    key: async () => 'k',
    async make(writer) {
      made++;
      await writer.file('g/a.json', '{"a":1}');
      await writer.file('g/b.json', '{"b":2}');
      return 'k';
    },
  };
  const buildOnce = async () => {
    const folder = await OutputFolder.open(groupOut, { reuse });
    const counts = await folder.writeGroup(group);
    await folder.commit();
    folder.saveManifest();
    return counts;
  };
  // A published build and its spare (the one before), each described by a manifest.
  await buildOnce();
  await buildOnce();
  assert.is(made, 1);
  // The published build's file replaced by hand (a new file: the spare's, a link to the same bytes, stays as it
  // was).
  const published = realpathSync(groupOut);
  const a = path.join(published, 'g/a.json');
  writeFileSync(`${a}.new`, 'changed by hand');
  renameSync(`${a}.new`, a);
  assert.equal(await buildOnce(), { written: 0, reused: 2 });
  assert.is.not(realpathSync(groupOut), published, 'the spare, updated in place, is published');
  assert.is(made, 1, 'the group is kept from the spare, not made again');
  assert.is(readFileSync(path.join(groupOut, 'g/a.json'), 'utf8'), '{"a":1}');
  // The folder with the file changed by hand is now the spare: its file is taken from the published build.
  assert.equal(await buildOnce(), { written: 0, reused: 2 });
  assert.is(realpathSync(groupOut), published);
  assert.is(made, 1);
  assert.is(readFileSync(path.join(groupOut, 'g/a.json'), 'utf8'), '{"a":1}');
});

test("a group made again reads back the previous build's keyed files: under their key only, as written", async () => {
  const groupOut = path.join(dir, 'group-previous');
  const reuse = { manifests: path.join(dir, 'group-previous-manifests'), enabled: true };
  let builds = 0;
  let seen: (string | undefined)[] = [];
  const group: OutputGroup = {
    name: 'g',
    // A key of its own each build: the group is made again, its keyed file kept.
    key: async () => `k${builds}`,
    async make(writer) {
      seen = [writer.previous?.('g/a.json', 'ka'), writer.previous?.('g/a.json', 'kb')];
      await writer.keyed!('g/a.json', 'ka', () => '{"a":1}');
      await writer.file('g/b.json', `{"b":${builds}}`);
      return `k${builds}`;
    },
  };
  const buildOnce = async () => {
    builds++;
    const folder = await OutputFolder.open(groupOut, { reuse });
    await folder.writeGroup(group);
    await folder.commit();
    folder.saveManifest();
  };
  await buildOnce();
  assert.equal(seen, [undefined, undefined], 'no previous build');
  await buildOnce();
  assert.equal(seen, ['{"a":1}', undefined], 'the file under its key only');
  // The published build's file replaced by hand: not the file its key made.
  const a = path.join(realpathSync(groupOut), 'g/a.json');
  writeFileSync(`${a}.new`, '{"a":2}');
  renameSync(`${a}.new`, a);
  await buildOnce();
  assert.equal(seen, [undefined, undefined], 'a file changed by hand');
});

test.run();
