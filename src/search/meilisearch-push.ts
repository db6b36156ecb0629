import { randomBytes } from 'node:crypto';
import {
  MeiliSearchApiError,
  MeiliSearchCommunicationError,
  MeiliSearchError,
  MeiliSearchTimeOutError,
  type Settings,
} from 'meilisearch';
import { minWordSizeForTypos } from '../shared/search/typo-tolerance';
import { IndexBusyError, takeTemporaryIndex } from './index-lock';
import { type IndexInfo, MeilisearchApi, MeilisearchTaskError } from './meilisearch-api';
import { NotMeilisearchError, RequestTimeoutError, requestTimeoutCode } from './meilisearch-http';
import type { SearchRecord } from './records';
import type { SearchWords } from './search-words';

export { IndexBusyError } from './index-lock';
export { MeilisearchTaskError } from './meilisearch-api';
export { NotMeilisearchError } from './meilisearch-http';

/**
 * How the index searches, mirroring the local search: attributes in the order of the local field weights
 * (title and keywords, headings, description and text, category last), the built-in ranking rules with the
 * record rank (docs over blog posts, titles over headings over text) breaking the last ties, the site's stop
 * words and synonyms, typos counted from the same word lengths; filters on language and version, one hit per page.
 */
export function indexSettingsOf(words: SearchWords): Settings {
  return {
    searchableAttributes: [
      'hierarchy_lvl1',
      'keywords',
      'hierarchy_lvl2',
      'hierarchy_lvl3',
      'hierarchy_lvl4',
      'hierarchy_lvl5',
      'hierarchy_lvl6',
      'description',
      'content',
      'hierarchy_lvl0',
    ],
    displayedAttributes: ['*'],
    filterableAttributes: ['lang', 'version'],
    distinctAttribute: 'url',
    rankingRules: ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness', 'rank:desc'],
    stopWords: words.stopWords,
    synonyms: synonymsOf(words.synonyms),
    typoTolerance: { enabled: true, minWordSizeForTypos: { ...minWordSizeForTypos } },
  };
}

/** Meilisearch's form of the synonym groups: each word with the words it also finds. */
function synonymsOf(groups: string[][]): Record<string, string[]> {
  const synonyms: Record<string, string[]> = {};
  for (const group of groups)
    for (const word of group) {
      const others = group.filter((other) => other !== word);
      synonyms[word] = [...new Set([...(synonyms[word] ?? []), ...others])];
    }
  return synonyms;
}

export interface PushOptions {
  host: string;
  /** A key allowed to create, update, swap and delete indexes (not the public search key). */
  apiKey?: string;
  indexUid: string;
  records: SearchRecord[];
  /** The site's search words (stop words, synonyms): part of the settings pushed. */
  words: SearchWords;
  /** Receives one line per step. */
  log(line: string): void;
  /** Documents per upload (default 1000, the client's). */
  batchSize?: number;
  /** Waiting for each task (defaults 5000 ms and 50 ms, the client's). */
  timeOutMs?: number;
  intervalMs?: number;
  /** Longest wait for the answer to one HTTP request (default 10000 ms): a server that never answers fails. */
  requestTimeoutMs?: number;
  /** How long to wait for another run that is filling the same index (default 300000 ms; 0 refuses at once). */
  lockWaitMs?: number;
  /** Time between two looks at that other run (default 1000 ms). */
  lockPollMs?: number;
  /** A temporary index without activity for this long was left by a run that died (default 60 s at least). */
  staleMs?: number;
  /** Names this run's temporary index (default: random). */
  runId?: string;
}

export interface PushSummary {
  indexUid: string;
  documents: number;
  batches: number;
  ms: number;
}

/** What the live index serves, read when a run ends: a number of documents, no index, or unknown (why). */
export type LiveState = { documents: number } | { missing: true } | { unknown: string };

/**
 * How a failed run left the live index:
 * - `untouched`: this run changed nothing that readers see (the failure came before the swap, or the swap
 *   failed); `createdLive` when the live index did not exist and this run created it, empty, before the swap;
 * - `busy`: another run is filling the index, this run did not touch it;
 * - `swap-pending`: the swap was enqueued but had not finished when this run stopped waiting for it;
 * - `swap-unknown`: the swap request got no answer, it may or may not have been enqueued;
 * - `after-swap`: the swap happened, the new documents are live; deleting the old ones failed.
 */
