import type { PhrasingContent, Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { eachNode } from './walk';

/** `:::::grid` holding `::::card{title href}` blocks → a responsive grid of cards (used on the home page). */
export default function remarkCards() {
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
