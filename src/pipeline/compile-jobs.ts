import type { ContentModel } from '../content/build-content-model';
import type { DiscoveredContent } from '../content/discover';
import type { ParsedSource } from '../content/source-file';
import type { CompileInput } from '../markdown/compile-page';
import { usesMdx } from '../markdown/detect-format';
import { resolveFrom } from '../markdown/posix-paths';

const fragmentImport = /^import\s+\w+\s+from\s+['"](\.{1,2}\/[^'"]+\.mdx?)['"]/gm;
const frontMatter = /^---\n[\s\S]*?\n---\n/;

/**
 * The fragments a page imports (`import Requisiti from './_requisiti.md'`), by site-root relative path: they
 * are part of the page's compile input, so a page is compiled again when one of them changes. An import not
 * found here is left for the compiler to report at its line.
 */
function fragmentsOf(source: ParsedSource, texts: Map<string, string>): Record<string, string> {
  const fragments: Record<string, string> = {};
  if (!source.body.includes('import ')) return fragments;
  for (const match of source.body.matchAll(fragmentImport)) {
    const file = resolveFrom(source.file, match[1]!);
    const text = texts.get(file);
    if (text !== undefined) fragments[file] = text.replace(frontMatter, '');
  }
  return fragments;
}

/** Every content file that becomes (part of) a page, as compiler input, by site-root relative path. */
export function compileJobsOf(
  model: ContentModel,
  discovered: DiscoveredContent,
  baseUrl: string,
): Map<string, CompileInput> {
  const texts = new Map<string, string>(Object.entries(discovered.fragments));
  for (const source of discovered.sources) texts.set(source.file, source.text);
  const jobs = new Map<string, CompileInput>();
  const add = (
    source: ParsedSource,
    route: string,
    titleLine: number | undefined,
    fm: { toc_min_heading_level?: number; toc_max_heading_level?: number },
    excerpt = false,
  ) => {
    // As Docusaurus does: a `.md` page with imports or components is MDX.
    const format = source.file.endsWith('.mdx') || usesMdx(source.body) ? 'mdx' : 'md';
    const job: CompileInput = {
      file: source.file,
      route,
      baseUrl,
      body: source.body,
      format,
      excerpt,
      tocMin: fm.toc_min_heading_level ?? 2,
      tocMax: fm.toc_max_heading_level ?? 3,
      fragments: format === 'mdx' ? fragmentsOf(source, texts) : {},
    };
    if (titleLine !== undefined) job.titleLine = titleLine;
    jobs.set(source.file, job);
  };
  for (const doc of model.docs) add(doc.source, doc.route, doc.titleLine, doc.frontMatter);
  if (model.docsHome)
    add(model.docsHome.source, model.docsHome.route, model.docsHome.titleLine, model.docsHome.frontMatter);
  for (const post of model.posts) add(post.source, post.route, post.titleLine, post.frontMatter, true);
  for (const page of model.pages) add(page.source, page.route, page.titleLine, page.frontMatter);
  const notFound = model.notFoundPage;
  if (notFound) add(notFound.source, notFound.route, notFound.titleLine, notFound.frontMatter);
  return jobs;
}
