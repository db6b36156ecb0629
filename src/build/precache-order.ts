/*
 * Which files the service worker precaches when the site is larger than the precache budget (`pwa.precache`):
 * the files are taken in a fixed order of use and the list stops at the first that does not fit, so the
 * precache list in `sw.js`, and what a reader's browser downloads at install, stay bounded whatever the site's
 * size. The order: the app shell (the home page, the not-found page the worker answers unknown paths with, the
 * web app manifest, each sidebar's top file), the client bundle, the search files every search loads first, the
 * pages in sidebar order (each sidebar's part files where the sidebar reaches them), the other routes in route
 * order, the rest of the search files, then everything else by path.
 */
import { clientSidebars } from '../render/client-sidebar';
import { sidebarParts } from '../render/sidebar-parts';
import type { SidebarItem } from '../shared/sidebar';
import {
  htmlFileOf,
  notFoundRouteOf,
  pageDataFileOf,
  searchDirOf,
  sidebarFileOf,
  sidebarPartFileOf,
} from '../shared/urls';
import type { Site } from '../site/site';

/** What the order is made from: the site's routes and its sidebars as the browser loads them. */
export interface PrecacheOrderInput {
  baseUrl: string;
  notFoundRoute: string;
  /** Every route, in the model's order. */
  routes: readonly string[];
  /** The browser's sidebars (`clientSidebars`), by id, in the config's order. */
  sidebars: Record<string, SidebarItem[]>;
}

/** A precached-type file written by the build. */
export interface PrecacheCandidate {
  path: string;
  size: number;
}

export interface PrecacheBudget {
  maxBytes: number;
  maxFiles: number;
}

const routeFilesOf = (route: string, notFoundRoute: string) => [
  htmlFileOf(route, notFoundRoute),
  pageDataFileOf(route, notFoundRoute),
];

/** The app shell's files: the home page, the not-found page, the web app manifest, each sidebar's top file. */
function shellFiles(input: PrecacheOrderInput): string[] {
  const { baseUrl, notFoundRoute } = input;
  return [
    ...routeFilesOf(baseUrl, notFoundRoute),
    ...routeFilesOf(notFoundRoute, notFoundRoute),
    `${baseUrl.slice(1)}manifest.webmanifest`,
    ...Object.keys(input.sidebars).map((id) => sidebarFileOf(baseUrl, id)),
  ];
}

/** The pages' files in sidebar order (with the sidebars' part files), then every route's in route order. */
function* pageFilesInOrder(input: PrecacheOrderInput): Generator<string> {
  const { baseUrl, notFoundRoute } = input;
  for (const [id, items] of Object.entries(input.sidebars)) {
    const parts = sidebarParts(items);
    const walk = function* (list: SidebarItem[]): Generator<string> {
      for (const item of list) {
        if (item.href) yield* routeFilesOf(item.href, notFoundRoute);
        if (item.type !== 'category') continue;
        if (item.part === undefined) yield* walk(item.items);
        else {
          yield sidebarPartFileOf(baseUrl, id, item.part);
          yield* walk(parts[item.part] ?? []);
        }
      }
    };
    yield* walk(parts[0] ?? []);
  }
  for (const route of input.routes) yield* routeFilesOf(route, notFoundRoute);
}

/**
 * The files to precache: `files` (every precached-type file written, by path order) taken in the order above
 * while their count and bytes fit the budget, returned in `files`' order (so a site within its budget has the
 * same manifest as when every file was precached).
 */
export function precacheSelection<F extends PrecacheCandidate>(
  files: readonly F[],
  input: PrecacheOrderInput,
  budget: PrecacheBudget,
): F[] {
  const total = files.reduce((sum, f) => sum + f.size, 0);
  if (files.length <= budget.maxFiles && total <= budget.maxBytes) return [...files];
  const byPath = new Map(files.map((f) => [f.path, f]));
  const taken = new Set<string>();
  let bytes = 0;
  /** Takes a file if it fits; false once the budget is full (nothing after it is taken). */
  const take = (path: string): boolean => {
    const file = byPath.get(path);
    if (!file || taken.has(path)) return true;
    if (taken.size + 1 > budget.maxFiles || bytes + file.size > budget.maxBytes) return false;
    taken.add(path);
    bytes += file.size;
    return true;
  };
  const searchDir = searchDirOf(input.baseUrl);
  const assetsDir = `${input.baseUrl.slice(1)}assets/`;
  const firstSearch = (p: string) =>
    p === `${searchDir}local-index.json` || (p.startsWith(searchDir) && !p.slice(searchDir.length).includes('/'));
  const fill = (): void => {
    for (const path of shellFiles(input)) if (!take(path)) return;
    for (const f of files) if (f.path.startsWith(assetsDir) && !take(f.path)) return;
    if (!take(`${searchDir}local-index.json`)) return;
    for (const f of files) if (firstSearch(f.path) && !take(f.path)) return;
    for (const path of pageFilesInOrder(input)) if (!take(path)) return;
    for (const f of files) if (f.path.startsWith(searchDir) && !take(f.path)) return;
    for (const f of files) if (!take(f.path)) return;
  };
  fill();
  return files.filter((f) => taken.has(f.path));
}

/** The order's input for a state of the site. */
export function precacheOrderOf(site: Site): PrecacheOrderInput {
  const { baseUrl } = site.config.site;
  return {
    baseUrl,
    notFoundRoute: notFoundRouteOf(baseUrl),
    routes: site.model.routes.map((route) => route.path),
    sidebars: clientSidebars(site.model.sidebars.sidebars),
  };
}
