/*
 * The Meilisearch calls `docs-it index` makes, through the `meilisearch` client, each answer checked for the
 * shape Meilisearch documents: a server that answers something else is named as such, never read as
 * `undefined`.
 */
import { type EnqueuedTask, MeiliSearch, MeiliSearchApiError, type Settings, type Task } from 'meilisearch';
import { NotMeilisearchError, strictHttpClient, unwrapClientError } from './meilisearch-http';

/** An index as `GET /indexes/{uid}` describes it (times in RFC 3339, as the server wrote them). */
export interface IndexInfo {
  uid: string;
  createdAt: string;
  updatedAt: string;
}

/** A task as `GET /tasks` lists it. */
export interface TaskInfo {
  uid: number;
  status: 'enqueued' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  type: string;
  enqueuedAt: string;
  finishedAt: string | null;
}

const taskStatuses = new Set(['enqueued', 'processing', 'succeeded', 'failed', 'canceled']);
export const isPending = (task: Pick<TaskInfo, 'status'>) => task.status === 'enqueued' || task.status === 'processing';

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

export interface ApiOptions {
  host: string;
  apiKey?: string;
  /** Longest wait for one answer, in ms. */
  requestTimeoutMs: number;
  /** Waiting for each task. */
  wait: { timeOutMs: number; intervalMs: number };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The calls of `docs-it index`, each answer checked. */
export class MeilisearchApi {
  readonly client: MeiliSearch;
  /** The host as the client resolved it (scheme and trailing slash added). */
  readonly host: string;
  readonly wait: ApiOptions['wait'];

  constructor(options: ApiOptions) {
    // The client validates the host (and throws "The provided host is not valid.") before any request.
    const probe = new MeiliSearch({ host: options.host });
    this.host = probe.httpRequest.url.href;
    this.wait = options.wait;
    this.client = new MeiliSearch({
      host: options.host,
      apiKey: options.apiKey,
      clientAgents: ['docs-it'],
      httpClient: strictHttpClient({ host: this.host, timeoutMs: options.requestTimeoutMs }),
    });
  }

  private notMeilisearch(what: string): NotMeilisearchError {
    return new NotMeilisearchError(this.host, what);
  }

  /** Runs one client call; this layer's errors come back out of the client's wrapper. */
  async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw unwrapClientError(error, this.host);
    }
  }

  /** Sends a request that enqueues a task; resolves to the task's uid. */
  async enqueue(run: (client: MeiliSearch) => Promise<EnqueuedTask>): Promise<number> {
    const answer: unknown = await this.call(() => run(this.client));
    if (!isObject(answer) || typeof answer.taskUid !== 'number')
      throw this.notMeilisearch('an answer without the task it enqueued (no taskUid)');
    return answer.taskUid;
  }

  /** Waits for a task to finish (or throws the client's timeout error); any finished status. */
  async finished(taskUid: number, wait = this.wait): Promise<Task> {
    const task: unknown = await this.call(() => this.client.waitForTask(taskUid, wait));
    if (!isObject(task) || typeof task.status !== 'string' || !taskStatuses.has(task.status))
      throw this.notMeilisearch(`task ${taskUid} without a known status`);
    return task as unknown as Task;
  }

  /** Enqueues, waits, and throws the task's own error unless it succeeded. */
  async done(run: (client: MeiliSearch) => Promise<EnqueuedTask>): Promise<Task> {
    const task = await this.finished(await this.enqueue(run));
    if (task.status !== 'succeeded') throw new MeilisearchTaskError(task);
    return task;
  }

  /** `GET /indexes/{uid}`, or undefined when there is no such index. */
  async index(uid: string): Promise<IndexInfo | undefined> {
    try {
      const answer: unknown = await this.call(() => this.client.httpRequest.get(`indexes/${uid}`));
      return this.checkIndex(answer);
    } catch (error) {
      if (error instanceof MeiliSearchApiError && error.code === 'index_not_found') return undefined;
      throw error;
    }
  }

  private checkIndex(answer: unknown): IndexInfo {
    if (!isObject(answer) || typeof answer.uid !== 'string' || typeof answer.createdAt !== 'string')
      throw this.notMeilisearch('an index without uid or createdAt');
    return { uid: answer.uid, createdAt: answer.createdAt, updatedAt: String(answer.updatedAt ?? answer.createdAt) };
  }

  /** Every index of the server (`GET /indexes`, page after page). */
  async indexes(): Promise<IndexInfo[]> {
    const all: IndexInfo[] = [];
    const limit = 100;
    for (let offset = 0; ; offset += limit) {
      const answer: unknown = await this.call(() => this.client.httpRequest.get('indexes', { offset, limit }));
      if (!isObject(answer) || !Array.isArray(answer.results) || typeof answer.total !== 'number')
        throw this.notMeilisearch('a list of indexes without results or total');
      all.push(...answer.results.map((index) => this.checkIndex(index)));
      if (answer.results.length < limit || offset + limit >= answer.total) return all;
    }
  }

  /** The newest task of an index (`GET /tasks?indexUids=…&limit=1`), if it has any. */
  async newestTask(uid: string): Promise<TaskInfo | undefined> {
    const answer: unknown = await this.call(() => this.client.httpRequest.get('tasks', { indexUids: uid, limit: 1 }));
    if (!isObject(answer) || !Array.isArray(answer.results))
      throw this.notMeilisearch('a list of tasks without results');
    const task: unknown = answer.results[0];
    if (task === undefined) return undefined;
    if (!isObject(task) || typeof task.uid !== 'number' || !taskStatuses.has(String(task.status)))
      throw this.notMeilisearch('a task without uid or a known status');
    return task as unknown as TaskInfo;
  }

  /** How many documents an index holds, or undefined when there is no such index. */
  async documentCount(uid: string): Promise<number | undefined> {
    try {
      const answer: unknown = await this.call(() => this.client.httpRequest.get(`indexes/${uid}/stats`));
      if (!isObject(answer) || typeof answer.numberOfDocuments !== 'number')
        throw this.notMeilisearch('index stats without numberOfDocuments');
      return answer.numberOfDocuments;
    } catch (error) {
      if (error instanceof MeiliSearchApiError && error.code === 'index_not_found') return undefined;
      throw error;
    }
  }

  createIndex(uid: string) {
    return this.done((client) => client.createIndex(uid, { primaryKey: 'id' }));
  }

  updateSettings(uid: string, settings: Settings) {
    return this.done((client) => client.index(uid).updateSettings(settings));
  }

  addDocuments(uid: string, documents: object[]) {
    return this.done((client) =>
      client.index(uid).addDocuments(documents as Record<string, unknown>[], { primaryKey: 'id' }),
    );
  }

  /** Deletes an index and waits; false when it was already gone. */
  async deleteIndex(uid: string): Promise<boolean> {
    try {
      await this.done((client) => client.deleteIndex(uid));
      return true;
    } catch (error) {
      if (
        (error instanceof MeiliSearchApiError || error instanceof MeilisearchTaskError) &&
        error.code === 'index_not_found'
      )
        return false;
      throw error;
    }
  }
}
