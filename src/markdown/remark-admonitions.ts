import type { Paragraph, Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { toString as textOf } from 'mdast-util-to-string';
import type { VFile } from 'vfile';
import { admonitionMarkup, admonitionNames, admonitionOf } from '../shared/admonitions';
import type { DirectivePlugin } from './directive-plugin';
import { eachNode } from './walk';

/**
 * `:::tip[Titolo] … :::` → `<div class="admonition admonition-tip">` with a heading and the content. When the site
 * overrides Admonition the box is a `<docs-it-admonition>` that names its kind and the title the page gave, which
 * rehype-theme-islands turns into the override's island once the rest of the page has read its content.
 */
function remarkAdmonitions() {
  return (tree: Root, file: VFile) => {
    const page = file.data.page!;
    // Default titles in the site's language (the compile input carries its strings).
    const strings = page.text.strings;
    const overridden = page.theme?.names.includes('Admonition') ?? false;
    eachNode(tree, 'containerDirective', (node: ContainerDirective) => {
      const admonition = admonitionOf(node.name);
      if (!admonition) return;
      const { kind, title } = admonition;
      const first = node.children[0];
      const defaultTitle = 'id' in title ? strings[title.id] : title.text;
      let titleChildren: Paragraph['children'] = [{ type: 'text', value: defaultTitle }];
      // A legacy name's title is the name itself, which the override is given as a page's own title.
      let given = !('id' in title);
      if (
        first &&
        first.type === 'paragraph' &&
        first.data &&
        (first.data as { directiveLabel?: boolean }).directiveLabel
      ) {
        titleChildren = first.children;
        given = true;
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
      node.data = overridden
        ? {
            hName: admonitionIslandTag,
            hProperties: {
              type: kind,
              ...(given ? { title: textOf({ type: 'paragraph', children: titleChildren }) } : {}),
            },
          }
        : { hName: tagName, hProperties: { className: [...className], role } };
    });
  };
}

/** The element an admonition is until it becomes the island of the site's override (see rehype-theme-islands). */
export const admonitionIslandTag = 'docs-it-admonition';

/** The admonition kinds (and Docusaurus's legacy names), each a block whose title may follow its name. */
export const admonitionDirectives: DirectivePlugin = {
  names: admonitionNames,
  forms: ['container'],
  titleAfterName: true,
  plugin: remarkAdmonitions,
};
