/*
 * npm run bench:jobs [-- --sizes 1000,10000] [--runs 3] [--jobs 2]: cold builds (`--no-cache`) of the real site
 * and of synthetic sites with one compile thread (`--jobs 1`: pages compile in the build's thread) and with
 * `--jobs` worker threads, in turn (1, N, 1, N …), and the median of each phase the build reports, with the
 * ratio N threads / 1. What the compile pool changes is the markdown phase; the others are shown to see what it
 * costs them (the threads share the processors with rendering's garbage collector and the writing thread).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { writeSyntheticSite } from './synthetic-site';
import { emptyTrash, waitForCleanUp } from './trash';

const repo = path.resolve(import.meta.dirname, '..');
const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at > -1 ? process.argv[at + 1]! : fallback;
};
const sizes = arg('--sizes', '1000').split(',').filter(Boolean).map(Number);
const runs = Number(arg('--runs', '3'));
const jobs = Number(arg('--jobs', '2'));

/** One cold build in its own process: each phase's milliseconds, and the whole build's. */
function build(config: string, out: string, threads: number): Map<string, number> {
  spawnSync('sync');
  const child = spawnSync(
    process.execPath,
    [path.join(repo, 'bin/docs-it.mjs'), 'build', '--quiet', '--no-cache', '--jobs', String(threads)].concat([
      '--config',
      config,
      '--out',
      out,
    ]),
    { cwd: repo, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (child.status !== 0) throw new Error(`build of ${config} failed\n${child.stdout}\n${child.stderr}`);
  const phases = new Map<string, number>();
  const line = /^Stages: (.*)$/m.exec(child.stdout)?.[1] ?? '';
  for (const m of line.matchAll(/([a-z ]+?) (\d+) ms(?:, |$)/g)) phases.set(m[1]!.trim(), Number(m[2]));
  phases.set('total', Number(/ in ([\d.]+) s$/m.exec(child.stdout)?.[1] ?? 0) * 1000);
  return phases;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function compare(name: string, config: string, out: string): void {
  const samples: Record<'one' | 'many', Map<string, number>[]> = { one: [], many: [] };
  // The CLI bundle is made (or found current) before anything is timed.
  spawnSync(process.execPath, [path.join(repo, 'bin/docs-it.mjs'), '--help'], { cwd: repo });
  for (let run = 0; run < runs; run++) {
    samples.one.push(build(config, out, 1));
    samples.many.push(build(config, out, jobs));
  }
  console.log(`\n${name}: median of ${runs} cold builds, 1 thread against ${jobs} compile threads`);
  console.log(`phase             1 thread ms  ${`${jobs} threads ms`.padStart(12)}   ratio`);
  for (const phase of samples.one[0]!.keys()) {
    const one = median(samples.one.map((s) => s.get(phase) ?? 0));
    const many = median(samples.many.map((s) => s.get(phase) ?? 0));
    if (one < 20 && many < 20) continue;
    console.log(
      `${phase.padEnd(16)} ${one.toFixed(0).padStart(12)} ${many.toFixed(0).padStart(13)}   ` +
        `${(many / one).toFixed(2)}×`,
    );
  }
}

waitForCleanUp();
compare('real site', path.join(repo, 'site.config.ts'), path.join(repo, 'bench/.sites/out-jobs-real'));
for (const size of sizes) {
  const dir = writeSyntheticSite(path.join(repo, 'bench/.sites'), size);
  compare(`synthetic ${size}`, path.join(dir, 'site.config.ts'), path.join(dir, 'build'));
}
emptyTrash();
