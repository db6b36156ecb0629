import type { RouteProps } from '../../shared/route-data';
import type { Breadcrumb, SidebarItem } from '../../shared/sidebar';
import { pageDataFileOf, sidebarFileOf, sidebarPartFileOf, urlOfFile } from '../../shared/urls';

export interface LoadedPage {
  props: RouteProps;
  sidebar?: SidebarItem[];
  /** False when the path is not a page of the site (the not-found page is shown). */
  found: boolean;
}

const dataUrl = (path: string, notFoundPath: string) => urlOfFile(pageDataFileOf(path, notFoundPath));

/** Loads page data and sidebars, each once, for navigation and prefetching. */
export function createPageLoader(baseUrl: string, notFoundPath: string) {
  const pages = new Map<string, Promise<{ props: RouteProps; found: boolean }>>();
  const sidebars = new Map<string, Promise<SidebarItem[]>>();

  const fetchJson = async <T>(url: string): Promise<{ status: number; data?: T }> => {
    const res = await fetch(url, { credentials: 'same-origin' });
    if (res.status === 404) return { status: 404 };
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
    return { status: res.status, data: (await res.json()) as T };
  };

  const loadProps = (path: string) => {
    let entry = pages.get(path);
    if (!entry) {
      entry = (async () => {
        const own = await fetchJson<RouteProps>(dataUrl(path, notFoundPath));
        if (own.data) return { props: own.data, found: true };
        const missing = await fetchJson<RouteProps>(dataUrl(notFoundPath, notFoundPath));
        if (!missing.data) throw new Error('not-found page data is missing');
        return { props: { ...missing.data, path }, found: false };
      })();
      // A failed load is retried next time instead of being remembered.
      entry.catch(() => pages.delete(path));
      pages.set(path, entry);
    }
    return entry;
  };

  const loadFile = (file: string) => {
    let entry = sidebars.get(file);
    if (!entry) {
      entry = fetchJson<SidebarItem[]>(urlOfFile(file)).then((r) => {
        if (!r.data) throw new Error(`sidebar file ${file} is missing`);
        return r.data;
      });
      entry.catch(() => sidebars.delete(file));
      sidebars.set(file, entry);
    }
    return entry;
  };

  /** The items of a large sidebar's category kept in a part file of their own. */
  const loadSidebarPart = (id: string, part: number) => loadFile(sidebarPartFileOf(baseUrl, id, part));

  /**
   * A sidebar, with the parts on a page's trail (its breadcrumbs: the categories it is in) filled in, so the
   * page's categories show their items as soon as the sidebar does.
   */
  const loadSidebar = async (id: string, trail: Breadcrumb[] = []): Promise<SidebarItem[]> => {
    const fill = async (items: SidebarItem[], depth: number): Promise<SidebarItem[]> => {
      const crumb = trail[depth];
      if (!crumb) return items;
      const at = items.findIndex(
        (item) => item.type === 'category' && item.label === crumb.label && item.href === crumb.href,
      );
      const category = items[at];
      if (category?.type !== 'category') return items;
      const { part, ...rest } = category;
      const inside = part === undefined ? category.items : await loadSidebarPart(id, part);
      const filled = [...items];
      filled[at] = { ...rest, items: await fill(inside, depth + 1) };
      return filled;
    };
    return fill(await loadFile(sidebarFileOf(baseUrl, id)), 0);
  };

  return {
    /** Page data and, for docs, the whole sidebar. */
    async load(path: string): Promise<LoadedPage> {
      const { props, found } = await loadProps(path);
      const sidebarId = props.kind === 'doc' ? props.sidebarId : undefined;
      const trail = props.kind === 'doc' ? props.breadcrumbs : [];
      return { props, found, sidebar: sidebarId ? await loadSidebar(sidebarId, trail) : undefined };
    },
    loadSidebar,
    loadSidebarPart,
    /** Starts loading a page's data ahead of a likely click; errors are ignored. */
    prefetch(path: string): void {
      loadProps(path).catch(() => undefined);
    },
  };
}
