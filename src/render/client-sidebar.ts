import type { SidebarItem } from '../shared/sidebar';

const memo = new WeakMap<Record<string, SidebarItem[]>, Record<string, SidebarItem[]>>();

/**
 * A sidebar as the templates read it: types, labels, links and folding. Doc ids and descriptions serve the
 * build only (the doc cards), and would otherwise be repeated in every page's hydration data and in the
 * sidebar files the browser fetches: a large part of a large site's page (docs/measurements.md).
 */
export function clientSidebar(items: SidebarItem[]): SidebarItem[] {
  return items.map((item) =>
    item.type === 'link'
      ? { type: 'link', label: item.label, href: item.href, ...(item.className ? { className: item.className } : {}) }
      : {
          type: 'category',
          label: item.label,
          ...(item.href === undefined ? {} : { href: item.href }),
          collapsed: item.collapsed,
          ...(item.collapsible === false ? { collapsible: false as const } : {}),
          ...(item.className ? { className: item.className } : {}),
          items: clientSidebar(item.items),
        },
  );
}

/** Every sidebar of a site in its client form, computed once per set of sidebars. */
export function clientSidebars(sidebars: Record<string, SidebarItem[]>): Record<string, SidebarItem[]> {
  let client = memo.get(sidebars);
  if (!client) {
    client = Object.fromEntries(Object.entries(sidebars).map(([id, items]) => [id, clientSidebar(items)]));
    memo.set(sidebars, client);
  }
  return client;
}
