import type { Root } from 'hast';
import rehypeRaw from 'rehype-raw';
import { EXIT, visit } from 'unist-util-visit';
import type { VFile } from 'vfile';

/** Runs rehype-raw only on pages that contain raw HTML: most pages have none, and parsing costs. */
export default function rehypeRawIfNeeded() {
  const raw = (rehypeRaw as unknown as () => (tree: Root, file: VFile) => Root)();
  return (tree: Root, file: VFile) => {
    let hasRaw = false;
    visit(tree, 'raw', () => {
      hasRaw = true;
      return EXIT;
    });
    return hasRaw ? raw(tree, file) : tree;
  };
}
