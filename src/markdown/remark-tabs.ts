import type { Properties } from 'hast';
import type { Root, RootContent } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { Node } from 'unist';
import type { VFile } from 'vfile';
import type { DirectivePlugin } from './directive-plugin';
import { eachNode } from './walk';

/** One `:::tab` of a `::::tabs` block. */
export interface TabItem {
  node: ContainerDirective;
  label: string;
  value: string;
  children: RootContent[];
}

/**
 * The tabs of a `::::tabs` block; `fail` hears what is wrong with the block (and throws). The direct path
 * (direct-hast) reads a block with this too.
 */
export function tabItemsOf(node: ContainerDirective, fail: (message: string, place: Node) => never): TabItem[] {
  const tabs = node.children.filter(
    (child) =>
      !(child.type === 'paragraph' && child.data && (child.data as { directiveLabel?: boolean }).directiveLabel),
  );
  const items: TabItem[] = [];
  for (const child of tabs) {
    if (child.type !== 'containerDirective' || child.name !== 'tab') {
      fail('only `:::tab{label="…"}` blocks can be inside `::::tabs`', child);
    }
    const tab = child as ContainerDirective;
    const label = tab.attributes?.label ?? tab.attributes?.value;
    if (!label) fail('a tab needs a label: `:::tab{label="npm"}`', tab);
    items.push({ node: tab, label: label!, value: tab.attributes?.value ?? label!, children: tab.children });
  }
  if (items.length === 0) fail('`::::tabs` needs at least one `:::tab` block', node);
  return items;
}

/**
 * The markup of a `::::tabs` block (the page's `count`th: `uid` tells its ids apart), which matches the MDX `<Tabs>`
 * component so one client script serves both: a box (`div`) holding a tab list (`div`) of buttons, one per tab,
 * then a panel (`div`) per tab.
 */
export const tabsMarkup = {
  uid: (count: number) => `tabs-${count}`,
  box(node: ContainerDirective): Properties {
    const groupId = node.attributes?.groupId;
    // `{queryString}` alone uses the groupId as the URL parameter, as Docusaurus does.
    const query = node.attributes?.queryString === '' ? groupId : node.attributes?.queryString;
    return {
      className: ['tabs'],
      ...(groupId ? { dataGroupId: groupId } : {}),
      ...(query ? { dataQueryString: query } : {}),
    };
  },
  list: (): Properties => ({ role: 'tablist', className: ['tabs-list'] }),
  button: (uid: string, i: number, item: TabItem): Properties => ({
    type: 'button',
    role: 'tab',
    id: `${uid}-tab-${i}`,
    'aria-selected': i === 0 ? 'true' : 'false',
    'aria-controls': `${uid}-panel-${i}`,
    tabIndex: i === 0 ? 0 : -1,
    dataValue: item.value,
  }),
  panel: (uid: string, i: number, item: TabItem): Properties => ({
    role: 'tabpanel',
    id: `${uid}-panel-${i}`,
    'aria-labelledby': `${uid}-tab-${i}`,
    dataValue: item.value,
    hidden: i !== 0,
    tabIndex: 0,
  }),
};

/** `::::tabs{groupId=…}` holding `:::tab{label=…}` blocks → an accessible tab list and panels (`tabsMarkup`). */
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
      const uid = tabsMarkup.uid(++count);
      const items = tabItemsOf(node, (message, place) => file.fail(message, place, 'docs-it:tabs'));
      for (const { node: tab } of items)
        tab.data = { ...(tab.data ?? {}), docsItTab: true } as ContainerDirective['data'];
      const buttons = items.map((item, i) => ({
        type: 'paragraph',
        children: [{ type: 'text', value: item.label }],
        data: { hName: 'button', hProperties: tabsMarkup.button(uid, i, item) },
      }));
      const panels = items.map((item, i) => ({
        type: 'paragraph',
        children: item.children,
        data: { hName: 'div', hProperties: tabsMarkup.panel(uid, i, item) },
      }));
      const list = { type: 'paragraph', children: buttons, data: { hName: 'div', hProperties: tabsMarkup.list() } };
      node.children = [list, ...panels] as unknown as ContainerDirective['children']; // hName-driven wrappers
      node.data = { hName: 'div', hProperties: tabsMarkup.box(node) };
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
