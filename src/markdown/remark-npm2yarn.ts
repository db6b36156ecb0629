import type { Code, Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import convert from 'npm-to-yarn';
import { eachNode } from './walk';

/** Docusaurus's npm2yarn plugin: the package managers a block is shown for, with the tab labels it gives them. */
const managers = [
  { value: 'npm', label: 'npm' },
  { value: 'yarn', label: 'Yarn' },
  { value: 'pnpm', label: 'pnpm' },
] as const;

/** The marker of a code block's meta that this plugin turns into tabs. */
export const npm2yarnMarker = /(^|\s)npm2yarn(\s|$)/;

/**
 * A code block whose meta says `npm2yarn` (Docusaurus's official remark plugin, built in here) → tabs of the
 * same command for npm, Yarn and pnpm (converted by npm-to-yarn, the package that plugin uses), synced by the
 * `npm2yarn` group as Docusaurus syncs them. Runs before remark-tabs, which turns the tabs into markup.
 */
export default function remarkNpm2yarn() {
  return (tree: Root) => {
    eachNode(tree, 'code', (node: Code, index, parent) => {
      if (!parent || index === undefined || !npm2yarnMarker.test(node.meta ?? '')) return;
      const meta = (node.meta ?? '').replace(/(^|\s)npm2yarn(?=\s|$)/, '').trim();
      const tabs = managers.map(({ value, label }) => ({
        type: 'containerDirective',
        name: 'tab',
        attributes: { label, value },
        children: [
          {
            type: 'code',
            lang: node.lang,
            meta: meta || null,
            value: value === 'npm' ? node.value : convert(node.value, value),
            position: node.position,
          },
        ],
        position: node.position,
      }));
      const directive = {
        type: 'containerDirective',
        name: 'tabs',
        attributes: { groupId: 'npm2yarn' },
        children: tabs,
        position: node.position,
      } as unknown as ContainerDirective;
      (parent.children as unknown[])[index] = directive;
    });
  };
}
