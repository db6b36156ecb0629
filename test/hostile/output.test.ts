/*
 * Hostile inputs against the output folder: what a pull request can commit beside it (links where docs-it keeps
 * its builds), what an operator can point it at (a deploy folder, the site's own sources), many builds racing
 * for it, and files and config modules that would hang, end or outlive the build. Everything stays inside
 * test/.tmp; no network. Each case was seen failing with the code broken on purpose (see the report of the
 * round that added it).
 */
import { spawn, spawnSync } from 'node:child_process';
import { hash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
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
import { build as esbuild } from 'esbuild';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/build/build-site';
import { DocsItError, docsItErrorsOf, formatError } from '../../src/errors';
import { OutputFolder } from '../../src/output/output-folder';
import { writeFailure } from '../../src/output/write-failure';
import { capturingStderr, fixture, outputLeftovers, pipeEnv, removeDir, repoRoot } from '../helpers';

const tmp = path.join(repoRoot, 'test/.tmp');
mkdirSync(tmp, { recursive: true });
const root = mkdtempSync(path.join(tmp, 'hostile-output-'));
const bin = path.join(repoRoot, 'bin/docs-it.mjs');

test.after(() => removeDir(root));

let sites = 0;
/** A copy of the basic fixture in a folder of its own (`<parent>/site`), beside files that are not the site's. */
function newSite(): { parent: string; site: string; config: string; out: string } {
  const parent = path.join(root, `case-${++sites}`);
  const site = path.join(parent, 'site');
  cpSync(fixture('basic'), site, { recursive: true });
  for (let i = 0; i < 3; i++) writeFileSync(path.join(parent, `tracked-${i}.txt`), `tracked ${i}`);
  return { parent, site, config: path.join(site, 'site.config.ts'), out: path.join(site, 'build') };
}

/**
 * Every file under `dir` (links listed, never followed) with a digest of its contents, or its link text; the
 * cache docs-it keeps in node_modules is left out.
 */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      const rel = path.relative(dir, full);
      if (entry.isSymbolicLink()) files[rel] = `-> ${readlinkSync(full)}`;
      else if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(full);
      } else files[rel] = hash('sha256', readFileSync(full), 'hex').slice(0, 16);
    }
  };
  walk(dir);
  return files;
}

/** Builds in this process; resolves to the printed errors (none when it built) and the warnings. */
async function buildOnce(config: string, out?: string): Promise<{ errors: string[]; stderr: string }> {
  const { value, stderr } = await capturingStderr(() =>
    buildSite({ packageRoot: repoRoot, config, ...(out ? { out } : {}) }).then(
      () => [] as string[],
      (error: unknown) => {
        const located = docsItErrorsOf(error);
        if (located.length === 0) throw error;
        return located.map(formatError);
      },
    ),
  );
  return { errors: value, stderr };
}

// --- What a pull request can commit beside the output ---------------------------------------------------------

test('a link where docs-it keeps builds (.docs-it-builds-build -> ..) is refused; what it reaches stays', async () => {
  const { parent, site, config } = newSite();
  symlinkSync('..', path.join(site, '.docs-it-builds-build'));
  const before = snapshot(parent);
  const { errors } = await buildOnce(config);
  assert.is(errors.length, 1, errors.join('\n'));
  assert.match(errors[0]!, '.docs-it-builds-build is a link (to ..), not a folder docs-it made');
  assert.match(errors[0]!, 'remove');
  assert.equal(snapshot(parent), before, 'the link and everything it reaches are as they were');
});

test('the spare link of the issue (.docs-it-spare-build -> ..) is never used: the build goes on', async () => {
  const { parent, site, config, out } = newSite();
  symlinkSync('..', path.join(site, '.docs-it-spare-build'));
  const before = snapshot(parent);
  for (let i = 0; i < 2; i++) assert.equal((await buildOnce(config)).errors, []);
  const after = snapshot(parent);
  for (const [file, text] of Object.entries(before)) assert.is(after[file], text, file);
  assert.ok(existsSync(path.join(out, 'it/index.html')));
});

