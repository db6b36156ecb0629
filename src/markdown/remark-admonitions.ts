import type { Paragraph, Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { VFile } from 'vfile';
import { admonitionMarkup, admonitionNames, admonitionOf } from '../shared/admonitions';
import type { DirectivePlugin } from './directive-plugin';
import { eachNode } from './walk';

/** `:::tip[Titolo] … :::` → `<div class="admonition admonition-tip">` with a heading and the content. */
function remarkAdmonitions() {
  return (tree: Root, file: VFile) => {
    // Default titles in the site's language (the compile input carries its strings).
    const strings = file.data.page!.text.strings;
    eachNode(tree, 'containerDirective', (node: ContainerDirective) => {
      const admonition = admonitionOf(node.name);
      if (!admonition) return;
      const { kind, title } = admonition;
      const first = node.children[0];
      const defaultTitle = 'id' in title ? strings[title.id] : title.text;
      let titleChildren: Paragraph['children'] = [{ type: 'text', value: defaultTitle }];
      if (
        first &&
        first.type === 'paragraph' &&
        first.data &&
        (first.data as { directiveLabel?: boolean }).directiveLabel
      ) {
        titleChildren = first.children;
        node.children.shift();
      }
      const markup = admonitionMarkup(kind);
      const heading: Paragraph = {
        type: 'paragraph',
        children: titleChildren,
        data: { hName: markup.heading.tagName, hProperties: { className: [...markup.heading.className] } },
      };
      const content = {
        type: 'paragraph',
        children: node.children,
        data: { hName: markup.content.tagName, hProperties: { className: [...markup.content.className] } },
      } as unknown as Paragraph; // a block wrapper: mdast has no generic div, hName makes it one
      node.children = [heading, content];
      const { tagName, className, role } = markup.box;
      node.data = { hName: tagName, hProperties: { className: [...className], role } };
    });
  };
}

/** The admonition kinds (and Docusaurus's legacy names), each a block whose title may follow its name. */
export const admonitionDirectives: DirectivePlugin = {
  names: admonitionNames,
  forms: ['container'],
  titleAfterName: true,
  plugin: remarkAdmonitions,
};
