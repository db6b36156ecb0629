import { digestOf, digestText } from '../cache/digest';
import { pageSidebar } from '../render/sidebar-window';
import type { ShownSidebarItem, SidebarItem } from '../shared/sidebar';

/**
 * A digest of the sidebar a page at `path` renders (`pageSidebar`): a small sidebar's whole (one digest a run), a
 * large one's window item by item, each item shared by many pages (a link, a closed category) digested once a run.
 */
export function renderedSidebarKey(items: SidebarItem[] | undefined, path: string): string | undefined {
  if (!items) return undefined;
  const { renderCollapsed, sidebar } = pageSidebar(items, path);
  return renderCollapsed || !sidebar ? `whole:${digestOf(items)}` : `window:${shownListKey(sidebar)}`;
}

function shownListKey(list: ShownSidebarItem[]): string {
  const keys = list.map((item) => {
    if (item.type === 'gap') return `g${item.items}/${item.rows}`;
    if (item.type === 'link' || item.items.length === 0) return digestOf(item);
    // An open category is made for the page: its own fields, then its list's window.
    const { items: inside, ...category } = item;
    return `c${digestOf(category)}:${shownListKey(inside)}`;
  });
  return digestText(keys.join(','));
}
