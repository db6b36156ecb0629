import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { backgroundWrites } from '../disk/background-writes';
import { blobJsonStore, blobStore } from './blob-store';
import type { CodeVersions, StageName } from './code-versions';
import { type ContentRecord, contentRecord } from './content-record';
import { type ModuleFiles, moduleFiles } from './module-files';
import { stageKey } from './stage-key';
import {
  layeredStore,
  memoryStore,
  packStore,
  readdirOrNone,
  type Store,
  serializedStore,
  watchedFileStore,
} from './stores';

/** A stage function with its outputs kept: `id` names the entry (a file, a route), `input` is all it reads. */
export interface CachedStage<I, O> {
  (input: I, id?: string): Promise<O>;
  /**
   * The same stage, computing what the cache lacks with `run` instead (a worker thread): the same entries, the
   * same counts, one computation for callers asking for the same input at once.
   */
  via(run: (input: I) => Promise<O>): (input: I, id?: string) => Promise<O>;
  /**
   * Whether an output for `input` is stored, without reading it (an entry there but unreadable says yes: the
   * stage then computes it): for a look ahead that skips what the stage will not compute.
   */
  has(input: I): boolean;
  /** The stored output for `input`, not counted as a hit or a miss: for a look ahead of the stage itself. */
  stored(input: I): O | undefined;
  /**
   * The output stored for `input`, read back whether or not this run reuses earlier outputs (`--no-cache`): for
   * an output this run computed or took and did not keep in memory (a build's compiled pages). Not counted;
   * undefined when the store has none (an output not yet on disk: see `Cache.flush`).
   */
  kept(input: I): O | undefined;
  /** The key the stage keeps `input`'s output under: for a caller that would otherwise make it twice. */
  key(input: I): string;
  /** `stored`, for an input whose `key` was made already. */
  storedAt(key: string): O | undefined;
  /** The stage for an input whose `key` was made already, computing what the cache lacks with `compute`. */
  at(key: string, compute: () => Promise<O>): Promise<O>;
  /** The stage's code version, which its keys are made with (`stageKey`): for a thread that makes them itself. */
  readonly version: string;
}

export interface StageStats {
  /** Outputs taken from the cache. */
  hits: number;
  /** Outputs computed (and stored). */
  misses: number;
}

/**
 * The one cache of docs-it. A stage is a pure function of its input; the cache keys its output by the stage's
 * code version and a digest of that input, so an output can only be reused when everything it was computed
 * from is the same. The stage functions do not know the cache exists: `createStages` and the compiler wrap
 * them, and the run asks the cache for what it keeps of its own (modules, counts, saving).
 */
