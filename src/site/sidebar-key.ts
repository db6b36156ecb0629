import { digestOf, digestText } from '../cache/digest';
import { categoryShownBy, pageSidebar } from '../render/sidebar-window';
import type { ShownSidebarCategory, ShownSidebarItem, SidebarCategory, SidebarItem } from '../shared/sidebar';

/**
 * A digest of the sidebar a page at `path` renders (`pageSidebar`): a small sidebar's whole (one digest a run), a
 * large one's window item by item, each item shared by many pages (a link, a closed category) digested once a run,
 * and so are an open category's own fields. `digest` is `digestOf` (a test counts what it is asked).
 */
export function renderedSidebarKey(
  items: SidebarItem[] | undefined,
  path: string,
  digest: (value: unknown) => string = digestOf,
): string | undefined {
  if (!items) return undefined;
  const { renderCollapsed, sidebar } = pageSidebar(items, path);
  return renderCollapsed || !sidebar ? `whole:${digest(items)}` : `window:${shownListKey(sidebar, digest)}`;
}

/**
 * The digest of each sidebar category's own fields (without its items), by the category: an open category of a
 * window is a new object on every page, with the fields of the one it shows (`categoryShownBy`).
 */
const fieldDigests = new WeakMap<SidebarCategory, string>();

function shownListKey(list: ShownSidebarItem[], digest: (value: unknown) => string): string {
  const keys = list.map((item) => {
    if (item.type === 'gap') return `g${item.items}/${item.rows}`;
    if (item.type === 'link' || item.items.length === 0) return digest(item);
    // An open category is made for the page: its own fields, then its list's window.
    return `c${fieldsDigest(item, digest)}:${shownListKey(item.items, digest)}`;
  });
  return digestText(keys.join(','));
}

function fieldsDigest(shown: ShownSidebarCategory, digest: (value: unknown) => string): string {
  const from = categoryShownBy(shown);
  let made = from && fieldDigests.get(from);
  if (made === undefined) {
    const { items: _items, ...fields } = shown;
    made = digest(fields);
    if (from) fieldDigests.set(from, made);
  }
  return made;
}
