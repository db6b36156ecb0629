/**
 * A token's style as vscode-textmate encodes it in the metadata `tokenizeLine2` gives (its `EncodedTokenMetadata`):
 * the font style in bits 11–14, the foreground colour's id in bits 15–23.
 */
const fontStyleOf = (metadata: number) => (metadata & 0x7800) >>> 11;
const foregroundOf = (metadata: number) => (metadata & 0xff8000) >>> 15;

/** Shiki's `FontStyle` flags (a `const enum` in its types, so not a value here). */
const italic = 1;
const bold = 2;
const underline = 4;
const strikethrough = 8;

/** A character as hast-util-to-html (Shiki's `toHtml`) writes a reference to it: hexadecimal. */
const reference = (c: string) => `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`;
/** Text as hast-util-to-html writes it: `<` and `&` each as `&#x…;`. */
const escapeText = (text: string) => (/[<&]/.test(text) ? text.replace(/[<&]/g, reference) : text);
/** A double-quoted attribute value as hast-util-to-html writes it: `"` and `&` each as `&#x…;`. */
const escapeAttribute = (value: string) => value.replace(/["&]/g, reference);

/** Whitespace only, as Shiki's `mergeWhitespaceTokens` tests a token (`/^\s+$/`). */
const blank = /^\s+$/;

/** A token's style attribute as Shiki makes it (`getTokenStyleObject`, `stringifyTokenStyle`). */
function tokenStyle(color: string | undefined, fontStyle: number): string {
  const styles: string[] = [];
  if (color) styles.push(`color:${color}`);
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
 * Writes the inside of a line's `<span class="line">` from the tokens a grammar's `tokenizeLine2` gives (start
 * offsets and metadata, two numbers a token), as Shiki's `codeToHtml` writes them with the highlighter's
 * transformer: empty tokens dropped, whitespace tokens merged into the next as `mergeWhitespaceTokens` does, one
 * span per token. `colors` is the theme's colour map with its replacements applied (`colorReplacements`), by id.
 * `test/highlighter.test.ts` holds the highlighter to `codeToHtml` on every grammar and on the site's and the
 * fixtures' blocks.
 */
export function createLineWriter(colors: readonly (string | undefined)[]) {
  // The opening tag of each style met: a site has a few dozen.
  const openings = new Map<number, string>();
  const opening = (metadata: number): string => {
    const key = metadata & 0xfff800;
    let tag = openings.get(key);
    if (tag === undefined) {
      const style = tokenStyle(colors[foregroundOf(key)], fontStyleOf(key));
      tag = style ? `<span style="${escapeAttribute(style)}">` : '<span>';
      openings.set(key, tag);
    }
    return tag;
  };
  return (line: string, tokens: Uint32Array): string => {
    let html = '';
    let carried = '';
    const count = tokens.length / 2;
    for (let at = 0; at < count; at++) {
      const start = tokens[2 * at]!;
      const end = at + 1 < count ? tokens[2 * at + 2]! : line.length;
      if (start === end) continue;
      const metadata = tokens[2 * at + 1]!;
      let content = line.slice(start, end);
      const fontStyle = fontStyleOf(metadata);
      const mergeable = !(fontStyle & underline || fontStyle & strikethrough);
      // A token ending before the line does has a next one that is not empty (the tokens cover the line).
      if (mergeable && end < line.length && blank.test(content)) {
        carried += content;
        continue;
      }
      if (carried) {
        if (mergeable) content = carried + content;
        else html += `<span>${escapeText(carried)}</span>`;
        carried = '';
      }
      html += `${opening(metadata)}${escapeText(content)}</span>`;
    }
    return html;
  };
}

/** A block's `<pre>` around its lines' HTML (each the inside of its `<span class="line">`), marked lines marked. */
export function blockHtml(
  lines: readonly string[],
  block: { highlightLines: readonly number[]; showLineNumbers: boolean },
): string {
  const marked = new Set(block.highlightLines);
  let html = `<pre class="shiki${block.showLineNumbers ? ' line-numbers' : ''}" tabindex="0"><code>`;
  for (let index = 0; index < lines.length; index++) {
    if (index > 0) html += '\n';
    html += marked.has(index + 1) ? '<span class="line highlighted">' : '<span class="line">';
    html += `${lines[index]}</span>`;
  }
  return `${html}</code></pre>`;
}
