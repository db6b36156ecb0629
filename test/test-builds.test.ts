/*
 * What the tests build stays out of git and does not pile up: a build shared by the test files of a run is
 * removed when the run ends (normally or by a signal), and what a killed run left, the next removes.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { removeBuild, testRunVariable } from './build-outputs';
import { removeDir, repoRoot } from './helpers';

const tmp = path.join(repoRoot, 'test', '.tmp');
mkdirSync(tmp, { recursive: true });
const dir = mkdtempSync(path.join(tmp, 'test-builds-'));
test.after(() => removeDir(dir));

/** A build output as `buildSite` leaves it: the link `out` to a build in the folder of its builds beside it. */
function fakeBuild(out: string): void {
  const store = path.join(path.dirname(out), `.docs-it-builds-${path.basename(out)}`);
  mkdirSync(path.join(store, 'b-1', 'it'), { recursive: true });
  writeFileSync(path.join(store, 'b-1', 'it', 'index.html'), '<h1>Home</h1>');
  symlinkSync(`.docs-it-builds-${path.basename(out)}/b-1`, out);
}
const exists = (file: string) => {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
};
const leftIn = (name: string, folder = dir) =>
  [name, `.docs-it-builds-${name}`].filter((f) => exists(path.join(folder, f)));
/**
 * What is left of these builds once their removal, which runs on after the test process, has ended (checked
 * every few ms; a hang guard, far above the second it takes on a loaded machine, gives up after 60 s).
 */
async function leftAfterRemoval(names: string[], folder = dir): Promise<string[]> {
  const guard = performance.now() + 60_000;
  const left = () => names.flatMap((name) => leftIn(name, folder));
  while (left().length > 0 && performance.now() < guard) await new Promise((resolve) => setTimeout(resolve, 5));
  return left();
}

/**
 * A test process that builds `site-<its pid>` in `dir` and asks for its removal at exit; it says `ready <pid>`,
 * then ends (`exit`) or waits to be killed (`wait`).
 */
function testProcess(then: 'exit' | 'wait') {
  const script = `
    import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
    import path from 'node:path';
    const { removeBuildAtExit } = await import(process.env.OUTPUTS_MODULE);
    const name = 'site-' + process.pid;
    const store = path.join(process.env.DIR, '.docs-it-builds-' + name);
    mkdirSync(path.join(store, 'b-1'), { recursive: true });
    writeFileSync(path.join(store, 'b-1', 'index.html'), '');
    symlinkSync('.docs-it-builds-' + name + '/b-1', path.join(process.env.DIR, name));
    removeBuildAtExit(path.join(process.env.DIR, name));
    console.log('ready ' + process.pid);
    if (process.env.THEN === 'wait') setInterval(() => {}, 1 << 30);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: repoRoot,
    env: {
      ...process.env,
      TSX_TSCONFIG_PATH: 'tsconfig.base.json',
      OUTPUTS_MODULE: path.join(repoRoot, 'test/build-outputs.ts'),
      DIR: dir,
      THEN: then,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise<void>((resolve) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('ready')) resolve();
    });
  });
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { name: `site-${child.pid}`, child, ready, ended };
}

/** The pid of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

test('test/.tmp, where the tests build, is ignored by git', () => {
  const probe = 'test/.tmp/site-1/it/index.html';
  const git = spawnSync('git', ['check-ignore', '--quiet', '--no-index', probe], { cwd: repoRoot });
  if (git.status === 0 || git.status === 1) assert.is(git.status, 0, `${probe} is not ignored`);
  // Outside a git checkout: the rule itself.
  else assert.ok(readFileSync(path.join(repoRoot, '.gitignore'), 'utf8').split('\n').includes('/test/.tmp/'));
});

test('a build removed at exit goes when the test process ends, with the builds killed runs left behind', async () => {
  const dead = await deadPid();
  for (const left of [`site-${dead}`, `site-${dead}-busy`]) fakeBuild(path.join(dir, left));
  // This process is alive: its build stays.
  fakeBuild(path.join(dir, `site-${process.pid}`));
  const run = testProcess('exit');
  await run.ready;
  assert.equal(await run.ended, { code: 0, signal: null });
  assert.equal(await leftAfterRemoval([run.name]), [], 'its own build');
  assert.equal(await leftAfterRemoval([`site-${dead}`, `site-${dead}-busy`]), [], 'the builds of a killed run');
  assert.equal(leftIn(`site-${process.pid}`), [`site-${process.pid}`, `.docs-it-builds-site-${process.pid}`]);
  assert.ok(existsSync(path.join(dir, `site-${process.pid}`, 'it/index.html')));
});

test("a run started inside another (the runner's test) removes its shared builds, not the other run's", async () => {
  // The other run: a process that is alive, with a build its test processes share.
  const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)']);
  const kept = `real-site-${other.pid}`;
  fakeBuild(path.join(tmp, kept));
  try {
    // A process of that run (its id in the environment) that is a run of its own, as the test runner is: it ends
    // once its own shared build is there.
    const script = `
      const { removeSharedBuildsAtExit } = await import(process.env.OUTPUTS_MODULE);
      removeSharedBuildsAtExit();
      process.stdout.write(String(process.pid));
      process.stdin.once('data', () => process.exit(0));`;
    const inner = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: repoRoot,
      env: {
        ...process.env,
        TSX_TSCONFIG_PATH: 'tsconfig.base.json',
        OUTPUTS_MODULE: path.join(repoRoot, 'test/build-outputs.ts'),
        [testRunVariable]: String(other.pid),
      },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const [pid] = (await once(inner.stdout.setEncoding('utf8'), 'data')) as [string];
    // Each build a run shares: the real site's and the Docusaurus-dialect fixture's.
    const own = ['real-site', 'docusaurus'].map((name) => `${name}-${pid.trim()}`);
    for (const name of own) fakeBuild(path.join(tmp, name));
    inner.stdin.end('built\n');
    assert.equal(await once(inner, 'exit'), [0, null]);
    assert.equal(await leftAfterRemoval(own, tmp), [], 'its own builds go');
    assert.equal(leftIn(kept, tmp), [kept, `.docs-it-builds-${kept}`], "the other run's build stays");
  } finally {
    other.kill();
    removeBuild(path.join(tmp, kept));
  }
});

test('Ctrl+C or a kill ends the test process as asked, and its build goes first', async () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    const run = testProcess('wait');
    await run.ready;
    assert.equal(leftIn(run.name).length, 2, 'built');
    run.child.kill(signal);
    assert.equal(await run.ended, { code: null, signal }, signal);
    assert.equal(await leftAfterRemoval([run.name]), [], `its build after ${signal}`);
  }
});

test.run();
