import type { Element, ElementContent, Root } from 'hast';
import { eachNode } from './walk';

/**
 * Words of inline code longer than this (about half a phone's line) may also break inside, after a separator:
 * a path, a dotted key, a Rust path.
 */
const longWord = 30;
/** Where a long word may break: after a path's `/`, a key's `.`, a Rust path's `::`, a `-` or a `,`. */
const separator = /[/.\-,]|::/g;

/** The `<wbr>`s of one text: after each run of spaces, and after the separators of long words. */
function withBreaks(text: string): ElementContent[] {
  const out: ElementContent[] = [];
  const wbr = (): Element => ({ type: 'element', tagName: 'wbr', properties: {}, children: [] });
  let pending = '';
  for (const piece of text.split(/(\s+)/)) {
    if (piece === '') continue;
    if (/^\s+$/.test(piece)) {
      out.push({ type: 'text', value: pending + piece }, wbr());
      pending = '';
      continue;
    }
    if (piece.length <= longWord) {
      pending += piece;
      continue;
    }
    let from = 0;
    for (const match of piece.matchAll(separator)) {
      const end = match.index + match[0].length;
      if (end >= piece.length) break;
      out.push({ type: 'text', value: pending + piece.slice(from, end) }, wbr());
      pending = '';
      from = end;
    }
    pending += piece.slice(from);
  }
  if (pending) out.push({ type: 'text', value: pending });
  return out;
}

/**
 * Inline code breaks only where a reader would: after a space, and inside a long word after a separator. The
 * stylesheet keeps inline code on one line except at these `<wbr>`s; left to itself a browser breaks it wherever
 * its line breaker allows (Chromium breaks `#[derive(Debug)]` after the `#`). Code blocks are left alone.
 */
export default function rehypeInlineCodeBreaks() {
  return (tree: Root) => {
    eachNode(tree, 'element', (node: Element, _index, parent) => {
      if (node.tagName !== 'code' || (parent as Element).tagName === 'pre') return;
      if (!node.children.some((c) => c.type === 'text' && /\s|[/.\-,:]/.test(c.value))) return;
      node.children = node.children.flatMap((child) => (child.type === 'text' ? withBreaks(child.value) : [child]));
    });
  };
}
