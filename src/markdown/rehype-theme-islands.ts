import type { Element, ElementContent, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { createElement } from 'react';
import type { VFile } from 'vfile';
import { admonitionIslandName, contentIslands } from '../../templates/content/theme-islands';
import { admonitionIslandTag } from './remark-admonitions';

/**
 * The admonitions of a page whose site overrides Admonition (`<docs-it-admonition>`, see remark-admonitions) become
 * islands of the override, with the props Docusaurus gives it (`type`, `title` when the page wrote one, the content
 * as `children`): in `.md` the island's HTML, drawn now by the override; in MDX a component that draws it when the
 * page renders, around the page's content. Inner admonitions first, so an outer one holds their islands.
 */
export default function rehypeThemeIslands(options: { format: 'md' | 'mdx' }) {
  return (tree: Root, file: VFile) => {
    if (!file.data.page?.theme?.names.includes('Admonition')) return;
    const render = file.data.renderIsland;
    const visit = (parent: Root | Element) => {
      parent.children.forEach((child, index) => {
        if (!('children' in child)) return;
        visit(child as Element);
        if (child.type !== 'element' || child.tagName !== admonitionIslandTag) return;
        const type = String(child.properties.type);
        const title = child.properties.title === undefined ? undefined : String(child.properties.title);
        const content = child.children.filter((c): c is Element => c.type === 'element')[1]?.children ?? [];
        if (options.format === 'mdx') {
          parent.children[index] = {
            type: 'mdxJsxFlowElement',
            name: admonitionIslandName,
            attributes: [
              { type: 'mdxJsxAttribute', name: 'type', value: type },
              ...(title === undefined ? [] : [{ type: 'mdxJsxAttribute', name: 'title', value: title }]),
            ],
            children: content,
          } as unknown as ElementContent;
          return;
        }
        const slot = createElement('docs-it-slot', {
          dangerouslySetInnerHTML: {
            __html: toHtml({ type: 'root', children: content }, { allowDangerousHtml: true }),
          },
        });
        const props = title === undefined ? { type } : { type, title };
        // A raw node: rehype-stringify writes the island as it is.
        parent.children[index] = {
          type: 'raw',
          value: render!(createElement(contentIslands.Admonition, props, slot)),
        } as unknown as ElementContent;
      });
    };
    visit(tree);
  };
}