test('a folder where docs-it keeps its builds but without its marker is refused and kept as it is', async () => {
  const { parent, site, config } = newSite();
  mkdirSync(path.join(site, '.docs-it-builds-build/b-0'), { recursive: true });
  writeFileSync(path.join(site, '.docs-it-builds-build/b-0/lavoro.txt'), 'non di docs-it');
  const before = snapshot(parent);
  const { errors } = await buildOnce(config);
  assert.is(errors.length, 1, errors.join('\n'));
  assert.match(errors[0]!, 'is a folder docs-it did not make (it has no marker docs-it-builds.txt)');
  assert.equal(snapshot(parent), before);
});

test("links put inside docs-it's own folder are removed or left, never followed", async () => {
  const { parent, site, config, out } = newSite();
  assert.equal((await buildOnce(config)).errors, []);
  const store = path.join(site, '.docs-it-builds-build');
  // A build folder (it becomes the spare) holding links to the folder above the site, and links beside it.
  mkdirSync(path.join(store, 'b-zzzzzzzzz-evil/it'), { recursive: true });
  symlinkSync('../../../..', path.join(store, 'b-zzzzzzzzz-evil/it/su'));
  symlinkSync('../../../../tracked-0.txt', path.join(store, 'b-zzzzzzzzz-evil/index.html'));
  symlinkSync('..', path.join(store, 'b-zzzzzzzzz-link'));
  symlinkSync('..', path.join(store, 'link-evil'));
  const tracked = () =>
    readdirSync(parent).map((f) => (f.startsWith('tracked') ? readFileSync(path.join(parent, f), 'utf8') : f));
  const before = tracked();
  for (let i = 0; i < 3; i++) assert.equal((await buildOnce(config)).errors, []);
  assert.equal(tracked(), before, 'nothing outside the store changed');
  assert.ok(existsSync(path.join(out, 'it/index.html')));
  assert.is(readlinkSync(path.join(store, 'b-zzzzzzzzz-link')), '..', 'a link named like a build is left alone');
  assert.not.ok(
    existsSync(path.join(store, 'link-evil')),
    "a stray link in docs-it's folder is removed (not followed)",
  );
});

test('a link put by hand in the published build, even with the size and time of its file, is not reused', async () => {
  const { parent, config, out } = newSite();
  assert.equal((await buildOnce(config)).errors, []);
  const page = path.join(out, 'it/v1/guides/faq/index.html');
  const secret = path.join(parent, 'segreto.html');
  // Same size and modification time as the page it replaces: only its being a link gives it away.
  writeFileSync(secret, 'x'.repeat(statSync(page).size));
  // touch copies the time to the nanosecond (utimes would round it).
  assert.is(spawnSync('touch', ['-r', page, secret]).status, 0);
  assert.is(statSync(secret, { bigint: true }).mtimeNs, statSync(page, { bigint: true }).mtimeNs);
  rmSync(page);
  symlinkSync(secret, page);
  assert.equal((await buildOnce(config)).errors, []);
  assert.ok(lstatSync(page).isFile(), 'a plain file again');
  assert.match(readFileSync(page, 'utf8'), '<!doctype html>');
});

// --- What an operator can point the build at --------------------------------------------------------------------

test('an output linked to a deploy folder is refused, saying how to deploy; the folder keeps its files', async () => {
  const { parent, config, out } = newSite();
  const www = path.join(parent, 'www');
  mkdirSync(path.join(www, 'altro-sito'), { recursive: true });
  writeFileSync(path.join(www, 'index.html'), 'il sito pubblicato');
  writeFileSync(path.join(www, 'altro-sito/index.html'), 'un altro sito');
  symlinkSync(www, out);
  const before = snapshot(www);
  for (let i = 0; i < 2; i++) {
    const { errors } = await buildOnce(config);
    assert.is(errors.length, 1, errors.join('\n'));
    assert.match(errors[0]!, `is a link to ${www}, which docs-it did not make`);
    assert.match(errors[0]!, 'rsync -a --delete');
  }
  assert.equal(snapshot(www), before);
  assert.is(readlinkSync(out), www);
});

