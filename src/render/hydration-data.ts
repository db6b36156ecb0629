import type { HydrationData, RouteProps } from '../../templates/types';
import { containsPath, type SidebarItem } from '../shared/sidebar';

export type { HydrationData };

/**
 * The sidebar as a large site renders it: collapsed categories without their children. The browser
 * fetches the whole sidebar later; hydrating needs only what is on the page.
 */
export function pruneSidebar(items: SidebarItem[], path: string): SidebarItem[] {
  return items.map((item) => {
    if (item.type === 'link') return item;
    const expanded = !item.collapsed || containsPath(item, path);
    return { ...item, items: expanded ? pruneSidebar(item.items, path) : [] };
  });
}

/** The page's hydration data without the content HTML (already in the DOM, so not sent twice). */
export function hydrationData(
  page: RouteProps,
  sidebar: SidebarItem[] | undefined,
  renderCollapsed: boolean,
): HydrationData {
  const withoutContent = 'contentHtml' in page ? { ...page, contentHtml: '' } : page;
  const data: HydrationData = { page: withoutContent, renderCollapsed };
  if (sidebar) data.sidebar = renderCollapsed ? sidebar : pruneSidebar(sidebar, page.path);
  return data;
}
