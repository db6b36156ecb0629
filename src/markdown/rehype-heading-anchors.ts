import type { Element, Root } from 'hast';
import { toString as textOf } from 'hast-util-to-string';
import type { VFile } from 'vfile';
import { fillPlaceholders } from '../shared/i18n/interface-text';
import { eachNode } from './walk';

/** Adds a `#` link to every h2–h6 with an id, so a reader can copy a link to the section. */
export default function rehypeHeadingAnchors() {
  return (tree: Root, file: VFile) => {
    const title = file.data.page!.text.strings['theme.common.headingLinkTitle'];
    eachNode(tree, 'element', (node: Element) => {
      if (!/^h[2-6]$/.test(node.tagName)) return;
      const id = node.properties.id;
      if (typeof id !== 'string') return;
      const label = fillPlaceholders(title, {
        heading: textOf(node).trim(),
      });
      node.properties.className = ['anchor'];
      node.children.push({
        type: 'element',
        tagName: 'a',
        properties: { href: `#${id}`, className: ['hash-link'], ariaLabel: label, title: label },
        children: [],
      });
    });
  };
}
