import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { transferOf } from './handed-over';
import type {
  FileStamp,
  FolderTimes,
  SpareFound,
  WriteBatch,
  WriteDone,
  WriteFailure,
  WriteOp,
} from './write-protocol';

export type { FileStamp, FolderTimes, SpareFound, WriteFailure };

/**
 * Files written by a thread of their own (write-thread.ts). Creating a file can cost far more than writing it
 * (docs/measurements.md, "10,000 pages"), and a build writes tens of thousands: done on the build's thread, that
 * time adds to
 * the compiling and rendering; done there, it runs beside them on another processor.
 */
export interface BackgroundWrites {
  /**
   * Queues a file (its folder is created if missing). Resolves at once, or once the writes waiting fall under
   * `maxPendingBytes` when the disk is slower than the build, so memory stays bounded. `onRevision`, when given, is
   * told the bytes' revision (written-file's `revisionOf`), made by the thread once it wrote them: before `flush`
   * resolves, never when the write failed. Bytes handed over (handed-over's `handOver`) go to the thread
   * transferred, not copied, and read as empty here once sent (as the build's thread pauses, or with a full batch).
   */
  write(
    file: string,
    data: string | Uint8Array,
    onError?: (failure: WriteFailure) => void,
    recycle?: boolean,
    keep?: FileStamp,
    onRevision?: (revision: string) => void,
  ): Promise<void>;
  /** Queues bytes to add at the end of a file queued by `write` before (writes happen in the order queued). */
  append(file: string, data: string | Uint8Array, onError?: (failure: WriteFailure) => void): Promise<void>;
  /**
   * Queues a file whose writer cannot wait (a synchronous cache store), failures unreported. Its bytes count
   * against `maxPendingBytes` like any other's: a caller that queues many waits for `room` where it can.
   */
  writeLater(file: string, data: string | Uint8Array): void;
  /**
   * Resolves at once, or once the writes waiting fall under `maxPendingBytes`: where a caller of `writeLater`
   * can wait, so that files queued without waiting (every compiled page's cache entry) do not pile up in memory
   * when the disk, or the thread's share of the processors, is slower than the build.
   */
  room(): Promise<void>;
  /** Queues a hard link to `from` at `file`, a copy where links are not possible. */
  link(file: string, from: string, onError?: (failure: WriteFailure) => void, keep?: FileStamp): Promise<void>;
  /** Queues a copy of `from` at `file`. */
  copy(
    file: string,
    from: string,
    onError?: (failure: WriteFailure) => void,
    recycle?: boolean,
    keep?: FileStamp,
  ): Promise<void>;
  /**
   * Hands the thread a folder of files nobody needs any more (a replaced build; a missing folder: none), instead
   * of any given before: new files given `recycle` take their place, renamed and overwritten, instead of being
   * created. On ext4 without a journal, creating a file costs many times more in the minute after many were
   * deleted (docs/measurements.md), and every build used to delete the one it replaced.
   */
  useSpare(dir: string): void;
  /**
   * Hands the thread a build folder to bring up to date in place, instead of a spare: a file queued into it whose
   * `keep` stamp matches the one there is left as it is; any other is written over the old one when that one is
   * the folder's own (one link), else made under a name of its own and renamed over it (a new inode: the old one
   * is shared with the published build). `prune` then removes
   * what it holds that nothing was queued for. Appends go to a file written in this build only. What it holds is
   * what `check` (the one whose id is `check`) found, when it found each folder as listed; else it is walked.
   */
  update(dir: string, check?: number): void;
  /**
   * Looks at the build folder of `store` that the output manifest `manifest` describes, against what it held when
   * the build that made it ended (its folders' times, its files' stamps), while the build goes on: an `update` of it
   * may then take what it found instead of walking it. Resolves with what it found (see `SpareFound`), or none when
   * one of its folders changed since (something added, removed or renamed) or the manifest lists none. Only reads.
   */
  check(store: string, manifest: string): SpareCheck;
  /**
   * Starts the thread now if none runs, idle until work is queued (it does not keep the process alive): a caller
   * that will queue work soon (a build, which always writes) has it loaded by the time it first needs it.
   */
  start(): void;
  /**
   * Notes that a file of the folder given to `update` stays as it is (the caller found it holding the bytes it
   * wants): nothing is written, and `prune` leaves it.
   */
  keep(file: string): void;
  /**
   * Removes from the folder given to `update` every file nothing was queued for since, and emptied folders. Resolves
   * with the folders it holds then and their times, for the next update of it (none when they are not known).
   */
  prune(dir: string): Promise<FolderTimes | undefined>;
  /** Resolves when everything queued so far is on disk (or failed, which `onError` was told). */
  flush(): Promise<void>;
  /**
   * Flushes, then stops the thread (another starts if more is queued after): a writer made for one task ends with
   * it. Idle, a thread does not keep the process alive, but it lives on, and Node's pipe of its stdio into this
   * process's holds a listener on stdout and stderr: a process that made a writer per task would pile them.
   */
  close(): Promise<void>;
  /** What was written since the thread started: files, bytes, the thread's time, the time callers waited. */
  stats(): WriteStats;
}

