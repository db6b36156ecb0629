import {
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  type BackgroundWrites,
  createBackgroundWrites,
  maxPendingBytes,
  type WriteFailure,
} from '../src/disk/background-writes';
import { handOver } from '../src/disk/handed-over';
import { encodeManifest } from '../src/disk/manifest-file';
import type { WriteBatch } from '../src/disk/write-protocol';
import { DocsItError } from '../src/errors';
import { OutputFolder } from '../src/output/output-folder';
import { revisionOf } from '../src/output/written-file';
import { processTmpDir } from './build-outputs';
import { removeDir, repoRoot, runModuleScript } from './helpers';

const root = path.join(processTmpDir(), 'background-writes');

test.before(() => {
  mkdirSync(root, { recursive: true });
});
test.after(async () => {
  await Promise.all(writers.map((w) => w.close()));
  removeDir(root);
});

/** The writers the tests make, each with a thread of its own: stopped once the tests are done. */
const writers: BackgroundWrites[] = [];
const writer = () => {
  const made = createBackgroundWrites();
  writers.push(made);
  return made;
};

test('writers made and closed in one process leave no listener on stderr behind: no warning of a leak', async () => {
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.message);
  process.on('warning', onWarning);
  const listeners = process.stderr.listenerCount('error');
  try {
    // More than the 10 listeners an emitter is allowed before Node warns of a leak.
    for (let i = 0; i < 12; i++) {
      const writes = createBackgroundWrites();
      await writes.write(path.join(root, 'many', `file-${i}.txt`), `testo ${i}`);
      await writes.close();
      // A listener added as a program may (Node's own pipes are added with the warning silenced).
      const listener = () => undefined;
      process.stderr.on('error', listener);
      process.stderr.removeListener('error', listener);
    }
    assert.is(process.stderr.listenerCount('error'), listeners);
    assert.equal(warnings, []);
    assert.is(readFileSync(path.join(root, 'many', 'file-11.txt'), 'utf8'), 'testo 11');
  } finally {
    process.removeListener('warning', onWarning);
  }
});

test('start() starts the thread before any work, idle: it does not keep the process alive', () => {
  const module = JSON.stringify(path.join(repoRoot, 'src/disk/background-writes.ts'));
  // The process's threads as the system counts them: a worker is one more from its start.
  const script = `
    const { readFileSync } = await import('node:fs');
    const threads = () => Number(/^Threads:\\s+(\\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'))[1]);
    const { createBackgroundWrites } = await import(${module});
    const writes = createBackgroundWrites();
    const before = threads();
    writes.start();
    process.stdout.write(String(threads() - before));`;
  const child = runModuleScript(script, {
    // The hang guard: a thread that held the process would keep it alive forever.
    timeout: 60_000,
  });
  // Ended on its own (the idle thread holds nothing), having started one thread.
  assert.is(child.status, 0, child.stderr);
  assert.ok(Number(child.stdout) >= 1, `threads started: ${child.stdout}`);
});

test('files, links and copies are on disk, in folders made for them, once flush resolves', async () => {
  const writes = writer();
  const dir = path.join(root, 'plain');
  for (let i = 0; i < 100; i++) void writes.write(path.join(dir, `cartella-${i % 7}`, `file-${i}.txt`), `testo ${i}`);
  void writes.write(path.join(dir, 'binario.bin'), new Uint8Array([1, 2, 3]));
  await writes.flush();
  void writes.link(path.join(dir, 'altrove/collegato.txt'), path.join(dir, 'cartella-3/file-3.txt'));
  void writes.copy(path.join(dir, 'altrove/copia.txt'), path.join(dir, 'cartella-4/file-4.txt'));
  await writes.flush();
  assert.is(readFileSync(path.join(dir, 'cartella-6/file-97.txt'), 'utf8'), 'testo 97');
  assert.equal([...readFileSync(path.join(dir, 'binario.bin'))], [1, 2, 3]);
  assert.is(readFileSync(path.join(dir, 'altrove/collegato.txt'), 'utf8'), 'testo 3');
  assert.is(statSync(path.join(dir, 'cartella-3/file-3.txt')).nlink, 2, 'a hard link, not a copy');
  assert.is(readFileSync(path.join(dir, 'altrove/copia.txt'), 'utf8'), 'testo 4');
  const stats = writes.stats();
  assert.is(stats.files, 103);
  assert.ok(stats.busyMs > 0);
});

