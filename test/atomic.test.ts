import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFixture, outputLeftovers, pipeEnv, removeDir, repoRoot } from './helpers';

/*
 * Kills `docs-it build` with SIGKILL at random points of its write phase and checks that build/ is always
 * a complete build (the previous one or the new one, never a mix), and that the next run cleans up.
 */
// Many pages make a write phase long enough for the kills to land in; short ones keep the compile before it short.
const pages = Object.fromEntries(
  Array.from({ length: 400 }, (_, i) => [
    `content/docs/guides/massa/pagina-${i}.md`,
    `---\ntitle: Pagina ${i}\n---\n\nVersione UNO della pagina ${i}.\n\n## Sezione\n\n` +
      `${'Testo di prova. '.repeat(20)}\n`,
  ]),
);
const dir = copyFixture('basic', pages);
const out = path.join(dir, 'build');
const bin = path.join(repoRoot, 'bin/docs-it.mjs');
const args = ['build', '--config', path.join(dir, 'site.config.ts'), '--out', out];

test.after(() => removeDir(dir));

/** Which version every massa page of build/ holds: 'UNO', 'DUE', or 'mixed'/'missing'. */
function versionOfBuild(): string {
  if (!existsSync(path.join(out, 'it/index.html'))) return 'missing';
  const versions = new Set<string>();
  for (let i = 0; i < 400; i += 37) {
    const file = path.join(out, `it/v1/guides/massa/pagina-${i}/index.html`);
    if (!existsSync(file)) return 'missing';
    versions.add(/Versione (UNO|DUE) della pagina/.exec(readFileSync(file, 'utf8'))?.[1] ?? '?');
  }
  return versions.size === 1 ? [...versions][0]! : 'mixed';
}

function setVersion(version: 'UNO' | 'DUE'): void {
  for (let i = 0; i < 400; i++) {
    const file = path.join(dir, `content/docs/guides/massa/pagina-${i}.md`);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/Versione (UNO|DUE)/, `Versione ${version}`));
  }
}

/** Starts a build and SIGKILLs it `delay` ms after its write phase began (the render line). */
function buildAndKill(delay: number): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args, '--no-cache'], {
      cwd: repoRoot,
      env: pipeEnv({ CI: 'true' }),
    });
    let killed = false;
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (!killed && chunk.includes('✔ bundle')) {
        killed = true;
        setTimeout(() => child.kill('SIGKILL'), delay);
      }
    });
    child.on('exit', () => resolve());
  });
}

test('a killed build leaves either the previous or the new complete build, and the next run cleans up', async () => {
  const first = spawnSync(process.execPath, [bin, ...args], { cwd: repoRoot, encoding: 'utf8' });
  assert.is(first.status, 0, first.stderr);
  assert.is(versionOfBuild(), 'UNO');
  setVersion('DUE');
  // Delays across the write phase (render, files, service worker, swap).
  const delays = [0, 150, 400, 900];
  const seen = new Set<string>();
  for (const delay of delays) {
    await buildAndKill(delay);
    const version = versionOfBuild();
    seen.add(version);
    assert.ok(version === 'UNO' || version === 'DUE', `after a kill at +${delay} ms build/ is ${version}`);
  }
  const final = spawnSync(process.execPath, [bin, ...args], { cwd: repoRoot, encoding: 'utf8' });
  assert.is(final.status, 0, final.stderr);
  assert.is(versionOfBuild(), 'DUE');
  assert.equal(outputLeftovers(out), [], 'stale temporary folders are removed');
});

/** Runs `docs-it build` in a child process; resolves to its exit code and what it printed on stderr. */
function runBuild(): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: repoRoot, env: pipeEnv({ CI: 'true' }) });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

test('a build refuses to write while a live build holds the output folder, and takes over a dead one', async () => {
  const lock = path.join(dir, '.docs-it-builds-build/lock');
  // A live process standing for a running build: alive until killed, however long the refused build takes.
  const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)']);
  try {
    mkdirSync(lock);
    writeFileSync(path.join(lock, `${holder.pid}-0123abcd`), '');
    setVersion('UNO');
    const refused = await runBuild();
    assert.is(refused.code, 1);
    assert.match(refused.stderr, `another docs-it build (pid ${holder.pid}) is writing`);
    assert.is(versionOfBuild(), 'DUE', 'the output folder is untouched');
    assert.ok(existsSync(lock), 'the other build keeps its lock');
  } finally {
    holder.kill('SIGKILL');
  }
  await new Promise((resolve) => holder.once('exit', resolve));
  const after = await runBuild();
  assert.is(after.code, 0, after.stderr);
  assert.is(versionOfBuild(), 'UNO');
  assert.not.ok(existsSync(lock), 'the lock of a dead build is taken over, then released');
});

test('two builds at once: each finishes or refuses with the lock message; build/ is complete', async () => {
  setVersion('DUE');
  const results = await Promise.all([runBuild(), runBuild()]);
  assert.ok(
    results.some((r) => r.code === 0),
    results.map((r) => r.stderr).join('\n'),
  );
  for (const r of results) if (r.code !== 0) assert.match(r.stderr, 'another docs-it build');
  assert.is(versionOfBuild(), 'DUE');
  assert.equal(outputLeftovers(out), []);
});

test.run();
