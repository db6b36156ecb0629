import type { ThemedToken } from 'shiki/core';

/** Shiki's `FontStyle` flags (a `const enum` in its types, so not a value here). */
const italic = 1;
const bold = 2;
const underline = 4;
const strikethrough = 8;

/** A character as hast-util-to-html (Shiki's `toHtml`) writes a reference to it: hexadecimal. */
const reference = (c: string) => `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`;
/** Text as hast-util-to-html writes it: `<` and `&` each as `&#x…;`. */
const escapeText = (text: string) => text.replace(/[<&]/g, reference);
/** A double-quoted attribute value as hast-util-to-html writes it: `"` and `&` each as `&#x…;`. */
const escapeAttribute = (value: string) => value.replace(/["&]/g, reference);

/** A token's style attribute as Shiki makes it (`getTokenStyleObject`, `stringifyTokenStyle`). */
function tokenStyle(token: ThemedToken): string {
  const styles: string[] = [];
  if (token.color) styles.push(`color:${token.color}`);
  if (token.bgColor) styles.push(`background-color:${token.bgColor}`);
  const fontStyle = token.fontStyle as number | undefined;
  if (fontStyle) {
    if (fontStyle & italic) styles.push('font-style:italic');
    if (fontStyle & bold) styles.push('font-weight:bold');
    const decorations: string[] = [];
    if (fontStyle & underline) decorations.push('underline');
    if (fontStyle & strikethrough) decorations.push('line-through');
    if (decorations.length > 0) styles.push(`text-decoration:${decorations.join(' ')}`);
  }
  return styles.join(';');
}

/**
 * The HTML Shiki's `codeToHtml` makes of a block's tokens with the highlighter's transformer (`transformerFor`),
 * written directly instead of through a tree and its serializer: whitespace tokens merged into the next as Shiki's
 * `mergeWhitespaceTokens` does, one span per token, one per line. Undefined for tokens carrying what this does not
 * write (HTML attributes or styles of their own, a NUL): Shiki's path then. `test/highlighter.test.ts` holds it to
 * `codeToHtml` on every grammar and on the site's and the fixtures' blocks.
 */
export function tokensHtml(
  lines: ThemedToken[][],
  block: { highlightLines: readonly number[]; showLineNumbers: boolean },
): string | undefined {
  const marked = new Set(block.highlightLines);
  let html = `<pre class="shiki${block.showLineNumbers ? ' line-numbers' : ''}" tabindex="0"><code>`;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (index > 0) html += '\n';
    html += marked.has(index + 1) ? '<span class="line highlighted">' : '<span class="line">';
    let carried = '';
    for (let at = 0; at < line.length; at++) {
      const token = line[at]!;
      if (token.htmlAttrs || token.htmlStyle || token.content.includes('\0')) return undefined;
      const fontStyle = (token.fontStyle as number | undefined) ?? 0;
      const mergeable = !(fontStyle && (fontStyle & underline || fontStyle & strikethrough));
      if (mergeable && /^\s+$/.test(token.content) && line[at + 1]) {
        carried += token.content;
        continue;
      }
      let content = token.content;
      if (carried) {
        if (mergeable) content = carried + content;
        else html += `<span>${escapeText(carried)}</span>`;
        carried = '';
      }
      const style = tokenStyle(token);
      html += `${style ? `<span style="${escapeAttribute(style)}">` : '<span>'}${escapeText(content)}</span>`;
    }
    html += '</span>';
  }
  return `${html}</code></pre>`;
}
