import { Worker } from 'node:worker_threads';
import type { CodeBlock } from '../../markdown/highlighter';
import { workerEnd } from '../worker-end';
import { workerExecArgv } from './compile-pool';
import type { FromWorker, ToWorker } from './compile-protocol';

/**
 * A compile worker that only highlights: the build's thread sends it the code blocks it will meet, page by page,
 * before it compiles the pages, and takes each block's HTML from here when it gets to it. Highlighting is a
 * large part of compiling a site with many code blocks, and on it the grammars' first use (their regular
 * expressions compiled) weighs most; a build that compiles in its own thread does both on two processors
 * (docs/measurements.md).
 */
export interface HighlightAhead {
  /** Sends a block to the worker, once per distinct block. */
  send(block: CodeBlock): void;
  /** The HTML of a block sent; undefined for a block never sent or one the worker failed on. */
  take(block: CodeBlock): Promise<string | undefined>;
  /** Blocks whose HTML was taken from the worker. */
  readonly taken: number;
  /** Why the worker stopped before it was closed (it could not load, or it died): its blocks are not highlighted. */
  readonly failed: Error | undefined;
  close(): Promise<void>;
}

const keyOf = (b: CodeBlock) => `${b.lang}\0${b.showLineNumbers}\0${b.highlightLines.join(',')}\0${b.code}`;

/** `warn`: told what the worker warns about (its highlighter fell back to another engine). */
export function highlightAhead(script: string | URL, warn?: (message: string) => void): HighlightAhead {
  const worker = new Worker(script, { execArgv: workerExecArgv(), workerData: { highlightOnly: true } });
  const end = workerEnd(worker);
  const byKey = new Map<string, Promise<string>>();
  const waiting = new Map<number, { resolve(html: string): void; reject(error: Error): void }>();
  let lastId = 0;
  let taken = 0;
  let stopped: Error | undefined;
  let closing = false;
  worker.on('message', (message: FromWorker) => {
    if (message.type === 'warning') warn?.(message.message);
    if (message.type !== 'highlighted') return;
    const entry = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.html !== undefined) entry?.resolve(message.html);
    else entry?.reject(new Error(message.error));
  });
  const stop = (error: Error) => {
    stopped ??= error;
    for (const entry of waiting.values()) entry.reject(error);
    waiting.clear();
  };
  worker.on('error', stop);
  const exited = (code: number) => stop(new Error(`the highlighting worker stopped (exit code ${code})`));
  worker.on('exit', exited);
  return {
    send(block) {
      const key = keyOf(block);
      if (stopped || byKey.has(key)) return;
      const html = new Promise<string>((resolve, reject) => {
        const id = ++lastId;
        waiting.set(id, { resolve, reject });
        worker.postMessage({ type: 'highlight', id, block } satisfies ToWorker);
      });
      // A failure is the compiler's to meet: it highlights the block itself (see `take`).
      html.catch(() => undefined);
      byKey.set(key, html);
    },
    async take(block) {
      const html = await byKey.get(keyOf(block))?.catch(() => undefined);
      if (html !== undefined) taken++;
      return html;
    },
    get taken() {
      return taken;
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
