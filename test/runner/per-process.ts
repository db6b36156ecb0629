/*
 * What the test files of one process may share (a Chromium: see test/browser/browser.ts). Under
 * `scripts/run-tests.sh` a test process runs many files one after another (test-worker.ts) and closes what they
 * shared when it has run its last; under uvu alone, a file's `after` closes it once no file holds it, so that the
 * process can end.
 */

/** The closers the test runner calls when its process has run its last file; absent outside the runner. */
const closersKey = Symbol.for('docs-it.test-runner.closers');
type Closers = Set<() => Promise<void>>;
const closersOf = () => (globalThis as { [closersKey]?: Closers })[closersKey];

/** Called by the test runner's process before its first file: what the files share is then kept for the next. */
export function keepSharedUntilRunEnds(): () => Promise<void> {
  const closers: Closers = new Set();
  (globalThis as { [closersKey]?: Closers })[closersKey] = closers;
  return async () => {
    for (const close of [...closers].reverse()) await close();
    closers.clear();
  };
}

export interface Shared<T> {
  /** The resource, opened by the first caller (again when `usable` says the one opened before broke). */
  acquire(): Promise<T>;
  /**
   * One caller done with it. When no caller is left, `idle` tidies it, then it is closed, unless the test runner
   * keeps it for its next file.
   */
  release(idle?: (value: T) => Promise<void>): Promise<void>;
}

/** A resource opened once and shared by the test files of this process that `acquire` it. */
export function sharedInProcess<T>(
  open: () => Promise<T>,
  close: (value: T) => Promise<void>,
  usable: (value: T) => boolean = () => true,
): Shared<T> {
  let opened: T | undefined;
  let opening: Promise<T> | undefined;
  let users = 0;
  const closeOpened = async () => {
    const value = opened;
    opened = undefined;
    opening = undefined;
    if (value !== undefined) await close(value);
  };
  return {
    async acquire() {
      users++;
      if (opened !== undefined && !usable(opened)) await closeOpened().catch(() => undefined);
      opening ??= open().then(
        (value) => {
          opened = value;
          closersOf()?.add(closeOpened);
          return value;
        },
        (error: unknown) => {
          // Not kept: the next caller tries again.
          opening = undefined;
          throw error;
        },
      );
      return opening;
    },
    async release(idle) {
      users = Math.max(0, users - 1);
      if (users > 0) return;
      if (idle && opened !== undefined) await idle(opened);
      if (!closersOf()) await closeOpened();
    },
  };
}