test('a folder with files docs-it did not make is not replaced; an empty one is', async () => {
  const { parent, config, out } = newSite();
  mkdirSync(out);
  writeFileSync(path.join(out, 'appunti.txt'), 'miei');
  const before = snapshot(parent);
  const { errors } = await buildOnce(config);
  assert.is(errors.length, 1, errors.join('\n'));
  assert.match(errors[0]!, 'is a folder docs-it did not make, and it is not empty');
  assert.equal(snapshot(parent), before);
  const empty = path.join(parent, 'vuota');
  mkdirSync(empty);
  assert.equal((await buildOnce(config, empty)).errors, []);
  assert.ok(lstatSync(empty).isSymbolicLink() && existsSync(path.join(empty, 'it/index.html')));
});

test('--out that is, holds or lies inside the sources is refused before anything is written', async () => {
  const { parent, site, config } = newSite();
  mkdirSync(path.join(site, 'src/components'), { recursive: true });
  symlinkSync('content', path.join(site, 'alias'));
  const before = snapshot(parent);
  const cases: [string, string][] = [
    ['.', 'the output folder is the site folder'],
    ['..', 'the output folder holds the site folder'],
    ['content', "the output folder is the site's content folder (content/)"],
    ['content/static/out', "the output folder lies inside the site's content folder"],
    ['src', "the output folder is the site's src/ folder"],
    ['static', "the output folder is the site's static/ folder"],
    ['alias/out', "the output folder lies inside the site's content folder"],
    ['node_modules/.cache/out', 'the output folder lies inside node_modules/'],
    ['.docs-it-builds-build/b-1', 'lies in a folder docs-it keeps its own files in'],
  ];
  for (const [given, why] of cases) {
    const { errors } = await buildOnce(config, path.resolve(site, given));
    assert.is(errors.length, 1, `${given}: ${errors.join('\n')}`);
    assert.match(errors[0]!, why, given);
    assert.match(errors[0]!, 'Build into a folder of its own', given);
  }
  assert.equal(snapshot(parent), before);
  assert.equal(
    readdirSync(site).filter((e) => e.startsWith('.docs-it-')),
    [],
  );
});

// --- The commit and the lock --------------------------------------------------------------------------------------

