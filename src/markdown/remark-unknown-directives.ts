import type { Root, Text } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import type { VFile } from 'vfile';
import { type DirectiveForm, type DirectivePlugin, directiveMarks } from './directive-plugin';
import { eachNode } from './walk';

const formOf = { containerDirective: 'container', leafDirective: 'leaf', textDirective: 'text' } as const;

/**
 * remark-directive reads `ore 10:30` or `Nota:bene` as directives; those that no directive plugin handles in that
 * form go back to being the text the author wrote. A block container no plugin handles is an error: it is almost
 * always a typo, or a directive written in another form.
 */
export default function remarkUnknownDirectives({ directives }: { directives: readonly DirectivePlugin[] }) {
  const formsOf = new Map<string, Set<DirectiveForm>>();
  for (const { names, forms } of directives) {
    for (const name of names) formsOf.set(name, new Set([...(formsOf.get(name) ?? []), ...forms]));
  }
  return (tree: Root, file: VFile) => {
    const source = String(file.value);
    eachNode<TextDirective | LeafDirective | ContainerDirective>(
      tree,
      ['textDirective', 'leafDirective', 'containerDirective'],
      (directive, index, parent) => {
        const forms = formsOf.get(directive.name);
        if (forms?.has(formOf[directive.type])) return;
        if (directive.type === 'containerDirective') {
          const written = [...(forms ?? [])].map((form) => `\`${directiveMarks[form]}${directive.name}\``);
          const reason = written.length
            ? `\`:::${directive.name}\` is not a block: write it as ${written.join(' or ')}`
            : `unknown block \`:::${directive.name}\``;
          file.fail(reason, directive, 'docs-it:directive');
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
