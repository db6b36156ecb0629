import type { Root, Text } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import { visit, SKIP } from 'unist-util-visit';
import type { VFile } from 'vfile';

const known = new Set(['note', 'tip', 'info', 'caution', 'danger', 'warning', 'tabs', 'tab', 'doc-card-list', 'grid', 'card']);

/**
 * remark-directive reads `ore 10:30` or `Nota:bene` as directives; those that are not ours go back to
 * being the text the author wrote. An unknown block container is an error: it is almost always a typo.
 */
export default function remarkUnknownDirectives() {
  return (tree: Root, file: VFile) => {
    const source = String(file.value);
    visit(tree, (node, index, parent) => {
      if (node.type !== 'textDirective' && node.type !== 'leafDirective' && node.type !== 'containerDirective') return;
      const directive = node as TextDirective | LeafDirective | ContainerDirective;
      if (known.has(directive.name)) return;
      if (directive.type === 'containerDirective') {
        file.fail(`unknown block \`:::${directive.name}\``, directive, 'docs-it:directive');
      }
      const start = directive.position?.start.offset;
      const end = directive.position?.end.offset;
      const value = start !== undefined && end !== undefined ? source.slice(start, end) : `:${directive.name}`;
      const text: Text = { type: 'text', value };
      if (parent && index !== undefined) {
        if (directive.type === 'leafDirective') parent.children[index] = { type: 'paragraph', children: [text] } as never;
        else parent.children[index] = text as never;
        return SKIP;
      }
      return undefined;
    });
  };
}
