/*
 * npm run bench:stage-memory -- --pages 10000 [--keep]: where a cold build's peak memory is made, by
 * stage. Writes `npm run bench`'s synthetic site of that many pages under bench/.sites (kept if there), builds it
 * with `--no-cache -v` in a child process, and samples the child's VmRSS and VmHWM (Linux's /proc) every 250 ms;
 * each stage's line (`✔ markdown: … (…)`) closes a stage. Prints, per stage, the highest VmRSS sampled during it and
 * VmHWM at its end, a row `(the end)` for what follows the last stage's line (the writes flushed, the build
 * published, its manifest and cache saved), then the build's own summary lines. `--keep` keeps the output folder and
 * the folder of builds beside it. Linux only (reads /proc).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { storeOf } from '../src/output/output-store';
import { writeSyntheticSite } from './synthetic-site';
import { emptyTrash, throwAway, waitForCleanUp } from './trash';

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > -1 ? process.argv[at + 1] : undefined;
};
const pages = Number(arg('--pages') ?? 10_000);
const root = path.resolve(import.meta.dirname, '..');
// Under bench/.sites, on the same disk as its trash (see trash.ts).
const out = path.join(root, 'bench/.sites', `.out-stage-memory-${pages}`);
/** The output folder and the builds folder its link points into (`.docs-it-builds-…`: gigabytes at 100,000 pages). */
const throwAwayOutput = () => {
  throwAway(out);
  throwAway(storeOf(out));
};

/** A stage's line as `-v` prints it: its name is what comes before the colon or the time. */
function stageOfLine(line: string): string | undefined {
  return /^\s*✔ ([a-z][a-z ]*?)(?::| \()/.exec(line)?.[1];
}

/** VmRSS and VmHWM of a process, in kB (undefined once it has ended). */
function memoryOf(pid: number): { rss: number; hwm: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: field('VmRSS'), hwm: field('VmHWM') };
  } catch {
    return undefined;
  }
}

/**
 * `--snapshots DIR`: a heap snapshot of the build's thread (after the full collection a snapshot makes) written into
 * DIR at the end of each stage named by `--snapshot-stages` (default markdown,render,search), through Node's
 * `--heapsnapshot-signal`; `bench/heap-owners.ts` sums one by owner.
 */
const snapshots = arg('--snapshots');
const snapshotStages = new Set((arg('--snapshot-stages') ?? 'markdown,render,search').split(','));
const site = path.join(root, 'bench/.sites', String(pages));
if (!existsSync(path.join(site, 'site.config.ts'))) writeSyntheticSite(path.join(root, 'bench/.sites'), pages);
throwAwayOutput();
waitForCleanUp();
const child = spawn(
  process.execPath,
  [
    ...(snapshots ? ['--heapsnapshot-signal=SIGUSR2'] : []),
    path.join(root, 'bin/docs-it.mjs'),
    'build',
    '--config',
    path.join(site, 'site.config.ts'),
    '--out',
    out,
    '--no-cache',
    '-v',
  ],
  { stdio: ['ignore', 'pipe', 'pipe'], ...(snapshots ? { cwd: path.resolve(snapshots) } : {}) },
);
child.stdout.setEncoding('utf8');
child.stderr.setEncoding('utf8');
const rows: { stage: string; peak: number; hwm: number; at: number }[] = [];
const started = performance.now();
let peak = 0;
let last = { rss: 0, hwm: 0 };
const sample = () => {
  const now = child.pid === undefined ? undefined : memoryOf(child.pid);
  // An exited child not yet reaped still has a status, without its memory's lines.
  if (!now || now.hwm === 0) return;
  last = now;
  peak = Math.max(peak, now.rss);
};
const timer = setInterval(sample, 250);
const summary: string[] = [];
let pending = '';
const onChunk = (chunk: string) => {
  pending += chunk;
  const lines = pending.split('\n');
  pending = lines.pop()!;
  for (const line of lines) {
    sample();
    const stage = stageOfLine(line);
    if (stage) {
      rows.push({ stage, peak, hwm: last.hwm, at: (performance.now() - started) / 1000 });
      peak = last.rss;
      if (snapshots && snapshotStages.has(stage) && child.pid !== undefined) process.kill(child.pid, 'SIGUSR2');
    } else if (/^(Built|Stages:|Markdown:|Disk:)/.test(line.trim())) summary.push(line);
  }
};
child.stdout.on('data', onChunk);
child.stderr.on('data', onChunk);
child.on('exit', (code) => {
  clearInterval(timer);
  // After the last stage's line the build still flushes its writes, publishes and saves its manifest and cache:
  // what it takes there is a row of its own, VmHWM as last sampled (the process is gone once it exits).
  rows.push({ stage: '(the end)', peak, hwm: last.hwm, at: (performance.now() - started) / 1000 });
  const mb = (kb: number) => `${Math.round(kb / 1024)} MB`.padStart(9);
  console.log(`${pages} pages, cold, --no-cache: exit ${code}`);
  console.log(`${'stage'.padEnd(16)} ${'ends at'.padStart(9)} ${'peak RSS'.padStart(9)} ${'VmHWM'.padStart(9)}`);
  for (const row of rows)
    console.log(`${row.stage.padEnd(16)} ${`${row.at.toFixed(1)} s`.padStart(9)} ${mb(row.peak)} ${mb(row.hwm)}`);
  for (const line of summary) console.log(line);
  if (!process.argv.includes('--keep')) {
    throwAwayOutput();
    emptyTrash();
  }
  process.exitCode = code ?? 1;
});
