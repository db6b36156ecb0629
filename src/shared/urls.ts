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

/** The whole sidebar's JSON, fetched once by client navigation, relative to the output folder. */
export function sidebarFileOf(baseUrl: string, sidebarId: string): string {
  return `${relative(baseUrl)}/__docs-it/sidebars/${sidebarId}.json`.replace(/^\//, '');
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

/**
 * The output files (relative to the output folder) that may answer a URL path, most specific first: `/` →
 * `index.html`; `/docs/x/` → `docs/x/index.html`; `/docs/x` → `docs/x`, then `docs/x/index.html` (clean URLs).
 * `serve`, `dev` and the service worker all answer with the first of these the site has. A path with a `.` or
 * `..` segment, or a hidden name (`.env`), has none: no published file is named so.
 */
export function candidatesOf(urlPath: string): string[] {
  const segments = urlPath.split('/').filter(Boolean);
  if (segments.some((s) => s.startsWith('.'))) return [];
  const rel = segments.join('/');
  if (rel === '') return ['index.html'];
  return urlPath.endsWith('/') ? [`${rel}/index.html`] : [rel, `${rel}/index.html`];
}

/**
 * The file that answers a path under `baseUrl` the site has no file for, with status 404: the not-found page,
 * or its page data when client navigation asked for a page's data.
 */
export function notFoundFileOf(urlPath: string, baseUrl: string): string {
  const notFound = notFoundRouteOf(baseUrl);
  return urlPath.endsWith('/page-data.json') ? pageDataFileOf(notFound, notFound) : htmlFileOf(notFound, notFound);
}