test('a write that fails is reported to its caller; the others are written', async () => {
  const writes = writer();
  const dir = path.join(root, 'failing');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'un-file'), 'non una cartella');
  const failures: WriteFailure[] = [];
  void writes.write(path.join(dir, 'un-file/dentro.txt'), 'x', (failure) => failures.push(failure));
  void writes.write(path.join(dir, 'buono.txt'), 'sì');
  await writes.flush();
  assert.is(failures.length, 1);
  assert.ok(failures[0]!.code === 'ENOTDIR' || failures[0]!.code === 'EEXIST', failures[0]!.code);
  assert.is(readFileSync(path.join(dir, 'buono.txt'), 'utf8'), 'sì');
});

test("a write's revision is made by the thread from the bytes it wrote, told before flush resolves", async () => {
  const writes = writer();
  const dir = path.join(root, 'revisions');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'un-file'), 'non una cartella');
  const told = new Map<string, string>();
  const tell = (name: string) => (revision: string) => told.set(name, revision);
  void writes.write(path.join(dir, 'testo.html'), '<p>città</p>', undefined, false, undefined, tell('testo'));
  void writes.write(path.join(dir, 'byte.bin'), new Uint8Array([1, 2, 3]), undefined, false, undefined, tell('byte'));
  void writes.write(path.join(dir, 'un-file/no.txt'), 'x', () => undefined, false, undefined, tell('fallito'));
  void writes.write(path.join(dir, 'senza.txt'), 'nessuna revisione chiesta');
  await writes.flush();
  assert.equal(
    [...told],
    [
      ['testo', revisionOf(Buffer.from('<p>città</p>'))],
      ['byte', revisionOf(new Uint8Array([1, 2, 3]))],
    ],
  );
});

test("a new build folder's files are hashed by the writing thread: their revisions known once flushed", async () => {
  const out = path.join(root, 'revisions-out');
  const output = await OutputFolder.open(out, { root });
  await output.write('it/index.html', '<h1>Ciao</h1>');
  assert.throws(() => output.fileInfo('it/index.html'), /before it was flushed/);
  await output.flush();
  assert.equal(output.fileInfo('it/index.html'), { size: 13, revision: revisionOf(Buffer.from('<h1>Ciao</h1>')) });
  await output.commit();
});

test('bytes handed over go to the thread transferred (empty once sent); others and pool slices copied', async () => {
  const writes = writer();
  const dir = path.join(root, 'handed-over');
  const handed = handOver(new TextEncoder().encode('consegnati al thread'));
  const held = new TextEncoder().encode('tenuti da chi li ha fatti');
  // `Buffer.from` of a short text: a slice of the pool's slab, shared with other buffers; it cannot go without them.
  const pooled = handOver(Buffer.from('dal pool condiviso'));
  assert.ok(pooled.buffer.byteLength > pooled.byteLength, 'a slice of a larger buffer');
  await writes.write(path.join(dir, 'handed.txt'), handed);
  await writes.write(path.join(dir, 'held.txt'), held);
  await writes.append(path.join(dir, 'held.txt'), handOver(new TextEncoder().encode(', e altri')));
  await writes.write(path.join(dir, 'pooled.txt'), pooled);
  await writes.flush();
  assert.is(handed.byteLength, 0, 'transferred: detached on this side');
  assert.is(new TextDecoder().decode(held), 'tenuti da chi li ha fatti', 'copied: still here');
  assert.is(pooled.toString(), 'dal pool condiviso', 'copied: the pool is not given away');
  assert.is(readFileSync(path.join(dir, 'handed.txt'), 'utf8'), 'consegnati al thread');
  assert.is(readFileSync(path.join(dir, 'held.txt'), 'utf8'), 'tenuti da chi li ha fatti, e altri');
  assert.is(readFileSync(path.join(dir, 'pooled.txt'), 'utf8'), 'dal pool condiviso');
});

