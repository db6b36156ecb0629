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

/** The content components a text may draw (see `mayDraw`). */
export function componentsMayDraw(text: string): ContentComponentName[] {
  return (Object.keys(mayDraw) as ContentComponentName[]).filter((name) => mayDraw[name].test(text));
}

/**
 * The site's overrides of content components a page may draw, from what its text and that of the fragments it
 * imports may draw (`componentsMayDraw`): part of its compile input, so that adding, editing or removing an
 * override compiles again the pages it may change, and only those. A page that draws the site's code gets them
 * all (a component may draw an admonition).
 */
export function contentOverridesOfPage(
  overrides: ContentOverrides | undefined,
  drawn: readonly ContentComponentName[],
  drawsSiteCode: boolean,
): ContentOverrides | undefined {
  if (!overrides) return undefined;
  const names = overrides.names.filter((name) => drawsSiteCode || drawn.includes(name));
  return names.length > 0 ? { url: overrides.url, names } : undefined;
}
