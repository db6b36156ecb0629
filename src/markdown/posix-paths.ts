/** Resolves `..` and `.` segments of a posix path given as segments (`..` above the top is dropped). */
export function normalisePath(parts: string[]): string[] {
  const out: string[] = [];
  for (const part of parts) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out;
}

/** The site-root relative path that `specifier` names from `file` (`content/docs/a.mdx` + `./_b.md`). */
export function resolveFrom(file: string, specifier: string): string {
  return normalisePath([...file.split('/').slice(0, -1), ...specifier.split('/')]).join('/');
}
