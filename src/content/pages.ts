import type { ErrorCollector } from '../errors';
import { DocsItError } from '../errors';
import { firstHeadingTitle } from './docs';
import type { PageFrontMatter } from './front-matter';
import type { Page } from './model';
import { baseName, dirOf, isIndexName, joinRoute, stripExtension } from './paths';
import type { ParsedSource } from './source-file';

/** Standalone pages from `content/pages`: the home page (`index.md`), `releases.md`, and the rest. */
export function buildPages(sources: ParsedSource[], baseUrl: string, errors: ErrorCollector): Page[] {
  const pages: Page[] = [];
  for (const source of sources) {
    const fm = source.frontMatter as PageFrontMatter;
    if (fm.draft) continue;
    const id = stripExtension(source.relPath);
    const title = fm.title ?? firstHeadingTitle(source.body);
    if (!title) {
      errors.add(
        new DocsItError(
          'the page has no title',
          { file: source.file, line: 1, column: 1 },
          'Add `title: …` to the front matter.',
        ),
      );
      continue;
    }
    const isIndex = isIndexName(baseName(id));
    const route =
      fm.slug !== undefined
        ? joinRoute(baseUrl, fm.slug)
        : isIndex
          ? joinRoute(baseUrl, dirOf(id))
          : joinRoute(baseUrl, id);
    const kind = id === 'index' ? 'home' : id === 'releases' ? 'releases' : 'page';
    pages.push({ source, frontMatter: fm, title, route, kind });
  }
  return pages;
}
