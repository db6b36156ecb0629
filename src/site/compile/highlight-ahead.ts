import { Worker } from 'node:worker_threads';
import type { CodeBlock, ShikiHighlighter } from '../../markdown/highlighter';
import { workerEnd } from '../worker-end';
import { BlockClaim, blockClaims } from './block-claims';
import { workerExecArgv } from './compile-pool';
import type { FromWorker, ToWorker } from './compile-protocol';

/**
 * A compile worker that only highlights: the build's thread sends it the code blocks it will meet, page by page,
 * before it compiles the pages, and takes each block's HTML from here when it gets to it. Highlighting is a
 * large part of compiling a site with many code blocks, and on it the grammars' first use (their regular
 * expressions compiled) weighs most; a build that compiles in its own thread does both on two processors
 * (docs/measurements.md).
 *
 * When the build's thread waits for a block the worker has not highlighted yet, it highlights blocks itself, from
 * the end of the queue (the worker goes from its start), one per turn of its event loop: each block sent has a flag
 * shared with the worker (block-claims), and whichever thread starts on a block first takes it, the other skipping
 * it. Whoever highlights a block, its HTML is the same (the highlighter's cores keep it from depending on what the
 * thread highlighted before).
 */
export interface HighlightAhead {
  /** Sends a block to the worker, once per distinct block. */
  send(block: CodeBlock): void;
  /** The HTML of a block sent; undefined for a block never sent or one the worker failed on. */
  take(block: CodeBlock): Promise<string | undefined>;
  /** Blocks whose HTML was taken from the worker. */
  readonly taken: number;
  /** Blocks sent that this thread highlighted itself while it waited for the worker. */
  readonly highlightedHere: number;
  /** Why the worker stopped before it was closed (it could not load, or it died): its blocks are not highlighted. */
  readonly failed: Error | undefined;
  close(): Promise<void>;
}

export interface HighlightAheadOptions {
  /** Told what the worker warns about (its highlighter fell back to another engine). */
  warn?: (message: string) => void;
  /**
   * This thread's highlighter, which highlights blocks of the queue's end while a block taken is not ready (see
   * `worthTaking`); without it, this thread only waits.
   */
  here?: ShikiHighlighter;
}

const keyOf = (b: CodeBlock) => `${b.lang}\0${b.showLineNumbers}\0${b.highlightLines.join(',')}\0${b.code}`;

/** A block sent, until its HTML is settled. */
interface Sent {
  block: CodeBlock;
  html: Promise<string>;
  resolve(html: string): void;
  reject(error: Error): void;
  settled: boolean;
  /** Claimed by this thread, which highlights it (the worker skips it). */
  here: boolean;
}

/**
 * A grammar this thread has not loaded is loaded to take blocks from the worker only when at least this many of its
 * blocks are free: a grammar's first use (its module, its rules' regular expressions compiled) costs this thread
 * about as much as highlighting tens of its blocks (docs/measurements.md, h153).
 */
const freeBlocksForAGrammar = 32;