test("an output file's text goes to the thread in a buffer of its own, transferred, not cloned", async () => {
  const post = Worker.prototype.postMessage;
  const copied: string[] = [];
  const transferred: number[] = [];
  Worker.prototype.postMessage = function (this: Worker, message: unknown, transfer?: Parameters<typeof post>[1]) {
    const ops = (message as Partial<WriteBatch> | null)?.ops;
    const list = (transfer ?? []) as ArrayBuffer[];
    for (const op of ops ?? []) {
      if (op.data === undefined) continue;
      if (typeof op.data === 'string' || !list.includes(op.data.buffer as ArrayBuffer)) copied.push(op.file);
      else transferred.push(op.data.byteLength);
    }
    return post.call(this, message, transfer);
  } as typeof post;
  try {
    const out = path.join(root, 'transferred-out');
    const output = await OutputFolder.open(out, { root });
    // Short (`Buffer.from` would slice the pool) and long, with a two-byte character.
    await output.write('it/breve.json', '{"a":"à"}');
    await output.write('it/index.html', `<p>${'lungo ’ '.repeat(2000)}</p>`);
    await output.flush();
    await output.commit();
    assert.equal(copied, []);
    assert.equal(transferred, [10, Buffer.byteLength(`<p>${'lungo ’ '.repeat(2000)}</p>`)]);
    assert.is(readFileSync(path.join(out, 'it/breve.json'), 'utf8'), '{"a":"à"}');
  } finally {
    Worker.prototype.postMessage = post;
  }
});

test('past the limit of bytes waiting, a write waits for the disk instead of filling memory', async () => {
  const writes = writer();
  const chunk = new Uint8Array(1024 * 1024);
  const dir = path.join(root, 'pressure');
  const early: Promise<void>[] = [];
  for (let i = 0; i < maxPendingBytes / chunk.byteLength - 1; i++)
    early.push(writes.write(path.join(dir, `${i}.bin`), chunk));
  let settled = false;
  const last = writes.write(path.join(dir, 'ultimo.bin'), chunk).then(() => {
    settled = true;
  });
  // Only the thread's replies, which this thread reads between tasks, make room: none has been read yet.
  await Promise.all(early);
  await Promise.resolve();
  assert.not.ok(settled, 'the write over the limit waits');
  await last;
  await writes.flush();
  assert.ok(existsSync(path.join(dir, 'ultimo.bin')));
  assert.ok(writes.stats().waitedMs > 0);
});

test('a file queued without waiting counts against the limit: `room` waits until the thread has taken it', async () => {
  const writes = writer();
  const dir = path.join(root, 'later');
  await writes.room();
  // A synchronous cache store cannot wait: it queues past the limit, and its caller waits for room where it can.
  writes.writeLater(path.join(dir, 'grande.bin'), new Uint8Array(maxPendingBytes + 1));
  let settled = false;
  const room = writes.room().then(() => {
    settled = true;
  });
  await Promise.resolve();
  assert.not.ok(settled, 'no room while the large file waits');
  await room;
  assert.ok(statSync(path.join(dir, 'grande.bin')).size > maxPendingBytes, 'written by the time there is room');
  assert.ok(writes.stats().waitedMs > 0);
});

/** A build of `files` into `out`, published. */
async function publishBuild(out: string, files: Record<string, string>): Promise<void> {
  const folder = await OutputFolder.open(out);
  for (const [file, text] of Object.entries(files)) await folder.write(file, text);
  await folder.commit();
}

test("commit's `meanwhile` runs before the build's files are all written; one that throws fails nothing", async () => {
  const out = path.join(root, 'meanwhile/build');
  const folder = await OutputFolder.open(out);
  for (let i = 0; i < 50; i++) await folder.write(`pagina-${i}.html`, `pagina ${i}`);
  const steps: string[] = [];
  await folder.commit(
    () => undefined,
    () => steps.push('keep'),
    () => {
      steps.push(existsSync(path.join(out, 'pagina-0.html')) ? 'meanwhile after publishing' : 'meanwhile');
      throw new Error('disco pieno');
    },
  );
  assert.equal(steps, ['meanwhile', 'keep']);
  assert.is(readFileSync(path.join(out, 'pagina-49.html'), 'utf8'), 'pagina 49');
});

