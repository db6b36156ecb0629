import type { Root } from 'mdast';

/** Drops a leading `# Title`: templates render the page title as the h1. */
export default function remarkStripTitle() {
  return (tree: Root) => {
    const index = tree.children.findIndex(
      (n) => n.type !== 'mdxjsEsm' && !(n.type === 'html' && n.value.trim().startsWith('<!--')),
    );
    const first = tree.children[index];
    if (first && first.type === 'heading' && first.depth === 1) tree.children.splice(index, 1);
  };
}
