import type { ContentComponentName, ContentOverrides } from '../shared/theme-components';

/**
 * What a page's text holds when it may draw each content component: wide (a list item's indented lines look like
 * indented code), never narrow, since a page left out keeps the theme's component from the compile cache.
 */
const mayDraw: Record<ContentComponentName, RegExp> = {
  // `:::tip` (a container directive needs three colons), or `<Admonition>` in MDX.
  Admonition: /:::|Admonition/,
  // Fences, indented code, code in raw HTML, or `<CodeBlock>` in MDX.
  CodeBlock: /```|~~~|^(?: {4}|\t)|<pre|CodeBlock/im,
};

/**
 * The site's overrides of content components a page may draw, from its text and that of the fragments it imports:
 * part of its compile input, so that adding, editing or removing an override compiles again the pages it may
 * change, and only those. A page that draws the site's code gets them all (a component may draw an admonition).
 */
export function contentOverridesOfPage(
  overrides: ContentOverrides | undefined,
  texts: readonly string[],
  drawsSiteCode: boolean,
): ContentOverrides | undefined {
  if (!overrides) return undefined;
  const names = overrides.names.filter((name) => drawsSiteCode || texts.some((text) => mayDraw[name].test(text)));
  return names.length > 0 ? { url: overrides.url, names } : undefined;
}
