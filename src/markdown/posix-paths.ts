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

/**
 * The site-root relative path of a file that `specifier` names from `file`, keeping the `..` that climb above the
 * site root (`../.env`): a file named that way lies outside the site, and the publishing rule must see it so
 * (`resolveFrom` drops them, and would name another file).
 */
export function resolveFileFrom(file: string, specifier: string): string {
  const out: string[] = [];
  for (const part of [...file.split('/').slice(0, -1), ...specifier.split('/')]) {
    if (part === '..' && out.length > 0 && out.at(-1) !== '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/');
}
