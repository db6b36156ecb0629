import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeManifest, encodeManifest, encodeManifestColumns, type ManifestData } from '../src/disk/manifest-file';
import { outputReuse } from '../src/output/output-reuse';
import { processTmpDir } from './build-outputs';
import { removeDir } from './helpers';

const root = path.join(processTmpDir(), 'manifest-file');
test.after(() => removeDir(root));

function sample(): ManifestData {
  const files: ManifestData['files'] = new Map();
  for (let i = 0; i < 500; i++) {
    files.set(`it/docs/pagina-${i}/index.html`, {
      key: `chiave${i}`,
      size: 1000 + i,
      mtimeMs: 1_764_000_000_000.123 + i,
      revision: `r${i}`.padEnd(32, 'a'),
    });
  }
  files.set('it/città è/ü.html', { key: 'k', size: 0, mtimeMs: 1.5, revision: 'x'.repeat(32) });
  const held: ManifestData['held'] = new Map([
    ['it/sw.js', { size: 12, mtimeMs: 2.25, revision: 'b'.repeat(32) }],
    ['it/img/logo.png', { size: 7, mtimeMs: 3 }],
  ]);
  return { folder: 'build-1', groups: { search: { key: 'g', files: ['it/search/a.json'] } }, files, held };
}

test('a manifest reads back as it was written, file by file', () => {
  const data = sample();
  const read = decodeManifest(encodeManifest(data));
  assert.ok(read);
  assert.is(read.folder, 'build-1');
  assert.equal(read.groups, data.groups);
  for (const [file, entry] of data.files) assert.equal(read.file(file), entry, file);
  for (const [file, entry] of data.held) assert.equal(read.held(file), entry, file);
  assert.is(read.file('it/sw.js'), undefined, 'a held file is not a keyed one');
  assert.is(read.file('it/altro.html'), undefined);
  const empty = decodeManifest(encodeManifest({ groups: {}, files: new Map(), held: new Map() }));
  assert.ok(empty);
  assert.is(empty.folder, undefined);
  assert.is(empty.file(''), undefined);
});

test('a manifest given as its columns is the bytes of the same manifest given as maps', () => {
  const data = sample();
  const folders = { folders: ['', 'it', 'it/docs'], times: [1.5, 2.5, 3.25] };
  const files = [...data.files];
  const held = [...data.held];
  const bytes = encodeManifestColumns({
    folder: data.folder!,
    groups: data.groups,
    files: {
      paths: files.map(([path]) => path),
      keys: files.map(([, entry]) => entry.key),
      sizes: files.map(([, entry]) => entry.size),
      mtimes: files.map(([, entry]) => entry.mtimeMs),
      revisions: files.map(([, entry]) => entry.revision),
    },
    held: {
      paths: held.map(([path]) => path),
      sizes: held.map(([, entry]) => entry.size),
      mtimes: held.map(([, entry]) => entry.mtimeMs),
      revisions: held.map(([, entry]) => entry.revision ?? ''),
    },
    folders,
  });
  assert.ok(bytes.equals(encodeManifest({ ...data, folders })));
  const empty = { paths: [], sizes: [], mtimes: [], revisions: [] };
  assert.ok(
    encodeManifestColumns({ groups: {}, files: { ...empty, keys: [] }, held: empty }).equals(
      encodeManifest({ groups: {}, files: new Map(), held: new Map() }),
    ),
  );
});

test("a build folder's folders and their times read back with every file's stamp; none recorded, no listing", () => {
  const data = sample();
  assert.is(decodeManifest(encodeManifest(data))!.listing(), undefined, 'no folders recorded');
  const folders = { folders: ['', 'it', 'it/docs', 'it/città è'], times: [1.25, 1_764_000_000_000.123, 3, 4] };
  const listing = decodeManifest(encodeManifest({ ...data, folders }))!.listing();
  assert.ok(listing);
  assert.equal(listing.folders, folders.folders);
  assert.equal(listing.times, folders.times);
  const files = [...data.files, ...data.held];
  assert.equal(
    listing.files,
    files.map(([file]) => file),
    'the keyed files, then the others',
  );
  assert.equal(
    listing.sizes,
    files.map(([, entry]) => entry.size),
  );
  assert.equal(
    listing.mtimes,
    files.map(([, entry]) => entry.mtimeMs),
  );
  // The folder alone: its name is empty.
  const alone = decodeManifest(encodeManifest({ ...data, folders: { folders: [''], times: [7] } }))!.listing();
  assert.equal(alone?.folders, ['']);
});

