/**
 * Docusaurus's magic comments: `highlight-next-line`, and `highlight-start` … `highlight-end`, written as a
 * comment alone on its line in any of the usual syntaxes (line comments `//`, `#`, `--`, `;`, `%`; block
 * comments in C, JSX and HTML style). The directive words are distinctive enough to be recognised whatever
 * the block's language, as Docusaurus does for a block without one.
 */
const directive = 'highlight-next-line|highlight-start|highlight-end';
const commentLine = new RegExp(
  String.raw`^\s*(?:(?://|#|--|;{1,2}|%)\s*(${directive})|(?:/\*|\{/\*|<!--)\s*(${directive})\s*(?:\*/\}?|-->))\s*$`,
);

/**
 * The code without its magic-comment lines, and the (1-based) lines of the result they mark. As in Docusaurus,
 * a block whose meta names lines (`{1,3-5}`) keeps its comments as they are.
 */
export function applyMagicComments(code: string): { code: string; highlightLines: number[] } {
  if (!code.includes('highlight-')) return { code, highlightLines: [] };
  const kept: string[] = [];
  const marked: number[] = [];
  let nextLine = false;
  let inBlock = 0;
  for (const line of code.split('\n')) {
    const match = commentLine.exec(line);
    const word = match?.[1] ?? match?.[2];
    if (word === 'highlight-next-line') nextLine = true;
    else if (word === 'highlight-start') inBlock++;
    else if (word === 'highlight-end') inBlock = Math.max(0, inBlock - 1);
    else {
      kept.push(line);
      if (nextLine || inBlock > 0) marked.push(kept.length);
      nextLine = false;
    }
  }
  return { code: kept.join('\n'), highlightLines: marked };
}
