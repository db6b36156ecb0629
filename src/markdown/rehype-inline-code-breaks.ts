import type { Element, ElementContent, Root } from 'hast';
import { codeBreakPieces, mayBreak } from '../shared/code-breaks';
import { eachNode } from './walk';

const wbr = (): Element => ({ type: 'element', tagName: 'wbr', properties: {}, children: [] });

/** Inline code gets a `<wbr>` wherever a reader would break it (see `codeBreakPieces`); code blocks do not. */
export default function rehypeInlineCodeBreaks() {
  return (tree: Root) => {
    eachNode(tree, 'element', (node: Element, _index, parent) => {
      if (node.tagName !== 'code' || (parent as Element).tagName === 'pre') return;
      if (!node.children.some((c) => c.type === 'text' && mayBreak(c.value))) return;
      node.children = node.children.flatMap((child): ElementContent[] => {
        if (child.type !== 'text') return [child];
        const pieces = codeBreakPieces(child.value);
        return pieces.flatMap((value, i): ElementContent[] =>
          i === 0 ? [{ type: 'text', value }] : [wbr(), { type: 'text', value }],
        );
      });
    });
  };
}
