import type { Root, RootContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { VFile } from 'vfile';

const isTruncate = (node: RootContent) =>
  (node.type === 'comment' && node.value.trim() === 'truncate') ||
  ((node as { type: string }).type === 'raw' &&
    /^<!--\s*truncate\s*-->$/.test((node as unknown as { value: string }).value.trim()));

/** The HTML before `<!-- truncate -->` (or the first paragraph) as the blog excerpt. */
export default function rehypeExcerpt() {
  return (tree: Root, file: VFile) => {
    const at = tree.children.findIndex(isTruncate);
    let nodes: RootContent[];
    if (at !== -1) nodes = tree.children.slice(0, at);
    else {
      const first = tree.children.find((n) => n.type === 'element' && n.tagName === 'p');
      nodes = first ? [first] : [];
    }
    // Heading ids would clash on list pages holding several excerpts.
    const stripped = structuredClone(nodes).map(function strip(node: RootContent): RootContent {
      if (node.type === 'element') {
        delete node.properties.id;
        node.children = node.children.map((c) => strip(c as RootContent)) as typeof node.children;
      }
      return node;
    });
    file.data.excerptHtml = toHtml({ type: 'root', children: stripped }, { allowDangerousHtml: true });
  };
}
