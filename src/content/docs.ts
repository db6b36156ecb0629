import { DocsItError, type ErrorCollector } from '../errors';
import type { DocFrontMatter } from './front-matter';
import type { Doc } from './model';
import { baseName, dirOf, isIndexName, joinRoute, stripExtension } from './paths';
import type { ParsedSource } from './source-file';

/** First `# Heading` of a markdown body, used when the front matter has no title. */
export function firstHeadingTitle(body: string): string | undefined {
  const match = /^\s*#[ \t]+(.+?)[ \t#]*$/m.exec(body.replace(/^\s*\n/, ''));
  if (!match) return undefined;
  // Only when it is the first thing in the body, as a title would be.
  const before = body.slice(0, body.indexOf(match[0].trim()));
  return before.trim() === '' ? match[1]!.replace(/\s*\{#[^}]+\}\s*$/, '') : undefined;
}

/** Turns parsed files of `content/docs` into docs with ids, titles and routes. */
export function buildDocs(sources: ParsedSource[], docsBase: string, errors: ErrorCollector): Doc[] {
  const docs: Doc[] = [];
  for (const source of sources) {
    const fm = source.frontMatter as DocFrontMatter;
    if (fm.draft) continue;
    const id = stripExtension(source.relPath);
    const name = baseName(id);
    const isIndex = isIndexName(name);
    const dir = dirOf(id);
    const title = fm.title ?? firstHeadingTitle(source.body);
    if (!title) {
      errors.add(
        new DocsItError(
          'the page has no title',
          { file: source.file, line: 1, column: 1 },
          'Add `title: …` to the front matter, or start the page with a `# Title` line.',
        ),
      );
      continue;
    }
    let route: string;
    if (fm.slug !== undefined) {
      route = fm.slug.startsWith('/') ? joinRoute(docsBase, fm.slug) : joinRoute(docsBase, dir, fm.slug);
    } else {
      route = isIndex ? joinRoute(docsBase, dir) : joinRoute(docsBase, id);
    }
    docs.push({
      id,
      source,
      frontMatter: fm,
      title,
      sidebarLabel: fm.sidebar_label ?? title,
      position: fm.sidebar_position,
      dir,
      isIndex,
      route,
      unlisted: fm.unlisted ?? false,
    });
  }
  return docs;
}
