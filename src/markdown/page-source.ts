import { normalizeAdmonitionTitles } from './admonition-titles';
import { mdx1Compat } from './mdx1-compat';

/**
 * A page's or a fragment's text as the parser reads it: admonition titles (`:::tip Titolo`) in both formats, MDX 1
 * habits in MDX. The one place that says so, so that a fragment a page imports reads exactly as a page does.
 */
export function pageSource(text: string, format: 'md' | 'mdx'): string {
  return normalizeAdmonitionTitles(format === 'mdx' ? mdx1Compat(text) : text);
}
