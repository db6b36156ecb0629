import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ContentModel } from '../content/content-model';
import type { ParsedSource } from '../content/source-file';
import { DocsItError, ErrorCollector } from '../errors';
import { createHighlighter } from './highlighter';
import type { CompiledPage } from './problems';
import { createMarkdownProcessor } from './processor';

export interface CompilePagesInput {
  model: ContentModel;
  baseUrl: string;
  /** Site root, for reading MDX fragments. */
  root: string;
}

interface Job {
  source: ParsedSource;
  route: string;
  excerpt: boolean;
  tocMin?: number;
  tocMax?: number;
}

/** Every content file that becomes (part of) a page, with its route. */
function jobsOf(model: ContentModel): Job[] {
  const jobs: Job[] = [];
  const add = (source: ParsedSource, route: string, fm: { toc_min_heading_level?: number; toc_max_heading_level?: number }, excerpt = false) =>
    jobs.push({ source, route, excerpt, tocMin: fm.toc_min_heading_level, tocMax: fm.toc_max_heading_level });
  for (const doc of model.docs) add(doc.source, doc.route, doc.frontMatter);
  if (model.docsHome) add(model.docsHome.source, model.docsHome.route, model.docsHome.frontMatter);
  for (const post of model.posts) add(post.source, post.route, post.frontMatter, true);
  for (const page of model.pages) add(page.source, page.route, page.frontMatter);
  return jobs;
}

/** Compiles every page's markdown once; syntax errors and in-page problems are all reported together. */
export async function compilePages({ model, baseUrl, root }: CompilePagesInput): Promise<Map<string, CompiledPage>> {
  const compile = createMarkdownProcessor({
    highlighter: createHighlighter(),
    routeOfFile: model.routeOfFile,
    baseUrl,
    readFragment(fromFile, specifier) {
      try {
        return readFileSync(path.resolve(root, path.dirname(fromFile), specifier), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');
      } catch {
        return undefined;
      }
    },
  });
  const errors = new ErrorCollector();
  const compiled = new Map<string, CompiledPage>();
  for (const job of jobsOf(model)) {
    try {
      const page = await compile({
        file: job.source.file,
        route: job.route,
        body: job.source.body,
        format: job.source.file.endsWith('.mdx') ? 'mdx' : 'md',
        excerpt: job.excerpt,
        tocMin: job.tocMin ?? 2,
        tocMax: job.tocMax ?? 3,
      });
      for (const p of page.problems) errors.add(new DocsItError(p.message, { file: job.source.file, line: p.line, column: p.column }, p.hint));
      compiled.set(job.source.file, page);
    } catch (error) {
      if (error instanceof DocsItError) errors.add(error);
      else throw error;
    }
  }
  errors.throwIfAny();
  return compiled;
}
