import type { Element, Root } from 'hast';
import { toString as textOf } from 'hast-util-to-string';
import type { VFile } from 'vfile';
import type { TocItem } from '../shared/toc';
import type { Problem } from './compiled-page';
import { eachNode } from './walk';

/**
 * Records every id of the page and the table of contents (h2–h3 unless the page says otherwise). Two headings
 * with one id (`{#id}` written twice) are a problem: a link to it could only ever reach the first.
 */
export default function rehypeCollect() {
  return (tree: Root, file: VFile) => {
    const options = file.data.page!;
    file.data.problems ??= [];
    const problems: Problem[] = file.data.problems;
    const toc: TocItem[] = [];
    const ids: string[] = [];
    const headingLines = new Map<string, number>();
    eachNode(tree, 'element', (node: Element) => {
      const id = node.properties.id;
      if (typeof id === 'string' && id) ids.push(id);
      const level = /^h([1-6])$/.exec(node.tagName)?.[1];
      if (level && typeof id === 'string' && id) {
        const line = node.position?.start.line ?? 1;
        const first = headingLines.get(id);
        if (first === undefined) headingLines.set(id, line);
        else
          problems.push({
            message: `duplicate heading id #${id} (also at line ${first})`,
            line,
            column: node.position?.start.column ?? 1,
            hint: 'Give each heading its own {#id}.',
          });
      }
      if (level && typeof id === 'string') {
        const n = Number(level);
        if (n >= options.tocMin && n <= options.tocMax) toc.push({ id, value: textOf(node).trim(), level: n });
      }
    });
    file.data.toc = toc;
    file.data.ids = ids;
  };
}
