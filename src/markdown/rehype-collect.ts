import type { Element, Root } from 'hast';
import { toString as textOf } from 'hast-util-to-string';
import type { VFile } from 'vfile';
import type { TocItem } from '../shared/toc';
import { eachNode } from './walk';

/** Records every id of the page and the table of contents (h2–h3 unless the page says otherwise). */
export default function rehypeCollect() {
  return (tree: Root, file: VFile) => {
    const options = file.data.page!;
    const toc: TocItem[] = [];
    const ids: string[] = [];
    eachNode(tree, 'element', (node: Element) => {
      const id = node.properties.id;
      if (typeof id === 'string' && id) ids.push(id);
      const level = /^h([1-6])$/.exec(node.tagName)?.[1];
      if (level && typeof id === 'string') {
        const n = Number(level);
        if (n >= options.tocMin && n <= options.tocMax) toc.push({ id, value: textOf(node).trim(), level: n });
      }
    });
    file.data.toc = toc;
    file.data.ids = ids;
  };
}
