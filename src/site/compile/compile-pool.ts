import path from 'node:path';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import { withJsonText } from '../../cache/json-text';
import { DocsItError } from '../../errors';
import { CompileCrash } from '../../markdown/compile-crash';
import type { CompileInput } from '../../markdown/compile-page';
import type { CompiledPage } from '../../markdown/compiled-page';
import type { CodeBlock } from '../../markdown/highlighter';
import { workerEnd } from '../worker-end';
import { bodyLengthOf, sentJob } from './compile-jobs';
import type { FromWorker, PageBlocks, ScanBlocks, ToWorker, WorkerError } from './compile-protocol';

export interface CompilePool {
  /** Compiles a page in one of the workers; errors come back as they would in this thread. */
  compile(input: CompileInput): Promise<CompiledPage>;
  /** Stops the workers. */
  close(): Promise<void>;
  /** How many workers were started so far. */
  readonly started: number;
  /** Why the workers cannot start, once one could not load its modules (every page then fails at once). */
  readonly broken: Error | undefined;
}

export interface PoolOptions {
  /** At most this many workers; they start as pages wait for one. */
  size: number;
  /** Start all `size` as soon as pages wait (the number was asked for), not only for a long enough queue. */
  eager?: boolean;
  /** The worker's module: src/site/compile/compile-worker.ts, or its bundled copy next to the CLI. */
  script: string | URL;
  /**
   * The HTML of a code block a worker asks for: the cache's, else `inWorker(block)`, which has the same worker
   * highlight it (see `Compiler`).
   */
  highlight(block: CodeBlock, inWorker: (block: CodeBlock) => Promise<string>): Promise<string>;
  /**
   * What the run knows of a page's code blocks, sent with the page (see compile-protocol), and where the blocks a
   * worker highlighted for it without asking go. Without it, a worker asks `highlight` for every block.
   */
  blocks?: {
    /**
     * The page's blocks for its worker, and each missing block's cache key by its `codeBlockKey`; or, when the cache
     * holds no block, that the worker finds and keys them itself (`ScanBlocks`: the page's text is not read here).
     */
    of(input: CompileInput): { sent: PageBlocks; keys: Map<string, string> } | { sent: ScanBlocks; keys?: undefined };
    /** A block's HTML a worker highlighted, under the cache key `of` gave for it (made once). */
    keep(key: string, html: string): void;
  };
  /** Told what a worker warns about (the run shows each warning once). */
  warn?: (message: string) => void;
  /** Each worker's memory, when bounded: a page that needs more fails alone, with a located error. */
  resourceLimits?: ResourceLimits;
  /**
   * Pages a worker holds at once (default `pagesHeld`); 1: a page goes only to an idle worker, so a page that
   * never ends holds up no other.
   */
  held?: number;
}

/** The compile worker's module: next to the bundled CLI, or its source when docs-it runs from its sources. */
export function compileWorkerScript(packageRoot: string, cliDir: string | undefined): string {
  return cliDir
    ? path.join(cliDir, 'compile-worker.mjs')
    : path.join(packageRoot, 'src/site/compile/compile-worker-sources.mjs');
}

interface Job {
  id: number;
  input: CompileInput;
  /** The cache keys of the page's missing blocks, by `codeBlockKey` (see `PoolOptions.blocks`). */
  keys?: Map<string, string>;
  /** The page's body length (`bodyLengthOf`), read once: the queue is ordered by it. */
  length: number;
  resolve(page: CompiledPage): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  /** Stops the worker once its module is evaluated (see `workerEnd`). */
  end: () => Promise<void>;
  /** Whether the worker loaded its modules (see `ready` in compile-protocol). */
  ready: boolean;
  /** Pages sent to the worker, in the order it compiles them: the first is the one it is on. */
  jobs: Job[];
  /** Blocks this thread asked the worker to highlight, by message id. */
  highlighting: Map<number, { resolve(html: string): void; reject(error: Error): void }>;
  /** The interface texts sent to the worker, by number (see compile-protocol). */
  texts: Set<number>;
}

/**
 * Pages a worker holds: the one it compiles and the next, which it starts without waiting for this thread to
 * answer (on large sites that wait cost as much as a second worker gained: docs/measurements.md, "Measurements
 * behind the
 * code").
 */
const pagesHeld = 2;

/** This process's flags but one a worker cannot take (`--input-type`, for code given as text), which stops it. */
export const workerExecArgv = () => process.execArgv.filter((arg) => !arg.startsWith('--input-type'));

