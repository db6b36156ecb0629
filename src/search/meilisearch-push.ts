import {
  type EnqueuedTask,
  MeiliSearch,
  MeiliSearchApiError,
  MeiliSearchCommunicationError,
  MeiliSearchError,
  MeiliSearchTimeOutError,
  type Settings,
  type Task,
} from 'meilisearch';
import type { SearchRecord } from './records';

/** How the index searches: hierarchy before body text, filters on language and version, one hit per page. */
export const indexSettings: Settings = {
  searchableAttributes: [
    'hierarchy_lvl0',
    'hierarchy_lvl1',
    'hierarchy_lvl2',
    'hierarchy_lvl3',
    'hierarchy_lvl4',
    'hierarchy_lvl5',
    'hierarchy_lvl6',
    'content',
  ],
  displayedAttributes: ['*'],
  filterableAttributes: ['lang', 'version'],
  distinctAttribute: 'url',
  // The built-in rules first; the record rank (titles over body text) breaks the remaining ties.
  rankingRules: ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness', 'rank:desc'],
};

export interface PushOptions {
  host: string;
  /** A key allowed to create, update, swap and delete indexes (not the public search key). */
  apiKey?: string;
  indexUid: string;
  records: SearchRecord[];
  /** Receives one line per step. */
  log(line: string): void;
  /** Documents per upload (default 1000, the client's). */
  batchSize?: number;
  /** Waiting for each task (defaults 5000 ms and 50 ms, the client's). */
  timeOutMs?: number;
  intervalMs?: number;
  /** Longest wait for the answer to one HTTP request (default 10000 ms): a server that never answers fails. */
  requestTimeoutMs?: number;
}

export interface PushSummary {
  indexUid: string;
  documents: number;
  batches: number;
  ms: number;
}

/** A task that Meilisearch finished as `failed` (or `canceled`): its error, as the API reports it. */
export class MeilisearchTaskError extends Error {
  readonly code: string;
  readonly type: string;
  readonly link: string;
  constructor(readonly task: Task) {
    const error = task.error ?? {
      message: `task ${task.uid} ended as ${task.status}`,
      code: task.status,
      type: 'task',
      link: '',
    };
    super(error.message);
    this.name = 'MeilisearchTaskError';
    this.code = error.code;
    this.type = error.type;
    this.link = error.link;
  }
}

/** The server answered, but not as Meilisearch does (another service on that port, a proxy's error page…). */
export class NotMeilisearchError extends Error {
  constructor(host: string, what: string) {
    super(`the server at ${host} did not answer as Meilisearch does (${what})`);
    this.name = 'NotMeilisearchError';
  }
}

/**
 * A failure after the swap: the live index already holds the new documents, and the temporary index the old
 * ones. Saying "not modified" here would be false.
 */
export class AfterSwapError extends Error {
  constructor(
    readonly indexUid: string,
    readonly temporary: string,
    override readonly cause: unknown,
  ) {
    super(
      `the index ${indexUid} now holds the new documents, but the old ones could not be deleted: ` +
        `they remain in ${temporary}`,
    );
    this.name = 'AfterSwapError';
  }
}

/** Name of the index that is filled before it replaces the live one. */
export const temporaryIndexOf = (indexUid: string) => `${indexUid}_docs_it_tmp`;

/**
 * Pushes the records into a fresh temporary index (settings, then batches), swaps it with the live index
 * and deletes the old contents: readers see the old index until the new one is complete. On any failure
 * the live index is untouched and the temporary one is removed.
 */
