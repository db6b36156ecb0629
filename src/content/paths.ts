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
