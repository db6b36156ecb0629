import type { Cache } from '../cache/stage-cache';
import { parseFrontMatter } from '../content/front-matter';
import type { SourceFile } from '../content/source-file';
import { createPageCompiler } from '../markdown/compile-page';
import { createHighlighter } from '../markdown/highlighter';
import type { RenderInput } from '../render/render-page';
import type { SearchInput } from '../search/search-files';

/**
 * The stages whose outputs are kept, wrapped with the run's cache: the one place that knows a cache exists.
 * Build and dev get the same stages; only the cache behind them differs (disk, or memory over disk).
 */
export function createStages(cache: Cache) {
  const highlighter = createHighlighter();
  const compilePage = createPageCompiler({
    highlighter: {
      resolveLanguage: highlighter.resolveLanguage,
      highlight: cache.stage('highlight', highlighter.highlight),
    },
  });
  const parse = cache.stageSync('front-matter', parseFrontMatter);
  return {
    /** A content file with its front matter split off and checked. */
    parseSource: (source: SourceFile) => parse(source, source.file),
    /** A page's markdown compiled (links still placeholders), by its compile input. */
    compile: cache.stage('compile', compilePage),
    /** The key of a rendered page: previous output with the same key is kept. */
    renderKey: (input: RenderInput) => cache.keyOf('render', input),
    /** The key of the search files. */
    searchKey: (input: SearchInput) => cache.keyOf('search', input),
  };
}

export type Stages = ReturnType<typeof createStages>;
