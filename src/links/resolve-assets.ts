import { assetPlaceholderPattern, assetTargetOf } from '../markdown/asset-refs';
import type { CompiledPage, LinkRef } from '../markdown/compiled-page';

/** The published URL of each file a page uses from next to it; `undefined` when there is no such file. */
export type AssetUrls = ReadonlyMap<string, string | undefined>;

/** The files (site-root relative) a compiled page uses from next to it. */
export function assetTargetsOf(page: CompiledPage): string[] {
  return [...new Set(page.links.flatMap((link) => (link.kind === 'asset' ? [link.target] : [])))];
}

/**
 * A compiled page with the placeholders of its files (see `asset-refs`) replaced by the URLs of their published
 * copies; a file that does not exist is a problem at the line that names it.
 */
export function resolveAssets(page: CompiledPage, urls: AssetUrls): CompiledPage {
  if (!page.links.some((link) => link.kind === 'asset')) return page;
  const problems = [...page.problems];
  const links: LinkRef[] = [];
  for (const link of page.links) {
    if (link.kind !== 'asset') links.push(link);
    else if (urls.get(link.target) === undefined) {
      problems.push({
        message: `missing file ${link.target}`,
        line: link.line,
        column: link.column,
        hint: 'Fix the path (it is relative to this file), or add the file next to the page.',
      });
    }
  }
  const fill = (html: string) =>
    html.replace(assetPlaceholderPattern, (_, encoded: string) => urls.get(assetTargetOf(encoded)) ?? '#');
  const resolved: CompiledPage = { ...page, html: fill(page.html), links, problems };
  if (page.excerptHtml !== undefined) resolved.excerptHtml = fill(page.excerptHtml);
  return resolved;
}