/** Pages waiting per running worker before another one starts. */
const pagesPerNewWorker = 8;

/** Pages asked for at once up to which each is put in its place in the queue; more are sorted with it. */
const insertedOneByOne = 64;

function errorOf(error: WorkerError): Error {
  if (error.kind === 'located') return new DocsItError(error.message, error.location, error.hint);
  const cause = new Error(error.message);
  if (error.stack) cause.stack = error.stack;
  return new CompileCrash(error.file, cause);
}

/** A worker stopped by its memory limit, as the error of the page it was compiling. */
function outOfMemory(error: Error, file: string, limits: ResourceLimits | undefined): DocsItError | undefined {
  if ((error as NodeJS.ErrnoException).code !== 'ERR_WORKER_OUT_OF_MEMORY') return undefined;
  const mb = limits?.maxOldGenerationSizeMb;
  return new DocsItError(
    `the page needed more than ${mb === undefined ? 'the' : `${mb} MB of`} memory to compile: its compiler was stopped`,
    { file, line: 1, column: 1 },
    'Look for code in the page that builds something without end (a loop, a component that renders itself), or ' +
      'split the page.',
  );
}

/**
 * Worker threads that compile pages. Pages wait in one queue, the largest first, so that no worker is left
 * with a long page at the end; what each page compiles to does not depend on the worker (every worker runs the
 * same code on the same input), so the output is the same with any number of them.
 */
