const admonitionLine = /^(\s*:{3,})(note|tip|info|caution|danger|warning)[ \t]+([^[{\s][^\n]*?)[ \t]*$/;

/**
 * Rewrites Docusaurus-style `:::tip Titolo` openers into remark-directive's `:::tip[Titolo]`,
 * outside fenced code, keeping every line where it was.
 */
export function normalizeAdmonitionTitles(source: string): string {
  if (!source.includes(':::')) return source;
  const lines = source.split('\n');
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fenceMatch = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fenceMatch) {
      const marker = fenceMatch[1]!;
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const match = admonitionLine.exec(line);
    if (match) lines[i] = `${match[1]}${match[2]}[${match[3]!.replace(/[[\]]/g, '\\$&')}]`;
  }
  return lines.join('\n');
}
