/*
 * The builds tests make into test/.tmp, and their removal: an output is a link beside the folder of its builds
 * (see src/output/output-store.ts), so removing the link alone would leave every build behind.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { storeOf } from '../src/output/output-store';

/** Removes what building into `out` made: the link `out` and, beside it, the folder that holds its builds. */
export function removeBuild(out: string): void {
  rmSync(out, { recursive: true, force: true });
  rmSync(storeOf(out), { recursive: true, force: true });
}

/**
 * Removes files and folders in a process of its own, which this one does not wait for: a whole site takes
 * about a second to delete on a loaded machine, and a test run need not end later for it.
 */
function removeInBackground(files: string[]): void {
  if (files.length === 0) return;
  const code = 'for (const f of process.argv.slice(1)) require("node:fs").rmSync(f, { recursive: true, force: true })';
  spawn(process.execPath, ['-e', code, ...files], { detached: true, stdio: 'ignore' }).unref();
}

const removedAtExit = new Set<string>();
const removeAllBuilds = () => {
  removeInBackground([...removedAtExit].flatMap((out) => [out, storeOf(out)]));
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
  removeInBackground(
    entries
      .filter((entry) => {
        const pid = Number(pattern.exec(entry)?.[1]);
        return pid > 0 && pid !== process.pid && !isAlive(pid);
      })
      .map((entry) => path.join(parent, entry)),
  );
}

/**
 * Removes the build at `out` (see `removeBuild`) when this test process ends: normally, after an error, or by
 * Ctrl+C, SIGTERM or SIGHUP (what SIGKILL leaves, the next run removes). `out` ends with this process's id.
 * The removal runs on after the process has ended (see `removeInBackground`).
 */
export function removeBuildAtExit(out: string): void {
  removeBuildsOfDeadRuns(out);
  if (removedAtExit.size === 0) {
    process.once('exit', removeAllBuilds);
    for (const s of endingSignals) process.on(s, onEndingSignal);
  }
  removedAtExit.add(out);
}
