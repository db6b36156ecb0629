import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ContentModel } from '../content/content-model';
import type { ParsedSource } from '../content/source-file';
import { DocsItError, ErrorCollector } from '../errors';
import { type CacheIdentity, CompileCache, cacheKey, isFresh } from './compile-cache';
import type { BlockStore } from './highlight-store';
import { createHighlighter } from './highlighter';
import type { CompiledPage } from './problems';
import { type CompileInput, createMarkdownProcessor } from './processor';

export interface CompilePagesInput {
  model: ContentModel;
  baseUrl: string;
  /** Site root, for reading MDX fragments. */
  root: string;
  /** Disk cache of compiled pages; none in tests that must compile everything. */
  cache?: { dir: string; identity: CacheIdentity };
  /** Highlighted blocks kept across builds, for the pages that must be compiled. */
  highlightStore?: BlockStore;
}

export interface CompileStats {
  compiled: number;
  cached: number;
  /** Code blocks of the compiled pages found in the highlight store instead of highlighted. */
  storedBlocks?: number;
  /** Cache keys of this build's pages: after a successful build, every other entry of the version is stale. */
  cacheKeys?: Set<string>;
}

type Outcome =
  | { file: string; page: CompiledPage }
  | { file: string; error: { message: string; location?: DocsItError['location']; hint?: string } };

/** Every content file that becomes (part of) a page, as compiler input. */
export function jobsOf(model: ContentModel): CompileInput[] {
  const jobs: CompileInput[] = [];
  const add = (
    source: ParsedSource,
    route: string,
    fm: { toc_min_heading_level?: number; toc_max_heading_level?: number },
    excerpt = false,
  ) =>
    jobs.push({
      file: source.file,
      route,
      body: source.body,
      format: source.file.endsWith('.mdx') ? 'mdx' : 'md',
      excerpt,
      tocMin: fm.toc_min_heading_level ?? 2,
      tocMax: fm.toc_max_heading_level ?? 3,
    });
  for (const doc of model.docs) add(doc.source, doc.route, doc.frontMatter);
  if (model.docsHome) add(model.docsHome.source, model.docsHome.route, model.docsHome.frontMatter);
  for (const post of model.posts) add(post.source, post.route, post.frontMatter, true);
  for (const page of model.pages) add(page.source, page.route, page.frontMatter);
  return jobs;
}

/** Reads an MDX fragment relative to the file importing it (front matter dropped). */
export function fragmentReader(root: string): (fromFile: string, specifier: string) => string | undefined {
  return (fromFile, specifier) => {
    try {
      return readFileSync(path.resolve(root, path.dirname(fromFile), specifier), 'utf8').replace(
        /^---\n[\s\S]*?\n---\n/,
        '',
      );
    } catch {
      return undefined;
    }
  };
}

/** Compiles a list of pages, one at a time. */
async function compileAll(
  jobs: CompileInput[],
  routeOfFile: Record<string, string>,
  baseUrl: string,
  root: string,
  store: BlockStore | undefined,
): Promise<Outcome[]> {
  const compile = createMarkdownProcessor({
    highlighter: createHighlighter(store),
    routeOfFile,
    baseUrl,
    readFragment: fragmentReader(root),
  });
  const outcomes: Outcome[] = [];
  for (const job of jobs) {
    try {
      outcomes.push({ file: job.file, page: await compile(job) });
    } catch (error) {
      if (!(error instanceof DocsItError)) throw error;
      outcomes.push({ file: job.file, error: { message: error.message, location: error.location, hint: error.hint } });
    }
  }
  return outcomes;
}

/** Compiles every page's markdown once (reusing fresh cached pages); all problems are reported together. */
export async function compilePages(input: CompilePagesInput, stats?: CompileStats): Promise<Map<string, CompiledPage>> {
  const { model, baseUrl, root } = input;
  const jobs = jobsOf(model);
  const compiled = new Map<string, CompiledPage>();
  const cache = input.cache ? new CompileCache(input.cache.dir, input.cache.identity) : undefined;
  const keys = new Map<string, string>();
  let toCompile = jobs;
  if (cache && input.cache) {
    toCompile = [];
    for (const job of jobs) {
      // MDX pages may import fragments the key does not cover: always compile them.
      const key = job.format === 'mdx' ? undefined : cacheKey(job, input.cache.identity);
      const page = key === undefined ? undefined : cache.get(key);
      if (key !== undefined) keys.set(job.file, key);
      if (page && isFresh(page, model.routeOfFile)) compiled.set(job.file, page);
      else toCompile.push(job);
    }
  }

  // Worker threads and child processes were both measured here (2 vCPUs): two parsers running at once each
  // ran at about half speed, so the gain was 10% at best, and negative on the real site (each worker pays the
  // highlighter's warm-up). One thread, and the disk caches for later builds, do better.
  const outcomes = await compileAll(toCompile, model.routeOfFile, baseUrl, root, input.highlightStore);

  const errors = new ErrorCollector();
  for (const outcome of outcomes) {
    if ('error' in outcome) {
      errors.add(new DocsItError(outcome.error.message, outcome.error.location, outcome.error.hint));
      continue;
    }
    compiled.set(outcome.file, outcome.page);
    const key = keys.get(outcome.file);
    if (cache && key) {
      try {
        cache.set(key, outcome.page);
      } catch {
        // A cache that cannot be written only makes the next build slower.
      }
    }
  }
  for (const [file, page] of compiled) {
    for (const p of page.problems)
      errors.add(new DocsItError(p.message, { file, line: p.line, column: p.column }, p.hint));
  }
  if (stats)
    Object.assign(stats, {
      compiled: toCompile.length,
      cached: jobs.length - toCompile.length,
      cacheKeys: new Set(keys.values()),
    });
  errors.throwIfAny();
  return compiled;
}
