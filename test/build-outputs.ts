/*
 * The builds tests make into test/.tmp, and their removal: an output is a link beside the folder of its builds
 * (see src/output/output-store.ts), so removing the link alone would leave every build behind.
 */
import { spawn } from 'node:child_process';
import {
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storeOf } from '../src/output/output-store';

/** Where tests build (ignored by git). */
const testTmp = path.join(path.dirname(fileURLToPath(import.meta.url)), '.tmp');

/**
 * This test process's own folder in test/.tmp, where its tests copy fixtures and build (the builds the processes
 * of a run share are beside it, not in it): the test runner's process names, under each file, what that file left
 * in it (see test/runner/test-worker.ts), which two processes writing into one folder would not let it tell apart.
 */
export const processTmp = path.join(testTmp, `process-${process.pid}`);

let removedAtEnd = false;
/** `processTmp`, made if missing, and removed when the process ends if nothing was left in it. */
export function processTmpDir(): string {
  mkdirSync(processTmp, { recursive: true });
  if (!removedAtEnd) {
    removedAtEnd = true;
    // What killed test processes left: the folders of processes no longer running.
    removeInBackground(
      readdirSync(testTmp).flatMap((entry) => {
        const pid = Number(/^process-(\d+)$/.exec(entry)?.[1]);
        return pid > 0 && pid !== process.pid && !isAlive(pid) ? [path.join(testTmp, entry)] : [];
      }),
    );
    process.once('exit', () => {
      try {
        rmdirSync(processTmp);
      } catch {
        // Not empty (the runner reported what was left) or gone already.
      }
    });
  }
  return processTmp;
}

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

/** Whether the process `pid` still runs. */
export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Removes the builds that test processes now gone (killed by SIGKILL) left beside `out`: outputs named like
 * `out` with another process id (`<name>-<pid>`, optionally followed by `-busy`, or `.lock`: see sharedBuild).
 */
function removeBuildsOfDeadRuns(out: string): void {
  const parent = path.dirname(out);
  const name = path.basename(out).replace(/-\d+$/, '');
  const pattern = new RegExp(`^(?:\\.docs-it-builds-)?${name}-(\\d+)(?:-busy|\\.lock)?$`);
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

/** The builds the test processes of one run share (see test/real-site.ts, test/docusaurus-fixture.ts). */
export type SharedBuild = 'real-site' | 'docusaurus';
const sharedBuilds: SharedBuild[] = ['real-site', 'docusaurus'];

/**
 * The test runner (test/runner/run-tests.ts) names the run its test processes belong to (`testRunVariable`): its
 * process id, which the builds they share carry. A test process run by uvu alone is a run of its own.
 */
export const testRunVariable = 'DOCS_IT_TEST_RUN';
const runner = process.env[testRunVariable];

const sharedOut = (name: SharedBuild, run: string) => path.join(testTmp, `${name}-${run}`);

/**
 * The output in test/.tmp of a build the test processes of this run share (`<name>-<run>`), and the file that
 * says which process builds it (left behind only by a killed process: the next run removes it). The build is
 * removed when the run ends: by the test runner (see `removeSharedBuildsAtExit`), or by this process when it is
 * a run of its own.
 */
export function sharedBuild(name: SharedBuild): { out: string; lock: string } {
  const out = sharedOut(name, runner ?? String(process.pid));
  if (runner === undefined) removeSharedBuildsAtExit();
  return { out, lock: `${out}.lock` };
}

let removingShared = false;
/**
 * Removes the builds the test processes of this process's run share when it ends: the run whose id is this
 * process's, whatever run the process that started it belongs to (a test of the runner starts a runner).
 */
export function removeSharedBuildsAtExit(): void {
  if (removingShared) return;
  removingShared = true;
  for (const name of sharedBuilds) removeBuildAtExit(sharedOut(name, String(process.pid)));
}

/** Takes the lock file (made whole, with this process's id in it, or not at all); false when another holds it. */
function takeLock(lock: string): boolean {
  const mine = `${lock}.${process.pid}`;
  writeFileSync(mine, String(process.pid));
  try {
    linkSync(mine, lock);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  } finally {
    unlinkSync(mine);
  }
}

/** The process that holds the lock; undefined when none does now. */
function lockHolder(lock: string): number | undefined {
  try {
    return Number(readFileSync(lock, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The output of a build the test processes of this run share (see `sharedBuild`), made by the first process that
 * asks (`build` into the output; `whole` says when it is there), waited for by the others; `made` when this call
 * built it. No test writes into it.
 */
export async function sharedBuildOnce(
  name: SharedBuild,
  build: (out: string) => Promise<void>,
  whole: (out: string) => boolean,
): Promise<{ out: string; made: boolean }> {
  const { out, lock } = sharedBuild(name);
  mkdirSync(path.dirname(out), { recursive: true });
  for (;;) {
    if (whole(out)) return { out, made: false };
    if (takeLock(lock)) {
      try {
        if (whole(out)) return { out, made: false };
        await build(out);
        return { out, made: true };
      } finally {
        rmSync(lock, { force: true });
      }
    }
    // Another process builds it. When its build fails, it gives the lock up and this one builds (and reports the
    // error); when it is killed, its lock is left, and this one takes over.
    const holder = lockHolder(lock);
    if (holder !== undefined && !isAlive(holder)) rmSync(lock, { force: true });
    else if (holder !== undefined) await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
