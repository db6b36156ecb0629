import type { Heading, Root } from 'mdast';
import { eachNode } from './walk';

/** `## Titolo {#id}` → a heading with that id and the `{#id}` removed from its text. */
export default function remarkHeadingIds() {
  return (tree: Root) => {
    eachNode(tree, 'heading', (node: Heading) => {
      const last = node.children[node.children.length - 1];
      if (last?.type !== 'text') return;
      const match = /\s*\{#([\p{L}\p{N}_:.-]+)\}\s*$/u.exec(last.value);
      if (!match) return;
      last.value = last.value.slice(0, match.index);
      node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), id: match[1] } };
    });
  };
}
