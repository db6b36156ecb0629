import {
  containsPath,
  pathsOf,
  rendersWhole,
  type ShownSidebarItem,
  type SidebarCategory,
  type SidebarItem,
} from '../shared/sidebar';

/** Lists longer than this get gaps on a large sidebar's pages. */
export const longList = 40;
/** Items kept at the top of a long list: what a reader sees of it before scrolling, as on the whole sidebar. */
export const keptAtTop = 12;
/** Items kept on each side of the one leading to the current page. */
export const keptAround = 8;

// Sidebars live for a whole build: each category's row count and closed form are computed once, and a closed
// category is the same object on every page (the fragment cache renders it once by identity).
const rowCounts = new WeakMap<SidebarCategory, number>();
const closedForms = new WeakMap<SidebarCategory, SidebarCategory>();
// Each list's item leading to every page below it, found once per list: asking each item of a list of hundreds
// of categories whether it holds the page, on every page, made the list's walk a large part of rendering.
const placesInList = new WeakMap<SidebarItem[], Map<string, number>>();

/** The index of the first item of `items` that is or holds the page at `path`, or -1. */
function placeOf(items: SidebarItem[], path: string): number {
  let places = placesInList.get(items);
  if (!places) {
    places = new Map();
    for (let i = 0; i < items.length; i++) {
      for (const href of pathsOf(items[i]!)) if (!places.has(href)) places.set(href, i);
    }
    placesInList.set(items, places);
  }
  return places.get(path) ?? -1;
}

function opens(category: SidebarCategory): boolean {
  return !category.collapsed || category.collapsible === false;
}

/** Rows an item takes in the whole sidebar of a page outside it: its own, and its open children's. */
function rowsOf(item: SidebarItem): number {
  if (item.type === 'link') return 1;
  let rows = rowCounts.get(item);
  if (rows === undefined) {
    rows = 1 + (opens(item) ? item.items.reduce((n, child) => n + rowsOf(child), 0) : 0);
    rowCounts.set(item, rows);
  }
  return rows;
}

function closedForm(category: SidebarCategory): SidebarCategory {
  let closed = closedForms.get(category);
  if (!closed) {
    closed = { ...category, items: [] };
    closedForms.set(category, closed);
  }
  return closed;
}

/**
 * A large sidebar as one page shows it: closed categories without their links, and in long lists only the top
 * and the neighbourhood of the current page, the rest replaced by gaps of the same height. Every page of a
 * 10,000-page site would otherwise carry hundreds of category rows; the browser fills the gaps in from the
 * sidebar file it loads once, and a reader without JavaScript sees the path to the page.
 */
export function shownSidebar(items: SidebarItem[], path: string): ShownSidebarItem[] {
  const current = placeOf(items, path);
  const keep = (i: number) =>
    items.length <= longList || i < keptAtTop || (current > -1 && Math.abs(i - current) <= keptAround);
  const shown: ShownSidebarItem[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (keep(i)) {
      shown.push(shownItem(item, path));
      continue;
    }
    const last = shown[shown.length - 1];
    if (last?.type === 'gap') {
      last.items++;
      last.rows += rowsOf(item);
    } else shown.push({ type: 'gap', items: 1, rows: rowsOf(item) });
  }
  return shown;
}

/** The sidebar a page renders (`pageSidebar`). */
export interface PageSidebar {
  /** Whether its closed categories' links are in the markup (a small sidebar, rendered whole). */
  renderCollapsed: boolean;
  sidebar: ShownSidebarItem[] | undefined;
}

// The window given last for each sidebar: a route's render key and its render (in this thread) ask for it one after
// the other, and it is made once. One a sidebar, never one a page: a large site has 100,000.
const lastWindows = new WeakMap<SidebarItem[], { path: string; window: PageSidebar }>();

/**
 * The sidebar a page at `path` renders: a small one whole (`renderCollapsed`: its closed categories' links in the
 * markup), a large one as `shownSidebar` gives it. All a rendered page reads of its sidebar, so its render key
 * takes this and not the whole sidebar: an item renamed far from a page does not render that page again. Asked
 * again for the same page, the same object (read, never changed).
 */
export function pageSidebar(items: SidebarItem[] | undefined, path: string): PageSidebar {
  if (!items) return { renderCollapsed: true, sidebar: undefined };
  const last = lastWindows.get(items);
  if (last?.path === path) return last.window;
  const renderCollapsed = rendersWhole(items);
  const made = { renderCollapsed, sidebar: renderCollapsed ? items : shownSidebar(items, path) };
  lastWindows.set(items, { path, window: made });
  return made;
}

function shownItem(item: SidebarItem, path: string): ShownSidebarItem {
  if (item.type === 'link') return item;
  if (!opens(item) && !containsPath(item, path)) return closedForm(item);
  return { ...item, items: shownSidebar(item.items, path) };
}

/** Whether a page's sidebar has gaps (its hydration data says so). */
export function hasSidebarGaps(data: { sidebar?: ShownSidebarItem[] } | undefined): boolean {
  const inList = (items: ShownSidebarItem[]): boolean =>
    items.some((item) => item.type === 'gap' || (item.type === 'category' && inList(item.items)));
  return !!data?.sidebar && inList(data.sidebar);
}