export type FailureStage = 'untouched' | 'busy' | 'swap-pending' | 'swap-unknown' | 'after-swap';

/** A failed run: the error, how far it went, and what the live index serves now. */
export class PushFailure extends Error {
  constructor(
    override readonly cause: unknown,
    readonly stage: FailureStage,
    readonly facts: {
      indexUid: string;
      /** This run's temporary index, when it had one. */
      temporary?: string;
      /** Documents this run pushed. */
      documents: number;
      live: LiveState;
      createdLive?: boolean;
      swapTask?: number;
      /** The deletion of the temporary index queued behind a pending swap (undefined: it could not be queued). */
      deletionTask?: number;
    },
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'PushFailure';
  }
}

/** The temporary index is not what this run made: someone else deleted it or wrote to it. */
export class TemporaryIndexChangedError extends Error {
  constructor(temporary: string, what: string) {
    super(`the temporary index ${temporary} changed under this run: ${what}`);
    this.name = 'TemporaryIndexChangedError';
  }
}

/**
 * Pushes the records into a fresh temporary index of this run (settings, then batches), checks it is whole,
 * swaps it with the live index and deletes the old contents: readers see the old index until the new one is
 * complete. Another run filling the same index is waited for (see index-lock.ts). Every failure is a
 * PushFailure saying what the live index serves now.
 */
export async function pushToMeilisearch(options: PushOptions): Promise<PushSummary> {
  const start = performance.now();
  const { indexUid, records, log } = options;
  const batchSize = options.batchSize ?? 1000;
  const requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
  const api = new MeilisearchApi({
    host: options.host,
    apiKey: options.apiKey,
    requestTimeoutMs,
    wait: { timeOutMs: options.timeOutMs ?? 5000, intervalMs: options.intervalMs ?? 50 },
  });
  const expected = new Set(records.map((record) => record.id)).size;
  const facts = { indexUid, documents: records.length };
  const fail = async (stage: FailureStage, cause: unknown, more: Partial<PushFailure['facts']> = {}) =>
    new PushFailure(cause, stage, { ...facts, ...more, live: await liveStateOf(api, indexUid) });

  log(`Meilisearch ${api.host}`);
  let temporary: IndexInfo;
  try {
    temporary = await takeTemporaryIndex({
      api,
      indexUid,
      runId: options.runId ?? randomBytes(6).toString('hex'),
      waitMs: options.lockWaitMs ?? 300_000,
      pollMs: options.lockPollMs ?? 1000,
      staleMs: options.staleMs ?? Math.max(60_000, 3 * requestTimeoutMs),
      log,
    });
  } catch (error) {
    throw await fail(error instanceof IndexBusyError ? 'busy' : 'untouched', error);
  }
  const tmp = temporary.uid;
  log(`temporary index ${tmp}`);
  /** Deletes the temporary index, which never was live (best effort: named if it stays). */
  const dropTemporary = async () => {
    const removed = await api.deleteIndex(tmp).then(
      () => true,
      () => false,
    );
    if (!removed) log(`the temporary index ${tmp} may have stayed: delete it (DELETE /indexes/${tmp})`);
  };

  let createdLive = false;
  try {
    await api.updateSettings(tmp, indexSettingsOf(options.words));
    log('settings applied');
    const batches = Math.ceil(records.length / batchSize);
    for (let i = 0; i < batches; i++) {
      await api.addDocuments(tmp, records.slice(i * batchSize, (i + 1) * batchSize));
      log(`batch ${i + 1}/${batches}: ${Math.min((i + 1) * batchSize, records.length)}/${records.length} documents`);
    }
    // Meilisearch creates a missing index when documents are added to it: a temporary index deleted while
    // this run filled it would come back with only the later batches. Only the whole one goes live.
    const now = await api.index(tmp);
    if (now?.createdAt !== temporary.createdAt)
      throw new TemporaryIndexChangedError(tmp, now ? 'it was deleted and created again' : 'it was deleted');
    const count = await api.documentCount(tmp);
    if (count !== expected)
      throw new TemporaryIndexChangedError(tmp, `it holds ${count} documents instead of ${expected}`);
    if (!(await api.index(indexUid))) {
      createdLive = await api.createIndex(indexUid).then(
        () => true,
        (error: unknown) => {
          if (error instanceof MeilisearchTaskError && error.code === 'index_already_exists') return false;
          throw error;
        },
      );
      if (createdLive) log(`created the index ${indexUid}`);
    }
  } catch (error) {
    await dropTemporary();
    throw await fail('untouched', error, { temporary: tmp, createdLive });
  }

  let swapTask: number;
  try {
    swapTask = await api.enqueue((client) => client.swapIndexes([{ indexes: [indexUid, tmp] }]));
  } catch (error) {
    if (error instanceof MeiliSearchApiError) {
      // Refused with an answer: nothing was enqueued.
      await dropTemporary();
      throw await fail('untouched', error, { temporary: tmp, createdLive });
    }
    // No answer: the swap may be in the queue. A deletion queued now runs after it either way.
    const deletionTask = await queueDeletion(api, tmp);
    throw await fail('swap-unknown', error, { temporary: tmp, deletionTask });
  }
  let swap: Awaited<ReturnType<MeilisearchApi['finished']>>;
  try {
    swap = await api.finished(swapTask);
  } catch (error) {
    // Still enqueued or processing. Deleting the temporary index behind it is right whatever its outcome: the
    // old documents once it succeeds, documents that never went live if it fails.
    const deletionTask = await queueDeletion(api, tmp);
    throw await fail('swap-pending', error, { temporary: tmp, swapTask, deletionTask });
  }
  if (swap.status !== 'succeeded') {
    await dropTemporary();
    throw await fail('untouched', new MeilisearchTaskError(swap), { temporary: tmp, createdLive, swapTask });
  }
  log(`swapped ${tmp} with ${indexUid}`);
  try {
    await api.deleteIndex(tmp);
  } catch (error) {
    throw await fail('after-swap', error, { temporary: tmp, swapTask });
  }
  return {
    indexUid,
    documents: records.length,
    batches: Math.ceil(records.length / batchSize),
    ms: performance.now() - start,
  };
}