test('a file that cannot be written fails the commit, naming it and what to do; nothing is published', async () => {
  const out = path.join(root, 'site/build');
  await publishBuild(out, { 'index.html': 'la build precedente' });
  const folder = await OutputFolder.open(out);
  await folder.write('buona.html', 'ok');
  // Longer than any file system's file names allow.
  await folder.write(`${'n'.repeat(300)}.html`, 'non ci sta', 'content/docs/lunghissima.md');
  const error = await folder.commit().then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.instance(error, DocsItError);
  assert.match(String((error as Error).message), /^cannot write .*build\/n{300}\.html: the name is too long/);
  assert.is((error as DocsItError).location?.file, 'content/docs/lunghissima.md');
  assert.match((error as DocsItError).hint ?? '', 'slug');
  await folder.abort();
  assert.is(readFileSync(path.join(out, 'index.html'), 'utf8'), 'la build precedente');
  assert.not.ok(existsSync(path.join(out, 'buona.html')));
  assert.not.ok(existsSync(folder.tmp));
});

test('a link where a file of the build goes is never written through', async () => {
  const out = path.join(root, 'link-inside/build');
  const outside = path.join(root, 'link-inside/fuori.txt');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(outside, 'da non toccare');
  const folder = await OutputFolder.open(out);
  symlinkSync(outside, path.join(folder.tmp, 'pagina.html'));
  await folder.write('pagina.html', 'sovrascritta?');
  const error = await folder.commit().then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.instance(error, DocsItError);
  assert.match(String((error as Error).message), 'cannot write');
  assert.match((error as DocsItError).hint ?? '', 'never writes through a link');
  await folder.abort();
  assert.is(readFileSync(outside, 'utf8'), 'da non toccare');
});

test("new files take the place of a spare folder's own files, never of files linked elsewhere, nor links", async () => {
  const dir = path.join(root, 'spare');
  const spare = path.join(dir, 'spare');
  mkdirSync(path.join(spare, 'pagina'), { recursive: true });
  mkdirSync(path.join(dir, 'live'), { recursive: true });
  writeFileSync(path.join(spare, 'pagina/propria.html'), 'vecchia');
  const own = statSync(path.join(spare, 'pagina/propria.html')).ino;
  // A file the live build still shows (an unchanged page is a hard link), and a link to a file elsewhere.
  writeFileSync(path.join(dir, 'live/condivisa.html'), 'pubblicata');
  linkSync(path.join(dir, 'live/condivisa.html'), path.join(spare, 'condivisa.html'));
  writeFileSync(path.join(dir, 'fuori.txt'), 'fuori');
  symlinkSync(path.join(dir, 'fuori.txt'), path.join(spare, 'collegamento.html'));
  const writes = writer();
  writes.useSpare(spare);
  for (let i = 0; i < 3; i++) void writes.write(path.join(dir, `nuova/${i}.html`), `nuova ${i}`, undefined, true);
  void writes.write(path.join(dir, 'nuova/senza-riuso.html'), 'creata');
  await writes.flush();
  for (let i = 0; i < 3; i++) assert.is(readFileSync(path.join(dir, `nuova/${i}.html`), 'utf8'), `nuova ${i}`);
  const inodes = [0, 1, 2].map((i) => statSync(path.join(dir, `nuova/${i}.html`)).ino);
  assert.ok(inodes.includes(own), 'the spare file was reused');
  assert.is(writes.stats().recycled, 1);
  assert.is(readFileSync(path.join(dir, 'live/condivisa.html'), 'utf8'), 'pubblicata');
  assert.is(readFileSync(path.join(dir, 'fuori.txt'), 'utf8'), 'fuori');
  assert.equal(readdirSync(spare).sort(), ['collegamento.html', 'condivisa.html', 'pagina']);
  assert.equal(readdirSync(path.join(spare, 'pagina')), []);
});

