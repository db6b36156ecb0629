import type { Root, RootContent } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { VFile } from 'vfile';
import type { DirectivePlugin } from './directive-plugin';
import { eachNode } from './walk';

/**
 * `::::tabs{groupId=…}` holding `:::tab{label=…}` blocks → an accessible tab list and panels.
 * The markup matches the MDX `<Tabs>` component so one client script serves both.
 */
function remarkTabs() {
  return (tree: Root, file: VFile) => {
    let count = 0;
    eachNode(tree, 'containerDirective', (node: ContainerDirective) => {
      if (node.name === 'tab') {
        // Tabs are handled by their parent; a stray tab is an author error.
        if (!(node.data && (node.data as { docsItTab?: boolean }).docsItTab)) {
          file.fail('`:::tab` must be inside a `::::tabs` block', node, 'docs-it:tabs');
        }
        return;
      }
      if (node.name !== 'tabs') return;
      const uid = `tabs-${++count}`;
      const tabs = node.children.filter(
        (child) =>
          !(child.type === 'paragraph' && child.data && (child.data as { directiveLabel?: boolean }).directiveLabel),
      );
      const items: { label: string; value: string; children: RootContent[] }[] = [];
      for (const child of tabs) {
        if (child.type !== 'containerDirective' || child.name !== 'tab') {
          file.fail('only `:::tab{label="…"}` blocks can be inside `::::tabs`', child, 'docs-it:tabs');
        }
        const tab = child as ContainerDirective;
        tab.data = { ...(tab.data ?? {}), docsItTab: true } as ContainerDirective['data'];
        const label = tab.attributes?.label ?? tab.attributes?.value;
        if (!label) file.fail('a tab needs a label: `:::tab{label="npm"}`', tab, 'docs-it:tabs');
        items.push({ label: label!, value: tab.attributes?.value ?? label!, children: tab.children });
      }
      if (items.length === 0) file.fail('`::::tabs` needs at least one `:::tab` block', node, 'docs-it:tabs');
      const groupId = node.attributes?.groupId;
      const buttons = items.map((item, i) => ({
        type: 'paragraph',
        children: [{ type: 'text', value: item.label }],
        data: {
          hName: 'button',
          hProperties: {
            type: 'button',
            role: 'tab',
            id: `${uid}-tab-${i}`,
            'aria-selected': i === 0 ? 'true' : 'false',
            'aria-controls': `${uid}-panel-${i}`,
            tabIndex: i === 0 ? 0 : -1,
            dataValue: item.value,
          },
        },
      }));
      const panels = items.map((item, i) => ({
        type: 'paragraph',
        children: item.children,
        data: {
          hName: 'div',
          hProperties: {
            role: 'tabpanel',
            id: `${uid}-panel-${i}`,
            'aria-labelledby': `${uid}-tab-${i}`,
            dataValue: item.value,
            hidden: i !== 0,
            tabIndex: 0,
          },
        },
      }));
      const list = {
        type: 'paragraph',
        children: buttons,
        data: { hName: 'div', hProperties: { role: 'tablist', className: ['tabs-list'] } },
      };
      node.children = [list, ...panels] as unknown as ContainerDirective['children']; // hName-driven wrappers
      // `{queryString}` alone uses the groupId as the URL parameter, as Docusaurus does.
      const query = node.attributes?.queryString === '' ? groupId : node.attributes?.queryString;
      node.data = {
        hName: 'div',
        hProperties: {
          className: ['tabs'],
          ...(groupId ? { dataGroupId: groupId } : {}),
          ...(query ? { dataQueryString: query } : {}),
        },
      };
    });
  };
}

/** `::::tabs` and the `:::tab` blocks inside it; a tab's label is an attribute, never a title. */
export const tabDirectives: DirectivePlugin = {
  names: ['tabs', 'tab'],
  forms: ['container'],
  titleAfterName: false,
  plugin: remarkTabs,
};
