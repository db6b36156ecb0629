import type { PhrasingContent, Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { DirectivePlugin } from './directive-plugin';
import { eachNode } from './walk';

/** `:::::grid` holding `::::card{title href}` blocks → a responsive grid of cards (used on the home page). */
function remarkCards() {
  return (tree: Root) => {
    eachNode(tree, 'containerDirective', (node: ContainerDirective) => {
      if (node.name === 'grid') {
        node.data = { hName: 'div', hProperties: { className: ['card-grid'] } };
        return;
      }
      if (node.name !== 'card') return;
      const title = node.attributes?.title;
      const href = node.attributes?.href;
      const children: ContainerDirective['children'] = [];
      if (title) {
        const text: PhrasingContent = { type: 'text', value: title };
        children.push({
          type: 'paragraph',
          children: [href ? { type: 'link', url: href, children: [text] } : text],
          data: { hName: 'p', hProperties: { className: ['card-title'] } },
        });
      }
      node.children = [...children, ...node.children];
      node.data = { hName: 'div', hProperties: { className: ['card'] } };
    });
  };
}

/** `:::::grid` and its `::::card` blocks; a card's title is an attribute. */
export const cardDirectives: DirectivePlugin = {
  names: ['grid', 'card'],
  forms: ['container'],
  titleAfterName: false,
  plugin: remarkCards,
};
