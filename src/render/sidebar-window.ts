import {
  containsPath,
  pathsOf,
  rendersWhole,
  type ShownSidebarCategory,
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

/**
 * The rows of each list's first items, summed once per list: `rowsBefore[i]` is the rows of items 0 to i - 1, so a
 * gap's height is one subtraction. Summing each gap's items on every page made each page walk its whole list,
 * and a list of a large site's sections grows with the site: the render stage grew faster than the pages.
 */
const rowsBefore = new WeakMap<SidebarItem[], number[]>();

function rowSumsOf(items: SidebarItem[]): number[] {
  let sums = rowsBefore.get(items);
  if (!sums) {
    sums = [0];
    for (const item of items) sums.push(sums[sums.length - 1]! + rowsOf(item));
    rowsBefore.set(items, sums);
  }
  return sums;
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
  if (items.length <= longList) return items.map((item) => shownItem(item, path));
  const current = placeOf(items, path);
  const shown: ShownSidebarItem[] = [];
  // Kept: the top, and the neighbourhood of the current page's item; each run of items between is one gap.
  const keep = (from: number, to: number) => {
    for (let i = from; i < to; i++) shown.push(shownItem(items[i]!, path));
  };
  const gap = (from: number, to: number) => {
    if (to <= from) return;
    const sums = rowSumsOf(items);
    shown.push({ type: 'gap', items: to - from, rows: sums[to]! - sums[from]! });
  };
  const top = Math.min(keptAtTop, items.length);
  const near = current > -1 ? Math.max(current - keptAround, 0) : items.length;
  const nearEnd = current > -1 ? Math.min(current + keptAround + 1, items.length) : items.length;
  if (near <= top) {
    keep(0, Math.max(top, nearEnd));
    gap(Math.max(top, nearEnd), items.length);
  } else {
    keep(0, top);
    gap(top, near);
    keep(near, nearEnd);
    gap(nearEnd, items.length);
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

// Each open category of a window (made for its page), by the sidebar's category it shows: its fields are that one's,
// so what is computed of them (a render key's digest: site/sidebar-key.ts) is computed once a run, not once a page.
const shownFrom = new WeakMap<ShownSidebarCategory, SidebarCategory>();

/** The sidebar's category a window's open category shows (its fields), if a window made it. */
export function categoryShownBy(shown: ShownSidebarCategory): SidebarCategory | undefined {
  return shownFrom.get(shown);
}

function shownItem(item: SidebarItem, path: string): ShownSidebarItem {
  if (item.type === 'link') return item;
  if (!opens(item) && !containsPath(item, path)) return closedForm(item);
  const shown: ShownSidebarCategory = { ...item, items: shownSidebar(item.items, path) };
  shownFrom.set(shown, item);
  return shown;
}

/** Whether a page's sidebar has gaps (its hydration data says so). */
export function hasSidebarGaps(data: { sidebar?: ShownSidebarItem[] } | undefined): boolean {
  const inList = (items: ShownSidebarItem[]): boolean =>
    items.some((item) => item.type === 'gap' || (item.type === 'category' && inList(item.items)));
  return !!data?.sidebar && inList(data.sidebar);
}
