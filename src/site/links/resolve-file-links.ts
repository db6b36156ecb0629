import type { BrokenLinkPolicy } from '../../config/broken-links-schema';
import type { CompiledPage, LinkRef } from '../../markdown/compiled-page';
import { fileLinkPrefix } from '../../markdown/rehype-links';

const placeholder = new RegExp(`href="${fileLinkPrefix}(\\d+)"`, 'g');

/**
 * A compiled page with its links to content files pointing at their routes: the placeholders the compiler
 * left become `href="/route#anchor"`, and a link to a file that has no route (a draft, a typo) is a problem.
 */
export function resolveFileLinks(
  page: CompiledPage,
  routeOfFile: Record<string, string>,
  /** `onBrokenMarkdownLinks`: such a link is an error, a warning, or left as it is. */
  policy: BrokenLinkPolicy = 'throw',
): CompiledPage {
  if (!page.links.some((link) => link.kind === 'file')) return page;
  const problems = [...page.problems];
  const hrefs: string[] = [];
  const links: LinkRef[] = [];
  page.links.forEach((link, i) => {
    if (link.kind !== 'file') {
      links.push(link);
      return;
    }
    const route = routeOfFile[link.target] ?? (link.fallback === undefined ? undefined : routeOfFile[link.fallback]);
    if (!route) {
      if (policy !== 'ignore') {
        problems.push({
          message: `broken link: no page at ${link.target}`,
          line: link.line,
          column: link.column,
          hint: 'Fix the path, or link to a published page (drafts and `_` files have no URL).',
          ...(policy === 'warn' ? { severity: 'warning' as const } : {}),
        });
      }
      hrefs[i] = '#';
      return;
    }
    const anchor = link.anchor === undefined ? '' : `#${encodeURIComponent(link.anchor).replace(/%2F/g, '/')}`;
    hrefs[i] = `${route}${anchor}`;
    links.push({ kind: 'link', path: route, anchor: link.anchor, line: link.line, column: link.column });
  });
  const fill = (html: string) => html.replace(placeholder, (_, i: string) => `href="${hrefs[Number(i)] ?? '#'}"`);
  const resolved: CompiledPage = { ...page, html: fill(page.html), links, problems };
  if (page.excerptHtml !== undefined) resolved.excerptHtml = fill(page.excerptHtml);
  return resolved;
}
