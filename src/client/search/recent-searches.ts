/*
 * The hits a reader opened from the search modal, newest first, kept in localStorage (per site: its base URL
 * names the key) and offered as links when the modal opens, as DocSearch offers its recent searches.
 */
import { stripMarks } from './highlight';
import { hitHref } from './SearchResults';
import type { SearchHit } from './types';

export interface RecentSearch {
  href: string;
  /** The hit's headings, or its page's title when it is the top of a page. */
  title: string;
  /** The page's title, when the hit is a section of it. */
  page: string | null;
}

/** How many are kept. */
export const maxRecentSearches = 5;

export const recentSearchesKey = (baseUrl: string) => `docs-it-search-recent:${baseUrl}`;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

const isRecent = (value: unknown): value is RecentSearch => {
  const v = value as Partial<RecentSearch> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.href === 'string' &&
    typeof v.title === 'string' &&
    (v.page === null || typeof v.page === 'string')
  );
};

/** What the store holds under `key`; anything else there (another version's data, hand edits) reads as none. */
export function readRecentSearches(store: Store, key: string): RecentSearch[] {
  try {
    const value: unknown = JSON.parse(store.getItem(key) ?? '[]');
    return Array.isArray(value) ? value.filter(isRecent).slice(0, maxRecentSearches) : [];
  } catch {
    return [];
  }
}

/** The recent search an opened hit becomes, or undefined for a hit that leads nowhere. */
export function recentSearchOf(hit: SearchHit): RecentSearch | undefined {
  const href = hitHref(hit);
  if (!href) return undefined;
  const h = hit.hierarchy;
  const headings = [h.lvl2, h.lvl3, h.lvl4, h.lvl5, h.lvl6].filter((x): x is string => !!x).map(stripMarks);
  return headings.length
    ? { href, title: headings.join(' › '), page: h.lvl1 }
    : { href, title: h.lvl1 ?? href, page: null };
}

/** Puts `entry` first (once), keeps the newest `maxRecentSearches`, and stores them; returns the new list. */
export function rememberRecentSearch(store: Store, key: string, entry: RecentSearch): RecentSearch[] {
  const list = [entry, ...readRecentSearches(store, key).filter((r) => r.href !== entry.href)].slice(
    0,
    maxRecentSearches,
  );
  store.setItem(key, JSON.stringify(list));
  return list;
}
