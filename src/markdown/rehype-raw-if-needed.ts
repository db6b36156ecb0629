import type { Root } from 'hast';
import rehypeRaw from 'rehype-raw';
import type { VFile } from 'vfile';
import { hasNode } from './walk';

/** Runs rehype-raw only on pages that contain raw HTML: most pages have none, and parsing costs. */
export default function rehypeRawIfNeeded() {
  const raw = (rehypeRaw as unknown as () => (tree: Root, file: VFile) => Root)();
  return (tree: Root, file: VFile) => {
    return hasNode(tree, 'raw') ? raw(tree, file) : tree;
  };
}
