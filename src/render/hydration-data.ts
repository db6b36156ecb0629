import type { HydrationData, RouteProps } from '../shared/route-data';
import type { ShownSidebarItem } from '../shared/sidebar';

export type { HydrationData };

/**
 * The page's hydration data without the content HTML (already in the DOM, so not sent twice), and the sidebar
 * as the page shows it (a large one with gaps: the browser loads the whole tree after hydrating).
 */
export function hydrationData(
  page: RouteProps,
  sidebar: ShownSidebarItem[] | undefined,
  renderCollapsed: boolean,
): HydrationData {
  const withoutContent = 'contentHtml' in page ? { ...page, contentHtml: '' } : page;
  const data: HydrationData = { page: withoutContent, renderCollapsed };
  if (sidebar) data.sidebar = sidebar;
  return data;
}
