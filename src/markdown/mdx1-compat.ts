import { fenceAfter } from './fence-lines';

/**
 * The MDX 1 habits Docusaurus 3 still accepts in `.mdx` files (its `mdx1Compat`), rewritten into MDX 3 before
 * parsing, outside fenced and inline code: `<!-- comments -->` become `{/* comments *\/}`, and a heading's `{#id}` is
 * escaped so MDX reads it as text (remark-heading-ids then takes it, as in `.md`), and `<details><summary>…`
 * on one line gets its summary as a string expression (see below). Line numbers are kept:
 * every rewrite stays on its lines.
 */
export function mdx1Compat(source: string): string {
  if (!source.includes('<!--') && !source.includes('{#') && !source.includes('<summary>')) return source;
  const lines = source.split('\n');
  let fence: string | undefined;
  let prose: number[] = [];
  const out: string[] = [];
  // Prose between fences is rewritten as one piece, so a comment may span lines.
  const flush = () => {
    if (prose.length === 0) return;
    const text = prose.map((i) => lines[i]!).join('\n');
    out.push(...rewriteProse(text).split('\n'));
    prose = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const inside = fence !== undefined;
    fence = fenceAfter(line, fence);
    if (inside || fence !== undefined) {
      // The prose before a fence is rewritten before the fence's first line goes out.
      if (!inside) flush();
      out.push(line);
    } else prose.push(i);
  }
  flush();
  return out.join('\n');
}

function rewriteProse(text: string): string {
  return (
    text
      // A comment inside inline code is text (Docusaurus shows it): a code span is matched first and kept.
      .replace(/(`+)(?:(?!\n[ \t]*\n)[\s\S])*?\1(?!`)|<!--([\s\S]*?)-->/g, (match, ticks?: string, comment?: string) =>
        ticks !== undefined ? match : `{/*${comment!.replace(/\*\//g, '* /')}*/}`,
      )
      .replace(/^(#{1,6}[ \t].*?)\{#([^}\s]+)\}([ \t]*)$/gm, '$1\\{#$2\\}$3')
      // `<details><summary>Perché?</summary>` alone on a line is HTML to CommonMark, and a paragraph that opens
      // `<details>` without closing it to MDX: with its text as a string expression the line is all JSX.
      .replace(
        /^([ \t]*<details>[ \t]*<summary>)([^<>{}\n]*)(<\/summary>[ \t]*)$/gm,
        (_, open: string, summary: string, close: string) => `${open}{${JSON.stringify(summary)}}${close}`,
      )
  );
}
