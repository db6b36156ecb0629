/*
 * A loopback HTTP server that follows Meilisearch's documented API closely enough for `docs-it index` and
 * the browser provider: indexes (listed page by page, with stats), settings (checked as Meilisearch checks
 * them; stop words and synonyms apply to search), documents (adding to a missing
 * index creates it), search (filter, highlight, crop, distinct), tasks that go enqueued → processing →
 * succeeded/failed one at a time (listed newest first, filtered by index, status and type), swap-indexes
 * (which also swaps the finished tasks' index uids), times in RFC 3339 with nanoseconds, errors with
 * message/code/type/link, Bearer keys and CORS. No Meilisearch server can be installed here.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DoubleError {
  message: string;
  code: string;
  type: string;
  link: string;
}

export interface DoubleTask {
  uid: number;
  indexUid: string | null;
  status: 'enqueued' | 'processing' | 'succeeded' | 'failed';
  type: string;
  details: Record<string, unknown>;
  error: DoubleError | null;
  canceledBy: null;
  duration: string | null;
  enqueuedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** What the task does when it is processed (throws a DoubleError to fail). */
  apply: () => void;
}

interface DoubleIndex {
  uid: string;
  primaryKey: string | null;
  createdAt: string;
  updatedAt: string;
  documents: Map<string, Record<string, unknown>>;
  settings: Record<string, unknown>;
}

export interface DoubleOptions {
  /** Master key: every request but /health needs `Authorization: Bearer <key>`. */
  masterKey?: string;
  /** A key that may only search. */
  searchKey?: string;
  /** Fails a task when it is processed (return the error), e.g. the second document batch. */
  failTask?(task: DoubleTask): DoubleError | undefined;
  /** Keeps a task `processing` forever (to test timeouts). */
  stallTask?(task: DoubleTask): boolean;
  /** Keeps a task `processing` until the promise settles (a slow swap, a long batch). */
  holdTask?(task: DoubleTask): Promise<unknown> | undefined;
  /**
   * Breaks a request: a status answers with an HTML page (a proxy in trouble, or 200 from another web
   * server), `reset` drops the connection, `malformed` answers 200 with truncated JSON, `empty` answers 200
   * with no body, `hang` accepts and never answers, `foreign` answers 200 with JSON that is not
   * Meilisearch's (another service on the port).
   */
  breakRequest?(
    method: string,
    path: string,
  ): number | 'reset' | 'malformed' | 'empty' | 'hang' | 'foreign' | undefined;
  /** Delay between task state changes with the `timer` pace (default 1 ms). */
  tickMs?: number;
  /**
   * How tasks move from state to state. `timer` (the default): after `tickMs`, like a server at work. `instant`:
   * at once, so a task is done before the request that enqueued it is answered (a wait for it cannot run out
   * of time, however slow the machine). `poll`: one state each time the task is read (GET /tasks/:uid), so how
   * many reads a task takes does not depend on timers either. Held and stalled tasks keep their own pace.
   */
  pace?: 'timer' | 'instant' | 'poll';
}

export interface MeilisearchDouble {
  url: string;
  indexes: Map<string, DoubleIndex>;
  tasks: DoubleTask[];
  requests: { method: string; path: string; headers: IncomingMessage['headers']; body: unknown }[];
  options: DoubleOptions;
  /**
   * Adds documents to an index at once (test setup), creating it with default-like settings, and records
   * its creation and documents as tasks finished at `at` (default now), as its history on a server would.
   */
  seed(uid: string, documents: Record<string, unknown>[], settings?: Record<string, unknown>, at?: Date): void;
  close(): Promise<void>;
}

/**
 * A request timeout that no answered request of the double reaches, however loaded the machine (the slowest
 * answer measured at load 12 on 2 cores took 174 ms): only a request that never gets an answer runs out of it.
 */
export const answeredWithinMs = 3000;

export const errorOf = (code: string, type: string, message: string): DoubleError => ({
  message,
  code,
  type,
  link: `https://docs.meilisearch.com/errors#${code}`,
});

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: DoubleError,
  ) {
    super(body.message);
  }
}