test('a recycled file holds the new bytes alone: a longer spare file is cut to them, counted in bytes', async () => {
  const dir = path.join(root, 'spare-longer');
  const spare = path.join(dir, 'spare');
  mkdirSync(spare, { recursive: true });
  const long = 'una pagina della build precedente, molto più lunga di quella nuova. '.repeat(200);
  for (const name of ['a.html', 'b.html', 'c.html']) writeFileSync(path.join(spare, name), long);
  const writes = writer();
  writes.useSpare(spare);
  // Text whose characters are fewer than its UTF-8 bytes, bytes, and a text longer than the spare's file.
  void writes.write(path.join(dir, 'nuova/testo.html'), 'però è così', undefined, true);
  void writes.write(path.join(dir, 'nuova/byte.bin'), new Uint8Array([1, 2, 3]), undefined, true);
  void writes.write(path.join(dir, 'nuova/lunga.html'), `${long}e ancora`, undefined, true);
  await writes.flush();
  assert.is(writes.stats().recycled, 3);
  assert.equal(readdirSync(spare), []);
  // Compared whole, shown short: the spare's text left past the new bytes would be thousands of characters.
  const holds = (rel: string, expected: string | Buffer) => {
    const held = readFileSync(path.join(dir, rel));
    assert.ok(held.equals(Buffer.from(expected)), `${rel}: ${held.byteLength} bytes, "${held.subarray(0, 40)}…"`);
  };
  holds('nuova/testo.html', 'però è così');
  holds('nuova/byte.bin', Buffer.from([1, 2, 3]));
  holds('nuova/lunga.html', `${long}e ancora`);
});

test('a spare folder given later replaces the one before: a build without one reuses nothing', async () => {
  const dir = path.join(root, 'spare-reset');
  mkdirSync(path.join(dir, 'spare'), { recursive: true });
  writeFileSync(path.join(dir, 'spare/di-una-build-precedente.html'), 'vecchia');
  const writes = writer();
  writes.useSpare(path.join(dir, 'spare'));
  writes.useSpare(path.join(dir, 'nessuna'));
  void writes.write(path.join(dir, 'nuova.html'), 'nuova', undefined, true);
  await writes.flush();
  assert.is(writes.stats().recycled, 0);
  assert.is(readFileSync(path.join(dir, 'spare/di-una-build-precedente.html'), 'utf8'), 'vecchia');
});

test("a commit keeps the replaced build as the next build's spare; nothing of a spare is ever published", async () => {
  const out = path.join(root, 'spare-site/build');
  const store = path.join(root, 'spare-site/.docs-it-builds-build');
  const builds = () => readdirSync(store).filter((e) => e.startsWith('b-'));
  await publishBuild(out, { 'index.html': 'prima', 'tolta.html': 'solo nella prima' });
  const replaced = new Set([statSync(path.join(out, 'index.html')).ino, statSync(path.join(out, 'tolta.html')).ino]);
  const first = readlinkSync(out);
  await publishBuild(out, { 'index.html': 'seconda' });
  assert.equal(readdirSync(out), ['index.html']);
  assert.is(readFileSync(path.join(out, 'index.html'), 'utf8'), 'seconda');
  assert.equal(readdirSync(path.join(path.dirname(out), first)).sort(), ['index.html', 'tolta.html'], 'kept');
  const second = readlinkSync(out);
  await publishBuild(out, { 'nuova/index.html': 'terza' });
  assert.equal(readdirSync(out), ['nuova']);
  assert.ok(replaced.has(statSync(path.join(out, 'nuova/index.html')).ino), 'a file of the first build reused');
  assert.is(readFileSync(path.join(out, 'nuova/index.html'), 'utf8'), 'terza');
  assert.equal(builds().length, 2, 'the second build is the spare now; the first is gone');
  assert.equal(readdirSync(path.join(path.dirname(out), second)), ['index.html']);
  assert.is(readFileSync(path.join(path.dirname(out), second, 'index.html'), 'utf8'), 'seconda');
});

