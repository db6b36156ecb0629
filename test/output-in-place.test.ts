import { spawn } from 'node:child_process';
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../src/build/build-site';
import { readManifestFile } from '../src/disk/manifest-file';
import { spareManifestOf } from '../src/output/output-reuse';
import { copyFixture, filesOf, outputLeftovers, pipeEnv, quietly, removeDir, repoRoot } from './helpers';

/*
 * A warm build brings the spare build folder (the one before the published build) up to date in place: only the
 * files that differ from what it holds are written (over its own files, as new inodes where a file is shared with
 * the published build), the rest are left as they are, and what it holds
 * that the new build has not is removed. These tests check that, and that an interrupted update never shows.
 */
const pages = Object.fromEntries(
  Array.from({ length: 40 }, (_, i) => [
    `content/docs/guides/serie/pagina-${i}.md`,
    `---\ntitle: Pagina ${i}\n---\n\nVersione UNO della pagina ${i}.\n\n## Sezione\n\n` +
      `${'Testo di prova. '.repeat(8)}\n`,
  ]),
);
const dir = copyFixture('basic', pages);
const config = path.join(dir, 'site.config.ts');
const out = path.join(dir, 'build');
const store = path.join(dir, '.docs-it-builds-build');
const bin = path.join(repoRoot, 'bin/docs-it.mjs');

test.after(() => removeDir(dir));

const build = (outDir = out, noCache = false) =>
  quietly(() => buildSite({ packageRoot: repoRoot, config, out: outDir, noCache }));

/** The page's source, with its one line of text set to `text`. */
function edit(page: number, text: string): void {
  const file = path.join(dir, `content/docs/guides/serie/pagina-${page}.md`);
  writeFileSync(file, readFileSync(file, 'utf8').replace(/Versione .* della pagina/, `${text} della pagina`));
}

const liveFolder = () => path.join(store, path.basename(readlinkSync(out)));
const spareFolder = () => {
  const live = path.basename(readlinkSync(out));
  const spares = readdirSync(store).filter((name) => name.startsWith('b-') && name !== live);
  assert.is(spares.length, 1, `one spare build folder: ${spares.join(', ')}`);
  return path.join(store, spares[0]!);
};

/** What the spare's manifest lists (a build that updated it in place lists its folders and files). */
const spareListing = () =>
  readManifestFile(
    spareManifestOf(out, { manifests: path.join(dir, 'node_modules/.cache/docs-it/outputs'), enabled: true }),
  )?.view.listing();

/**
 * Inode and change time of every file of a folder: a file created, linked, renamed or written changes them. The
 * files are listed as `filesOf` lists them, without reading their bytes: the kill test asks every 2 ms.
 */
function stampsOf(folder: string): Map<string, string> {
  const stamps = new Map<string, string>();
  const walk = (sub: string) => {
    for (const name of readdirSync(path.join(folder, sub))) {
      const file = path.join(sub, name);
      if (statSync(path.join(folder, file)).isDirectory()) walk(file);
      else {
        const stat = lstatSync(path.join(folder, file));
        stamps.set(file, `${stat.ino}:${stat.ctimeMs}`);
      }
    }
  };
  walk('');
  return stamps;
}

/** The files whose bytes differ between two trees (or are in one only). */
function differing(a: Map<string, Buffer>, b: Map<string, Buffer>): string[] {
  const names = new Set([...a.keys(), ...b.keys()]);
  return [...names].filter((name) => !a.get(name)?.equals(b.get(name) ?? Buffer.alloc(0)) || !b.has(name)).sort();
}

/** Two trees hold the same files with the same bytes (the message names the ones that differ). */
function assertSameFiles(actual: Map<string, Buffer>, expected: Map<string, Buffer>, message = ''): void {
  assert.equal(differing(actual, expected), [], `${message} (files that differ)`);
}

