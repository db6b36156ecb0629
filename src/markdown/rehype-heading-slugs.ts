import GithubSlugger from 'github-slugger';
import type { Element, Root } from 'hast';
import { toString as textOf } from 'hast-util-to-string';
import { eachNode } from './walk';

/**
 * Gives every heading without an id one made from its text, as GitHub does (the rule of `rehype-slug`, which
 * this replaces: its generic walk of every element cost more than the rest of this step; docs/measurements.md).
 */
export default function rehypeHeadingSlugs() {
  return (tree: Root) => {
    const slugs = new GithubSlugger();
    eachNode(tree, 'element', (node: Element) => {
      if (/^h[1-6]$/.test(node.tagName) && !node.properties.id) node.properties.id = slugs.slug(textOf(node));
    });
  };
}
