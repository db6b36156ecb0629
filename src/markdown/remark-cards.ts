import type { PhrasingContent, Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { DirectivePlugin } from './directive-plugin';
import { eachNode } from './walk';

/** The elements a grid and its cards become (the direct path, direct-hast.ts, makes the same). */
export const cardsMarkup = {
  grid: { hName: 'div', className: ['card-grid'] },
  card: { hName: 'div', className: ['card'] },
  title: { hName: 'p', className: ['card-title'] },
} as const;

/** `:::::grid` holding `::::card{title href}` blocks → a responsive grid of cards (used on the home page). */
function remarkCards() {
  return (tree: Root) => {
    eachNode(tree, 'containerDirective', (node: ContainerDirective) => {
      if (node.name === 'grid') {
        node.data = { hName: cardsMarkup.grid.hName, hProperties: { className: [...cardsMarkup.grid.className] } };
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
          data: { hName: cardsMarkup.title.hName, hProperties: { className: [...cardsMarkup.title.className] } },
        });
      }
      node.children = [...children, ...node.children];
      node.data = { hName: cardsMarkup.card.hName, hProperties: { className: [...cardsMarkup.card.className] } };
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