/** Enqueues the deletion of an index without waiting; undefined when even that fails. */
async function queueDeletion(api: MeilisearchApi, uid: string): Promise<number | undefined> {
  return api.enqueue((client) => client.deleteIndex(uid)).catch(() => undefined);
}

/** What the live index serves now, read from the server (never throws). */
async function liveStateOf(api: MeilisearchApi, uid: string): Promise<LiveState> {
  try {
    const documents = await api.documentCount(uid);
    return documents === undefined ? { missing: true } : { documents };
  } catch (error) {
    return { unknown: describeMeilisearchError(error).message.replace(/^Meilisearch: /, '') };
  }
}

const documentsText = (n: number) => `${n} ${n === 1 ? 'document' : 'documents'}`;

/** One sentence: what `uid` serves now, from the state read at the end of the run. */
function servesNow(uid: string, live: LiveState): string {
  if ('documents' in live) return `${uid} serves ${documentsText(live.documents)} now`;
  if ('missing' in live) return `${uid} does not exist now`;
  return `what ${uid} serves now could not be read (${live.unknown})`;
}

/** The lines that say what a failed run left live, and what to do. */
export function describeOutcome(failure: PushFailure): string[] {
  const { indexUid: uid, temporary, live, documents } = failure.facts;
  switch (failure.stage) {
    case 'untouched':
      if (failure.facts.createdLive)
        return [`${uid} did not exist: this run created it, empty, before failing; ${servesNow(uid, live)}.`];
      return [`This run did not change ${uid}: ${servesNow(uid, live)}.`];
    case 'busy': {
      const busy = failure.cause as IndexBusyError;
      return [
        `This run did not change ${uid}: ${servesNow(uid, live)}.`,
        `Run it again once the other run has finished (--wait <ms> waits longer than ${busy.waitedMs} ms). ` +
          `A temporary index left by a run that died is removed by the next run once it has had no activity ` +
          `for a minute; or delete it: DELETE /indexes/${busy.holder.uid}.`,
      ];
    }
    case 'swap-pending': {
      const { swapTask, deletionTask } = failure.facts;
      return [
        `The swap of ${temporary} into ${uid} (task ${swapTask}) had not finished when this run stopped ` +
          `waiting: ${servesNow(uid, live)}; once the task succeeds, ${uid} serves the ${documentsText(documents)} ` +
          `of this run, and if it fails, its previous ones.`,
        deletionTask === undefined
          ? `Delete ${temporary} once the swap has finished (it will hold the previous documents).`
          : `The deletion of ${temporary} is queued after it (task ${deletionTask}).`,
        `Follow it with GET /tasks/${swapTask}.`,
      ];
    }
    case 'swap-unknown': {
      const { deletionTask } = failure.facts;
      return [
        `The swap request of ${temporary} into ${uid} got no answer: it may have been enqueued. ` +
          `${servesNow(uid, live)}: its previous documents, or the ${documentsText(documents)} of this run ` +
          'once that swap has run.',
        deletionTask === undefined
          ? `Look for it with GET /tasks?types=indexSwap, then delete ${temporary}.`
          : `Look for it with GET /tasks?types=indexSwap; the deletion of ${temporary} is queued after it ` +
            `(task ${deletionTask}).`,
      ];
    }
    case 'after-swap':
      return [
        `${uid} serves the ${documentsText(documents)} of this run, but the old ones could not be deleted: ` +
          `they remain in ${temporary}.`,
        `Delete ${temporary} when the server answers again (DELETE /indexes/${temporary}); ${servesNow(uid, live)}.`,
      ];
  }
}

