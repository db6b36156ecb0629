/** Joins URL segments under a base path, with no trailing slash except for the base root itself. */
export function joinRoute(base: string, ...segments: string[]): string {
  const parts = segments.flatMap((s) => s.split('/')).filter(Boolean);
  if (parts.length === 0) return base;
  return `${base.replace(/\/$/, '')}/${parts.join('/')}`;
}

/** Strips the markdown extension of a path. */
export function stripExtension(relPath: string): string {
  return relPath.replace(/\.mdx?$/, '');
}

const indexNames = new Set(['readme', 'index']);

/** True when a file name (without extension) names its folder's page. */
export function isIndexName(name: string): boolean {
  return indexNames.has(name.toLowerCase());
}

/** Folder part of a posix path ('' for a top-level file). */
export function dirOf(relPath: string): string {
  const i = relPath.lastIndexOf('/');
  return i === -1 ? '' : relPath.slice(0, i);
}

/** Last segment of a posix path. */
export function baseName(relPath: string): string {
  return relPath.slice(relPath.lastIndexOf('/') + 1);
}

/** The file written for a route: `/it/v1/guides` → `it/v1/guides/index.html`. */
export function htmlFileOf(route: string): string {
  return `${route.replace(/^\//, '').replace(/\/$/, '')}/index.html`;
}

/** The page-data file fetched by client navigation for a route. */
export function pageDataFileOf(route: string): string {
  return `${route.replace(/^\//, '').replace(/\/$/, '')}/page-data.json`;
}
