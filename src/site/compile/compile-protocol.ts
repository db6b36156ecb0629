import type { BodyPlace } from '../../content/text-again';
import type { CompileInput } from '../../markdown/compile-page';
import type { CompiledPage } from '../../markdown/compiled-page';
import type { CodeBlock } from '../../markdown/highlighter';
import type { InterfaceText } from '../../shared/i18n/interface-text';

/*
 * The messages between the run and its compile workers. A worker compiles pages and hands each back. A page comes
 * with what the run knows of its code blocks, found without parsing (see `fencedCodeBlocks`): the HTML its cache
 * holds for some, and which ones it lacks, which the worker highlights itself and hands back with the page. For a
 * block the run said nothing of, the worker asks the run, which takes the block's HTML from its cache or, when the
 * cache lacks it, asks the same worker to highlight. The run keeps every output (one store, one count): a worker
 * writes no file. The site's interface text, the same object in every page's input of a language and two thirds
 * of a page's message, goes to each worker once (`text`) and a page names it by number. A page whose text the run
 * let go (a large build) goes without its body: the worker reads it from its file (`place`), and for a build that
 * reuses no highlighted block, finds the page's blocks itself and hands each back under its cache key (`ScanBlocks`).
 */

/** What names a code block in the messages: two blocks with the same key are highlighted alike. */
export function codeBlockKey(block: CodeBlock): string {
  const lines = block.highlightLines.join(',');
  return `${block.lang ?? ''}\u0000${block.showLineNumbers ? 1 : 0}\u0000${lines}\u0000${block.code}`;
}

/** What the run knows of a page's code blocks, by `codeBlockKey`. */
export interface PageBlocks {
  /** The HTML its cache holds. */
  known: [key: string, html: string][];
  /** Blocks its cache lacks: the worker highlights them without asking, and hands them back with the page. */
  missing: string[];
}

/** What went wrong in a worker, as plain data: a located error for the writer, or a crash of docs-it. */
/**
 * A page's blocks when the run's cache holds none it could give (a build that reuses nothing): the worker finds them
 * itself as the run would (`fencedCodeBlocks`), highlights each, and hands them back under their cache keys, made
 * with the highlight stage's code version (`stageKey`): the run's thread neither scans the page nor keys its blocks.
 */
export interface ScanBlocks {
  scan: true;
  version: string;
}

export type WorkerError =
  | {
      kind: 'located';
      message: string;
      location: { file: string; line?: number; column?: number } | undefined;
      hint: string | undefined;
    }
  | { kind: 'crash'; file: string; message: string; stack?: string };

export type ToWorker =
  /** An interface text the pages sent after it name by `id` (sent once to each worker). */
  | { type: 'text'; id: number; text: InterfaceText }
  /**
   * A page to compile: its input but its interface text, which `text` names, and, for a page whose text the run let
   * go, but its body, which the worker reads from `place` (a text changed since the run read it is the page's error).
   */
  | {
      type: 'compile';
      id: number;
      input: Omit<CompileInput, 'text' | 'body'> & { body?: string };
      place?: BodyPlace;
      text: number;
      blocks?: PageBlocks | ScanBlocks;
    }
  /** The answer to a `block`: its HTML, or why there is none. */
  | { type: 'block-html'; id: number; html?: string; error?: string }
  /** A block to highlight: one a `block` asked for that the cache lacks, or one ahead (see highlight-ahead). */
  | { type: 'highlight'; id: number; block: CodeBlock }
  /**
   * Who highlights the blocks ahead from number `part` × the part's length on: their flags, shared with the run (see
   * block-claims). A block ahead the run took is skipped. Sent before the first of those blocks.
   */
  | { type: 'claims'; part: number; flags: Int32Array };

export type FromWorker =
  /** Its modules are loaded: from now on, a worker that stops was stopped by a page. */
  | { type: 'ready' }
  | {
      type: 'compiled';
      id: number;
      page?: CompiledPage;
      /**
       * The page's JSON (`JSON.stringify(page)`), made by the worker, which has time to spare: the compile cache
       * keeps it as it is (see cache/json-text), and the run's thread, the markdown stage's critical path, does not
       * make it.
       */
      json?: string;
      error?: WorkerError;
      /**
       * The blocks of the page's `missing` it highlighted, for the run's cache, by `codeBlockKey`: the run made each
       * one's cache key when it sent the page, and does not make it again from the block.
       */
      highlighted?: [key: string, html: string][];
      /** The blocks of a `ScanBlocks` page it highlighted, by their cache keys. */
      keyed?: [key: string, html: string][];
    }
  /** A code block of the page it compiles, whose HTML it asks for. */
  | { type: 'block'; id: number; block: CodeBlock }
  /** A block's HTML, or why there is none; `skipped` when the run's thread took it first (see block-claims). */
  | { type: 'highlighted'; id: number; html?: string; error?: string; skipped?: true }
  /** Something the run should warn about once (its highlighter fell back to another engine). */
  | { type: 'warning'; message: string };
