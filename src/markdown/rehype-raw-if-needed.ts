import type { Element, Root } from 'hast';
import rehypeRaw from 'rehype-raw';
import type { VFile } from 'vfile';
import { eachNode, hasNode } from './walk';

/**
 * Runs rehype-raw only on pages that contain raw HTML: most pages have none, and parsing costs. rehype-raw
 * rebuilds every element from HTML and drops what only lived in `data`, such as a code block's meta string
 * (`title="…"`, `{1,3}`, `showLineNumbers`): it is moved to a property first, which survives the round trip
 * and is what `rehype-code` reads.
 */
export default function rehypeRawIfNeeded() {
  const raw = (rehypeRaw as unknown as () => (tree: Root, file: VFile) => Root)();
  return (tree: Root, file: VFile) => {
    if (!hasNode(tree, 'raw')) return tree;
    eachNode<Element>(tree, 'element', (node) => {
      const meta = (node.data as { meta?: string } | undefined)?.meta;
      if (node.tagName === 'code' && meta) node.properties.metastring = meta;
    });
    return raw(tree, file);
  };
}
