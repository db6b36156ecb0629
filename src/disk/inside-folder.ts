import path from 'node:path';

/**
 * A path relative to a folder that names a file inside it as it is written: segments joined by `/`, none empty,
 * `.` or `..`, no backslash (a separator on Windows). Every output file's path is one (made from routes).
 */
const plainRelative = /^(?!\.\.?(?:\/|$))(?!.*\/\.\.?(?:\/|$))[^/\\\0]+(?:\/[^/\\\0]+)*$/;

/**
 * `path.resolve(dir, rel)` for a `dir` that is its own `path.resolve` (absolute, normalized, no trailing `/`): by
 * concatenation when `rel` is plain (see above), which is what `resolve` gives it. A warm build of a large site
 * asks for tens of thousands of paths (each file kept in place, each page), and `resolve`'s normalization makes a
 * new string a character at a time.
 */
export function insideFolder(dir: string, rel: string): string {
  return dir.length > 1 && isPlainRelative(rel) ? `${dir}/${rel}` : path.resolve(dir, rel);
}

/** Whether `rel` is a plain relative path (see above) on a system whose separator is `/`. */
export function isPlainRelative(rel: string): boolean {
  return path.sep === '/' && plainRelative.test(rel);
}
