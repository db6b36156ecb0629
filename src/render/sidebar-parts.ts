import { countEntries, type SidebarItem, smallSidebarLinks } from '../shared/sidebar';

/**
 * Entries a sidebar file holds besides the rows of its own list: as many as a sidebar pages render whole, so
 * a file the service worker precaches stays the same size however large the site grows.
 */
export const sidebarFileEntries = smallSidebarLinks;

/**
 * A sidebar in the files the browser loads: part 0 is the sidebar's own file, and a category whose items do not
 * fit in its file's budget has them in a part of their own (`part`, its `items` empty), split the same way. A
 * sidebar that fits is one part, as it was before parts existed. Parts are numbered depth first, so the same
 * sidebar always gives the same files.
 */
export function sidebarParts(items: SidebarItem[]): SidebarItem[][] {
  const parts: SidebarItem[][] = [[]];
  const fill = (list: SidebarItem[], index: number) => {
    let budget = sidebarFileEntries - list.length;
    parts[index] = list.map((item) => {
      if (item.type === 'link') return item;
      const inside = countEntries(item.items);
      if (inside <= budget) {
        budget -= inside;
        return item;
      }
      const part = parts.length;
      parts.push([]);
      fill(item.items, part);
      return { ...item, items: [], part };
    });
  };
  fill(items, 0);
  return parts;
}
