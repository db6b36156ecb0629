import type { Root, Text } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import type { VFile } from 'vfile';
import type { DirectivePlugin } from './directive-plugin';
import { eachNode } from './walk';

/**
 * remark-directive reads `ore 10:30` or `Nota:bene` as directives; those that no directive plugin handles go back
 * to being the text the author wrote. An unknown block container is an error: it is almost always a typo.
 */
export default function remarkUnknownDirectives({ directives }: { directives: readonly DirectivePlugin[] }) {
  const known = new Set(directives.flatMap((d) => d.names));
  return (tree: Root, file: VFile) => {
    const source = String(file.value);
    eachNode<TextDirective | LeafDirective | ContainerDirective>(
      tree,
      ['textDirective', 'leafDirective', 'containerDirective'],
      (directive, index, parent) => {
        if (known.has(directive.name)) return;
        if (directive.type === 'containerDirective') {
          file.fail(`unknown block \`:::${directive.name}\``, directive, 'docs-it:directive');
        }
        const start = directive.position?.start.offset;
        const end = directive.position?.end.offset;
        const value = start !== undefined && end !== undefined ? source.slice(start, end) : `:${directive.name}`;
        const text: Text = { type: 'text', value };
        // The replacement is not walked: it is plain text now.
        parent.children[index] = (
          directive.type === 'leafDirective' ? { type: 'paragraph', children: [text] } : text
        ) as never;
      },
    );
  };
}