export interface Cache {
  /** `run` with its outputs kept. */
  stage<I, O>(name: StageName, run: (input: I) => O | Promise<O>): CachedStage<I, O>;
  /** `run` with its outputs kept, for a synchronous stage. */
  stageSync<I, O>(name: StageName, run: (input: I) => O): (input: I, id?: string) => O;
  /** The key a stage's output for `input` has: what output reuse compares. */
  keyOf(name: StageName, input: unknown): string;
  /** Where transpiled modules are written to be imported. */
  readonly modules: ModuleFiles;
  /**
   * The search stage's part of each page (search/page-part.ts), one file each by a key the stage makes with
   * `keyOf('search', …)`: an edit makes again only the edited page's. Under `--no-cache` only the parts this run
   * made are read back.
   */
  readonly searchParts: {
    /** The entry's bytes (search/page-part.ts's `partOfFile` reads them). */
    get(key: string): Uint8Array | undefined;
    /** The entry's bytes, not kept through `prune` for it (an edited page's part before the edit). */
    previous(key: string): Uint8Array | undefined;
    /** Whether the folder has an entry by that key (from one listing of it): a cheap look before `get`. */
    has(key: string): boolean;
    /**
     * Queues the entry for the writing thread; resolves at once, or once that thread has room again (see
     * background-writes' `room`): the stage makes parts faster than a busy disk takes them.
     */
    set(key: string, contents: string): Promise<void>;
    /** Keeps an entry through `prune` without reading it. */
    use(key: string): void;
  };
  /** The search index's state (`LocalIndexWriter.state`): one file, replaced by each build that makes the index. */
  readonly searchState: {
    get(): Uint8Array | undefined;
    set(bytes: Uint8Array): void;
  };
  /**
   * The validated config of the last build that validated one, under the key of what it validated
   * (config/validated-config-memo.ts): one file, replaced when the config changes. Under `--no-cache` nothing is read
   * back.
   */
  readonly validatedConfig: {
    get(key: string): unknown;
    set(key: string, value: unknown): void;
  };
  /**
   * What the last build read of git's history, under the key it was read with (`keyOf('last-commits', …)`): one
   * file, replaced by each build that asks git again. Under `--no-cache` nothing is read back.
   */
  readonly lastCommits: {
    get(key: string): unknown;
    set(key: string, value: unknown): void;
  };
  /**
   * The content files as the last build saw them, with what was derived from their texts (`content-record.ts`).
   * Counted as the stage `content`: a hit is a file taken from the record and never read, a miss a file read.
   */
  readonly content: ContentFiles;
  /**
   * What each compiled page is besides its HTML and search blocks (see site/page-stand-in.ts), by its compile key
   * (`keyOf('compile', …)`): a warm build's props, render keys and link check take it instead of reading every
   * page back. One file for the site; under `--no-cache` nothing is read back.
   */
  readonly pageSummaries: {
    /**
     * The summary kept under a compile key, if `valid` takes it: a hit of the compile stage, its page kept through
     * `prune` (one this run set is read back, not counted, even under `--no-cache`). An entry that does not parse,
     * or that `valid` refuses, is a miss.
     */
    get<T>(compileKey: string, valid: (value: unknown) => value is T): T | undefined;
    set(compileKey: string, value: unknown): void;
  };
  /**
   * Each `.md` page's compile key, by what its job is made of (site/compile/compile-jobs.ts's `jobIdentity`): a warm
   * build takes the key of a page whose job's inputs are unchanged instead of digesting the job. One file; under
   * `--no-cache` nothing is read back.
   */
  readonly compileKeys: {
    get(identity: string): string | undefined;
    set(identity: string, key: string): void;
  };
  /**
   * What each route's key props gave (site/route-keys.ts), by a key of the site's inputs and the route: a warm build
   * takes a route whose pages are unchanged from here instead of making its props again. One file; under `--no-cache`
   * nothing is read back. Counted as the stage `props`: a hit is a route taken (`took`), a miss one stored.
   */
  readonly routeKeys: {
    get(key: string): string | undefined;
    set(key: string, value: string): void;
    /** An entry `get` gave was taken (its pages were the same). */
    took(): void;
  };
  /**
   * Whether this run starts with no highlighted code block to reuse (`--no-cache`, or none kept): a look at one
   * file's presence, for a run deciding how early to start highlighting (a guess: only the speed depends on it).
   */
  readonly startsCold: boolean;
  /** Outputs reused and computed so far, by stage. */
  stats(): Partial<Record<StageName, StageStats>>;
  /** Writes what is kept in memory, without removing anything (after a failed build, too). */
  save(): void;
  /** After a successful build: saves, and removes every entry the build did not use. */
  prune(): void;
  /** Waits until the entries stored so far are on disk (another thread writes them). */
  flush(): Promise<void>;
}

/** The content record as the content stage uses it, with its counts. */
export interface ContentFiles extends Omit<ContentRecord, 'save'> {
  /** A file taken from the record was read after all (a stage that needs its text had to run). */
  readLater(): void;
}

