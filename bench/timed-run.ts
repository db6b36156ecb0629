/*
 * One way for the benchmarks to time a whole command: GNU time around it (`/usr/bin/time`, Debian's `time`
 * package) gives the wall time, the processor time of the command and every process it starts (esbuild's, a
 * peer's workers), and the largest resident set, which a Node process cannot see of its children.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';

/** What GNU time printed of a run. */
export interface RunTime {
  wallS: number;
  /** User + system processor time of the command and its children. */
  cpuS: number;
  rssMb: number;
}

export interface TimedRun extends RunTime {
  status: number | null;
  stdout: string;
  /** The command's standard error, GNU time's line included (see `runTimeOf`). */
  stderr: string;
}

const marker = 'DOCS_IT_TIME';

/** The figures GNU time wrote into a run's standard error (kept in a log, they can be read again). */
export function runTimeOf(stderr: string): RunTime | undefined {
  const line = new RegExp(`^${marker} ([\\d.]+) ([\\d.]+) ([\\d.]+) (\\d+)$`, 'm').exec(stderr);
  if (!line) return undefined;
  const [wall, user, sys, rssKb] = line.slice(1).map(Number) as [number, number, number, number];
  return { wallS: wall, cpuS: user + sys, rssMb: rssKb / 1024 };
}

/** Runs `command` under GNU time; a run that fails is returned, not thrown (each caller says what failed). */
export function timedRun(command: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): TimedRun {
  const child = spawnSync('/usr/bin/time', ['-f', `${marker} %e %U %S %M`, ...command], {
    cwd: options.cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: options.env ?? process.env,
  });
  if (child.error) throw new Error(`${command.join(' ')}: ${child.error.message} (is /usr/bin/time installed?)`);
  const time = runTimeOf(child.stderr) ?? { wallS: Number.NaN, cpuS: Number.NaN, rssMb: Number.NaN };
  return { status: child.status, stdout: child.stdout, stderr: child.stderr, ...time };
}

/** Links each package a site installed into `to/node_modules`, so a copy of the site resolves the same packages. */
export function linkPackages(site: string, to: string): void {
  let names: string[];
  try {
    names = readdirSync(path.join(site, 'node_modules'));
  } catch {
    return;
  }
  mkdirSync(path.join(to, 'node_modules'), { recursive: true });
  for (const name of names.filter((n) => n !== '.cache' && n !== '.bin'))
    symlinkSync(path.join(site, 'node_modules', name), path.join(to, 'node_modules', name));
}
