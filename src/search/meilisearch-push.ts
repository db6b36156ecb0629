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
  const client = new MeiliSearch({ host: options.host, apiKey: options.apiKey, clientAgents: ['docs-it'] });
  const done = async (enqueued: EnqueuedTask | Promise<EnqueuedTask>): Promise<Task> => {
    const { taskUid } = await enqueued;
    const task = await client.waitForTask(taskUid, wait);
    if (task.status !== 'succeeded') throw new MeilisearchTaskError(task);
    return task;
  };
  const temporary = temporaryIndexOf(indexUid);

  log(`Meilisearch ${client.httpRequest.url.href}: indice temporaneo ${temporary}`);
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
    log(`scambiato ${temporary} con ${indexUid}`);
    await done(client.deleteIndex(temporary));
    return { indexUid, documents: records.length, batches, ms: performance.now() - start };
  } catch (error) {
    // Best effort: the live index never saw these documents; only the temporary one goes.
    await client.deleteIndex(temporary).catch(() => undefined);
    throw error;
  }
}

async function indexExists(client: MeiliSearch, uid: string): Promise<boolean> {
  try {
    await client.getRawIndex(uid);
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