test("a manifest read holds no string per file's key and hash: each is taken from its column when looked up", () => {
  const count = 100_000;
  const files: ManifestData['files'] = new Map();
  const keyOf = (i: number) => `chiave-${i}`.padEnd(43, 'k');
  const revisionOf = (i: number) => `${i}`.padEnd(40, 'f');
  for (let i = 0; i < count; i++)
    files.set(`it/docs/pagina-${i}/index.html`, { key: keyOf(i), size: i, mtimeMs: i + 0.5, revision: revisionOf(i) });
  const bytes = encodeManifest({ groups: {}, files, held: new Map() });
  files.clear();
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  setFlagsFromString('--no-expose-gc');
  gc();
  const before = getHeapStatistics().used_heap_size;
  const read = decodeManifest(bytes);
  gc();
  const grown = getHeapStatistics().used_heap_size - before;
  assert.ok(read);
  for (const i of [0, 1, 77_777, count - 1])
    assert.equal(read.file(`it/docs/pagina-${i}/index.html`), {
      key: keyOf(i),
      size: i,
      mtimeMs: i + 0.5,
      revision: revisionOf(i),
    });
  // The paths and their index, the columns' places: about 106 bytes a file here; a string per key and hash made it
  // about 271.
  assert.ok(grown < 150 * count, `reading the manifest grew the heap by ${grown} bytes`);
});

test('a manifest cut short, grown, changed in one byte or of another format reads as none', () => {
  const bytes = encodeManifest(sample());
  assert.is(decodeManifest(bytes.subarray(0, bytes.length - 1)), undefined, 'cut short');
  assert.is(decodeManifest(bytes.subarray(0, 40)), undefined, 'cut in its head');
  assert.is(decodeManifest(Buffer.concat([bytes, Buffer.from('x')])), undefined, 'grown');
  for (const at of [bytes.length - 3, bytes.length - 2000, bytes.indexOf('\n', 30) + 5]) {
    const changed = Buffer.from(bytes);
    changed[at] = changed[at]! ^ 1;
    assert.is(decodeManifest(changed), undefined, `byte ${at} changed`);
  }
  const otherFolder = Buffer.from(bytes.toString('latin1').replace('"build-1"', '"build-2"'), 'latin1');
  assert.is(decodeManifest(otherFolder), undefined, 'its head changed');
  // The layout before this one: a JSON object.
  assert.is(decodeManifest(Buffer.from(JSON.stringify({ files: {}, groups: {} }))), undefined, 'old layout');
  const newer = Buffer.concat([
    Buffer.from('docs-it output manifest 9'),
    bytes.subarray('docs-it output manifest 3'.length),
  ]);
  assert.is(decodeManifest(newer), undefined, 'newer');
});

test('a build after a damaged manifest reuses nothing; manifests of the older layout are removed', () => {
  const manifests = path.join(root, 'outputs');
  const out = path.join(root, 'out');
  mkdirSync(path.join(out, 'it'), { recursive: true });
  writeFileSync(path.join(out, 'it/a.html'), 'uno');
  const first = outputReuse(out, { manifests, enabled: true });
  first.record('it/a.html', 'k1', { size: 3, revision: 'r'.repeat(32) });
  mkdirSync(manifests, { recursive: true });
  writeFileSync(path.join(manifests, 'ABCDEF0123456789.json'), '{"files":{},"groups":{}}');
  first.save('build-1', []);
  const names = readdirSync(manifests);
  assert.equal(names.length, 1, names.join());
  assert.ok(names[0]!.endsWith('.manifest'));
  assert.ok(outputReuse(out, { manifests, enabled: true }).reusable('it/a.html', 'k1'), 'reused when whole');
  const file = path.join(manifests, names[0]!);
  const bytes = readFileSync(file);
  writeFileSync(file, bytes.subarray(0, bytes.length - 8));
  assert.is(outputReuse(out, { manifests, enabled: true }).reusable('it/a.html', 'k1'), undefined, 'torn');
});

test.run();