export interface CacheOptions {
  versions: CodeVersions;
  /** The cache folder (`node_modules/.cache/docs-it` of the site). */
  dir: string;
  /** `build` keeps outputs on disk; `dev` keeps them in memory too, over the same disk entries. */
  mode: 'build' | 'dev';
  /** False for `--no-cache`: nothing is reused, but what is computed is stored for the next build. */
  reuse?: boolean;
}

/**
 * What the cache keeps in its folder; `outputs` holds the manifests of the output folders (see output-reuse),
 * `cli` the bundled CLI when the site is docs-it's own folder.
 */
const ownEntries = new Set([
  'compile',
  'front-matter.pack',
  'content-record.pack',
  'highlight.pack',
  'bundle.json',
  'service-worker.json',
  'modules',
  'search-pages',
  'search-state.bin',
  'last-commits.json',
  'validated-config.bin',
  'page-summaries.pack',
  'route-keys.pack',
  'compile-keys.pack',
  'outputs',
  'cli',
]);

/**
 * One value in a file of its own under the key it was made with, replaced by each `set`: what `get` gives only for
 * the same key, and not under `--no-cache` (`reuse` false). A file that does not decode (cut short by a build stopped
 * while writing it) is a miss.
 */
function keyedFile(
  file: string,
  reuse: boolean,
  format: { encode(kept: { key: string; value: unknown }): string | Uint8Array; decode(bytes: Buffer): unknown },
): { get(key: string): unknown; set(key: string, value: unknown): void } {
  return {
    get(key) {
      const bytes = reuse ? readFileOrNone(file) : undefined;
      if (!bytes) return undefined;
      try {
        const kept = format.decode(bytes) as { key?: unknown; value?: unknown };
        return kept.key === key ? kept.value : undefined;
      } catch {
        return undefined;
      }
    },
    set: (key, value) => backgroundWrites().writeLater(file, format.encode({ key, value })),
  };
}

