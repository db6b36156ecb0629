import type { Paragraph, Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { toString as textOf } from 'mdast-util-to-string';
import type { VFile } from 'vfile';
import { admonitionKinds, admonitionMarkup, isAdmonitionKind } from '../shared/admonitions';
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
      const kind = node.name;
      if (!isAdmonitionKind(kind)) return;
      const first = node.children[0];
      let titleChildren: Paragraph['children'] = [{ type: 'text', value: strings[admonitionKinds[kind]] }];
      let given = false;
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

/** The admonition kinds, each a block whose title may follow its name (`:::tip Titolo`). */
export const admonitionDirectives: DirectivePlugin = {
  names: Object.keys(admonitionKinds),
  forms: ['container'],
  titleAfterName: true,
  plugin: remarkAdmonitions,
};
