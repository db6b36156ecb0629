import type { Paragraph, Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { VFile } from 'vfile';
import { admonitionKinds, isAdmonitionKind } from '../shared/admonitions';
import { eachNode } from './walk';

/** `:::tip[Titolo] … :::` → `<div class="admonition admonition-tip">` with a heading and the content. */
export default function remarkAdmonitions() {
  return (tree: Root, file: VFile) => {
    // Default titles in the site's language (the compile input carries its strings).
    const strings = file.data.page!.text.strings;
    eachNode(tree, 'containerDirective', (node: ContainerDirective) => {
      const kind = node.name;
      if (!isAdmonitionKind(kind)) return;
      const first = node.children[0];
      let titleChildren: Paragraph['children'] = [{ type: 'text', value: strings[admonitionKinds[kind]] }];
      if (
        first &&
        first.type === 'paragraph' &&
        first.data &&
        (first.data as { directiveLabel?: boolean }).directiveLabel
      ) {
        titleChildren = first.children;
        node.children.shift();
      }
      const heading: Paragraph = {
        type: 'paragraph',
        children: titleChildren,
        data: { hName: 'p', hProperties: { className: ['admonition-heading'] } },
      };
      const content = {
        type: 'paragraph',
        children: node.children,
        data: { hName: 'div', hProperties: { className: ['admonition-content'] } },
      } as unknown as Paragraph; // a block wrapper: mdast has no generic div, hName makes it one
      node.children = [heading, content];
      node.data = { hName: 'div', hProperties: { className: ['admonition', `admonition-${kind}`], role: 'note' } };
    });
  };
}