/** A cold build of the site as it is now, into a folder of its own, without the cache. */
async function coldFiles(): Promise<Map<string, Buffer>> {
  const cold = path.join(dir, `cold-${Date.now()}`);
  await build(cold, true);
  const files = filesOf(cold);
  removeDir(cold);
  removeDir(path.join(dir, `.docs-it-builds-${path.basename(cold)}`));
  return files;
}

test('one page edited: the spare is updated in place, and only the files that differ from it are touched', async () => {
  await build();
  await build();
  const spare = spareFolder();
  const held = filesOf(spare);
  const before = stampsOf(spare);
  edit(3, 'Versione DUE');
  await build();
  assert.is(realpathSync(out), realpathSync(spare), 'the spare, updated, is the published build');
  const now = filesOf(out);
  assertSameFiles(now, await coldFiles(), 'the same bytes as a cold build');
  const changed = differing(held, now);
  assert.ok(changed.includes('it/v1/guides/serie/pagina-3/index.html'), changed.join(', '));
  assert.ok(changed.length < now.size / 4, `few files changed: ${changed.length} of ${now.size}`);
  const after = stampsOf(out);
  const touched = [...after].filter(([file, stamp]) => before.get(file) !== stamp).map(([file]) => file);
  assert.equal(
    touched.sort(),
    changed.filter((file) => now.has(file)),
    'only the changed files were touched',
  );
});

test('a file shared by the published build and the spare is never changed in the published build', async () => {
  const published = liveFolder();
  const before = filesOf(published);
  const shared = [...before.keys()].filter(
    (file) => lstatSync(path.join(published, file)).nlink > 1 && before.get(file)!.length > 0,
  );
  assert.ok(shared.length > 10, `files shared with the spare: ${shared.length}`);
  edit(5, 'Versione TRE');
  await build();
  assert.is.not(realpathSync(out), realpathSync(published), 'the other folder was updated and published');
  assertSameFiles(filesOf(published), before, 'the build published before (now the spare) is as it was');
});

test('two edits in a row, then an edit reverted, give the bytes of cold builds', async () => {
  edit(7, 'Versione QUATTRO');
  await build();
  assertSameFiles(filesOf(out), await coldFiles());
  edit(7, 'Versione UNO');
  edit(5, 'Versione UNO');
  edit(3, 'Versione UNO');
  await build();
  assertSameFiles(filesOf(out), await coldFiles());
});

test("a page made shorter: the spare's own file of it is written over and cut to the new bytes", async () => {
  edit(7, 'Versione NOVE, molto più lunga di tutte quelle di prima');
  await build();
  edit(7, 'V');
  const spare = spareFolder();
  const page = path.join(spare, 'it/v1/guides/serie/pagina-7/index.html');
  const before = lstatSync(page);
  assert.is(before.nlink, 1, "the spare's own file (the published build has its own)");
  await build();
  assert.is(realpathSync(out), realpathSync(spare));
  const after = lstatSync(page);
  assert.is(after.ino, before.ino, 'written over, not made anew: its folder is left as it was');
  assert.ok(after.size < before.size, `${after.size} bytes, before ${before.size}`);
  assertSameFiles(filesOf(out), await coldFiles());
});

test('three updates in place in a row: each touches only what differs (the stamps kept are right)', async () => {
  // Each build updates the folder the build before last updated, from the manifest that build saved, whose stamps
  // of the files kept as they were are taken without looking at them again.
  for (const text of ['Versione CINQUE', 'Versione SEI', 'Versione SETTE']) {
    const spare = spareFolder();
    const held = filesOf(spare);
    const before = stampsOf(spare);
    edit(11, text);
    await build();
    assert.is(realpathSync(out), realpathSync(spare), `${text}: the spare, updated, is published`);
    const now = filesOf(out);
    const changed = differing(held, now).filter((file) => now.has(file));
    const touched = [...stampsOf(out)].filter(([file, stamp]) => before.get(file) !== stamp).map(([file]) => file);
    assert.equal(touched.sort(), changed, `${text}: only the changed files were touched`);
  }
  assertSameFiles(filesOf(out), await coldFiles());
});

