import type { DirectivePlugin } from './directive-plugin';
import { fenceAfter } from './fence-lines';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Rewrites Docusaurus-style `:::tip Titolo` openers into remark-directive's `:::tip[Titolo]`, outside fenced
 * code, keeping every line where it was: for the directives that take a title after their name.
 */
export function titlesAfterNames(directives: readonly DirectivePlugin[]): (source: string) => string {
  const names = directives.filter((d) => d.titleAfterName).flatMap((d) => d.names);
  if (names.length === 0) return (source) => source;
  const opener = new RegExp(`^(\\s*:{3,})(${names.map(escapeRegExp).join('|')})[ \\t]+([^[{\\s][^\\n]*?)[ \\t]*$`);
  return (source) => {
    if (!source.includes(':::')) return source;
    const lines = source.split('\n');
    let fence: string | undefined;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      const inside = fence !== undefined;
      fence = fenceAfter(line, fence);
      if (inside || fence !== undefined) continue;
      const match = opener.exec(line);
      if (match) lines[i] = `${match[1]}${match[2]}[${match[3]!.replace(/[[\]]/g, '\\$&')}]`;
    }
    return lines.join('\n');
  };
}
