/*
 * Reads the searchable structure of a rendered page's content HTML: headings and content blocks, in
 * document order. The HTML is our own rehype/React output (well-formed), so a small tokenizer does:
 * a real parser costs about ten times more, which a 10,000-page site would feel.
 */

/** A heading (h1–h6, with its id when it has one) or a block of body text. */
export type HtmlBlock =
  | { kind: 'heading'; level: number; id: string | undefined; text: string }
  | { kind: 'text'; text: string };

/** Elements whose text is one content record; text goes to the innermost open one. */
const blockTags = new Set(['p', 'li', 'tr', 'dt', 'dd', 'figcaption', 'summary', 'blockquote']);
/** Elements whose text is never searched: code listings, widgets, scripts, drawings. */
const skippedTags = new Set([
  'pre',
  'thead',
  'script',
  'style',
  'svg',
  'button',
  'template',
  'noscript',
  'iframe',
  'math',
]);
const voidTags = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
/** Separators inside a block: table cells and line breaks keep their words apart. */
const spacedTags = new Set(['td', 'th', 'br']);

const tokenPattern = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|[^<]+|</g;
const idPattern = /\sid\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/;
const classPattern = /\sclass\s*=\s*(?:"([^"]*)"|'([^']*)')/;

const named: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  laquo: '«',
  raquo: '»',
  rsquo: '’',
  lsquo: '‘',
  ldquo: '“',
  rdquo: '”',
};

/** Text of an HTML text node with its character references decoded. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return named[ref.toLowerCase()] ?? whole;
  });
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

interface Open {
  tag: string;
  /** Index into `parts` of the block this element is, or -1. */
  block: number;
  heading: number;
  skip: boolean;
  id: string | undefined;
}

/** Headings and text blocks of an HTML fragment, in order; `skipClasses` drops elements by class. */
export function htmlBlocks(html: string, skipClasses: ReadonlySet<string> = new Set()): HtmlBlock[] {
  const out: HtmlBlock[] = [];
  const stack: Open[] = [];
  /** Text collected per open block or heading, by slot. */
  const parts: string[] = [];
  let skipDepth = 0;
  let slot = -1;
  const slots: number[] = [];
  const tokens = new RegExp(tokenPattern.source, 'g');
  let match: RegExpExecArray | null;
  while ((match = tokens.exec(html))) {
    const [token, closing, rawTag, attrs = ''] = match;
    if (rawTag === undefined) {
      if (token.startsWith('<!--')) continue;
      if (skipDepth === 0 && slot >= 0) parts[slot] += decodeEntities(token);
      continue;
    }
    const tag = rawTag.toLowerCase();
    if (closing) {
      // Close up to the matching element; tolerate unclosed children.
      let at = stack.length - 1;
      while (at >= 0 && stack[at]!.tag !== tag) at--;
      if (at < 0) continue;
      while (stack.length > at) {
        const open = stack.pop()!;
        if (open.skip) skipDepth--;
        if (open.block >= 0 || open.heading >= 0) {
          const text = squash(parts[open.block >= 0 ? open.block : open.heading]!);
          slots.pop();
          slot = slots.length ? slots[slots.length - 1]! : -1;
          if (!text) continue;
          if (open.heading >= 0) out.push({ kind: 'heading', level: Number(open.tag[1]), id: open.id, text });
          else out.push({ kind: 'text', text });
        }
      }
      if (spacedTags.has(tag) && skipDepth === 0 && slot >= 0) parts[slot] += ' ';
      continue;
    }
    if (spacedTags.has(tag) && skipDepth === 0 && slot >= 0) parts[slot] += ' ';
    if (voidTags.has(tag) || attrs.endsWith('/')) continue;
    const className = skipClasses.size ? classPattern.exec(attrs) : null;
    const classes = className ? (className[1] ?? className[2] ?? '').split(/\s+/) : [];
    if (skippedTags.has(tag)) {
      // Jump over the whole element: code listings are most of the markup of a technical page.
      const end = html.indexOf(`</${tag}`, tokens.lastIndex);
      if (end < 0) break;
      tokens.lastIndex = end + tag.length + 2;
      const close = html.indexOf('>', tokens.lastIndex);
      tokens.lastIndex = close < 0 ? html.length : close + 1;
      continue;
    }
    const skip = classes.some((c) => skipClasses.has(c));
    const open: Open = { tag, block: -1, heading: -1, skip, id: undefined };
    if (skip) skipDepth++;
    else if (skipDepth === 0 && /^h[1-6]$/.test(tag)) {
      const id = idPattern.exec(attrs);
      open.id = id ? decodeEntities(id[1] ?? id[2] ?? id[3] ?? '') : undefined;
      open.heading = parts.push('') - 1;
      slots.push(open.heading);
      slot = open.heading;
    } else if (skipDepth === 0 && blockTags.has(tag)) {
      open.block = parts.push('') - 1;
      slots.push(open.block);
      slot = open.block;
    }
    stack.push(open);
  }
  return out;
}
