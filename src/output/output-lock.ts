import { randomBytes } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DocsItError } from '../errors';

/**
 * A lock held by one process at a time, even when many try at once or take over a lock whose build died.
 *
 * The lock is a folder holding one empty file named after its owner (`<pid>-<random>`). A taker makes such a
 * folder under a private name and renames it onto the lock's name: a rename onto a folder succeeds only when
 * that folder is missing or empty, so exactly one taker gets a held lock, which is complete (owner included)
 * the moment it appears. A lock whose owner died is broken by deleting that owner's file, which only one
 * breaker can do (the others get ENOENT), and then the empty folder; a taker that finds the folder empty takes
 * it as free. Nothing is ever decided by reading a file another process may be half-way through writing.
 */
export interface Lock {
  /** Gives the lock up (only this lock: never one another process took over since). */
  release(): void;
}

const ownerPattern = /^(\d+)-[0-9a-f]+$/;
const privatePrefix = 'lock-new-';

/** How many times a taker looks again after the lock changed under it (released, broken) before giving up. */
const attempts = 1000;

/** Whether a process with this pid is running (signal 0 only checks). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is only someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code;

/**
 * Takes the lock at `file` (a folder, made beside its private copies in `path.dirname(file)`), or throws naming
 * the running process that holds it. `what` says in messages what the lock protects (`build/`).
 */
export function takeLock(file: string, what: string): Lock {
  const dir = path.dirname(file);
  const owner = `${process.pid}-${randomBytes(8).toString('hex')}`;
  const mine = path.join(dir, `${privatePrefix}${owner}`);
  const shown = path.relative(process.cwd(), file) || file;
  for (let attempt = 0; attempt < attempts; attempt++) {
    mkdirSync(mine);
    writeFileSync(path.join(mine, owner), '');
    try {
      renameSync(mine, file);
      removeStalePrivates(dir);
      return { release: () => release(file, owner) };
    } catch (error) {
      rmSync(mine, { recursive: true, force: true });
      const code = codeOf(error);
      // ENOTEMPTY/EEXIST: held. ENOTDIR: something else than a lock folder is there. ENOENT: the private folder
      // was removed meanwhile (by a holder that took its taker for dead): make it again.
      if (code === 'ENOENT') continue;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST' && code !== 'ENOTDIR') throw error;
    }
    const holder = holderOf(file, shown);
    // Released or broken since the rename: try again.
    if (holder === undefined) continue;
    if (isRunning(holder.pid)) {
      throw new DocsItError(
        `another docs-it build (pid ${holder.pid}) is writing ${what}`,
        undefined,
        `Wait for it to end, or stop it; if no build is running, delete ${shown}.`,
      );
    }
    // Its owner died: break it (only one breaker deletes that owner's file; the others find it gone).
    try {
      unlinkSync(path.join(file, holder.name));
      rmdirSync(file);
    } catch (error) {
      const code = codeOf(error);
      if (code !== 'ENOENT' && code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    }
  }
  throw new DocsItError(`cannot lock ${what}: the lock ${shown} kept changing`, undefined, 'Build again.');
}

/** The owner of a held lock, or undefined when it is gone or empty (being released or broken). */
function holderOf(file: string, shown: string): { pid: number; name: string } | undefined {
  let entries: string[];
  try {
    if (!lstatSync(file).isDirectory()) throw notALock(shown);
    entries = readdirSync(file);
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return undefined;
    throw error;
  }
  if (entries.length === 0) return undefined;
  const name = entries.find((e) => ownerPattern.test(e));
  if (entries.length > 1 || name === undefined) throw notALock(shown);
  return { pid: Number(ownerPattern.exec(name)![1]), name };
}

function notALock(shown: string): DocsItError {
  return new DocsItError(
    `${shown} is not a lock docs-it made`,
    undefined,
    `Delete ${shown} (no docs-it build uses it) and build again.`,
  );
}

function release(file: string, owner: string): void {
  try {
    unlinkSync(path.join(file, owner));
  } catch (error) {
    // Broken by another build that found this process dead: it is not ours any more.
    if (codeOf(error) === 'ENOENT') return;
    throw error;
  }
  try {
    rmdirSync(file);
  } catch (error) {
    // Another build took the emptied folder already.
    if (codeOf(error) !== 'ENOTEMPTY' && codeOf(error) !== 'EEXIST' && codeOf(error) !== 'ENOENT') throw error;
  }
}

/** Private lock folders of takers that died before their rename (those of running takers are left alone). */
function removeStalePrivates(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.name.startsWith(privatePrefix) || !entry.isDirectory()) continue;
    const pid = Number(ownerPattern.exec(entry.name.slice(privatePrefix.length))?.[1]);
    if (pid && !isRunning(pid)) rmSync(path.join(dir, entry.name), { recursive: true, force: true });
  }
}