test('a file of the spare changed by hand is made again; one of the published build does not matter', async () => {
  const spare = spareFolder();
  // Looked at ahead of the update, by its stamps (see `OutputFolder.checkSpare`).
  assert.ok(spareListing(), "the spare's manifest lists it");
  const page = 'it/v1/guides/serie/pagina-20/index.html';
  writeFileSync(path.join(spare, page), readFileSync(path.join(spare, page), 'utf8').replace('Pagina 20', 'Pagina X'));
  const published = liveFolder();
  const other = 'it/v1/guides/serie/pagina-21/index.html';
  writeFileSync(path.join(published, other), 'changed by hand');
  edit(12, 'Versione OTTO');
  await build();
  assert.is(realpathSync(out), realpathSync(spare));
  assertSameFiles(filesOf(out), await coldFiles());
});

test('a page removed and one added: the updated folder holds what a cold build holds, nothing more', async () => {
  const removed = path.join(dir, 'content/docs/guides/serie/pagina-9.md');
  const text = readFileSync(removed, 'utf8');
  removeDir(removed);
  writeFileSync(path.join(dir, 'content/docs/guides/serie/nuova.md'), '---\ntitle: Nuova\n---\n\nUna pagina nuova.\n');
  await build();
  assertSameFiles(filesOf(out), await coldFiles());
  writeFileSync(removed, text);
  removeDir(path.join(dir, 'content/docs/guides/serie/nuova.md'));
  await build();
  assertSameFiles(filesOf(out), await coldFiles());
  assert.equal(outputLeftovers(out), []);
});

test('a file and a folder put by hand into the spare are removed by the update, which is checked ahead', async () => {
  const spare = spareFolder();
  assert.ok(spareListing()?.folders.includes('it/v1/guides/serie'), 'its manifest lists its folders');
  writeFileSync(path.join(spare, 'it/v1/guides/serie/pagina-2/in-piu.html'), 'aggiunto a mano');
  mkdirSync(path.join(spare, 'it/v1/guides/serie/cartella/sotto'), { recursive: true });
  writeFileSync(path.join(spare, 'it/v1/guides/serie/cartella/sotto/x.html'), 'aggiunto a mano');
  edit(13, 'Versione NOVE');
  await build();
  assert.is(realpathSync(out), realpathSync(spare));
  assertSameFiles(filesOf(out), await coldFiles());
  assert.equal(outputLeftovers(out), []);
});

/** Starts a build and SIGKILLs it once `after` files of the spare being updated have changed (or it ends). */
function buildAndKill(spare: string, known: Map<string, string>, after: number): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, 'build', '--config', config, '--out', out], {
      cwd: repoRoot,
      env: pipeEnv({ CI: 'true' }),
    });
    let done = false;
    const watch = setInterval(() => {
      if (done) return;
      let changed = 0;
      try {
        for (const [file, stamp] of stampsOf(spare)) if (known.get(file) !== stamp) changed++;
      } catch {
        // A folder removed while it is walked: looked at again next time.
      }
      if (changed >= after) child.kill('SIGKILL');
    }, 2);
    child.on('exit', () => {
      done = true;
      clearInterval(watch);
      resolve();
    });
  });
}

test('a build killed while it updates the spare leaves the published build whole; the next one is right', async () => {
  for (const after of [1, 3, 20]) {
    const published = liveFolder();
    const before = filesOf(published);
    const spare = spareFolder();
    for (let i = 0; i < 40; i += 2) edit(i, `Versione K${after}`);
    await buildAndKill(spare, stampsOf(spare), after);
    if (realpathSync(out) === realpathSync(published))
      assertSameFiles(filesOf(out), before, `killed after ${after} changes: the published build is whole`);
    await build();
    assertSameFiles(filesOf(out), await coldFiles(), `killed after ${after} changes: the next build is right`);
  }
  assert.equal(outputLeftovers(out), []);
});

test.run();
