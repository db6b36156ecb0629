import type { Cache } from '../cache/stage-cache';
import { parseFrontMatter } from '../content/front-matter';
import type { SourceFile } from '../content/source-file';
import { type CompileInput, createPageCompiler } from '../markdown/compile-page';
import type { CompiledPage } from '../markdown/compiled-page';
import { createHighlighter } from '../markdown/highlighter';
import type { RenderInput } from '../render/render-page';
import type { SearchInput } from '../search/search-files';
import { type CompilePool, createCompilePool } from './compile-pool';

/**
 * The stages whose outputs are kept, wrapped with the run's cache: the one place that knows a cache exists.
 * Build and dev get the same stages; only the cache behind them differs (disk, or memory over disk).
 */
export function createStages(cache: Cache) {
  const highlighter = createHighlighter();
  let pool: CompilePool | undefined;
  let workersStarted = 0;
  const highlight = cache.stage('highlight', highlighter.highlight);
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
      if (size > 1 && !pool) {
        pool = createCompilePool({
          size,
          eager,
          script,
          lookup: (block) => cache.lookup<string>('highlight', block),
          store: (block, html) => cache.store('highlight', block, html),
        });
      }
    },
    /** Whether pages are compiled in workers (then they are best asked for all at once). */
    get parallel(): boolean {
      return pool !== undefined;
    },
    /** How many worker threads compiled pages in this run. */
    get workers(): number {
      return workersStarted + (pool?.started ?? 0);
    },
    /** Stops the workers, if any. */
    close: async () => {
      workersStarted += pool?.started ?? 0;
      await pool?.close();
      pool = undefined;
    },
    /** The key of a rendered page: previous output with the same key is kept. */
    renderKey: (input: RenderInput) => cache.keyOf('render', input),
    /** The key of the search files. */
    searchKey: (input: SearchInput) => cache.keyOf('search', input),
  };
}

export type Stages = ReturnType<typeof createStages>;