/** A `check` queued: its id (for `update`) and what it will find. */
export interface SpareCheck {
  id: number;
  found: Promise<SpareFound | undefined>;
}

export interface WriteStats {
  files: number;
  /** Files that took the place of spare ones (see `useSpare`) instead of being created. */
  recycled: number;
  /** Files of a folder updated in place left as they were (see `update`), not counted in `files`. */
  kept: number;
  bytes: number;
  /** Time the thread spent creating folders and files. */
  busyMs: number;
  /** Time `write` and `flush` made their callers wait for the disk. */
  waitedMs: number;
}

/**
 * The thread's module: its bundled copy next to the CLI bundle (bin/cli-bundle.mjs makes both), or its source
 * when docs-it runs from its TypeScript sources.
 */
const threadModule = import.meta.url.endsWith('.ts')
  ? new URL('./write-thread-sources.mjs', import.meta.url)
  : new URL('./write-thread.mjs', import.meta.url);

/** Writes waiting beyond this make `write` wait: the disk sets the pace, not the memory. */
export const maxPendingBytes = 16 * 1024 * 1024;
// Files sent to the thread together: one message per file cost more than the write of a small one.
const batchFiles = 32;
const batchBytes = 1024 * 1024;
/** Files kept (`keep`) in one op at most: the thread takes them in while the build goes on. */
const keepsAtOnce = 4096;

