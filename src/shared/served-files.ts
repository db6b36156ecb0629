/*
 * Which file of a build answers a URL path: `serve`, `dev` and the service worker all ask here. (Apart from
 * urls.ts, which the client bundle imports: code added there renames the bundle's minified symbols.)
 */
import { htmlFileOf, notFoundRouteOf, pageDataFileOf } from './urls';

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
