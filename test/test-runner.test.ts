/*
 * The runner of `npm test` (test/runner/run-tests.ts), on a folder of small test files of its own: every file
 * runs, in two test processes; each file's output is shown whole under its name; a failing test and a file that
 * ends its process fail the run, which names them, and the files after them still run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testRunVariable } from './build-outputs';
import { removeDir, repoRoot } from './helpers';
import { testTimesVariable } from './runner/protocol';

const tmp = path.join(repoRoot, 'test', '.tmp');
mkdirSync(tmp, { recursive: true });
const dir = mkdtempSync(path.join(tmp, 'test-runner-'));
test.after(() => removeDir(dir));

const file = (name: string, body: string) =>
  writeFileSync(
    path.join(dir, name),
    `import { test } from 'uvu';\nimport * as assert from 'uvu/assert';\n${body}\n
test.run();\n`,
  );
file('a-passes.test.ts', "test('prints', () => { console.log('printed by a'); assert.ok(true); });");
file('b-fails.test.ts', "test('one', () => assert.ok(true));\ntest('two', () => assert.is(1, 2, 'two is wrong'));");
file(
  'c-crashes.test.ts',
  "test('ends its process', () => new Promise(() => setTimeout(() => { throw new Error('boom in c'); })));",
);
file('d-passes.test.ts', "test('prints', () => { console.log('printed by d'); });");
file(
  'e-cannot-start.test.ts',
  "test.before(() => { throw new Error('nothing to test in e'); });\ntest('never runs', () => {});",
);

/*
 * What the runner runs with `spawnSync` (the CLI bundled again, `tsc -b`), noted one line each in a file by a
 * module every run of these tests preloads.
 */
const spawnLog = path.join(dir, 'spawned.log');
const spawnNoter = path.join(dir, 'note-spawns.cjs');
writeFileSync(
  spawnNoter,
  `const childProcess = require('node:child_process');
   const { appendFileSync } = require('node:fs');
   const spawnSync = childProcess.spawnSync;
   childProcess.spawnSync = (file, args, ...rest) => {
     appendFileSync(${JSON.stringify(spawnLog)}, JSON.stringify(args) + '\\n');
     return spawnSync(file, args, ...rest);
   };
   require('node:module').syncBuiltinESMExports();`,
);
const spawned = (): string[] => {
  const lines = existsSync(spawnLog) ? readFileSync(spawnLog, 'utf8').split('\n').filter(Boolean) : [];
  rmSync(spawnLog, { force: true });
  return lines;
};

/**
 * The runner's exit code and what it printed (colours left out), on the files of `dir` or another folder: a run
 * started by a test of a run (here this process's, whether or not a runner started it), which leaves the CLI's
 * bundle to that run, unless `ownRun`.
 */
