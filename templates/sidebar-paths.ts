import type { SidebarCategory, SidebarItem } from './types';

// Every page asks, for every category, whether the current page is inside it. Walking the category each time
// is quadratic on a large site (thousands of pages, each checking every category): collect each category's
// links once (the sidebar objects live for the whole build, or the whole visit in the browser).
const linksInside = new WeakMap<SidebarCategory, Set<string>>();

function linksOf(category: SidebarCategory): Set<string> {
  let links = linksInside.get(category);
  if (!links) {
    links = new Set();
    if (category.href) links.add(category.href);
    for (const child of category.items) {
      if (child.type === 'link') links.add(child.href);
      else for (const href of linksOf(child)) links.add(href);
    }
    linksInside.set(category, links);
  }
  return links;
}

/** Whether `path` is the item's page or a page inside the category. */
export function containsPath(item: SidebarItem, path: string): boolean {
  return item.type === 'link' ? item.href === path : linksOf(item).has(path);
}