test('a folder updated in place: thousands of files kept among writes stay, the rest are pruned', async () => {
  const writes = writer();
  const dir = path.join(root, 'updated');
  // More files than one op of kept files takes, in folders of their own.
  const count = 9000;
  for (let i = 0; i < count; i++) {
    mkdirSync(path.join(dir, `c-${i % 10}`), { recursive: true });
    writeFileSync(path.join(dir, `c-${i % 10}`, `f-${i}.txt`), `vecchio ${i}`);
  }
  writeFileSync(path.join(dir, 'in-piu.txt'), 'nessuno lo vuole');
  writes.update(dir);
  for (let i = 0; i < count; i++) {
    const file = path.join(dir, `c-${i % 10}`, `f-${i}.txt`);
    // Every hundredth file is written anew between the kept ones (the order of a build's pages).
    if (i % 100 === 0) void writes.write(file, `nuovo ${i}`);
    else writes.keep(file);
  }
  writes.prune(dir);
  await writes.flush();
  assert.is(writes.stats().kept, count - count / 100, 'every kept file counted');
  assert.is(readFileSync(path.join(dir, 'c-1/f-8991.txt'), 'utf8'), 'vecchio 8991');
  assert.is(readFileSync(path.join(dir, 'c-0/f-8900.txt'), 'utf8'), 'nuovo 8900');
  assert.is(existsSync(path.join(dir, 'in-piu.txt')), false, 'a file nothing was queued for is pruned');
  const left = readdirSync(dir).flatMap((folder) => readdirSync(path.join(dir, folder)));
  assert.is(left.length, count, 'no kept file pruned');
});

/** Every file under `dir`, relative to it with `/`. */
function filesUnder(dir: string, sub = ''): string[] {
  return readdirSync(path.join(dir, sub), { withFileTypes: true }).flatMap((entry) => {
    const file = sub ? `${sub}/${entry.name}` : entry.name;
    return entry.isDirectory() ? filesUnder(dir, file) : [file];
  });
}

test('a folder checked against what its last update left: the update takes what was found, or walks it', async () => {
  const writes = writer();
  const store = path.join(root, 'checked');
  const folder = 'b-000000000-00000000';
  const dir = path.join(store, folder);
  for (let i = 0; i < 30; i++) {
    mkdirSync(path.join(dir, `c-${i % 3}`), { recursive: true });
    writeFileSync(path.join(dir, `c-${i % 3}`, `f-${i}.txt`), `testo ${i}`);
  }
  const files = filesUnder(dir);
  const update = async (check?: number, kept = files) => {
    writes.update(dir, check);
    for (const file of kept) writes.keep(path.join(dir, file));
    return writes.prune(dir);
  };
  // An update that keeps everything gives back its folders and their times.
  const folders = await update();
  assert.ok(folders);
  assert.equal([...folders.folders].sort(), ['', 'c-0', 'c-1', 'c-2']);
  assert.equal(folders.times[folders.folders.indexOf('c-1')], statSync(path.join(dir, 'c-1')).ctimeMs);
  /** A manifest of the folder listing `listed` with their stamps now (what a build saves once it is published). */
  const manifestOf = (listed: string[], name = folder) => {
    const file = path.join(root, `checked-${Math.random().toString(36).slice(2)}.manifest`);
    const held = new Map(
      listed.map((f) => [f, { size: statSync(path.join(dir, f)).size, mtimeMs: statSync(path.join(dir, f)).mtimeMs }]),
    );
    writeFileSync(file, encodeManifest({ folder: name, groups: {}, files: new Map(), held, folders }));
    return file;
  };
  const listed = manifestOf(files);

  assert.is(await writes.check(store, manifestOf(files, '../fuori')).found, undefined, 'not a build folder: refused');
  // Each folder as listed: the update does not walk the folder, it takes what the check found. A file the list
  // leaves out (no build's list does) is then not seen, so not pruned.
  const unlisted = files[0]!;
  const first = writes.check(store, manifestOf(files.slice(1)));
  const found = await first.found;
  assert.equal(found && { folder: found.folder, changed: found.changed }, { folder, changed: [] });
  assert.equal(await update(first.id, files.slice(1)), folders, 'nothing changed: the same folders and times');
  assert.ok(existsSync(path.join(dir, unlisted)), 'not walked: the file left out of the list is still there');

  // A file changed in place moves no folder's time: its stamp says it changed.
  // (A file's and a folder's times move by the clock's tick: the changes below come a tick after what came before.)
  await new Promise((resolve) => setTimeout(resolve, 20));
  writeFileSync(path.join(dir, 'c-2/f-5.txt'), 'cambiato a mano');
  const second = writes.check(store, listed);
  assert.equal((await second.found)?.changed, ['c-2/f-5.txt']);
  // A check not taken by an update is given up by the next one (which then walks the folder).
  assert.ok(await update());

  // A file added by hand moves its folder's time: nothing found, and the update walks the folder and prunes it.
  writeFileSync(path.join(dir, 'c-0/in-piu.txt'), 'aggiunto a mano');
  const third = writes.check(store, listed);
  assert.is(await third.found, undefined);
  const after = await update(third.id);
  assert.not.ok(existsSync(path.join(dir, 'c-0/in-piu.txt')), 'the added file is pruned');
  assert.is(after?.times[after.folders.indexOf('c-0')], statSync(path.join(dir, 'c-0')).ctimeMs, 'its time now');
});

