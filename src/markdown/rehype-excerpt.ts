import type { Root, RootContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { VFile } from 'vfile';

/** `{/* truncate *\/}` in a `.md` post: text to CommonMark, a paragraph of its own; Docusaurus cuts there too. */
const isTextMarker = (node: RootContent) =>
  node.type === 'element' &&
  node.tagName === 'p' &&
  node.children.length === 1 &&
  node.children[0]!.type === 'text' &&
  /^\{\/\*\s*truncate\s*\*\/\}$/.test(node.children[0]!.value.trim());

/**
 * A `<!-- truncate -->` the direct path (see direct-hast) writes as it is: its comment is written back the same by
 * hast-util-to-html (spaces around the word only, nothing it escapes).
 */
export const isTruncateHtml = (value: string) => /^<!--[ ]*truncate[ ]*-->$/.test(value);

const isTruncate = (node: RootContent) =>
  isTextMarker(node) ||
  (node.type === 'comment' && node.value.trim() === 'truncate') ||
  ((node as { type: string }).type === 'raw' &&
    /^<!--\s*truncate\s*-->$/.test((node as unknown as { value: string }).value.trim()));

/** The HTML before `<!-- truncate -->` (or the first paragraph) as the blog excerpt. */
export default function rehypeExcerpt() {
  return (tree: Root, file: VFile) => {
    const at = tree.children.findIndex(isTruncate);
    // The marker is no text of the post.
    if (at !== -1 && isTextMarker(tree.children[at]!)) tree.children.splice(at, 1);
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