/** A file's bytes, or undefined when it cannot be read. */
function readFileOrNone(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Each route's entry is a few hundred characters: 100,000 routes are far under this. */
const maxRouteKeyChars = 128 * 1024 * 1024;

/** Each page's compile key by its job's identity: about 70 characters a page, 100,000 pages far under this. */
const maxCompileKeyChars = 64 * 1024 * 1024;

/** Highlighted HTML kept on disk is capped: enough for thousands of blocks, never a memory problem. */
const maxBlockChars = 24 * 1024 * 1024;

/** The parsed front matter kept on disk is capped too: a few hundred characters a page, 100,000 pages. */
const maxFrontMatterChars = 64 * 1024 * 1024;

/** The pages' summaries too (a page past the cap is read back instead: slower, the same output). */
const maxSummaryChars = 128 * 1024 * 1024;

export function createCache({ versions, dir, mode, reuse = true }: CacheOptions): Cache {
  // The front matter's parsed part (not the page's text), by the digest of the file: YAML is parsed again only
  // for a file that changed. `dev` keeps it in memory too, over the same file.
  const highlighted = path.join(dir, 'highlight.pack');
  const frontMatter = serializedStore(packStore(path.join(dir, 'front-matter.pack'), maxFrontMatterChars));
  const compiledPages = blobJsonStore<unknown>(blobStore(path.join(dir, 'compile')));
  const summaries = packStore(path.join(dir, 'page-summaries.pack'), maxSummaryChars);
  const routeKeys = packStore(path.join(dir, 'route-keys.pack'), maxRouteKeyChars);
  const compileKeys = packStore(path.join(dir, 'compile-keys.pack'), maxCompileKeyChars);
  /** The summaries set by this run: read back under `--no-cache` too (as `CachedStage.kept`), and no hit. */
  const summariesSet = new Set<string>();
  const stores: Record<StageName, Store<unknown>> = {
    // Kept in the content record instead (see `content` below).
    content: memoryStore(),
    'front-matter': mode === 'dev' ? layeredStore(frontMatter) : frontMatter,
    compile: mode === 'dev' ? layeredStore(compiledPages) : compiledPages,
    // Keys only (see `compileKeys`): nothing is stored by this name.
    'compile-jobs': memoryStore(),
    highlight: packStore(highlighted, maxBlockChars) as Store<unknown>,
    props: memoryStore(),
    // Rendered pages and search files are kept as the files of the last build (see output/output-reuse).
    render: memoryStore(),
    search: memoryStore(),
    // The browser bundle: taken again while the files esbuild read are as they were.
    bundle: watchedFileStore(path.join(dir, 'bundle.json')),
    'service-worker': watchedFileStore(path.join(dir, 'service-worker.json')),
    // Kept in one file of its own instead (see `lastCommits` below).
    'last-commits': memoryStore(),
    // Kept in one file of its own instead (see `validatedConfig` below).
    config: memoryStore(),
  };
  const searchParts = blobStore(path.join(dir, 'search-pages'));
  // Parts this run made: read back under `--no-cache` too (made by this run, not reused from an earlier one).
  const partsMadeNow = new Set<string>();
  const searchStateFile = path.join(dir, 'search-state.bin');
  const lastCommitsFile = path.join(dir, 'last-commits.json');
  const validatedConfigFile = path.join(dir, 'validated-config.bin');
  const stats: Partial<Record<StageName, StageStats>> = {};
  const modules = moduleFiles(path.join(dir, 'modules'), { reuse });
  const countsOf = (name: StageName): StageStats => {
    stats[name] ??= { hits: 0, misses: 0 };
    return stats[name];
  };
  const keyOf = (name: StageName, input: unknown) => stageKey(name, versions[name], input);
  const record = contentRecord(path.join(dir, 'content-record.pack'), versions.content, { reuse });
  const content: ContentFiles = {
    take(file, stat) {
      const facts = record.take(file, stat);
      if (facts) countsOf('content').hits++;
      return facts;
    },
    keep(file, stat, readAt, facts) {
      countsOf('content').misses++;
      record.keep(file, stat, readAt, facts);
    },
    readLater() {
      const counts = countsOf('content');
      counts.hits--;
      counts.misses++;
    },
  };
  return {
    modules,
    keyOf,
    content,
    searchParts: {
      get: (key) => (reuse || partsMadeNow.has(key) ? searchParts.get(key) : undefined),
      previous: (key) => (reuse ? searchParts.peek(key) : undefined),
      has: (key) => (reuse || partsMadeNow.has(key)) && searchParts.has(key),
      set: (key, contents) => {
        partsMadeNow.add(key);
        searchParts.set(key, contents);
        return backgroundWrites().room();
      },
      use: (key) => searchParts.use(key),
    },
    searchState: {
      get: () => (reuse ? readFileOrNone(searchStateFile) : undefined),
      set: (bytes) => backgroundWrites().writeLater(searchStateFile, bytes),
    },
    validatedConfig: keyedFile(validatedConfigFile, reuse, { encode: serialize, decode: deserialize }),
    lastCommits: keyedFile(lastCommitsFile, reuse, {
      encode: (kept) => JSON.stringify(kept),
      decode: (bytes) => JSON.parse(bytes.toString('utf8')),
    }),
    stage<I, O>(name: StageName, run: (input: I) => O | Promise<O>): CachedStage<I, O> {
      const store = stores[name] as Store<O>;
      const counts = countsOf(name);
      // Two callers asking for the same output at once (dev's requests, two workers) share one computation.
      const running = new Map<string, Promise<O>>();
      const cachedAt = async (key: string, id: string | undefined, compute: () => O | Promise<O>): Promise<O> => {
        const stored = reuse ? store.get(id ?? key, key) : undefined;
        if (stored !== undefined) {
          counts.hits++;
          return stored;
        }
        let pending = running.get(key);
        if (!pending) {
          counts.misses++;
          pending = (async () => {
            const output = await compute();
            store.set(id ?? key, key, output);
            // The entry is queued for the writing thread without waiting (`set` is synchronous): the stage waits
            // here instead while that thread is behind, so a large build's entries do not pile up in memory.
            await store.room?.();
            return output;
          })();
          running.set(key, pending);
          void pending.then(
            () => running.delete(key),
            () => running.delete(key),
          );
        }
        return pending;
      };
      const cachedWith =
        (compute: (input: I) => O | Promise<O>) =>
        async (input: I, id?: string): Promise<O> =>
          cachedAt(keyOf(name, input), id, () => compute(input));
      const storedAt = (key: string) => (reuse ? store.get(key, key) : undefined);
      return Object.assign(cachedWith(run), {
        via: (compute: (input: I) => Promise<O>) => cachedWith(compute),
        has(input: I) {
          if (!reuse) return false;
          const key = keyOf(name, input);
          return store.has ? store.has(key) : store.get(key, key) !== undefined;
        },
        // Under `--no-cache` nothing is read back: the key (a digest of the input) is not made for nothing.
        stored: (input: I) => (reuse ? storedAt(keyOf(name, input)) : undefined),
        kept(input: I) {
          const key = keyOf(name, input);
          return store.get(key, key);
        },
        key: (input: I) => keyOf(name, input),
        storedAt,
        at: (key: string, compute: () => Promise<O>) => cachedAt(key, undefined, compute),
        version: versions[name],
      });
    },
    stageSync<I, O>(name: StageName, run: (input: I) => O): (input: I, id?: string) => O {
      const store = stores[name] as Store<O>;
      const counts = countsOf(name);
      return (input, id) => {
        const key = keyOf(name, input);
        const stored = reuse ? store.get(id ?? key, key) : undefined;
        if (stored !== undefined) {
          counts.hits++;
          return stored;
        }
        counts.misses++;
        const output = run(input);
        store.set(id ?? key, key, output);
        return output;
      };
    },
    pageSummaries: {
      get(compileKey, valid) {
        const ofThisRun = summariesSet.has(compileKey);
        const stored = reuse || ofThisRun ? summaries.get(compileKey, compileKey) : undefined;
        if (stored === undefined) return undefined;
        let value: unknown;
        try {
          value = JSON.parse(stored);
        } catch {
          return undefined;
        }
        if (!valid(value)) return undefined;
        if (!ofThisRun) {
          countsOf('compile').hits++;
          compiledPages.use(compileKey);
        }
        return value;
      },
      set(compileKey, value) {
        summaries.set(compileKey, compileKey, JSON.stringify(value));
        summariesSet.add(compileKey);
      },
    },
    compileKeys: {
      get: (identity) => (reuse ? compileKeys.get(identity, identity) : undefined),
      set: (identity, key) => compileKeys.set(identity, identity, key),
    },
    routeKeys: {
      get: (key) => (reuse ? routeKeys.get(key, key) : undefined),
      set(key, value) {
        countsOf('props').misses++;
        routeKeys.set(key, key, value);
      },
      took() {
        countsOf('props').hits++;
      },
    },
    get startsCold() {
      return !reuse || !existsSync(highlighted);
    },
    stats: () => structuredClone(stats),
    save() {
      for (const store of Object.values(stores)) store.save();
      record.save();
      summaries.save();
      routeKeys.save();
      compileKeys.save();
      searchParts.save();
    },
    flush: () => backgroundWrites().flush(),
    prune() {
      for (const store of Object.values(stores)) {
        store.save();
        store.prune();
      }
      record.save();
      summaries.save();
      routeKeys.save();
      compileKeys.save();
      modules.prune();
      searchParts.prune();
      // Anything else in the folder is from an older layout of the cache (or an older docs-it): never read again.
      for (const name of readdirOrNone(dir)) {
        if (!ownEntries.has(name) && !name.endsWith('.tmp'))
          rmSync(path.join(dir, name), { recursive: true, force: true });
      }
    },
  };
}
