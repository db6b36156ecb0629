import type { CompileInput } from '../markdown/compile-page';
import type { CompiledPage } from '../markdown/compiled-page';
import type { CodeBlock } from '../markdown/highlighter';

/*
 * The messages between the build and its compile workers. A worker compiles pages; for each code block it asks
 * the build's cache (one store, one count) first, and hands back the blocks it had to highlight itself.
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
  /** A page to compile; its output is also written to `cacheFile` (the cache's entry) when given. */
  | { type: 'compile'; id: number; input: CompileInput; cacheFile?: string }
  /** The cache's answer to a `lookup`: the block's HTML, or none. */
  | { type: 'found'; id: number; html: string | undefined }
  /** A block to highlight ahead of the build's thread, which compiles the pages (see highlight-ahead). */
  | { type: 'highlight'; id: number; block: CodeBlock };

export type FromWorker =
  /** Its modules are loaded: from now on, a worker that stops was stopped by a page. */
  | { type: 'ready' }
  | { type: 'compiled'; id: number; page?: CompiledPage; error?: WorkerError }
  | { type: 'lookup'; id: number; block: CodeBlock }
  | { type: 'store'; block: CodeBlock; html: string }
  | { type: 'highlighted'; id: number; html?: string; error?: string };
