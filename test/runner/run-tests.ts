/*
 * The test runner of `npm test` (scripts/run-tests.sh): every test file under test/ (uvu's files), run by
 * `--jobs` test processes at once (2 by default), each taking the next file as soon as it is done with one, the
 * files that took longest last time first. A file's output is shown whole once the file is done, so that two
 * processes never mix their lines; the run fails, naming the files, when any test fails or a file cannot run.
 *
 *   node --import tsx test/runner/run-tests.ts [--jobs N] [--typecheck] [--skip pattern] [--record] [--times]
 *                                             [--dir folder] [pattern…]
 *
 * A pattern (a regular expression, as uvu's) keeps the files whose path under test/ it matches, `--skip` leaves
 * out those it matches. `--typecheck` runs `tsc -b` beside the test files (its output shown at the end, its
 * failure the run's): it keeps one processor busy for a while, which the test files would otherwise leave idle
 * waiting for it. `--record` writes how long each file took into durations.json, the order of the next runs.
 * `--times` shows how long each test took (wall and CPU seconds, and the `before` hooks' before the first test).
 * `--dir` looks for the test files in another folder (test/test-runner.test.ts runs the runner on files of its
 * own).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parse } from 'uvu/parse';
import { removeSharedBuildsAtExit, testRunVariable } from '../build-outputs';
import { cpuSeconds } from './cpu-time';
import { channelFd, type FileResult, type FromRunner, type ToRunner, testTimesVariable } from './protocol';
import { tscPath } from './tsc-path';

const here = path.dirname(fileURLToPath(import.meta.url));
const testDir = path.dirname(here);
const repoRoot = path.dirname(testDir);
const durationsFile = path.join(here, 'durations.json');

interface Options {
  jobs: number;
  typecheck: boolean;
  record: boolean;
  times: boolean;
  dir: string;
  patterns: RegExp[];
  skip: RegExp[];
}

function optionsOf(args: string[]): Options {
  const options: Options = {
    jobs: 2,
    typecheck: false,
    record: false,
    times: false,
    dir: testDir,
    patterns: [],
    skip: [],
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--record') options.record = true;
    else if (arg === '--times') options.times = true;
    else if (arg === '--typecheck') options.typecheck = true;
    else if (arg === '--skip') options.skip.push(new RegExp(args[++i] ?? '', 'i'));
    else if (arg === '--dir') options.dir = path.resolve(args[++i] ?? '.');
    else if (arg === '--jobs' || arg.startsWith('--jobs=')) {
      const value = arg === '--jobs' ? args[++i] : arg.slice('--jobs='.length);
      options.jobs = Number(value);
      if (!Number.isInteger(options.jobs) || options.jobs < 1) throw new Error(`--jobs takes a whole number ≥ 1`);
    } else options.patterns.push(new RegExp(arg, 'i'));
  }
  return options;
}

/** Seconds each file took in the recorded run; a file it does not know is taken as long as the longest. */
function orderOfLastRun(): (name: string) => number {
  const seconds: Record<string, number> = existsSync(durationsFile)
    ? (JSON.parse(readFileSync(durationsFile, 'utf8')) as Record<string, number>)
    : {};
  const longest = Math.max(0, ...Object.values(seconds));
  return (name) => seconds[name] ?? longest;
}

const seconds = (s: number) => `${s.toFixed(1)} s`;

interface Worker {
  child: ChildProcess;
  channel: Duplex;
  /** The file it runs, with what the file printed so far. */
  running?: { name: string; output: string[] };
}

