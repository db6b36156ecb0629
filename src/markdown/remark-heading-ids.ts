import type { Heading, Root } from 'mdast';
import { eachNode } from './walk';

/** A heading's `{#id}` at the end of its text (what the direct path reads too). */
export const headingIdPattern = /\s*\{#([\p{L}\p{N}_:.-]+)\}\s*$/u;

/** `## Titolo {#id}` → a heading with that id and the `{#id}` removed from its text. */
export default function remarkHeadingIds() {
  return (tree: Root) => {
    eachNode(tree, 'heading', (node: Heading) => {
      const last = node.children[node.children.length - 1];
      if (last?.type !== 'text') return;
      const match = headingIdPattern.exec(last.value);
      if (!match) return;
      last.value = last.value.slice(0, match.index);
      node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), id: match[1] } };
    });
  };
}
