/** A line that opens a code fence, or may close one: after any indentation, three or more backticks or tildes. */
export const fenceLine = /^\s*(`{3,}|~{3,})/;

/**
 * The code fence open after `line`, given the one open before it (its marker; undefined when none is): a fence line
 * opens one; inside one, a line of nothing but a marker of the same character, at least as long, closes it (as
 * CommonMark closes it: a line with an info string does not), and any other line leaves it open. The one reading
 * of fences for the passes that go through a page's lines before it is parsed (imports, MDX, MDX 1 habits,
 * admonition titles, the fast parser's directives), so that none takes code for prose where the parser does not.
 */
export function fenceAfter(line: string, fence: string | undefined): string | undefined {
  const marker = fenceLine.exec(line)?.[1];
  if (marker === undefined) return fence;
  if (fence === undefined) return marker;
  return marker[0] === fence[0] && marker.length >= fence.length && /^\s*[`~]+\s*$/.test(line) ? undefined : fence;
}
