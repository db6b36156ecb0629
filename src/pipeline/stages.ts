import type { Cache } from '../cache/stage-cache';
import { parseFrontMatter } from '../content/front-matter';
import type { SourceFile } from '../content/source-file';
import { fencedCodeBlocks } from '../markdown/code-fences';
import { type CompileInput, createPageCompiler } from '../markdown/compile-page';
import type { CompiledPage } from '../markdown/compiled-page';
import { type CodeBlock, createHighlighter } from '../markdown/highlighter';
import type { RenderInput } from '../render/render-page';
import type { SearchInput } from '../search/search-files';
import { type CompilePool, createCompilePool, type PoolOptions } from './compile-pool';
import { type HighlightAhead, highlightAhead as highlightAheadIn } from './highlight-ahead';

/**
 * The stages whose outputs are kept, wrapped with the run's cache: the one place that knows a cache exists.
 * Build and dev get the same stages; only the cache behind them differs (disk, or memory over disk).
 */
export function createStages(cache: Cache) {
  const highlighter = createHighlighter();
  let pool: CompilePool | undefined;
  let workersStarted = 0;
  let highlightedAhead = 0;
  let ahead: HighlightAhead | undefined;
  // A block the highlighting worker was sent is taken from it; any other is highlighted here.
  const highlightHere = async (block: CodeBlock) => (await ahead?.take(block)) ?? highlighter.highlight(block);
  const highlight = cache.stage('highlight', highlightHere);
  const compileHere = createPageCompiler({ highlighter: { resolveLanguage: highlighter.resolveLanguage, highlight } });
  const compileInThread = cache.stage('compile', compileHere);
  const compile = (input: CompileInput, id?: string): Promise<CompiledPage> => {
    if (!pool) return compileInThread(input, id);
    const claim = cache.claim<CompiledPage>('compile', input);
    if ('stored' in claim) return Promise.resolve(claim.stored);
    // The worker writes the cache entry: the writes of many workers go on while this thread answers them.
    const compiled = pool.compile(input, claim.file);
    if (claim.file === undefined) void compiled.then(claim.store, () => undefined);
    return compiled;
  };
  const poolOf = (options: Omit<PoolOptions, 'lookup' | 'store'>) =>
    createCompilePool({
      ...options,
      lookup: (block) => cache.lookup<string>('highlight', block),
      store: (block, html) => cache.store('highlight', block, html),
    });
  const parse = cache.stageSync('front-matter', parseFrontMatter);
  return {
    /** A content file with its front matter split off and checked. */
    parseSource: (source: SourceFile) => parse(source, source.file),
    /** A page's markdown compiled (links still placeholders), by its compile input. */
    compile,
    /**
     * Compiles pages in `size` worker threads from now on (`script` is the worker's module); 1 keeps them in
     * this thread. Only what is not in the cache reaches a worker.
     */
    startWorkers(size: number, script: string | URL, eager = false): void {
      if (size > 1 && !pool) pool = poolOf({ size, eager, script });
    },
    /**
     * Compiles every page in `size` worker threads (at least one) with bounded memory, so this thread is never
     * busy compiling: `dev` answers requests while a long page compiles, and a page that needs too much memory
     * fails alone.
     */
    compileOffThread(size: number, script: string | URL, maxMemoryMb: number): void {
      pool ??= poolOf({ size, eager: true, held: 1, script, resourceLimits: { maxOldGenerationSizeMb: maxMemoryMb } });
    },
    /**
     * Starts a worker that highlights, ahead of this thread, the code blocks the pages' texts show and the cache
     * does not have (`script` is the compile worker's module), when there are at least `minBlocks` and no
     * workers compile the pages.
     */
    highlightAhead(pages: Iterable<CompileInput>, script: string | URL, minBlocks: number): void {
      if (pool || ahead) return;
      const blocks: CodeBlock[] = [];
      for (const page of pages) {
        for (const block of fencedCodeBlocks(page.body, highlighter.resolveLanguage))
          if (cache.peek('highlight', block) === undefined) blocks.push(block);
      }
      if (blocks.length < minBlocks) return;
      ahead = highlightAheadIn(script);
      for (const block of blocks) ahead.send(block);
    },
    /** Whether pages are compiled in workers (then they are best asked for all at once). */
    get parallel(): boolean {
      return pool !== undefined;
    },
    /** How many worker threads compiled pages in this run. */
    get workers(): number {
      return workersStarted + (pool?.started ?? 0);
    },
    /** Code blocks whose HTML a worker highlighting ahead gave (see `highlightAhead`). */
    get highlightedAhead(): number {
      return highlightedAhead + (ahead?.taken ?? 0);
    },
    /** Stops the workers, if any. */
    close: async () => {
      workersStarted += pool?.started ?? 0;
      highlightedAhead += ahead?.taken ?? 0;
      await Promise.all([pool?.close(), ahead?.close()]);
      pool = undefined;
      ahead = undefined;
    },
    /** The key of a rendered page: previous output with the same key is kept. */
    renderKey: (input: RenderInput) => cache.keyOf('render', input),
    /** The key of the search files. */
    searchKey: (input: SearchInput) => cache.keyOf('search', input),
  };
}

export type Stages = ReturnType<typeof createStages>;
