import { DocsItError, type ErrorCollector } from '../errors';
import { joinRoute } from '../shared/urls';
import type { Doc } from './content-types';
import type { DocFrontMatter } from './front-matter';
import { pageTitleOf } from './page-heading';
import { baseName, dirOf, isIndexName, stripExtension } from './paths';
import type { ParsedSource } from './source-file';

/** Turns parsed files of `content/docs` into docs with ids, titles and routes. */
export function buildDocs(sources: ParsedSource[], docsBase: string, errors: ErrorCollector): Doc[] {
  const docs: Doc[] = [];
  const fileOfId = new Map<string, string>();
  for (const source of sources) {
    const fm = source.frontMatter as DocFrontMatter;
    if (fm.draft) continue;
    const path = stripExtension(source.relPath);
    const isIndex = isIndexName(baseName(path));
    const dir = dirOf(path);
    // As in Docusaurus, `id` names the doc instead of its file name (in sidebars, pagination and its URL).
    const id = fm.id === undefined ? path : dir ? `${dir}/${fm.id}` : fm.id;
    const other = fileOfId.get(id);
    if (other !== undefined) {
      errors.add(
        new DocsItError(
          `two docs with the id "${id}": this one and ${other}`,
          { file: source.file, line: source.keyLines.id ?? 1, column: 1 },
          'Give one of them another `id` (or rename its file): sidebars and links name docs by id.',
        ),
      );
      continue;
    }
    fileOfId.set(id, source.file);
    const titled = pageTitleOf(source, 'page', errors);
    if (!titled) continue;
    const { title, heading } = titled;
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
      ...(heading ? { titleLine: heading.line } : {}),
    });
  }
  return docs;
}