const defaultSettings = () => ({
  displayedAttributes: ['*'],
  searchableAttributes: ['*'],
  filterableAttributes: [] as string[],
  sortableAttributes: [] as string[],
  rankingRules: ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness'],
  stopWords: [] as string[],
  synonyms: {} as Record<string, string[]>,
  distinctAttribute: null as string | null,
  typoTolerance: {
    enabled: true,
    minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 },
    disableOnWords: [] as string[],
    disableOnAttributes: [] as string[],
  },
});

const isStringArray = (value: unknown) => Array.isArray(value) && value.every((v) => typeof v === 'string');
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const builtInRules = new Set(['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness']);

/**
 * The checks `PATCH /indexes/{uid}/settings` makes before it enqueues anything, as Meilisearch documents the
 * settings object: an unknown setting is a `bad_request`, a malformed one an `invalid_settings_<name>` error.
 */
function checkSettings(body: unknown): void {
  const invalid = (name: string, code: string, message: string) =>
    new HttpError(
      400,
      errorOf(`invalid_settings_${code}`, 'invalid_request', `Invalid value at \`.${name}\`: ${message}`),
    );
  if (!isObject(body))
    throw new HttpError(400, errorOf('bad_request', 'invalid_request', 'Settings must be an object.'));
  const known = Object.keys(defaultSettings());
  for (const [name, value] of Object.entries(body)) {
    if (!known.includes(name))
      throw new HttpError(
        400,
        errorOf('bad_request', 'invalid_request', `Unknown field \`${name}\`: expected one of ${known.join(', ')}`),
      );
    if (value === null) continue; // resets the setting
    const code = name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    if (
      [
        'displayedAttributes',
        'searchableAttributes',
        'filterableAttributes',
        'sortableAttributes',
        'stopWords',
      ].includes(name)
    ) {
      if (!isStringArray(value)) throw invalid(name, code, 'expected an array of strings');
    } else if (name === 'rankingRules') {
      const bad = Array.isArray(value)
        ? value.find((r) => typeof r !== 'string' || !(builtInRules.has(r) || /^[\w.]+:(asc|desc)$/.test(r)))
        : value;
      if (bad !== undefined)
        throw invalid(
          name,
          code,
          `\`${String(bad)}\` ranking rule is invalid. Valid ranking rules are words, typo, sort, proximity, ` +
            'attribute, exactness and custom ranking rules.',
        );
    } else if (name === 'synonyms') {
      if (!isObject(value) || !Object.values(value).every(isStringArray))
        throw invalid(name, code, 'expected an object whose values are arrays of strings');
    } else if (name === 'distinctAttribute') {
      if (typeof value !== 'string') throw invalid(name, code, 'expected a string');
    } else if (name === 'typoTolerance') {
      const sizes = isObject(value) ? value.minWordSizeForTypos : undefined;
      const ok =
        isObject(value) &&
        Object.keys(value).every((k) =>
          ['enabled', 'minWordSizeForTypos', 'disableOnWords', 'disableOnAttributes'].includes(k),
        ) &&
        (value.enabled === undefined || typeof value.enabled === 'boolean') &&
        (value.disableOnWords === undefined || isStringArray(value.disableOnWords)) &&
        (value.disableOnAttributes === undefined || isStringArray(value.disableOnAttributes)) &&
        (sizes === undefined ||
          (isObject(sizes) &&
            Number.isInteger(sizes.oneTypo ?? 5) &&
            Number.isInteger(sizes.twoTypos ?? 9) &&
            Number(sizes.oneTypo ?? 5) <= Number(sizes.twoTypos ?? 9)));
      if (!ok)
        throw invalid(
          name,
          code,
          'expected { enabled, minWordSizeForTypos: { oneTypo, twoTypos }, disableOnWords, disableOnAttributes }, ' +
            'with oneTypo ≤ twoTypos',
        );
    }
  }
}

