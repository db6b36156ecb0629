/*
 * The builds tests make into test/.tmp, and their removal: an output is a link beside the folder of its builds
 * (see src/output/output-store.ts), so removing the link alone would leave every build behind.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { storeOf } from '../src/output/output-store';

/** Removes what building into `out` made: the link `out` and, beside it, the folder that holds its builds. */
export function removeBuild(out: string): void {
  rmSync(out, { recursive: true, force: true });
  rmSync(storeOf(out), { recursive: true, force: true });
}

const removedAtExit = new Set<string>();
const removeAllBuilds = () => {
  for (const out of removedAtExit) removeBuild(out);
  removedAtExit.clear();
};
/** The signals that end a test run early (Ctrl+C, a closed terminal, `kill`): the builds go first. */
const endingSignals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const onEndingSignal = (signal: NodeJS.Signals) => {
  removeAllBuilds();
  for (const s of endingSignals) process.removeListener(s, onEndingSignal);
  // The default action again: the process ends as the signal asked.
  process.kill(process.pid, signal);
};

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Removes the builds that test processes now gone (killed by SIGKILL) left beside `out`: outputs named like
 * `out` with another process id (`<name>-<pid>`, optionally followed by `-busy`).
 */
function removeBuildsOfDeadRuns(out: string): void {
  const parent = path.dirname(out);
  const name = path.basename(out).replace(/-\d+$/, '');
  const pattern = new RegExp(`^(?:\\.docs-it-builds-)?${name}-(\\d+)(?:-busy)?$`);
  const entries = existsSync(parent) ? readdirSync(parent) : [];
  for (const entry of entries) {
    const pid = pattern.exec(entry)?.[1];
    if (pid && Number(pid) !== process.pid && !isAlive(Number(pid)))
      rmSync(path.join(parent, entry), { recursive: true, force: true });
  }
}

/**
 * Removes the build at `out` (see `removeBuild`) when this test process ends: normally, after an error, or by
 * Ctrl+C, SIGTERM or SIGHUP (what SIGKILL leaves, the next run removes). `out` ends with this process's id.
 */
export function removeBuildAtExit(out: string): void {
  removeBuildsOfDeadRuns(out);
  if (removedAtExit.size === 0) {
    process.once('exit', removeAllBuilds);
    for (const s of endingSignals) process.on(s, onEndingSignal);
  }
  removedAtExit.add(out);
}