export function createCompilePool(options: PoolOptions): CompilePool {
  const { size, eager = false, script, highlight, blocks, resourceLimits, held = pagesHeld, warn } = options;
  const slots: Slot[] = [];
  /** Pages waiting for a worker, the shortest first (the largest is taken from its end). */
  const queue: Job[] = [];
  /** Pages asked for since the queue was last put in order. */
  const incoming: Job[] = [];
  let scheduled = false;
  let lastId = 0;
  let lastHighlightId = 0;
  let started = 0;
  /** Each interface text met, by the object every page of its language holds (compile-protocol). */
  const textIds = new Map<CompileInput['text'], number>();
  /** Why the workers cannot start, once one could not. */
  let broken: Error | undefined;

  const start = (): Slot => {
    const worker = new Worker(script, { execArgv: workerExecArgv(), ...(resourceLimits ? { resourceLimits } : {}) });
    const slot: Slot = {
      worker,
      end: workerEnd(worker),
      ready: false,
      jobs: [],
      highlighting: new Map(),
      texts: new Set(),
    };
    started++;
    const inWorker = (block: CodeBlock) =>
      new Promise<string>((resolve, reject) => {
        const id = ++lastHighlightId;
        slot.highlighting.set(id, { resolve, reject });
        worker.postMessage({ type: 'highlight', id, block } satisfies ToWorker);
      });
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'ready') slot.ready = true;
      else if (message.type === 'warning') warn?.(message.message);
      else if (message.type === 'compiled') {
        const at = slot.jobs.findIndex((j) => j.id === message.id);
        const job = at === -1 ? undefined : slot.jobs.splice(at, 1)[0];
        for (const [blockKey, html] of message.highlighted ?? []) {
          const key = job?.keys?.get(blockKey);
          if (key !== undefined) blocks?.keep(key, html);
        }
        for (const [key, html] of message.keyed ?? []) blocks?.keep(key, html);
        if (job) {
          if (message.page) job.resolve(message.json ? withJsonText(message.page, message.json) : message.page);
          else job.reject(errorOf(message.error!));
        }
        dispatch();
      } else if (message.type === 'block') {
        const { id } = message;
        highlight(message.block, inWorker).then(
          (html) => worker.postMessage({ type: 'block-html', id, html } satisfies ToWorker),
          (error: unknown) =>
            worker.postMessage({ type: 'block-html', id, error: String((error as Error)?.message ?? error) }),
        );
      } else if (message.type === 'highlighted') {
        const entry = slot.highlighting.get(message.id);
        slot.highlighting.delete(message.id);
        if (message.html !== undefined) entry?.resolve(message.html);
        else entry?.reject(new Error(message.error));
      }
    });
    // A worker that dies takes only its page with it: the page fails as a crash, the others go on.
    const died = (error: Error) => {
      const at = slots.indexOf(slot);
      if (at === -1) return;
      slots.splice(at, 1);
      // Blocks it was highlighting for another worker's page (see `highlight`) are highlighted elsewhere.
      for (const entry of slot.highlighting.values()) entry.reject(error);
      slot.highlighting.clear();
      if (!slot.ready) {
        // It could not even start: no worker would, and every page would wait for one to fail in turn.
        broken = error;
        for (const job of [...slot.jobs.splice(0), ...queue.splice(0), ...incoming.splice(0)])
          job.reject(new CompileCrash(job.input.file, error));
        return;
      }
      const [current, ...next] = slot.jobs.splice(0);
      current?.reject(
        outOfMemory(error, current.input.file, resourceLimits) ?? new CompileCrash(current.input.file, error),
      );
      // The pages it had not started go to another worker.
      incoming.push(...next);
      dispatch();
    };
    worker.on('error', died);
    // An exit that `close` did not ask for (the slot is still listed) would otherwise leave its page waiting.
    worker.on('exit', (code) => died(new Error(`the compile worker stopped (exit code ${code})`)));
    slots.push(slot);
    return slot;
  };

  /**
   * Puts the pages asked for since the last call in their place in the queue, as a stable sort of the queue with
   * them after it would: a few (a build asks for the next page as each one is compiled) each by a binary search, so
   * that a page costs no sort of the thousands waiting; many at once (every page of a site) by one sort.
   */
  const order = () => {
    if (incoming.length === 0) return;
    if (incoming.length > insertedOneByOne) {
      for (const job of incoming) queue.push(job);
      queue.sort((a, b) => a.length - b.length);
    } else {
      for (const job of incoming) {
        let low = 0;
        let high = queue.length;
        while (low < high) {
          const middle = (low + high) >>> 1;
          if (queue[middle]!.length <= job.length) low = middle + 1;
          else high = middle;
        }
        queue.splice(low, 0, job);
      }
    }
    incoming.length = 0;
  };

  const dispatch = () => {
    order();
    for (;;) {
      if (queue.length === 0) return;
      // A new worker only for a queue long enough to pay for its start (a few changed pages wait instead).
      const worthIt = eager || slots.length === 0 || queue.length >= slots.length * pagesPerNewWorker;
      const idle = slots.find((s) => s.jobs.length === 0);
      const slot = idle ?? (slots.length < size && worthIt ? start() : slots.find((s) => s.jobs.length < held));
      if (!slot) return;
      // The queue is sorted smallest first: the largest page is at its end.
      const job = queue.pop()!;
      let pageBlocks: ReturnType<NonNullable<PoolOptions['blocks']>['of']> | undefined;
      let sent: ReturnType<typeof sentJob>;
      try {
        // The blocks first: a scan here reads the page's text, which then goes with the page (not its place).
        pageBlocks = blocks?.of(job.input);
        sent = sentJob(job.input);
      } catch (error) {
        // Its text read here is not the one the build's facts came from: the page's error, as in this thread.
        job.reject(error as Error);
        continue;
      }
      slot.jobs.push(job);
      const { text, input, place } = sent;
      let textId = textIds.get(text);
      if (textId === undefined) {
        textId = textIds.size + 1;
        textIds.set(text, textId);
      }
      if (!slot.texts.has(textId)) {
        slot.worker.postMessage({ type: 'text', id: textId, text } satisfies ToWorker);
        slot.texts.add(textId);
      }
      const message: ToWorker = { type: 'compile', id: job.id, input, text: textId };
      if (place) message.place = place;
      if (pageBlocks) {
        message.blocks = pageBlocks.sent;
        if (pageBlocks.keys) job.keys = pageBlocks.keys;
      }
      slot.worker.postMessage(message);
    }
  };

  return {
    compile(input) {
      if (broken) return Promise.reject(new CompileCrash(input.file, broken));
      return new Promise((resolve, reject) => {
        // By a length known without the text (a large build reads each page's text again as it is sent).
        incoming.push({ id: ++lastId, input, length: bodyLengthOf(input), resolve, reject });
        // Pages asked for in one go (the build asks for all of them) are sorted together before any starts.
        if (!scheduled) {
          scheduled = true;
          setImmediate(() => {
            scheduled = false;
            dispatch();
          });
        }
      });
    },
    get started() {
      return started;
    },
    get broken() {
      return broken;
    },
    async close() {
      const all = slots.splice(0);
      for (const slot of all) for (const entry of slot.highlighting.values()) entry.reject(new Error('closed'));
      await Promise.all(all.map((s) => s.end()));
    },
  };
}
