/**
 * The line of a key path in the config's source: each key is looked for after the one before it, so
 * `navbar.logo.src` finds the `src` inside `logo` inside `navbar`. Keys of values defined elsewhere (a shared
 * constant) fall back to the first place the key appears.
 */
export function lineOfKeyPath(source: string, keys: readonly PropertyKey[]): { line?: number; column?: number } {
  const names = keys.filter((k): k is string => typeof k === 'string');
  if (!source || names.length === 0) return {};
  const find = (name: string, from: number) => {
    const pattern = new RegExp(`(^|[\\s{,])["']?${name.replace(/[^\w-]/g, '')}["']?\\s*:`, 'gm');
    pattern.lastIndex = from;
    const match = pattern.exec(source);
    return match ? match.index + match[1]!.length : -1;
  };
  let at = 0;
  for (const name of names) {
    const next = find(name, at);
    at = next === -1 ? find(name, 0) : next;
    if (at === -1) return {};
  }
  const before = source.slice(0, at);
  const line = before.split('\n').length;
  return { line, column: at - before.lastIndexOf('\n') };
}
