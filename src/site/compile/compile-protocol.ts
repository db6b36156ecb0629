import type { CompileInput } from '../../markdown/compile-page';
import type { CompiledPage } from '../../markdown/compiled-page';
import type { CodeBlock } from '../../markdown/highlighter';

/*
 * The messages between the run and its compile workers. A worker compiles pages and hands each back; for each
 * code block it asks the run for the block's HTML, which the run takes from its cache (one store, one count) or,
 * when the cache lacks it, asks the same worker to highlight. The run keeps every output: a worker writes no
 * file.
 */

/** What went wrong in a worker, as plain data: a located error for the writer, or a crash of docs-it. */
export type WorkerError =
  | {
      kind: 'located';
      message: string;
      location: { file: string; line?: number; column?: number } | undefined;
      hint: string | undefined;
    }
  | { kind: 'crash'; file: string; message: string; stack?: string };

export type ToWorker =
  /** A page to compile. */
  | { type: 'compile'; id: number; input: CompileInput }
  /** The answer to a `block`: its HTML, or why there is none. */
  | { type: 'block-html'; id: number; html?: string; error?: string }
  /** A block to highlight: one a `block` asked for that the cache lacks, or one ahead (see highlight-ahead). */
  | { type: 'highlight'; id: number; block: CodeBlock };

export type FromWorker =
  /** Its modules are loaded: from now on, a worker that stops was stopped by a page. */
  | { type: 'ready' }
  | { type: 'compiled'; id: number; page?: CompiledPage; error?: WorkerError }
  /** A code block of the page it compiles, whose HTML it asks for. */
  | { type: 'block'; id: number; block: CodeBlock }
  | { type: 'highlighted'; id: number; html?: string; error?: string }
  /** Something the run should warn about once (its highlighter fell back to another engine). */
  | { type: 'warning'; message: string };
