import { DocsItError, ErrorCollector } from '../errors';
import type { CompiledPage } from '../markdown/problems';
import type { ContentModel } from './content-model';

/** Files the build writes besides pages, which links may point to. */
export function extraFiles(baseUrl: string): string[] {
  return [`${baseUrl}blog/rss.xml`, `${baseUrl}blog/atom.xml`, `${baseUrl}sitemap.xml`];
}

/** Checks every internal link and anchor of every page; reports all broken ones with file:line:column. */
export function validateLinks(model: ContentModel, compiled: Map<string, CompiledPage>, baseUrl: string): void {
  const errors = new ErrorCollector();
  const routes = new Set(model.routes.filter((r) => r.kind !== 'not-found').map((r) => r.path));
  const files = new Set([...model.staticUrls, ...extraFiles(baseUrl)]);
  const idsOfRoute = new Map<string, Set<string>>();
  for (const route of model.routes) {
    const page = route.file ? compiled.get(route.file) : undefined;
    if (page) idsOfRoute.set(route.path, new Set(page.ids));
  }
  for (const [file, page] of compiled) {
    for (const link of page.links) {
      const where = { file, line: link.line, column: link.column };
      if (link.kind === 'image') {
        if (!files.has(link.path))
          errors.add(
            new DocsItError(
              `missing image ${link.path}`,
              where,
              'Add the file under content/static/ (it is published under the base URL) or fix the path.',
            ),
          );
        continue;
      }
      if (!routes.has(link.path)) {
        if (files.has(link.path)) continue;
        errors.add(
          new DocsItError(
            `broken link: ${link.path} is not a page of this site`,
            where,
            'Link to an existing route (see the route table) or to the .md file of the page.',
          ),
        );
        continue;
      }
      if (link.anchor === undefined || link.anchor === '') continue;
      const ids = idsOfRoute.get(link.path);
      // Generated pages (blog lists, archive) expose no checked anchors.
      if (ids && !ids.has(link.anchor)) {
        errors.add(
          new DocsItError(
            `broken anchor: #${link.anchor} does not exist on ${link.path}`,
            where,
            'Use the id of a heading of that page, or give the heading an explicit `{#id}`.',
          ),
        );
      }
    }
  }
  errors.throwIfAny();
}