test('while builds are published one after the other, the output path always holds one whole build', async () => {
  const out = path.join(root, 'commits/build');
  mkdirSync(path.dirname(out), { recursive: true });
  const publishVersion = async (v: number) => {
    const folder = await OutputFolder.open(out);
    await folder.write('a.txt', `versione ${v}`);
    await folder.write('b/b.txt', `versione ${v}`);
    await folder.commit();
  };
  await publishVersion(0);
  // A reader on another thread looks at the output for as long as the builds go on.
  const reader = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const fs = require('node:fs');
     const seen = new Set(); const broken = []; let reads = 0; let stop = false;
     parentPort.on('message', () => { stop = true; });
     (function loop() {
       for (let i = 0; i < 200; i++) {
         reads++;
         const note = (what) => { if (broken.length < 5) broken.push(what); };
         // The output path is there at every instant (a link replaced in one step, never removed first)...
         let before;
         try { before = fs.readlinkSync(workerData); } catch (error) { note('output ' + error.code); continue; }
         try {
           seen.add(fs.readFileSync(workerData + '/a.txt', 'utf8'));
           fs.readFileSync(workerData + '/b/b.txt', 'utf8');
         } catch (error) {
           // ...and the build it names is whole for as long as it is named. (A read that outlived two later
           // builds may find the one it started in deleted: the link names another build by then.)
           let after;
           try { after = fs.readlinkSync(workerData); } catch (e) { note('output ' + e.code); continue; }
           if (after === before) note(error.code + ' in ' + before);
         }
       }
       if (stop) parentPort.postMessage({ seen: seen.size, broken, reads }); else setImmediate(loop);
     })();`,
    { eval: true, workerData: out },
  );
  for (let v = 1; v <= 60; v++) await publishVersion(v);
  const report = new Promise<{ seen: number; broken: string[]; reads: number }>((resolve) =>
    reader.once('message', resolve),
  );
  reader.postMessage('stop');
  const { seen, broken, reads } = await report;
  await reader.terminate();
  assert.equal(
    broken.filter((b) => !b.startsWith('mixed')),
    [],
    `${reads} reads`,
  );
  assert.ok(seen > 1, `the reader saw the builds change (${seen} versions in ${reads} reads)`);
  assert.is(readFileSync(path.join(out, 'a.txt'), 'utf8'), 'versione 60');
  assert.equal(outputLeftovers(out), []);
});

/** The lock module bundled into one file that a plain `node` process (or thread) loads at once. */
const lockBundle = path.join(root, 'lock.mjs');
const takerScript = path.join(root, 'taker.mjs');
const churnScript = path.join(root, 'churn.mjs');

test.before(async () => {
  await esbuild({
    entryPoints: [path.join(repoRoot, 'src/output/output-lock.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: lockBundle,
    logLevel: 'error',
  });
  // A taker: waits for the start signal, tries the lock, says what happened, and (if it won) holds the lock
  // until every taker has tried, so a second winner would have had to take a held lock.
  writeFileSync(
    takerScript,
    `import { existsSync, readdirSync, writeFileSync } from 'node:fs';
     import { takeLock } from ${JSON.stringify(lockBundle)};
     const [lock, dir, id, takers] = process.argv.slice(2);
     const pause = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
     writeFileSync(dir + '/ready-' + id, '');
     while (!existsSync(dir + '/go')) pause(1);
     let held;
     try { held = takeLock(lock, 'the test folder'); writeFileSync(dir + '/won-' + id, ''); }
     catch (error) {
       const lost = /another docs-it build/.test(error.message);
       writeFileSync(dir + '/' + (lost ? 'lost-' : 'error-') + id, String(error.message));
     }
     writeFileSync(dir + '/tried-' + id, '');
     if (held) {
       const deadline = Date.now() + 60000;
       const tried = () => readdirSync(dir).filter((f) => f.startsWith('tried-')).length;
       while (tried() < Number(takers) && Date.now() < deadline) pause(2);
       held.release();
     }`,
  );
  // A taker that takes and gives back the lock again and again; while it holds it, it owns a marker file that
  // only one holder at a time can create. Some takers die holding the lock, which the others must take over.
  writeFileSync(
    churnScript,
    `import { existsSync, openSync, closeSync, unlinkSync, writeFileSync } from 'node:fs';
     import { takeLock } from ${JSON.stringify(lockBundle)};
     const [lock, dir, id, rounds, dies] = process.argv.slice(2);
     const pause = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
     writeFileSync(dir + '/ready-' + id, '');
     while (!existsSync(dir + '/go')) pause(1);
     let won = 0;
     for (let i = 0; i < Number(rounds); i++) {
       let held;
       try { held = takeLock(lock, 'the test folder'); }
       catch (error) {
         if (!/another docs-it build/.test(error.message)) writeFileSync(dir + '/error-' + id + '-' + i, error.message);
         continue;
       }
       won++;
       try { closeSync(openSync(dir + '/holder', 'wx')); }
       catch { writeFileSync(dir + '/twice-' + id + '-' + i, ''); continue; }
       if (i % 3 === 0) pause(1);
       unlinkSync(dir + '/holder');
       // Killed while it holds the lock: it is never given back.
       if (dies === '1' && i === 5) { writeFileSync(dir + '/won-' + id, String(won)); process.exit(0); }
       held.release();
     }
     writeFileSync(dir + '/won-' + id, String(won));`,
  );
});

function runTaker(lock: string, dir: string, id: number, takers: number): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [takerScript, lock, dir, String(id), String(takers)], { stdio: 'ignore' });
    child.on('exit', (code) => resolve(code));
  });
}

/**
 * Resolves once all `takers` processes have said they wait for the start signal (a `ready-<id>` file each),
 * checked every few ms; rejects if one of them ended before.
 */
async function allReady(dir: string, takers: number, exits: Promise<number | null>[]): Promise<void> {
  let ended: number | null | undefined;
  for (const exit of exits) void exit.then((code) => (ended ??= code));
  while (readdirSync(dir).filter((f) => f.startsWith('ready-')).length < takers) {
    if (ended !== undefined) throw new Error(`a taker ended (code ${ended}) before the start signal`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A pid no process has: one that just ended. */
function deadPid(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', '']);
    child.on('exit', () => resolve(child.pid!));
  });
}

test('10 processes race for the lock, free or left by a build that died: exactly one holds it each time', async () => {
  const takers = 10;
  for (let round = 0; round < 4; round++) {
    const dir = path.join(root, `race-${round}`);
    const store = path.join(dir, 'store');
    mkdirSync(store, { recursive: true });
    const lock = path.join(store, 'lock');
    if (round % 2 === 1) {
      // A lock whose build died (killed): every taker sees it and wants to take it over.
      mkdirSync(lock);
      writeFileSync(path.join(lock, `${await deadPid()}-deadbeef`), '');
    }
    const exits = Array.from({ length: takers }, (_, i) => runTaker(lock, dir, i, takers));
    // Every process is started (they wait for the signal) before the race begins.
    await allReady(dir, takers, exits);
    writeFileSync(path.join(dir, 'go'), '');
    assert.equal(await Promise.all(exits), Array(takers).fill(0));
    const files = readdirSync(dir);
    const won = files.filter((f) => f.startsWith('won-'));
    const errors = files.filter((f) => f.startsWith('error-')).map((f) => readFileSync(path.join(dir, f), 'utf8'));
    assert.equal(errors, [], `round ${round}`);
    assert.is(won.length, 1, `round ${round}${round % 2 ? ' (a dead build held it)' : ''}: winners ${won.join(', ')}`);
    assert.is(files.filter((f) => f.startsWith('lost-')).length, takers - 1);
    assert.not.ok(existsSync(lock), 'the winner released it');
    assert.equal(
      readdirSync(store).filter((f) => f.startsWith('lock-new-')),
      [],
      'no taker left its private folder',
    );
  }
});

test('10 processes take and give back the lock 30 times each, some dying with it: never two holders', async () => {
  const takers = 10;
  const dir = path.join(root, 'churn');
  mkdirSync(path.join(dir, 'store'), { recursive: true });
  const lock = path.join(dir, 'store/lock');
  const exits = Array.from(
    { length: takers },
    (_, i) =>
      new Promise<number | null>((resolve) => {
        const args = [churnScript, lock, dir, String(i), '30', i % 5 === 0 ? '1' : '0'];
        spawn(process.execPath, args, { stdio: 'ignore' }).on('exit', resolve);
      }),
  );
  await allReady(dir, takers, exits);
  writeFileSync(path.join(dir, 'go'), '');
  assert.equal(await Promise.all(exits), Array(takers).fill(0));
  const files = readdirSync(dir);
  assert.equal(
    files.filter((f) => f.startsWith('error-')).map((f) => readFileSync(path.join(dir, f), 'utf8')),
    [],
  );
  assert.equal(
    files.filter((f) => f.startsWith('twice-')),
    [],
    'a second holder while one held the lock',
  );
  const won = files
    .filter((f) => f.startsWith('won-'))
    .reduce((n, f) => n + Number(readFileSync(path.join(dir, f), 'utf8')), 0);
  assert.ok(won >= takers, `the lock was taken ${won} times`);
});

test('10 threads of one process racing for the lock: exactly one holds it', async () => {
  const takers = 10;
  for (let round = 0; round < 3; round++) {
    const dir = path.join(root, `threads-${round}`);
    mkdirSync(path.join(dir, 'store'), { recursive: true });
    const lock = path.join(dir, 'store/lock');
    const start = new Int32Array(new SharedArrayBuffer(4));
    let ready = 0;
    const results = await Promise.all(
      Array.from(
        { length: takers },
        () =>
          new Promise<string>((resolve, reject) => {
            const worker = new Worker(
              `const { workerData, parentPort } = require('node:worker_threads');
               import(workerData.bundle).then(({ takeLock }) => {
                 parentPort.postMessage('ready');
                 Atomics.wait(workerData.start, 0, 0);
                 try { takeLock(workerData.lock, 'the test folder'); parentPort.postMessage('won'); }
                 catch (error) {
                   parentPort.postMessage(/another docs-it build/.test(error.message) ? 'lost' : error.message);
                 }
               });`,
              { eval: true, workerData: { bundle: lockBundle, lock, start } },
            );
            worker.on('message', (m: string) => {
              if (m === 'ready') {
                if (++ready === takers) {
                  Atomics.store(start, 0, 1);
                  Atomics.notify(start, 0);
                }
              } else {
                resolve(m);
                void worker.terminate();
              }
            });
            worker.on('error', reject);
          }),
      ),
    );
    assert.is(results.filter((r) => r === 'won').length, 1, results.join(', '));
    assert.is(results.filter((r) => r === 'lost').length, takers - 1, results.join(', '));
  }
});

// --- Files and modules that would hang, end or outlive the build -----------------------------------------------------

/** Runs the CLI in a process group of its own; resolves once it exits (killed past `guardMs`: a hang). */
function runCli(
  args: string[],
  guardMs = 120_000,
): Promise<{ code: number | null; stdout: string; stderr: string; pgid: number; hung: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: repoRoot, detached: true, env: pipeEnv() });
    let stdout = '';
    let stderr = '';
    let hung = false;
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      stdout += c;
    });
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      stderr += c;
    });
    const guard = setTimeout(() => {
      hung = true;
      process.kill(-child.pid!, 'SIGKILL');
    }, guardMs);
    child.on('exit', (code) => {
      clearTimeout(guard);
      resolve({ code, stdout, stderr, pgid: child.pid!, hung });
    });
  });
}

/** Processes of a process group still there (running, or ended and never reaped). */
function processesOfGroup(pgid: number): string[] {
  const found: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid)
        found.push(`${entry} ${stat.slice(stat.indexOf('('), stat.lastIndexOf(')') + 1)} ${fields[0]}`);
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

test('a link to a FIFO in content/static is left out with a warning, and the build ends', async () => {
  const { site, config, out } = newSite();
  const fifo = path.join(site, 'tubo');
  const made = spawn('mkfifo', [fifo]);
  await new Promise((resolve) => made.on('exit', resolve));
  assert.ok(lstatSync(fifo).isFIFO());
  symlinkSync('../../tubo', path.join(site, 'content/static/tubo.txt'));
  // The build takes a few seconds; a minute is a hang.
  const result = await runCli(['build', '--config', config, '--quiet'], 60_000);
  assert.not.ok(result.hung, 'the build hung');
  assert.is(result.code, 0, result.stderr);
  // Outside content/, so the publishing rule refuses it before anything could open it.
  assert.match(result.stderr, /content\/static\/tubo\.txt: its link leads to .*tubo, outside content\/: not published/);
  assert.not.ok(existsSync(path.join(out, 'it/tubo.txt')));
});

test('process.exit called while site.config.ts loads is an error that says so, whatever the code', async () => {
  const { config, out } = newSite();
  const original = readFileSync(config, 'utf8');
  const variants = [
    'process.exit(0);',
    'process.exit(3);',
    'if (true) process.exit();',
    'try { process.exit(0); } catch {}',
  ];
  for (const call of variants) {
    writeFileSync(config, `${call}\n${original}`);
    const result = await runCli(['build', '--config', config]);
    assert.is(result.code, 1, `${call}: exit code`);
    assert.match(result.stderr, /site\.config\.ts: this module calls process\.exit\(\d*\) while it loads/, call);
    assert.match(result.stderr, 'remove the call');
    assert.not.ok(existsSync(out), `${call}: nothing built`);
  }
});

test('docs-it build leaves no process behind, whether it succeeds or fails', async () => {
  const { site, config } = newSite();
  const ok = await runCli(['build', '--config', config, '--quiet']);
  assert.is(ok.code, 0, ok.stderr);
  assert.equal(processesOfGroup(ok.pgid), [], 'after a build');
  writeFileSync(path.join(site, 'content/docs/guides/rotto.md'), '---\ntitle: Rotto\n---\n\n[link](./manca.md)\n');
  const failed = await runCli(['build', '--config', config, '--quiet']);
  assert.is(failed.code, 1);
  assert.match(failed.stderr, 'broken link');
  assert.equal(processesOfGroup(failed.pgid), [], 'after a failed build');
});

test('what the file system refuses is a located message that says what to do', async () => {
  const { site, config } = newSite();
  const long = 'n'.repeat(300);
  writeFileSync(
    path.join(site, 'content/docs/guides/lunga.md'),
    `---\ntitle: Lunga\nslug: /guides/${long}\n---\n\nUna pagina dal nome troppo lungo.\n`,
  );
  const { errors } = await buildOnce(config);
  assert.is(errors.length, 1, errors.join('\n'));
  assert.match(
    errors[0]!,
    /^content\/docs\/guides\/lunga\.md: cannot write \S*build\/it\/v1\/guides\/n{300}\/index\.html/,
  );
  assert.match(errors[0]!, 'the name is too long for the file system');
  assert.match(errors[0]!, '→ Shorten the name');
  removeDir(path.join(site, 'content/docs/guides/lunga.md'));

  // A file where the output's folder should be.
  const file = path.join(site, 'un-file');
  writeFileSync(file, 'non una cartella');
  const underFile = await buildOnce(config, path.join(file, 'build'));
  assert.is(underFile.errors.length, 1, underFile.errors.join('\n'));
  assert.match(underFile.errors[0]!, 'cannot prepare the output folder');
  assert.match(underFile.errors[0]!, 'a file stands where a folder is needed');
  assert.match(underFile.errors[0]!, '→ Move that file away');
});

test('every file-system refusal the output can meet has its own reason and what to do', () => {
  // Errors as Node gives them (only the code tells them apart); those a test cannot cause are made here.
  const codes = ['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', 'ENAMETOOLONG', 'EBUSY', 'ENOTDIR', 'EISDIR'];
  const more = ['EEXIST', 'ENOTEMPTY', 'ELOOP', 'EMFILE', 'ENFILE', 'EIO', 'EXDEV', 'ESPECIAL'];
  const reasons = new Set<string>();
  for (const code of [...codes, ...more]) {
    const error = Object.assign(new Error(`${code}: raw message, write 'x'`), { code });
    const failure = writeFailure(error, 'build/it/x.html', 'content/docs/x.md');
    assert.instance(failure, DocsItError, code);
    const located = failure as DocsItError;
    assert.is(located.location?.file, 'content/docs/x.md', code);
    assert.match(located.message, /^cannot write build\/it\/x\.html: /, code);
    assert.not.match(located.message, code, `${code}: no raw code in the message`);
    assert.ok(located.hint && located.hint.length > 30, code);
    reasons.add(located.message);
  }
  assert.is(reasons.size, codes.length + more.length, 'one reason per code');
});

test.run();