export function createBackgroundWrites(): BackgroundWrites {
  let thread: Worker | undefined;
  let nextId = 1;
  let batch: WriteOp[] = [];
  let batchSize = 0;
  let pendingBytes = 0;
  let pendingOps = 0;
  let scheduled = false;
  const onErrors = new Map<number, (failure: WriteFailure) => void>();
  const onRevisions = new Map<number, (revision: string) => void>();
  /** What each `prune` and `check` queued waits for (see `WriteDone`). */
  const onPruned = new Map<number, (folders: FolderTimes | undefined) => void>();
  const onChecked = new Map<number, (found: SpareFound | undefined) => void>();
  let roomWaiters: (() => void)[] = [];
  let idleWaiters: (() => void)[] = [];
  const stats: WriteStats = { files: 0, recycled: 0, kept: 0, bytes: 0, busyMs: 0, waitedMs: 0 };
  // Since when someone waits (for room, for the end): time counted once, however many wait together.
  const since = { room: 0, idle: 0 };
  const waitFor = (which: 'room' | 'idle') => {
    const waiters = which === 'room' ? roomWaiters : idleWaiters;
    if (!waiters.length) since[which] = performance.now();
    return new Promise<void>((resolve) => waiters.push(resolve));
  };

  const start = (): Worker => {
    // No flags of this process: the thread needs none (its sources' module registers tsx itself).
    const worker = new Worker(threadModule, { execArgv: [] });
    worker.on('message', (done: WriteDone) => {
      pendingBytes -= done.bytes;
      pendingOps -= done.ids.length;
      stats.files += done.files;
      stats.recycled += done.recycled;
      stats.kept += done.kept;
      stats.bytes += done.bytes;
      stats.busyMs += done.ms;
      if (done.pruned) onPruned.get(done.pruned.id)?.(done.pruned.folders);
      if (done.checked) {
        const resolve = onChecked.get(done.checked.id);
        onChecked.delete(done.checked.id);
        resolve?.(done.checked.found);
      }
      for (const failure of done.failures) onErrors.get(failure.id)?.(failure);
      for (const [id, revision] of done.revisions ?? []) onRevisions.get(id)?.(revision);
      for (const id of done.ids) {
        onErrors.delete(id);
        onRevisions.delete(id);
        // A prune that found no folder being updated (or failed) has nothing to say.
        onPruned.get(id)?.(undefined);
        onPruned.delete(id);
      }
      if (pendingBytes < maxPendingBytes) wake('room');
      if (pendingOps === 0) {
        // A check under way (see `check`) holds the process until it answers: its caller waits for it.
        if (onChecked.size === 0) worker.unref();
        wake('idle');
      }
    });
    worker.on('error', (error) => fail(error));
    worker.on('exit', () => {
      if (thread === worker) thread = undefined;
      // A check it had not answered found nothing (a closed writer's: see `close`).
      for (const resolve of onChecked.values()) resolve(undefined);
      onChecked.clear();
      if (pendingOps > 0) fail(new Error('the file-writing thread stopped'));
    });
    // Idle, the thread must not keep the process alive: every build flushes before it reports. After the listeners:
    // a `message` listener added to a worker refs it again.
    worker.unref();
    return worker;
  };

  /** The thread died: everything it still had is reported failed, and the next write starts a new one. */
  const fail = (error: Error) => {
    thread = undefined;
    for (const handler of onErrors.values()) handler({ message: error.message });
    onErrors.clear();
    onRevisions.clear();
    for (const resolve of onPruned.values()) resolve(undefined);
    onPruned.clear();
    for (const resolve of onChecked.values()) resolve(undefined);
    onChecked.clear();
    pendingBytes = 0;
    pendingOps = 0;
    wake('room');
    wake('idle');
  };

  const wake = (which: 'room' | 'idle') => {
    const waiters = which === 'room' ? roomWaiters : idleWaiters;
    if (!waiters.length) return;
    if (which === 'room') roomWaiters = [];
    else idleWaiters = [];
    stats.waitedMs += performance.now() - since[which];
    for (const resolve of waiters) resolve();
  };

  /** Files to keep not yet in the batch: sent as one op (see `WriteOp.files`), before any op queued after them. */
  let keeps: string[] = [];
  const batchKeeps = () => {
    if (!keeps.length) return;
    const files = keeps;
    keeps = [];
    batch.push({ kind: 'keep', file: files[0]!, files, id: nextId++, dir: path.dirname(files[0]!) });
    pendingOps++;
  };

  const send = () => {
    scheduled = false;
    batchKeeps();
    if (!batch.length) return;
    thread ??= start();
    thread.ref();
    // Bytes their maker handed over go as they are (see handed-over); any other is copied by the clone.
    const transfer = new Set<ArrayBuffer>();
    for (const op of batch) {
      const buffer = transferOf(op.data);
      if (buffer) transfer.add(buffer);
    }
    thread.postMessage({ ops: batch, bytes: batchSize } satisfies WriteBatch, [...transfer]);
    batch = [];
    batchSize = 0;
  };

  const queue = (
    op: Omit<WriteOp, 'id' | 'dir'>,
    size: number,
    onError?: (failure: WriteFailure) => void,
    wait = true,
    onPrune?: (folders: FolderTimes | undefined) => void,
    onId?: (id: number) => void,
    onRevision?: (revision: string) => void,
  ): Promise<void> => {
    batchKeeps();
    const id = nextId++;
    if (onError) onErrors.set(id, onError);
    if (onRevision) onRevisions.set(id, onRevision);
    if (onPrune) onPruned.set(id, onPrune);
    onId?.(id);
    batch.push({ ...op, id, dir: path.dirname(op.file) });
    batchSize += size;
    pendingBytes += size;
    pendingOps++;
    if (batch.length >= batchFiles || batchSize >= batchBytes) send();
    else if (!scheduled) {
      // A last few files are sent once the build's thread pauses, if no full batch has sent them by then.
      scheduled = true;
      setImmediate(send);
    }
    if (!wait || pendingBytes < maxPendingBytes) return Promise.resolve();
    send();
    return waitFor('room');
  };

  return {
    write: (file, data, onError, recycle = false, keep, onRevision) =>
      queue(
        { kind: 'write', file, data, recycle, ...(keep ? { keep } : {}), ...(onRevision ? { revision: true } : {}) },
        typeof data === 'string' ? data.length : data.byteLength,
        onError,
        true,
        undefined,
        undefined,
        onRevision,
      ),
    append: (file, data, onError) =>
      queue({ kind: 'append', file, data }, typeof data === 'string' ? data.length : data.byteLength, onError),
    writeLater: (file, data) =>
      void queue(
        { kind: 'write', file, data },
        typeof data === 'string' ? data.length : data.byteLength,
        undefined,
        false,
      ),
    link: (file, from, onError, keep) => queue({ kind: 'link', file, from, ...(keep ? { keep } : {}) }, 0, onError),
    copy: (file, from, onError, recycle = false, keep) =>
      queue({ kind: 'copy', file, from, recycle, ...(keep ? { keep } : {}) }, 0, onError),
    useSpare: (dir) => void queue({ kind: 'spare', file: dir }, 0, undefined, false),
    update: (dir, check) =>
      void queue({ kind: 'update', file: dir, ...(check === undefined ? {} : { check }) }, 0, undefined, false),
    check(store, manifest) {
      let id = 0;
      const found = new Promise<SpareFound | undefined>((resolve) => {
        void queue({ kind: 'check', file: store, manifest }, 0, undefined, false, undefined, (opId) => {
          id = opId;
          onChecked.set(opId, resolve);
        });
      });
      // Sent at once (the thread started if need be), not once this thread pauses: a warm build's stages after it
      // may run without a pause until the output is opened, which then waits for the check.
      send();
      return { id, found };
    },
    start() {
      thread ??= start();
    },
    keep(file) {
      keeps.push(file);
      if (keeps.length >= keepsAtOnce) batchKeeps();
      if (!scheduled) {
        scheduled = true;
        setImmediate(send);
      }
    },
    prune(dir) {
      return new Promise((resolve) => void queue({ kind: 'prune', file: dir }, 0, undefined, false, resolve));
    },
    room() {
      if (pendingBytes < maxPendingBytes) return Promise.resolve();
      send();
      return waitFor('room');
    },
    flush() {
      send();
      if (pendingOps === 0) return Promise.resolve();
      return waitFor('idle');
    },
    async close() {
      send();
      if (pendingOps > 0) await waitFor('idle');
      const worker = thread;
      thread = undefined;
      await worker?.terminate();
    },
    stats: () => ({ ...stats }),
  };
}

let shared: BackgroundWrites | undefined;

/** The process's file-writing thread, started on first use (the build's output and its cache share it). */
export function backgroundWrites(): BackgroundWrites {
  shared ??= createBackgroundWrites();
  return shared;
}
