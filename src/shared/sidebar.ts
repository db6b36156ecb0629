/*
 * The docs sidebar as every side sees it: the build computes it, the templates render it, the browser
 * navigates with it.
 */

export interface SidebarLink {
  type: 'link';
  label: string;
  href: string;
  /** The doc behind the link (build only: the browser's copy leaves it out). */
  docId?: string;
  description?: string;
  /** Docusaurus's `sidebar_class_name`: a class on the item, for the site's styles. */
  className?: string;
}

export interface SidebarCategory {
  type: 'category';
  label: string;
  /** Present when the category has a page of its own. */
  href?: string;
  docId?: string;
  description?: string;
  collapsed: boolean;
  /** `false`: always open, without a toggle (Docusaurus's `collapsible`). */
  collapsible?: false;
  className?: string;
  /** The page generated at `href` listing the category's items (build only, like `docId`). */
  generatedIndex?: { title: string; description?: string };
  items: SidebarItem[];
  /**
   * The browser's copy of a large sidebar only: the category's items are not in this file but in the sidebar's
   * part file of this number (`items` is then empty), loaded when the category opens.
   */
  part?: number;
}

export type SidebarItem = SidebarLink | SidebarCategory;

/**
 * Rows a page of a large sidebar leaves out (far from the current page): the page keeps their place, the
 * browser fills them in from the sidebar file.
 */
export interface SidebarGap {
  type: 'gap';
  /** How many items of the list it stands for (the items after it keep their positions). */
  items: number;
  /** How many rows those items take when shown: the height kept for them. */
  rows: number;
}

/** A category as a page shows it: its list may have gaps. */
export interface ShownSidebarCategory extends Omit<SidebarCategory, 'items'> {
  items: ShownSidebarItem[];
}

/** A sidebar item as a page shows it: the whole sidebar, or a large one with gaps. */
export type ShownSidebarItem = SidebarLink | ShownSidebarCategory | SidebarGap;

export interface Breadcrumb {
  label: string;
  href?: string;
}

export interface NavLink {
  title: string;
  href: string;
}

/** Sidebars with at most this many entries are rendered whole on every page, so they work without JavaScript. */
export const smallSidebarLinks = 200;

// Sidebars live for a whole build (or a whole visit in the browser): each is counted once, not once per page.
const entryCounts = new WeakMap<SidebarItem[], number>();

/** Entries of a sidebar, categories included. */
export function countEntries(items: SidebarItem[]): number {
  let count = entryCounts.get(items);
  if (count === undefined) {
    count = items.reduce((n, item) => n + 1 + (item.type === 'category' ? countEntries(item.items) : 0), 0);
    entryCounts.set(items, count);
  }
  return count;
}

/** Whether pages render the sidebar whole (closed categories included) rather than closed categories empty. */
export function rendersWhole(items: SidebarItem[]): boolean {
  return countEntries(items) <= smallSidebarLinks;
}

// Every page asks, for every category, whether the current page is inside it: each category's links are
// collected once, or a large site would walk its sidebar once per category per page.
const linksInside = new WeakMap<ShownSidebarCategory, Set<string>>();

function linksOf(category: ShownSidebarCategory): Set<string> {
  let links = linksInside.get(category);
  if (!links) {
    links = new Set();
    if (category.href) links.add(category.href);
    for (const child of category.items) {
      if (child.type === 'link') links.add(child.href);
      else if (child.type === 'category') for (const href of linksOf(child)) links.add(href);
    }
    linksInside.set(category, links);
  }
  return links;
}

/** The pages an item leads to: its own, and for a category every page inside it (of those a page shows). */
export function pathsOf(item: SidebarLink | ShownSidebarCategory): Iterable<string> {
  return item.type === 'link' ? [item.href] : linksOf(item);
}

/** Whether `path` is the item's page or a page inside the category (of those a page shows). */
export function containsPath(item: SidebarLink | ShownSidebarCategory, path: string): boolean {
  return item.type === 'link' ? item.href === path : linksOf(item).has(path);
}

/** The first page a sidebar leads to: its first item with a link, depth first. */
export function firstHref(items: SidebarItem[]): string | undefined {
  for (const item of items) {
    if (item.href) return item.href;
    if (item.type === 'category') {
      const inside = firstHref(item.items);
      if (inside) return inside;
    }
  }
  return undefined;
}

/**
 * The sections of the docs: the top-level items of every sidebar (a doc's first breadcrumb, which search files
 * it under), in the config's order, each once, with the page each leads to (its own link, or the first page
 * inside it).
 */
export function sidebarSections(sidebars: Record<string, SidebarItem[]>): { label: string; href?: string }[] {
  const sections = new Map<string, string | undefined>();
  for (const item of Object.values(sidebars).flat())
    if (!sections.get(item.label))
      sections.set(item.label, item.href ?? (item.type === 'category' ? firstHref(item.items) : undefined));
  return [...sections].map(([label, href]) => (href ? { label, href } : { label }));
}

/**
 * A sidebar with parts (some categories' items left in other files, `part`) and the sidebar a page was served
 * with: each category still waiting for its part keeps the items the page showed, so nothing the reader sees
 * empties while the part loads. Positions match because a gap stands for as many items as it replaces.
 */
export function keepShownItems(full: SidebarItem[], shown: ShownSidebarItem[]): ShownSidebarItem[] {
  const shownAt = new Map<number, ShownSidebarCategory>();
  let position = 0;
  for (const item of shown) {
    if (item.type === 'category') shownAt.set(position, item);
    position += item.type === 'gap' ? item.items : 1;
  }
  return full.map((item, i): ShownSidebarItem => {
    if (item.type === 'link') return item;
    const before = shownAt.get(i);
    if (!before || before.label !== item.label) return item;
    if (item.part !== undefined) return item.items.length === 0 ? { ...item, items: before.items } : item;
    return { ...item, items: keepShownItems(item.items, before.items) };
  });
}