/** `tsc -b` in a process of its own: its exit code, what it printed, how long it took. */
function typeChecked(): Promise<{ code: number | null; output: string; seconds: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [tscPath, '-b'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return new Promise((resolve) =>
    child.on('close', (code) =>
      resolve({ code, output: output.join(''), seconds: (performance.now() - started) / 1000 }),
    ),
  );
}

async function main(): Promise<number> {
  const options = optionsOf(process.argv.slice(2));
  const started = performance.now();
  const { suites } = await parse(options.dir, '\\.test\\.ts$', { ignore: ['^\\.tmp'] });
  const files = suites.filter(
    (s) => options.patterns.every((p) => p.test(s.name)) && !options.skip.some((p) => p.test(s.name)),
  );
  const expected = orderOfLastRun();
  const queue = [...files].sort((a, b) => expected(b.name) - expected(a.name));
  const jobs = Math.min(options.jobs, queue.length);
  // The builds the test processes share (the real site) are this run's: removed when it ends.
  removeSharedBuildsAtExit();
  // A checkout's CLI bundles its sources again when they changed, into one folder for every process that runs
  // it: done here once, before two test processes could start it at the same moment. A run started by a test of
  // another run (test/test-runner.test.ts) leaves it to that run, which did it before its first test.
  if (process.env[testRunVariable] === undefined) {
    const bundled = spawnSync(process.execPath, [path.join(repoRoot, 'bin/docs-it.mjs'), '--version'], {
      encoding: 'utf8',
    });
    if (bundled.status !== 0) process.stderr.write(`docs-it --version failed:\n${bundled.stderr}\n`);
  }
  process.stdout.write(`${files.length} test files, ${jobs} test processes\n\n`);
  const typecheck = options.typecheck ? typeChecked() : undefined;

  const results: FileResult[] = [];
  const crashed: string[] = [];
  const failedEnds: string[] = [];
  /** What each failed file printed, shown again after the summary (see below). */
  const failedOutputs: string[] = [];

  const show = (result: FileResult, output: string) => {
    const mark = result.failed ? '✘' : '✔';
    const counts = `${result.passed} / ${result.total}${result.skipped ? `, ${result.skipped} skipped` : ''}`;
    const times = `${seconds(result.seconds)}, CPU ${seconds(result.cpuSeconds)}`;
    // uvu ends a file's line with a newline and then the reset of its colour: the reset goes before the newline.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: an escape sequence is what is looked for
    const text = output.replace(/\n((?:\x1b\[\d+m)*)\s*$/, '$1');
    const block = `${mark} ${result.name}  (${counts}; ${times})\n${text}\n\n`;
    if (result.failed) failedOutputs.push(block);
    process.stdout.write(block);
  };

  let stopping = false;
  const tested = new Promise<void>((allDone) => {
    const workers = new Set<Worker>();
    const next = (worker: Worker) => {
      const suite = queue.shift();
      const message: FromRunner = suite ? { type: 'run', name: suite.name, file: suite.file } : { type: 'end' };
      if (suite) worker.running = { name: suite.name, output: [] };
      worker.channel.write(`${JSON.stringify(message)}\n`);
    };
    const start = () => {
      if (stopping) return;
      const child = spawn(process.execPath, [...process.execArgv, path.join(here, 'test-worker.ts')], {
        stdio: ['ignore', 'inherit', 'inherit', 'pipe'],
        // uvu's own runner forces colours too; the builds a run shares are named after the runner's process.
        env: {
          ...process.env,
          FORCE_COLOR: '1',
          [testRunVariable]: String(process.pid),
          ...(options.times ? { [testTimesVariable]: '1' } : {}),
        },
      });
      const channel = child.stdio[channelFd] as Duplex;
      const worker: Worker = { child, channel };
      workers.add(worker);
      createInterface({ input: channel }).on('line', (line) => {
        const message = JSON.parse(line) as ToRunner;
        if (message.type === 'output') worker.running?.output.push(message.text);
        else if (message.type === 'done') {
          results.push(message.result);
          show(message.result, worker.running?.output.join('') ?? '');
          worker.running = undefined;
          next(worker);
        } else if (message.type === 'ready') next(worker);
      });
      child.on('exit', (code, signal) => {
        workers.delete(worker);
        if (worker.running) {
          // The file ended its process (an uncaught error): it fails, and a new process takes the next file.
          const { name, output } = worker.running;
          crashed.push(name);
          const end = `the test process ended (${signal ?? `exit code ${code}`}) while this file ran`;
          show(
            { name, total: 0, passed: 0, skipped: 0, failed: true, seconds: 0, cpuSeconds: 0 },
            `${output.join('')}\n${end}`,
          );
          if (queue.length > 0) start();
        } else if ((code !== 0 || signal) && !stopping) {
          // Done with its files, it could not close what they shared (a Chromium) or end cleanly.
          failedEnds.push(`a test process ended with ${signal ?? `exit code ${code}`} after its last file`);
        }
        if (workers.size === 0) allDone();
      });
    };
    for (let i = 0; i < jobs; i++) start();
    if (jobs === 0) allDone();
    // Ended by a signal: the test processes end too (removing what they built), and no other starts.
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
      process.once(signal, () => {
        stopping = true;
        for (const worker of workers) worker.child.kill(signal);
      });
  });

  await tested;
  const types = await typecheck;
  if (types) {
    const mark = types.code === 0 ? '✔' : '✘';
    const output = types.output.trim();
    process.stdout.write(`${mark} tsc -b  (${seconds(types.seconds)})\n${output ? `${output}\n\n` : '\n'}`);
  }
  const failed = [...results.filter((r) => r.failed).map((r) => r.name), ...crashed];
  if (types && types.code !== 0) failed.push('tsc -b');
  const ran = new Set([...results.map((r) => r.name), ...crashed]);
  const notRun = files.map((f) => f.name).filter((name) => !ran.has(name));
  const total = results.reduce((sum, r) => sum + r.total, 0);
  const passed = results.reduce((sum, r) => sum + r.passed, 0);
  const skipped = results.reduce((sum, r) => sum + r.skipped, 0);
  process.stdout.write(
    [
      `  Files:     ${files.length}`,
      `  Total:     ${total}`,
      `  Passed:    ${passed}`,
      `  Skipped:   ${skipped}`,
      `  Duration:  ${seconds((performance.now() - started) / 1000)} (CPU ${seconds(cpuSeconds())})`,
      '',
    ].join('\n'),
  );
  if (failed.length > 0) process.stdout.write(`\nFailed: ${failed.join(', ')}\n`);
  // A CI log is often read from its end, or kept only there: each failure's message is shown again where the
  // summary names it, rather than only among a hundred files' blocks above.
  if (failedOutputs.length > 0) process.stdout.write(`\nWhat the failed files printed:\n\n${failedOutputs.join('')}`);
  if (notRun.length > 0) process.stdout.write(`\nNot run: ${notRun.join(', ')}\n`);
  for (const end of failedEnds) process.stdout.write(`\n${end}\n`);

  if (options.record) {
    const durations = Object.fromEntries(
      [...results].sort((a, b) => b.seconds - a.seconds).map((r) => [r.name, Number(r.seconds.toFixed(1))]),
    );
    writeFileSync(durationsFile, `${JSON.stringify(durations, null, 2)}\n`);
  }
  return failed.length > 0 || notRun.length > 0 || failedEnds.length > 0 || total === 0 ? 1 : 0;
}

process.exitCode = await main();