export function highlightAhead(script: string | URL, { warn, here }: HighlightAheadOptions = {}): HighlightAhead {
  const worker = new Worker(script, { execArgv: workerExecArgv(), workerData: { highlightOnly: true } });
  const end = workerEnd(worker);
  const byKey = new Map<string, Sent>();
  /** The blocks sent, by id (from 1), until settled. */
  const sent: (Sent | undefined)[] = [undefined];
  const claims = blockClaims();
  let taken = 0;
  let highlightedHere = 0;
  let stopped: Error | undefined;
  let closing = false;
  const settle = (id: number, outcome: { html: string } | { error: Error }) => {
    const entry = sent[id];
    if (!entry) return;
    sent[id] = undefined;
    entry.settled = true;
    if ('html' in outcome) entry.resolve(outcome.html);
    else entry.reject(outcome.error);
  };
  worker.on('message', (message: FromWorker) => {
    if (message.type === 'warning') warn?.(message.message);
    // A block skipped is this thread's: it settles it.
    if (message.type !== 'highlighted' || message.skipped) return;
    if (message.html !== undefined) settle(message.id, { html: message.html });
    else settle(message.id, { error: new Error(message.error) });
    // A turn that found no block worth taking ended the run of turns: the next may find one.
    if (waiting > 0) startTaking();
  });
  const stop = (error: Error) => {
    stopped ??= error;
    // A block this thread highlights is settled by it.
    for (let id = 1; id < sent.length; id++) if (!sent[id]?.here) settle(id, { error });
  };
  worker.on('error', stop);
  const exited = (code: number) => stop(new Error(`the highlighting worker stopped (exit code ${code})`));
  worker.on('exit', exited);

  /** Takes of a block not settled yet: while there are any, this thread highlights blocks from the queue's end. */
  let waiting = 0;
  /** The highest id that may be free: every block above it is taken (by either thread). */
  let tail = 0;
  /** Whether a turn is due, or a block taken here is being highlighted. */
  let taking = false;
  /** Whether each grammar this thread had not loaded when it first met it is worth loading here. */
  const grammarWorthLoading = new Map<string, boolean>();
  /**
   * Whether this thread takes a free block in `lang` from the worker: plain text, or a grammar it has loaded; one it
   * has not, only once it has started its highlighter for blocks of its own (pages whose blocks the worker was not
   * sent: else Shiki and its engine would be loaded for this alone) and when `freeBlocksForAGrammar` of the grammar's
   * blocks are free as it first meets it.
   */
  const worthTaking = (here: ShikiHighlighter, lang: string | null): boolean => {
    if (here.hasGrammar(lang)) return true;
    if (lang === null || !here.started) return false;
    let worth = grammarWorthLoading.get(lang);
    if (worth === undefined) {
      let free = 0;
      for (let id = 1; id <= tail; id++) if (sent[id]?.block.lang === lang && claims.isFree(id)) free++;
      worth = free >= freeBlocksForAGrammar;
      grammarWorthLoading.set(lang, worth);
    }
    return worth;
  };
  /** The last free block worth taking, now this thread's; undefined when there is none. */
  const claimLast = (here: ShikiHighlighter): number | undefined => {
    while (tail > 0 && !claims.isFree(tail)) tail--;
    for (let id = tail; id > 0; id--) {
      const entry = sent[id];
      if (entry && worthTaking(here, entry.block.lang) && claims.claim(id, BlockClaim.run)) return id;
    }
    return undefined;
  };
  // One block per turn (`setImmediate`): the worker's messages, and whatever else this thread has to do (a page
  // whose block came, a route rendered ahead), are handled between two, and the block waited for ends the run.
  const takeOne = () => {
    taking = false;
    if (!here || stopped || waiting === 0) return;
    const id = claimLast(here);
    const entry = id === undefined ? undefined : sent[id];
    if (id === undefined || !entry) return;
    entry.here = true;
    taking = true;
    highlightedHere++;
    here.highlight(entry.block).then(
      (html) => settle(id, { html }),
      (error: Error) => settle(id, { error }),
    );
    const next = () => setImmediate(takeOne);
    entry.html.then(next, next);
  };
  const startTaking = () => {
    if (taking || !here) return;
    taking = true;
    setImmediate(takeOne);
  };

  return {
    send(block) {
      const key = keyOf(block);
      if (stopped || byKey.has(key)) return;
      const id = sent.length;
      const part = claims.newPart(id);
      if (part) worker.postMessage({ type: 'claims', ...part } satisfies ToWorker);
      let resolve!: Sent['resolve'];
      let reject!: Sent['reject'];
      const html = new Promise<string>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      // A failure is the compiler's to meet: it highlights the block itself (see `take`).
      html.catch(() => undefined);
      const entry: Sent = { block, html, resolve, reject, settled: false, here: false };
      sent.push(entry);
      byKey.set(key, entry);
      tail = id;
      worker.postMessage({ type: 'highlight', id, block } satisfies ToWorker);
    },
    async take(block) {
      const entry = byKey.get(keyOf(block));
      if (!entry) return undefined;
      const waited = !entry.settled;
      if (waited) {
        waiting++;
        startTaking();
      }
      const html = await entry.html.catch(() => undefined);
      if (waited) waiting--;
      if (html !== undefined && !entry.here) taken++;
      return html;
    },
    get taken() {
      return taken;
    },
    get highlightedHere() {
      return highlightedHere;
    },
    get failed() {
      return closing ? undefined : stopped;
    },
    async close() {
      closing = true;
      worker.off('exit', exited);
      stop(new Error('closed'));
      await end();
    },
  };
}
