import type { HydrationData, RouteProps } from '../shared/route-data';
import type { ShownSidebarItem } from '../shared/sidebar';
import { jsonForScript, scriptSafe } from './escape';

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

// The JSON of each sidebar item and list that is the same object on many pages (a link, a closed category, a small
// sidebar rendered whole: `pageSidebar`), made once a thread: most of a page's data is its sidebar.
const sidebarJson = new WeakMap<object, string>();

function listJson(items: readonly ShownSidebarItem[]): string {
  let json = sidebarJson.get(items);
  if (json === undefined) {
    json = `[${items.map(itemJson).join(',')}]`;
    sidebarJson.set(items, json);
  }
  return json;
}

function itemJson(item: ShownSidebarItem): string {
  let json = sidebarJson.get(item);
  if (json === undefined) {
    json = item.type === 'category' ? objectJson(item, 'items', listJson) : scriptSafe(JSON.stringify(item));
    sidebarJson.set(item, json);
  }
  return json;
}

/**
 * An object's JSON as `jsonForScript` gives it (its own keys in order, those without a value left out), the value of
 * `key` made by `made`.
 */
function objectJson<T extends object, K extends keyof T>(value: T, key: K, made: (part: T[K]) => string): string {
  const fields: string[] = [];
  for (const [name, field] of Object.entries(value)) {
    if (field === undefined) continue;
    fields.push(`${JSON.stringify(name)}:${name === key ? made(field as T[K]) : jsonForScript(field)}`);
  }
  return `{${fields.join(',')}}`;
}

/** The page's hydration data as the inline script holds it: `jsonForScript`'s JSON, its sidebar's parts made once. */
export function hydrationJson(data: HydrationData): string {
  return objectJson(data, 'sidebar', (sidebar) => listJson(sidebar ?? []));
}
