import type { Root } from 'mdast';
import type { LeafDirective } from 'mdast-util-directive';
import type { VFile } from 'vfile';
import type { DirectivePlugin } from './directive-plugin';
import { eachNode } from './walk';

/** The marker the render stage replaces with the cards of the page's sidebar category. */
export const cardListMarker = '<div data-docs-it-card-list=""></div>';

/** The marker's element (the direct path, direct-hast.ts, makes the same). */
export const cardListElement = { hName: 'div', hProperties: { dataDocsItCardList: '' } } as const;

/** `::doc-card-list` → a marker; its position is kept so a misuse can be reported at the right line. */
function remarkCardList() {
  return (tree: Root, file: VFile) => {
    eachNode(tree, 'leafDirective', (node: LeafDirective) => {
      if (node.name !== 'doc-card-list') return;
      const start = node.position?.start;
      file.data.cardList = { line: start?.line ?? 1, column: start?.column ?? 1 };
      node.data = { hName: cardListElement.hName, hProperties: { ...cardListElement.hProperties } };
      node.children = [];
    });
  };
}

/** `::doc-card-list`, a leaf: it has no content to title. */
export const cardListDirective: DirectivePlugin = {
  names: ['doc-card-list'],
  forms: ['leaf'],
  titleAfterName: false,
  plugin: remarkCardList,
};