test('a check is sent to the thread at once: it runs while this thread is still busy', async () => {
  const writes = writer();
  const store = path.join(root, 'subito');
  mkdirSync(store, { recursive: true });
  const queued = path.join(store, 'prima.txt');
  writes.writeLater(queued, 'scritto prima del controllo');
  const check = writes.check(store, path.join(root, 'subito.manifest'));
  // Busy without a pause, as a warm build's stages can be: what was queued with the check reaches the disk meanwhile.
  const guard = Date.now() + 60_000;
  while (!existsSync(queued) && Date.now() < guard) {
    // Spins: no event of this thread's runs until the loop ends.
  }
  assert.ok(existsSync(queued), 'written while this thread was busy');
  assert.is(await check.found, undefined, 'no manifest: nothing found');
});

test('a folder whose manifest lists no folders (a build into a new folder) is walked by the check', async () => {
  const writes = writer();
  const store = path.join(root, 'nuovo');
  const folder = 'b-0nuovo-00000000';
  const dir = path.join(store, folder);
  for (let i = 0; i < 12; i++) {
    mkdirSync(path.join(dir, `c-${i % 3}`, 'sotto'), { recursive: true });
    writeFileSync(path.join(dir, `c-${i % 3}`, i % 2 ? 'sotto' : '', `f-${i}.txt`), `testo ${i}`);
  }
  const files = filesUnder(dir);
  const stamp = (f: string) => ({
    size: statSync(path.join(dir, f)).size,
    mtimeMs: statSync(path.join(dir, f)).mtimeMs,
  });
  const manifest = path.join(root, 'nuovo.manifest');
  // As a build into a new folder saves it: its files' stamps, no folders.
  const held = new Map(files.map((f) => [f, stamp(f)]));
  writeFileSync(manifest, encodeManifest({ folder, groups: {}, files: new Map(), held }));
  await new Promise((resolve) => setTimeout(resolve, 20));
  writeFileSync(path.join(dir, files[3]!), 'cambiato a mano');
  rmSync(path.join(dir, files[5]!));
  writeFileSync(path.join(dir, 'c-1/in-piu.txt'), 'aggiunto a mano');
  const check = writes.check(store, manifest);
  const found = await check.found;
  assert.ok(found, 'found: the folder walked');
  assert.equal([...found.changed].sort(), [files[3]!, files[5]!].sort(), 'the changed file and the missing one');
  // The update takes what the walk found: the file added by hand is held, and pruned as nothing placed it.
  writes.update(dir, check.id);
  for (const file of files) if (file !== files[5]) writes.keep(path.join(dir, file));
  const folders = await writes.prune(dir);
  assert.not.ok(existsSync(path.join(dir, 'c-1/in-piu.txt')), 'the added file is pruned');
  assert.ok(folders);
  assert.equal(
    [...folders.folders].sort(),
    ['', 'c-0', 'c-0/sotto', 'c-1', 'c-1/sotto', 'c-2', 'c-2/sotto'],
    'its folders, for the next check',
  );
  assert.is(folders.times[folders.folders.indexOf('c-1')], statSync(path.join(dir, 'c-1')).ctimeMs);
});

test.run();