export async function pushToMeilisearch(options: PushOptions): Promise<PushSummary> {
  const start = performance.now();
  const { indexUid, records, log } = options;
  const batchSize = options.batchSize ?? 1000;
  const wait = { timeOutMs: options.timeOutMs ?? 5000, intervalMs: options.intervalMs ?? 50 };
  const requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
  const client = new MeiliSearch({
    host: options.host,
    apiKey: options.apiKey,
    clientAgents: ['docs-it'],
    // The client (0.35) has no request timeout, but copies this object into every fetch: the getter gives
    // each request a fresh signal of its own.
    requestConfig: {
      get signal() {
        return AbortSignal.timeout(requestTimeoutMs);
      },
    },
  });
  const host = client.httpRequest.url.href;
  const done = async (enqueued: EnqueuedTask | Promise<EnqueuedTask>): Promise<Task> => {
    const answer: Partial<EnqueuedTask> | undefined = await enqueued;
    if (typeof answer?.taskUid !== 'number') throw new NotMeilisearchError(host, 'no task in its answer');
    const task: Partial<Task> | undefined = await client.waitForTask(answer.taskUid, wait);
    if (typeof task?.status !== 'string') throw new NotMeilisearchError(host, 'a task without a status');
    if (task.status !== 'succeeded') throw new MeilisearchTaskError(task as Task);
    return task as Task;
  };
  const temporary = temporaryIndexOf(indexUid);

  log(`Meilisearch ${host}: indice temporaneo ${temporary}`);
  // A run that was interrupted may have left one behind.
  if (await indexExists(client, temporary)) await done(client.deleteIndex(temporary));
  try {
    await done(client.createIndex(temporary, { primaryKey: 'id' }));
    await done(client.index(temporary).updateSettings(indexSettings));
    log('impostazioni applicate');
    const batches = Math.ceil(records.length / batchSize);
    for (let i = 0; i < batches; i++) {
      const batch = records.slice(i * batchSize, (i + 1) * batchSize);
      await done(client.index(temporary).addDocuments(batch, { primaryKey: 'id' }));
      log(`lotto ${i + 1}/${batches}: ${Math.min((i + 1) * batchSize, records.length)}/${records.length} documenti`);
    }
    if (!(await indexExists(client, indexUid))) {
      await done(client.createIndex(indexUid, { primaryKey: 'id' }));
      log(`creato l'indice ${indexUid}`);
    }
    await done(client.swapIndexes([{ indexes: [indexUid, temporary] }]));
  } catch (error) {
    // The live index never saw these documents: only the temporary one goes (best effort, named if it stays).
    const removed = await client.deleteIndex(temporary).then(
      () => true,
      () => false,
    );
    if (!removed)
      log(`l'indice temporaneo ${temporary} potrebbe essere rimasto: eliminalo (DELETE /indexes/${temporary})`);
    throw error;
  }
  log(`scambiato ${temporary} con ${indexUid}`);
  try {
    await done(client.deleteIndex(temporary));
  } catch (error) {
    throw new AfterSwapError(indexUid, temporary, error);
  }
  return {
    indexUid,
    documents: records.length,
    batches: Math.ceil(records.length / batchSize),
    ms: performance.now() - start,
  };
}

async function indexExists(client: MeiliSearch, uid: string): Promise<boolean> {
  try {
    const index: { uid?: unknown } | undefined = await client.getRawIndex(uid);
    if (typeof index?.uid !== 'string') throw new NotMeilisearchError(client.httpRequest.url.href, `no index ${uid}`);
    return true;
  } catch (error) {
    if (error instanceof MeiliSearchApiError && error.code === 'index_not_found') return false;
    throw error;
  }
}

/** What to print for an error of the push: a headline and the details Meilisearch gave. */
export function describeMeilisearchError(error: unknown): { message: string; details: string[] } {
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
  if (error instanceof AfterSwapError) {
    const cause = describeMeilisearchError(error.cause);
    return {
      message: `Meilisearch: ${error.message}`,
      details: [cause.message, ...cause.details, `Elimina ${error.temporary} quando il server risponde di nuovo.`],
    };
  }
  if (error instanceof NotMeilisearchError) {
    return { message: `Meilisearch: ${error.message}`, details: ['Controlla --host: è un server Meilisearch?'] };
  }
  if (
    error instanceof MeiliSearchCommunicationError &&
    /timeout|aborted/i.test(`${error.message} ${error.code ?? ''}`)
  ) {
    return {
      message: 'Meilisearch: il server non ha risposto in tempo',
      details: ['Controlla che il server sia attivo; --timeout allunga l’attesa di ogni richiesta.'],
    };
  }
  if (error instanceof MeiliSearchCommunicationError) {
    // Client 0.35 keeps the status text (as the message) and the system error code, not always the number.
    const status = [error.statusCode, error.message].filter((part) => part !== undefined && part !== '').join(' ');
    return {
      message: 'Meilisearch: errore di comunicazione con il server',
      details: [
        `status: ${status}`,
        ...(error.code ? [`code: ${error.code}`] : []),
        'Controlla --host e che il server sia raggiungibile.',
      ],
    };
  }
  if (error instanceof MeiliSearchTimeOutError) return { message: `Meilisearch: ${error.message}`, details: [] };
  if (error instanceof MeiliSearchError) return { message: error.message, details: [] };
  return { message: error instanceof Error ? error.message : String(error), details: [] };
}
