import { isRefusal, type Refusal } from '../../config/publishable';
import { assetPlaceholderPattern, assetTargetOf } from '../../markdown/asset-refs';
import type { CompiledPage, LinkRef } from '../../markdown/compiled-page';

/** The published URL of each file a page uses from next to it, or why that file is not published. */
export type AssetUrls = ReadonlyMap<string, { url: string } | Refusal>;

/** The files (site-root relative) a compiled page uses from next to it. */
export function assetTargetsOf(page: CompiledPage): string[] {
  return [...new Set(page.links.flatMap((link) => (link.kind === 'asset' ? [link.target] : [])))];
}

/**
 * A compiled page with the placeholders of its files (see `asset-refs`) replaced by the URLs of their published
 * copies; a file that is not published (missing, outside the content folders, hidden, special) is a problem at
 * the line that names it.
 */
export function resolveAssets(page: CompiledPage, urls: AssetUrls): CompiledPage {
  if (!page.links.some((link) => link.kind === 'asset')) return page;
  const problems = [...page.problems];
  const links: LinkRef[] = [];
  for (const link of page.links) {
    if (link.kind !== 'asset') links.push(link);
    else {
      const lookup = urls.get(link.target);
      if (lookup === undefined || isRefusal(lookup)) {
        problems.push({
          message: lookup?.problem ?? `missing file ${link.target}`,
          line: link.line,
          column: link.column,
          hint: lookup?.hint ?? 'Fix the path (it is relative to this file), or add the file next to the page.',
        });
      }
    }
  }
  const fill = (html: string) =>
    html.replace(assetPlaceholderPattern, (_, encoded: string) => {
      const lookup = urls.get(assetTargetOf(encoded));
      return lookup && !isRefusal(lookup) ? lookup.url : '#';
    });
  const resolved: CompiledPage = { ...page, html: fill(page.html), links, problems };
  if (page.excerptHtml !== undefined) resolved.excerptHtml = fill(page.excerptHtml);
  return resolved;
}
