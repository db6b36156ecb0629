import type { Root } from 'mdast';

/**
 * Drops the `# Title` heading the content model took as the page title (`page.titleLine`): the templates
 * render the title themselves. Which heading is the title is decided once, by the content model.
 */
export default function remarkStripTitle() {
  return (tree: Root, file: { data: { page?: { titleLine?: number } } }) => {
    const line = file.data.page?.titleLine;
    if (line === undefined) return;
    const index = tree.children.findIndex(
      (n) => n.type === 'heading' && n.depth === 1 && n.position?.start.line === line,
    );
    if (index !== -1) tree.children.splice(index, 1);
  };
}
