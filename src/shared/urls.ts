/*
 * Where a route's files live, for the build that writes them and the browser that fetches them. Routes are
 * paths without a trailing slash, except the site root (the base URL itself, which ends with `/`).
 */

/** Joins URL segments under a base path, with no trailing slash except for the base root itself. */
export function joinRoute(base: string, ...segments: string[]): string {
  // `.` and `..` are resolved (never above `base`), so `a/../a/b` is the route of `a/b`.
  const parts: string[] = [];
  for (const part of segments.flatMap((s) => s.split('/'))) {
    if (part === '..') parts.pop();
    else if (part && part !== '.') parts.push(part);
  }
  if (parts.length === 0) return base;
  return `${base.replace(/\/$/, '')}/${parts.join('/')}`;
}

/** The route of the page every unknown path shows. */
export function notFoundRouteOf(baseUrl: string): string {
  return joinRoute(baseUrl, '404');
}

const relative = (route: string) => route.replace(/^\//, '').replace(/\/$/, '');

/**
 * The HTML file of a route, relative to the output folder: `/docs/a` → `docs/a/index.html`,
 * `/docs/404` → `docs/404.html`.
 */
export function htmlFileOf(route: string, notFoundRoute: string): string {
  return route === notFoundRoute ? `${relative(route)}.html` : `${relative(route)}/index.html`.replace(/^\//, '');
}

/** The page-data file client navigation fetches for a route, relative to the output folder. */
export function pageDataFileOf(route: string, notFoundRoute: string): string {
  return route === notFoundRoute
    ? `${relative(route)}.page-data.json`
    : `${relative(route)}/page-data.json`.replace(/^\//, '');
}

/**
 * A sidebar's JSON (a large sidebar's top part), fetched once by client navigation, relative to the output folder.
 */
export function sidebarFileOf(baseUrl: string, sidebarId: string): string {
  return `${relative(baseUrl)}/__docs-it/sidebars/${sidebarId}.json`.replace(/^\//, '');
}

/** Part `part` of a large sidebar (the items of categories its file leaves out), relative to the output folder. */
export function sidebarPartFileOf(baseUrl: string, sidebarId: string, part: number): string {
  return `${relative(baseUrl)}/__docs-it/sidebars/${sidebarId}/${part}.json`.replace(/^\//, '');
}

/** The folder of the search files under the base URL (`docs/search/`), relative to the output folder. */
export function searchDirOf(baseUrl: string): string {
  return `${relative(baseUrl)}/search/`.replace(/^\//, '');
}

/** A blog feed, relative to the output folder: `docs/blog/rss.xml` or `docs/blog/atom.xml`. */
export function feedFileOf(baseUrl: string, format: 'rss' | 'atom'): string {
  return `${relative(baseUrl)}/blog/${format}.xml`.replace(/^\//, '');
}

/** The URL of an output file. */
export const urlOfFile = (file: string) => `/${file}`;
