/*
 * How a run compiles its pages: in its own thread, in worker threads, with a worker highlighting code blocks
 * ahead. The choice changes how fast, never what: every page compiles to the same output either way. The
 * constants below were measured on a 2-processor machine; the figures are in docs/measurements.md ("Measurements
 * behind the
 * code").
 */

export interface ExecutionPlan {
  /** Worker threads that compile pages; 0: the run's own thread compiles them. */
  workers: number;
  /** Start every worker as soon as pages wait (their number was asked for), not only for a long enough queue. */
  eager: boolean;
  /**
   * From how many code blocks the cache lacks a worker highlights them ahead of the run's thread, which then
   * compiles the pages (only without compile workers); undefined: never.
   */
  highlightAheadFrom: number | undefined;
  /**
   * Pages each worker holds at once (undefined: the pool's default); 1: a page goes only to an idle worker, so
   * a page that never ends holds up no other.
   */
  held: number | undefined;
  /** Each worker's old-generation heap in MB, when bounded: a page that needs more fails alone. */
  maxMemoryMb: number | undefined;
  /**
   * How far past what it holds after a full collection each heap of the process may grow before the next one, in
   * percent (V8's `--heap-growing-percent`), when bounded; undefined: V8's own choice, which lets a heap whose
   * thread allocates fast grow to four times what it holds.
   */
  heapGrowingPercent: number | undefined;
  /**
   * Whether the bound is made to apply at once, by a full collection of the build's thread as it is set: V8 applies
   * the bound at its next full collection only, and until then a heap grows to the limit its last one set (see
   * `pagesForCollectionAtBound`).
   */
  collectWhenBounded: boolean;
  /**
   * How far the heaps may grow past what they hold in the stages after rendering (the search files, the writes'
   * flush, the manifest), in percent, set with a full collection there (`Compiler.boundTheEnd`); undefined: as
   * `heapGrowingPercent` says.
   */
  endHeapGrowingPercent: number | undefined;
}

export type PlanInput =
  | {
      mode: 'build';
      /** Pages to compile. */
      pages: number;
      /** Processors of the machine (`os.availableParallelism()`). */
      processors: number;
      /** Workers asked for (`--jobs`, `jobs` in the config); 1: none. */
      jobs?: number | undefined;
      /** Overrides `blocksForHighlightAhead` (tests). */
      highlightAheadFrom?: number | undefined;
    }
  | { mode: 'dev'; processors: number };

/** Below this many code blocks to highlight, a worker highlighting them ahead does not earn its start. */
const blocksForHighlightAhead = 200;
/** Below this many pages a worker does not earn its start (its own modules and grammars). */
const pagesPerWorker = 100;
/**
 * From this many pages on, there is a worker for every processor: the build's own thread has little to do while
 * the workers compile; below it, it keeps one processor busy (see `planExecution`).
 */
const pagesForEveryProcessor = 5000;
/**
 * Below this many pages a build keeps every compiled page and route's props in memory (tens of megabytes): reading
 * each page back from the cache's files instead (for its props, its HTML and its search records) costs processor
 * time that only a large site's memory earns.
 */
const pagesKeptInMemory = 5000;

/**
 * A large site's heaps grow at most this far past what they hold (see `ExecutionPlan.heapGrowingPercent`): the
 * build's thread's garbage, let grow to four times what it holds, made a large build's peak (docs/measurements.md,
 * h63's and h106's sections). From `pagesForLessGrowth` pages on what the build's thread holds is large enough that
 * twice it would pass the memory budget: it grows half as far, for more frequent full collections.
 */
const largeSiteHeapGrowingPercent = 100;
const pagesForLessGrowth = 50_000;
const largerSiteHeapGrowingPercent = 50;
/**
 * From this many pages on (every site whose heaps are bounded), a full collection makes the bound apply as it is set:
 * without it the markdown stage may grow the build's thread to the limit the model stage's last collection set. At
 * 100,000 pages that made the peak more than twice as high (h117); at 10,000 pages it made some cold builds' peaks
 * about 150 MB higher than the others', close to the memory budget, and the collection costs no processor time a
 * pair resolves (docs/measurements.md, the lead's twenty-eighth session).
 */
const pagesForCollectionAtBound = pagesKeptInMemory;
/**
 * From `pagesForLessGrowth` pages on, the stages after rendering grow the heaps a quarter past what they hold: there
 * the build's thread holds the most (every page's model and keys, the search index's lists), and one and a half times
 * it made a 100,000-page build's peak, over the memory budget (docs/measurements.md, h124's section).
 */
const largerSiteEndHeapGrowingPercent = 25;

/** How far a build's heaps may grow past what they hold (`ExecutionPlan.heapGrowingPercent`). */
function heapGrowingPercentOf(pages: number): number | undefined {
  if (keepsEveryPage(pages)) return undefined;
  return pages >= pagesForLessGrowth ? largerSiteHeapGrowingPercent : largeSiteHeapGrowingPercent;
}

/** Whether a build of `pages` pages keeps every compiled page and route's props (see `SiteOptions.keepPages`). */
export function keepsEveryPage(pages: number): boolean {
  return pages < pagesKeptInMemory;
}

/** Compile workers of `dev`: one can be held by a long page while the other compiles the pages readers open. */
const devCompileWorkers = 2;
/** The memory of each `dev` worker: far above what any page needs, far below what would stop the machine. */
const devWorkerMemoryMb = 1024;

/**
 * Whether a build on `processors` processors with `jobs` asked for may have a worker highlighting ahead, whatever its
 * pages: one that compiles its pages in its own thread will (see `planExecution`).
 */
export function mayHighlightAhead(processors: number, jobs: number | undefined): boolean {
  return jobs === undefined && processors > 1;
}

/**
 * A build's plan: as many workers as asked, else one per processor but one (the build's own thread, the garbage
 * collector and esbuild, which bundles the browser code meanwhile, keep one busy) or one per processor on large
 * sites, and never more than one per `pagesPerWorker` pages; one means none, and then, on a machine of more
 * than one processor and unless `--jobs 1` was asked, a worker highlights ahead. `dev` always compiles off the
 * thread that answers readers, in bounded workers holding one page each.
 */
export function planExecution(input: PlanInput): ExecutionPlan {
  if (input.mode === 'dev') {
    return {
      workers: Math.min(devCompileWorkers, input.processors),
      eager: true,
      highlightAheadFrom: undefined,
      held: 1,
      maxMemoryMb: devWorkerMemoryMb,
      heapGrowingPercent: undefined,
      collectWhenBounded: false,
      endHeapGrowingPercent: undefined,
    };
  }
  const { pages, processors, jobs } = input;
  const room = pages >= pagesForEveryProcessor ? processors : processors - 1;
  const size = jobs ?? Math.max(1, Math.min(room, Math.floor(pages / pagesPerWorker)));
  const workers = size > 1 ? size : 0;
  const ahead = workers === 0 && mayHighlightAhead(processors, jobs);
  return {
    workers,
    eager: jobs !== undefined,
    highlightAheadFrom: ahead ? (input.highlightAheadFrom ?? blocksForHighlightAhead) : undefined,
    held: undefined,
    maxMemoryMb: undefined,
    heapGrowingPercent: heapGrowingPercentOf(pages),
    collectWhenBounded: pages >= pagesForCollectionAtBound,
    endHeapGrowingPercent: pages >= pagesForLessGrowth ? largerSiteEndHeapGrowingPercent : undefined,
  };
}