function runner(...args: string[]) {
  return runnerIn(dir, ...args);
}
function runnerIn(folder: string, ...args: string[]) {
  return runWith({ ownRun: false }, folder, ...args);
}
function runWith({ ownRun }: { ownRun: boolean }, folder: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    TSX_TSCONFIG_PATH: 'tsconfig.base.json',
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${spawnNoter}`,
    [testRunVariable]: String(process.pid),
    // Without the variable by which an outer `--times` run asks its own test processes for times.
    [testTimesVariable]: undefined,
  };
  if (ownRun) delete env[testRunVariable];
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'test/runner/run-tests.ts'), '--dir', folder, ...args],
    { encoding: 'utf8', env, cwd: repoRoot },
  );
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the colours are escape sequences
  return { code: result.status, out: result.stdout.replace(/\x1b\[\d+m/g, '') };
}

/** What the run printed under a file's name, up to the next file's (or the summary). */
const blockOf = (out: string, name: string) => {
  const start = out.indexOf(` ${name}  (`);
  assert.ok(start >= 0, `no block for ${name} in:\n${out}`);
  const rest = out.slice(start);
  const end = rest.search(/\n(?:✔|✘) |\n {2}Files:/);
  return end < 0 ? rest : rest.slice(0, end);
};

test('all files run; a failing test or before hook, a file that ends its process: the run fails, naming them', () => {
  const { code, out } = runner();
  assert.is(code, 1, out);
  assert.match(out, '5 test files, 2 test processes');
  assert.match(blockOf(out, 'a-passes.test.ts'), /^ a-passes\.test\.ts {2}\(1 \/ 1;[^\n]*\n[\s\S]*printed by a/);
  assert.match(blockOf(out, 'd-passes.test.ts'), 'printed by d');
  assert.not.match(blockOf(out, 'a-passes.test.ts'), 'printed by d');
  assert.match(blockOf(out, 'b-fails.test.ts'), /\(1 \/ 2;[\s\S]*two is wrong/);
  assert.match(blockOf(out, 'c-crashes.test.ts'), /boom in c[\s\S]*the test process ended \(exit code 1\)/);
  assert.match(blockOf(out, 'e-cannot-start.test.ts'), /nothing to test in e[\s\S]*1 of 1 tests did not run/);
  assert.match(out, /Total: {5}5\n {2}Passed: {4}3\n/);
  const failed = /\nFailed: (.*)\n/.exec(out)?.[1]?.split(', ').sort();
  assert.equal(failed, ['b-fails.test.ts', 'c-crashes.test.ts', 'e-cannot-start.test.ts']);
  // Each failure's message again after the summary, where a CI log's end shows it; a passing file's output not.
  const recap = out.slice(out.indexOf('\nFailed: '));
  assert.match(recap, /What the failed files printed:[\s\S]*two is wrong/);
  assert.match(recap, 'boom in c');
  assert.match(recap, 'nothing to test in e');
  assert.not.match(recap, 'printed by a');
});

test('one test process: the files one after another, a new process for the files after one that ended its own', () => {
  const { code, out } = runner('--jobs', '1', 'passes|crashes');
  assert.is(code, 1, out);
  assert.match(out, '3 test files, 1 test processes');
  assert.ok(out.indexOf(' a-passes.test.ts') < out.indexOf(' c-crashes.test.ts'));
  assert.match(blockOf(out, 'd-passes.test.ts'), /^ d-passes\.test\.ts {2}\(1 \/ 1;/);
  assert.is(/\nFailed: (.*)\n/.exec(out)?.[1], 'c-crashes.test.ts');
});

test('a pattern of file names runs the files it keeps, --skip leaves some out; when they pass, so does the run', () => {
  spawned();
  // A run of its own makes the checkout's CLI bundle current before its first file; a run started inside a run
  // leaves that to the run it is in.
  const { code, out } = runWith({ ownRun: true }, dir, 'passes');
  assert.is(code, 0, out);
  assert.match(out, '2 test files, 2 test processes');
  assert.not.match(out, /fails|crashes/);
  assert.not.match(out, 'Failed:');
  const bundles = (lines: string[]) =>
    lines.filter((line) => line.includes('docs-it.mjs') && line.includes('--version'));
  assert.is(bundles(spawned()).length, 1, 'a run of its own bundles the CLI once');
  const skipped = runner('--skip', 'fails|crashes|cannot', '--skip', '^a-');
  assert.is(skipped.code, 0, skipped.out);
  assert.match(skipped.out, /^1 test files, 1 test processes\n\n✔ d-passes\.test\.ts/);
  assert.equal(bundles(spawned()), [], 'a run inside a run leaves the bundle to it');
});

test("--times shows each test's wall and processor seconds, and the before hooks', under its file", () => {
  const { out } = runner('--times', 'a-passes|b-fails');
  const seconds = (what: string) => new RegExp(`\\n {2}\\d+\\.\\d s, CPU \\d+\\.\\d s {2}${what}`);
  assert.match(blockOf(out, 'a-passes.test.ts'), seconds('before'));
  assert.match(blockOf(out, 'a-passes.test.ts'), seconds('prints'));
  assert.match(blockOf(out, 'b-fails.test.ts'), seconds('one'));
  assert.match(blockOf(out, 'b-fails.test.ts'), seconds('two'));
  assert.not.match(runner('a-passes').out, seconds('prints'));
});

test("what a file leaves in its process's test/.tmp is named under it, removed; the next file is not blamed", () => {
  const leaving = mkdtempSync(path.join(tmp, 'test-runner-leaving-'));
  const outputs = pathToFileURL(path.join(repoRoot, 'test/build-outputs.ts')).href;
  const writes = pathToFileURL(path.join(repoRoot, 'src/disk/background-writes.ts')).href;
  const leaves = (name: string, body: string) =>
    writeFileSync(
      path.join(leaving, name),
      `import { test } from 'uvu';\nimport path from 'node:path';\nimport { mkdirSync, rmSync } from 'node:fs';\n` +
        `import { processTmpDir } from '${outputs}';\nimport { backgroundWrites } from '${writes}';\n` +
        `${body}\ntest.run();\n`,
    );
  // A folder left; a cache entry queued for the writing thread, the folder removed before it was written.
  leaves(
    'a-leaves.test.ts',
    "test('copies', () => mkdirSync(path.join(processTmpDir(), 'site-1/docs'), { recursive: true }));",
  );
  leaves(
    'b-writes-late.test.ts',
    "test('builds', () => { const site = path.join(processTmpDir(), 'site-2'); " +
      "backgroundWrites().writeLater(path.join(site, 'node_modules/.cache/compile/k.json'), '{}'); " +
      'rmSync(site, { recursive: true, force: true }); });',
  );
  leaves('c-tidy.test.ts', "test('copies and removes', () => rmSync(processTmpDir() + '/x', { force: true }));");
  const { code, out } = runnerIn(leaving, '--jobs', '1');
  assert.is(code, 0, out);
  assert.match(blockOf(out, 'a-leaves.test.ts'), /left behind in test\/\.tmp[\s\S]*site-1\/docs/);
  assert.match(
    blockOf(out, 'b-writes-late.test.ts'),
    /left behind[\s\S]*site-2\/node_modules\/\.cache\/compile\/k\.json/,
  );
  assert.not.match(blockOf(out, 'c-tidy.test.ts'), 'left behind');
  removeDir(leaving);
});

test.run();