// RFC 3339 with nanoseconds, as Meilisearch writes them; strictly increasing, like the server's clock.
const startNs = BigInt(Date.now()) * 1_000_000n - process.hrtime.bigint();
let lastNs = 0n;
const timeOf = (ns: bigint) =>
  `${new Date(Number(ns / 1_000_000n)).toISOString().slice(0, 19)}.${String(ns % 1_000_000_000n).padStart(9, '0')}Z`;
const now = () => {
  const ns = startNs + process.hrtime.bigint();
  lastNs = ns > lastNs ? ns : lastNs + 1n;
  return timeOf(lastNs);
};
const fold = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '');
const wordRe = /[\p{L}\p{N}]+/gu;

/** Starts the double on 127.0.0.1 and a free port. */
export async function startMeilisearchDouble(options: DoubleOptions = {}): Promise<MeilisearchDouble> {
  const indexes = new Map<string, DoubleIndex>();
  const tasks: DoubleTask[] = [];
  const requests: MeilisearchDouble['requests'] = [];
  let processing = false;
  let closed = false;

  const newIndex = (uid: string, primaryKey: string | null): DoubleIndex => ({
    uid,
    primaryKey,
    createdAt: now(),
    updatedAt: now(),
    documents: new Map(),
    settings: defaultSettings(),
  });
  const notFound = (uid: string) => errorOf('index_not_found', 'invalid_request', `Index \`${uid}\` not found.`);
  const indexOrFail = (uid: string) => {
    const index = indexes.get(uid);
    if (!index) throw notFound(uid);
    return index;
  };

  const enqueue = (indexUid: string | null, type: string, details: Record<string, unknown>, apply: () => void) => {
    const task: DoubleTask = {
      uid: tasks.length,
      indexUid,
      status: 'enqueued',
      type,
      details,
      error: null,
      canceledBy: null,
      duration: null,
      enqueuedAt: now(),
      startedAt: null,
      finishedAt: null,
      apply,
    };
    tasks.push(task);
    // Answered as enqueued, as Meilisearch does, even when the `instant` pace has finished it already.
    const summary = { taskUid: task.uid, indexUid, status: task.status, type, enqueuedAt: task.enqueuedAt };
    schedule();
    return summary;
  };

  /** With the `poll` pace: the task being processed and its next state change, made when it is read. */
  let onRead: { task: DoubleTask; step: () => void } | undefined;
  const later = (task: DoubleTask, step: () => void) => {
    const pace = options.pace ?? 'timer';
    if (pace === 'instant') step();
    else if (pace === 'poll') onRead = { task, step };
    else setTimeout(step, options.tickMs ?? 1);
  };

  // One task at a time, in order: enqueued → processing (one step) → succeeded or failed (next step).
  const schedule = () => {
    if (processing || closed) return;
    const next = tasks.find((t) => t.status === 'enqueued');
    if (!next) return;
    processing = true;
    later(next, () => {
      next.status = 'processing';
      next.startedAt = now();
      if (options.stallTask?.(next)) return; // stays processing; later tasks wait behind it, as in Meilisearch
      const finish = () => {
        if (closed) return;
        try {
          const injected = options.failTask?.(next);
          if (injected) throw injected;
          next.apply();
          next.status = 'succeeded';
        } catch (error) {
          next.status = 'failed';
          next.error = error instanceof Error ? errorOf('internal', 'internal', error.message) : (error as DoubleError);
        }
        next.finishedAt = now();
        next.duration = 'PT0.001S';
        processing = false;
        schedule();
      };
      const held = options.holdTask?.(next);
      if (held) held.then(finish, finish);
      else later(next, finish);
    });
  };

  const publicTask = ({ apply: _apply, ...task }: DoubleTask) => task;
  const publicIndex = (i: DoubleIndex) => ({
    uid: i.uid,
    primaryKey: i.primaryKey,
    createdAt: i.createdAt,
    updatedAt: i.updatedAt,
  });

  const authorize = (req: IncomingMessage, path: string) => {
    if (!options.masterKey || path === '/health') return;
    const header = req.headers.authorization;
    if (!header)
      throw new HttpError(
        401,
        errorOf(
          'missing_authorization_header',
          'auth',
          'The Authorization header is missing. It must use the bearer authorization method.',
        ),
      );
    const key = header.replace(/^Bearer /, '');
    const isSearch = req.method === 'POST' && /^\/indexes\/[^/]+\/search$/.test(path);
    if (key === options.masterKey || (isSearch && key === options.searchKey)) return;
    throw new HttpError(403, errorOf('invalid_api_key', 'auth', 'The provided API key is invalid.'));
  };

  const route = (method: string, path: string, query: URLSearchParams, body: unknown): [number, unknown] => {
    if (method === 'GET' && path === '/health') return [200, { status: 'available' }];
    if (method === 'GET' && path === '/version')
      return [200, { pkgVersion: '1.4.0', commitSha: 'double', commitDate: '2023-01-01' }];
    if (method === 'GET' && path === '/indexes') {
      const all = [...indexes.values()].sort((a, b) => (a.uid < b.uid ? -1 : 1)).map(publicIndex);
      const offset = Number(query.get('offset') ?? 0);
      const limit = Number(query.get('limit') ?? 20);
      return [200, { results: all.slice(offset, offset + limit), offset, limit, total: all.length }];
    }
    if (method === 'POST' && path === '/indexes') {
      const { uid, primaryKey = null } = body as { uid: string; primaryKey?: string | null };
      if (!uid || !/^[a-zA-Z0-9_-]{1,400}$/.test(uid))
        throw new HttpError(
          400,
          errorOf('invalid_index_uid', 'invalid_request', `\`${uid}\` is not a valid index uid.`),
        );
      return [
        202,
        enqueue(uid, 'indexCreation', { primaryKey }, () => {
          if (indexes.has(uid))
            throw errorOf('index_already_exists', 'invalid_request', `Index \`${uid}\` already exists.`);
          indexes.set(uid, newIndex(uid, primaryKey));
        }),
      ];
    }
    if (method === 'POST' && path === '/swap-indexes') {
      const swaps = body as { indexes: [string, string] }[];
      return [
        202,
        enqueue(null, 'indexSwap', { swaps }, () => {
          for (const { indexes: pair } of swaps) {
            const [a, b] = pair.map(indexOrFail) as [DoubleIndex, DoubleIndex];
            indexes.set(a.uid, { ...b, uid: a.uid, updatedAt: now() });
            indexes.set(b.uid, { ...a, uid: b.uid, updatedAt: now() });
            // "In the task history, every mention of one index uid is replaced by the other"; enqueued tasks
            // are left unmodified.
            for (const task of tasks) {
              if (task.status === 'enqueued' || task.type === 'indexSwap') continue;
              if (task.indexUid === a.uid) task.indexUid = b.uid;
              else if (task.indexUid === b.uid) task.indexUid = a.uid;
            }
          }
        }),
      ];
    }
    const taskPath = method === 'GET' ? /^\/tasks\/(\d+)$/.exec(path) : null;
    if (taskPath) {
      const task = tasks[Number(taskPath[1])];
      if (!task) {
        throw new HttpError(404, errorOf('task_not_found', 'invalid_request', `Task \`${taskPath[1]}\` not found.`));
      }
      const read = publicTask(task);
      if (onRead?.task === task) {
        const { step } = onRead;
        onRead = undefined;
        step();
      }
      return [200, read];
    }
    if (method === 'GET' && path === '/tasks') {
      const list = (name: string) => query.get(name)?.split(',');
      const [uids, statuses, types] = [list('indexUids'), list('statuses'), list('types')];
      const limit = Number(query.get('limit') ?? 20);
      const from = query.has('from') ? Number(query.get('from')) : Number.POSITIVE_INFINITY;
      const matching = [...tasks].reverse().filter(
        (t) =>
          t.uid <= from &&
          // A filter on indexes leaves out the tasks of no single index (index swaps among them).
          (!uids || (t.indexUid !== null && uids.includes(t.indexUid))) &&
          (!statuses || statuses.includes(t.status)) &&
          (!types || types.includes(t.type)),
      );
      const results = matching.slice(0, limit).map(publicTask);
      const next = matching[limit]?.uid ?? null;
      return [200, { results, total: matching.length, limit, from: results[0]?.uid ?? null, next }];
    }
    const m = /^\/indexes\/([^/]+)(\/.*)?$/.exec(path);
    if (m) {
      const uid = decodeURIComponent(m[1]!);
      const rest = m[2] ?? '';
      if (rest === '' && method === 'GET') return [200, publicIndex(indexOrFail(uid))];
      if (rest === '' && method === 'DELETE') {
        return [
          202,
          enqueue(uid, 'indexDeletion', {}, () => {
            indexOrFail(uid);
            indexes.delete(uid);
          }),
        ];
      }
      if (rest === '/settings' && method === 'GET') return [200, indexOrFail(uid).settings];
      if (rest === '/stats' && method === 'GET') {
        const index = indexOrFail(uid);
        const fieldDistribution: Record<string, number> = {};
        for (const doc of index.documents.values())
          for (const key of Object.keys(doc)) fieldDistribution[key] = (fieldDistribution[key] ?? 0) + 1;
        const isIndexing = tasks.some((t) => t.indexUid === uid && t.status === 'processing');
        return [200, { numberOfDocuments: index.documents.size, isIndexing, fieldDistribution }];
      }
      if (rest === '/settings' && method === 'PATCH') {
        checkSettings(body);
        return [
          202,
          enqueue(uid, 'settingsUpdate', body as Record<string, unknown>, () => {
            if (!indexes.has(uid)) indexes.set(uid, newIndex(uid, null));
            const index = indexes.get(uid)!;
            const changes = body as Record<string, unknown>;
            for (const [name, value] of Object.entries(changes)) {
              const defaults = defaultSettings() as Record<string, unknown>;
              // A setting set to null goes back to its default; typoTolerance is merged key by key.
              if (value === null) index.settings[name] = defaults[name];
              else if (name === 'typoTolerance')
                index.settings[name] = { ...(index.settings[name] as object), ...(value as object) };
              else index.settings[name] = value;
            }
            index.updatedAt = now();
          }),
        ];
      }
      if (rest === '/documents' && method === 'POST') {
        const documents = body as Record<string, unknown>[];
        const primaryKey = query.get('primaryKey');
        return [
          202,
          enqueue(
            uid,
            'documentAdditionOrUpdate',
            { receivedDocuments: documents.length, indexedDocuments: null },
            () => {
              if (!indexes.has(uid)) indexes.set(uid, newIndex(uid, primaryKey));
              const index = indexes.get(uid)!;
              index.primaryKey ??= primaryKey ?? 'id';
              for (const doc of documents) {
                const id = doc[index.primaryKey];
                if (typeof id !== 'string' || !/^[a-zA-Z0-9_-]{1,511}$/.test(id))
                  throw errorOf(
                    'invalid_document_id',
                    'invalid_request',
                    `Document identifier \`${JSON.stringify(id)}\` is invalid.`,
                  );
                index.documents.set(id, doc);
              }
              index.updatedAt = now();
            },
          ),
        ];
      }
      if (rest === '/documents' && method === 'GET') {
        const results = [...indexOrFail(uid).documents.values()];
        return [200, { results, offset: 0, limit: results.length, total: results.length }];
      }
      if (rest === '/search' && method === 'POST') return [200, search(indexOrFail(uid), body as SearchBody)];
    }
    return [404, undefined];
  };

  const server = createServer((req, res) => {
    const cors = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': 'Authorization, Content-Type, X-Meilisearch-Client',
      'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://double');
      const method = req.method ?? 'GET';
      const text = Buffer.concat(chunks).toString('utf8');
      const send = (status: number, payload: unknown) => {
        if (payload === undefined) res.writeHead(status, cors).end();
        else res.writeHead(status, { ...cors, 'Content-Type': 'application/json' }).end(JSON.stringify(payload));
      };
      try {
        const body = text ? (JSON.parse(text) as unknown) : undefined;
        requests.push({ method, path: url.pathname, headers: req.headers, body });
        const broken = options.breakRequest?.(method, url.pathname);
        if (broken === 'reset') {
          req.socket.destroy();
          return;
        }
        if (broken === 'hang') return;
        if (broken === 'foreign') {
          res.writeHead(200, { ...cors, 'Content-Type': 'application/json' }).end('{"status":"ok"}');
          return;
        }
        if (broken === 'empty') {
          res.writeHead(200, { ...cors, 'Content-Type': 'application/json', 'Content-Length': '0' }).end();
          return;
        }
        if (broken === 'malformed') {
          res.writeHead(200, { ...cors, 'Content-Type': 'application/json' }).end('{"taskUid": 1, "indexUid": ');
          return;
        }
        if (broken) {
          res.writeHead(broken, { ...cors, 'Content-Type': 'text/html' }).end('<html><body>Bad gateway</body></html>');
          return;
        }
        authorize(req, url.pathname);
        const [status, payload] = route(method, url.pathname, url.searchParams, body);
        send(status, payload);
      } catch (error) {
        if (error instanceof HttpError) send(error.status, error.body);
        else if (error instanceof SyntaxError)
          send(
            400,
            errorOf('malformed_payload', 'invalid_request', `The json payload provided is malformed. ${error.message}`),
          );
        else if (error && typeof error === 'object' && 'code' in error) send(404, error);
        else send(500, errorOf('internal', 'internal', String(error)));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    indexes,
    tasks,
    requests,
    options,
    seed(uid, documents, settings = {}, at) {
      const time = at ? timeOf(BigInt(at.getTime()) * 1_000_000n) : now();
      const index = { ...newIndex(uid, 'id'), createdAt: time, updatedAt: time };
      Object.assign(index.settings, settings);
      for (const doc of documents) index.documents.set(String(doc.id), doc);
      indexes.set(uid, index);
      const finished = (type: string, details: Record<string, unknown>) =>
        tasks.push({
          uid: tasks.length,
          indexUid: uid,
          status: 'succeeded',
          type,
          details,
          error: null,
          canceledBy: null,
          duration: 'PT0.001S',
          enqueuedAt: time,
          startedAt: time,
          finishedAt: time,
          apply: () => undefined,
        });
      finished('indexCreation', { primaryKey: 'id' });
      if (documents.length)
        finished('documentAdditionOrUpdate', {
          receivedDocuments: documents.length,
          indexedDocuments: documents.length,
        });
    },
    close: () =>
      new Promise<void>((resolve) => {
        closed = true;
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface SearchBody {
  q?: string | null;
  filter?: string | string[];
  limit?: number;
  offset?: number;
  attributesToHighlight?: string[];
  attributesToCrop?: string[];
  cropLength?: number;
  cropMarker?: string;
  highlightPreTag?: string;
  highlightPostTag?: string;
  attributesToRetrieve?: string[];
}

/** Filters of the form `attr = "value"` (joined with AND, or as an array of them). */
function parseFilter(
  filter: string | string[] | undefined,
  filterable: string[],
): ((doc: Record<string, unknown>) => boolean) | undefined {
  if (filter === undefined) return undefined;
  const parts = (Array.isArray(filter) ? filter : filter.split(/\s+AND\s+/i)).map((part) => {
    const m = /^\s*([\w.]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+))\s*$/.exec(part);
    if (!m)
      throw new HttpError(
        400,
        errorOf('invalid_search_filter', 'invalid_request', `Was expecting an operation \`=\` at \`${part}\`.`),
      );
    const attribute = m[1]!;
    if (!filterable.includes(attribute))
      throw new HttpError(
        400,
        errorOf(
          'invalid_search_filter',
          'invalid_request',
          `Attribute \`${attribute}\` is not filterable. Available filterable attributes are: ` +
            `\`${filterable.join(', ')}\`.`,
        ),
      );
    const value = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : (m[3] ?? m[4]!);
    return (doc: Record<string, unknown>) => String(doc[attribute]) === value;
  });
  return (doc) => parts.every((p) => p(doc));
}

function search(index: DoubleIndex, body: SearchBody) {
  const settings = index.settings as ReturnType<typeof defaultSettings>;
  const filter = parseFilter(body.filter, settings.filterableAttributes);
  const stop = new Set(settings.stopWords.map(fold));
  const words = ((body.q ?? '').match(wordRe)?.map(fold) ?? []).filter((w) => !stop.has(w));
  const synonyms = new Map(Object.entries(settings.synonyms).map(([word, others]) => [fold(word), others.map(fold)]));
  const searchable = settings.searchableAttributes.includes('*') ? undefined : settings.searchableAttributes;
  const pre = body.highlightPreTag ?? '<em>';
  const post = body.highlightPostTag ?? '</em>';
  const docs = [...index.documents.values()].filter((d) => !filter || filter(d));
  // The word itself (a prefix of a longer one when it is the last word) or one of its synonyms.
  const matchesWord = (token: string, i: number, all: string[]) => {
    const same = synonyms.get(token) ?? [];
    return i === all.length - 1
      ? (w: string) => w.startsWith(token) || same.includes(w)
      : (w: string) => w === token || same.includes(w);
  };
  // Matching strategy "last": drop words from the end until something matches.
  let scored: { doc: Record<string, unknown>; score: number }[] = [];
  for (let n = words.length; n >= 0; n--) {
    const query = words.slice(0, n);
    scored = docs.flatMap((doc) => {
      const attributes = searchable ?? Object.keys(doc);
      let score = 0;
      for (const [qi, token] of query.entries()) {
        const match = matchesWord(token, qi, query);
        const at = attributes.findIndex(
          (a) => typeof doc[a] === 'string' && ((doc[a] as string).match(wordRe) ?? []).some((w) => match(fold(w))),
        );
        if (at < 0) return [];
        score += 100 - at;
      }
      return [{ doc, score: score * 1000 + Number(doc.rank ?? 0) }];
    });
    if (scored.length || n === 0) break;
  }
  scored.sort((a, b) => b.score - a.score);
  const distinct = settings.distinctAttribute;
  const seen = new Set<unknown>();
  const unique = distinct
    ? scored.filter(({ doc }) => {
        if (seen.has(doc[distinct])) return false;
        seen.add(doc[distinct]);
        return true;
      })
    : scored;
  const offset = body.offset ?? 0;
  const limit = body.limit ?? 20;
  const isMatch = (w: string) => words.some((token, i) => matchesWord(token, i, words)(fold(w)));
  const highlight = (text: string) => text.replace(wordRe, (w) => (isMatch(w) ? `${pre}${w}${post}` : w));
  const crop = (text: string, length: number, marker: string) => {
    const tokens = [...text.matchAll(wordRe)];
    if (tokens.length <= length) return text;
    const first = Math.max(
      0,
      tokens.findIndex((t) => isMatch(t[0])),
    );
    const start = Math.max(0, Math.min(first - Math.floor(length / 2), tokens.length - length));
    const from = tokens[start]!.index!;
    const last = tokens[start + length - 1]!;
    const to = last.index! + last[0].length;
    return `${start > 0 ? marker : ''}${text.slice(from, to)}${to < text.length ? marker : ''}`;
  };
  const hits = unique.slice(offset, offset + limit).map(({ doc }) => {
    const retrieved = body.attributesToRetrieve
      ? Object.fromEntries(body.attributesToRetrieve.map((a) => [a, doc[a]]))
      : { ...doc };
    const toHighlight = body.attributesToHighlight ?? [];
    const toCrop = body.attributesToCrop ?? [];
    if (!toHighlight.length && !toCrop.length) return retrieved;
    const formatted: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(retrieved)) {
      if (typeof value !== 'string') {
        formatted[key] = value;
        continue;
      }
      let text =
        toCrop.includes(key) || toCrop.includes('*')
          ? crop(value, body.cropLength ?? 10, body.cropMarker ?? '…')
          : value;
      if (toHighlight.includes(key) || toHighlight.includes('*')) text = highlight(text);
      formatted[key] = text;
    }
    return { ...retrieved, _formatted: formatted };
  });
  return { hits, query: body.q ?? '', processingTimeMs: 0, limit, offset, estimatedTotalHits: unique.length };
}
