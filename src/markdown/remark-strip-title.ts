import type { Root } from 'mdast';
import { toString as textOf } from 'mdast-util-to-string';
import type { VFile } from 'vfile';

/**
 * Drops the `# Title` heading the content model took as the page title (`page.titleLine`): the templates
 * render the title themselves. Which heading is the title is decided once, by the content model.
 */
export default function remarkStripTitle() {
  return (tree: Root, file: VFile) => {
    const line = file.data.page?.titleLine;
    if (line === undefined) return;
    const index = tree.children.findIndex(
      (n) => n.type === 'heading' && n.depth === 1 && n.position?.start.line === line,
    );
    if (index === -1) return;
    // What an MDX page exports as `contentTitle`, as Docusaurus does (see rehype-mdx-exports).
    file.data.contentTitle = textOf(tree.children[index]!);
    tree.children.splice(index, 1);
  };
}
