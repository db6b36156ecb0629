import type { DirectivePlugin } from './directive-plugin';
import { titlesAfterNames } from './directive-titles';
import { builtinDirectives } from './directives';
import { mdx1Compat } from './mdx1-compat';

const normalizers = new WeakMap<readonly DirectivePlugin[], (source: string) => string>();

/**
 * A page's or a fragment's text as the parser reads it: titles after a directive's name (`:::tip Titolo`) in both
 * formats, MDX 1 habits in MDX. The one place that says so, so that a fragment a page imports reads exactly as a
 * page does.
 */
export function pageSource(
  text: string,
  format: 'md' | 'mdx',
  directives: readonly DirectivePlugin[] = builtinDirectives,
): string {
  let normalize = normalizers.get(directives);
  if (!normalize) {
    normalize = titlesAfterNames(directives);
    normalizers.set(directives, normalize);
  }
  return normalize(format === 'mdx' ? mdx1Compat(text) : text);
}
