/*
 * One `docs-it index` run at a time per index. Meilisearch has no locks, but it creates indexes one task at a
 * time and stamps each with its creation time: every run creates a temporary index of its own
 * (`<uid>_docs_it_tmp_<run>`), then lists the others. The run whose index was created first goes on; a
 * later one deletes its own and waits for the earlier ones to finish (or refuses once `waitMs` is over).
 * Two runs can never both go on: the later one's index did not exist when the earlier one listed, so it
 * was created after, and it sees the earlier one when it lists.
 *
 * A run that died leaves its temporary index behind with no task for a while: after `staleMs` without
 * activity (by the server's clock), the next run deletes it. A run merely judged dead by mistake cannot
 * swap a wrong index live: the push checks, right before the swap, that its temporary index is still the
 * one it created and holds every document.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { type IndexInfo, isPending, type MeilisearchApi } from './meilisearch-api';

/** Names of the temporary indexes of one live index: `<uid>_docs_it_tmp_<run>` (and the older `<uid>_docs_it_tmp`). */
export const temporaryPrefixOf = (indexUid: string) => `${indexUid}_docs_it_tmp`;
export const isTemporaryOf = (indexUid: string, uid: string) =>
  uid === temporaryPrefixOf(indexUid) || uid.startsWith(`${temporaryPrefixOf(indexUid)}_`);

/** Another run's temporary index, and when the server last saw work on it. */
export interface TemporaryIndex extends IndexInfo {
  /** RFC 3339, server clock: the newest task's enqueuing (pending) or end, else the index's update. */
  lastActivity: string;
  alive: boolean;
}

/** The later run's answer when an earlier one kept the index for longer than it would wait. */
export class IndexBusyError extends Error {
  constructor(
    readonly indexUid: string,
    readonly holder: TemporaryIndex,
    readonly waitedMs: number,
  ) {
    super(
      `another docs-it index run is filling ${indexUid} through ${holder.uid} ` +
        `(created ${holder.createdAt}, last activity ${holder.lastActivity})`,
    );
    this.name = 'IndexBusyError';
  }
}

export interface TakeOptions {
  api: MeilisearchApi;
  indexUid: string;
  /** Unique to this run: names its temporary index. */
  runId: string;
  /** How long to wait for earlier runs before refusing (0: refuse at once). */
  waitMs: number;
  /** Time between two looks at the earlier runs while waiting. */
  pollMs: number;
  /** A temporary index without activity for this long belongs to a run that died. */
  staleMs: number;
  log(line: string): void;
}

/** Orders two indexes by creation, at the full precision of the server's times; the uid breaks a tie. */
export function createdBefore(a: IndexInfo, b: IndexInfo): boolean {
  const ka = instantKey(a.createdAt);
  const kb = instantKey(b.createdAt);
  return ka === kb ? a.uid < b.uid : ka < kb;
}

/** `2024-01-02T03:04:05.123456789Z` as a string that sorts by time (Meilisearch writes UTC, up to nanoseconds). */
function instantKey(time: string): string {
  const m = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?Z$/.exec(time);
  if (m) return `${m[1]}.${(m[2] ?? '').padEnd(9, '0')}`;
  const ms = Date.parse(time);
  return Number.isNaN(ms)
    ? time
    : `${new Date(ms).toISOString().slice(0, 19)}.${String(ms % 1000).padStart(3, '0')}000000`;
}

/** Is another run's temporary index in use, as of `serverNow` (ms, server clock; unknown: pending tasks only)? */
async function inspect(api: MeilisearchApi, index: IndexInfo, serverNow: number | undefined, staleMs: number) {
  const task = await api.newestTask(index.uid);
  const pending = task !== undefined && isPending(task);
  const lastActivity = (pending ? task.enqueuedAt : task?.finishedAt) ?? index.updatedAt;
  const alive = pending || (serverNow !== undefined && serverNow - Date.parse(lastActivity) < staleMs);
  return { ...index, lastActivity, alive } satisfies TemporaryIndex;
}

/**
 * Creates this run's temporary index and returns it once no earlier run holds one; removes the ones left by
 * runs that died. Throws IndexBusyError when earlier runs are still at work after `waitMs`.
 */
export async function takeTemporaryIndex(options: TakeOptions): Promise<IndexInfo> {
  const { api, indexUid, log } = options;
  const started = performance.now();
  /** The server's time at a local instant, once a task of this run has told it (the clocks may differ). */
  let clock: { server: number; local: number } | undefined;
  const serverNow = () => (clock ? clock.server + (performance.now() - clock.local) : undefined);
  let waitingFor: string | undefined;
  const waitFor = async (holder: TemporaryIndex) => {
    const waited = performance.now() - started;
    if (waited >= options.waitMs) throw new IndexBusyError(indexUid, holder, options.waitMs);
    if (waitingFor !== holder.uid)
      log(
        `waiting: another docs-it index run is filling ${indexUid} through ${holder.uid} ` +
          `(created ${holder.createdAt}, last activity ${holder.lastActivity})`,
      );
    waitingFor = holder.uid;
    await sleep(Math.min(options.pollMs, options.waitMs - waited));
  };
  const temporaries = async () => (await api.indexes()).filter((index) => isTemporaryOf(indexUid, index.uid));

  for (let attempt = 1; ; attempt++) {
    // A look that enqueues nothing first: a task of this run would wait behind the other run's in the queue.
    let busy: TemporaryIndex | undefined;
    for (const other of await temporaries()) {
      const state = await inspect(api, other, serverNow(), options.staleMs);
      if (state.alive && (busy === undefined || createdBefore(state, busy))) busy = state;
    }
    if (busy) {
      await waitFor(busy);
      continue;
    }

    const uid = `${temporaryPrefixOf(indexUid)}_${options.runId}${attempt > 1 ? `_${attempt}` : ''}`;
    const created = await api.createIndex(uid);
    clock = { server: new Date(created.finishedAt).getTime(), local: performance.now() };
    const mine = await api.index(uid);
    if (!mine) throw new Error(`the temporary index ${uid} disappeared right after it was created`);
    let blocker: TemporaryIndex | undefined;
    for (const other of await temporaries()) {
      if (other.uid === uid) continue;
      const state = await inspect(api, other, serverNow(), options.staleMs);
      if (!state.alive) {
        if (await api.deleteIndex(other.uid))
          log(`removed ${other.uid}, left by a run that stopped (last activity ${state.lastActivity})`);
      } else if (createdBefore(other, mine) && (blocker === undefined || createdBefore(other, blocker)))
        blocker = state;
    }
    if (!blocker) return mine;
    await api.deleteIndex(uid);
    await waitFor(blocker);
  }
}