/** What to print for an error of the push: a headline and the details Meilisearch gave. */
export function describeMeilisearchError(error: unknown): { message: string; details: string[] } {
  if (error instanceof PushFailure) return describeMeilisearchError(error.cause);
  if (error instanceof MeiliSearchApiError || error instanceof MeilisearchTaskError) {
    const status =
      error instanceof MeilisearchTaskError
        ? [`task: ${error.task.uid} (${error.task.type}, ${error.task.status})`]
        : [`HTTP status: ${error.httpStatus}`];
    return {
      message: `Meilisearch: ${error.message}`,
      details: [`code: ${error.code}`, `type: ${error.type}`, `link: ${error.link}`, ...status],
    };
  }
  if (error instanceof IndexBusyError) return { message: `Meilisearch: ${error.message}`, details: [] };
  if (error instanceof TemporaryIndexChangedError)
    return {
      message: `Meilisearch: ${error.message}`,
      details: ['Another process deleted or wrote to it while this run filled it: run docs-it index again.'],
    };
  if (error instanceof NotMeilisearchError) {
    return {
      message: `Meilisearch: ${error.message}`,
      details: [
        'Check --host: is it a Meilisearch server, and is nothing (a proxy, another service) answering in its place?',
      ],
    };
  }
  if (
    error instanceof RequestTimeoutError ||
    (error instanceof MeiliSearchCommunicationError && error.code === requestTimeoutCode)
  ) {
    return {
      message: `Meilisearch: the server did not answer in time (${error.message})`,
      details: ['Check that the server is running; --timeout lengthens the wait for each answer.'],
    };
  }
  if (error instanceof MeiliSearchCommunicationError) {
    // Client 0.35 keeps the status text (as the message) and the system error code, not always the number.
    const status = [error.statusCode, error.message].filter((part) => part !== undefined && part !== '').join(' ');
    return {
      message: 'Meilisearch: cannot communicate with the server',
      details: [
        `status: ${status}`,
        ...(error.code ? [`code: ${error.code}`] : []),
        'Check --host and that the server can be reached.',
      ],
    };
  }
  if (error instanceof MeiliSearchTimeOutError)
    return {
      message: `Meilisearch: ${error.message}`,
      details: ['The server is still working on it: its task queue may be long (GET /tasks).'],
    };
  if (error instanceof MeiliSearchError) return { message: error.message, details: [] };
  return { message: error instanceof Error ? error.message : String(error), details: [] };
}
