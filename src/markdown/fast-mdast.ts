import type MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it/index.js';
import type {
  BlockContent,
  Code,
  Heading,
  Html,
  Link,
  List,
  ListItem,
  Paragraph,
  PhrasingContent,
  Root,
  RootContent,
  Table,
  TableCell,
  TableRow,
} from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import { toString as textOf } from 'mdast-util-to-string';
import { fenceAfter, fenceLine } from './fence-lines';

/*
 * The fast parser: markdown-it's tokens turned into the mdast micromark builds (remark-parse with GFM and directives),
 * for the `.md` pages whose constructs this converter is proven on (test/fast-parse.test.ts compares both trees and
 * both compiled pages on every page of the site and of the fixtures). Anything else makes `fastMdast` return
 * undefined and the page takes the full parser: raw inline HTML but a few phrasing elements' bare tags
 * (`phrasingTag`), link reference definitions, footnotes, task lists, text a text directive or a GFM autolink literal
 * could start in (but the shapes `withTextDirectives` and `withLiteralAutolinks` read as micromark does), `~`, tabs,
 * directives not at the start of a line (a leaf directive alone on its line is taken).
 *
 * Positions: the tree carries the ones a compiled page reads when nothing is wrong with it (links and images,
 * which the link stage reports at; headings, whose line says which is the page's title; raw HTML, whose elements
 * are located from it; `::doc-card-list`). A text directive has none, as the autolink literals GFM finds after
 * parsing have none. A page whose compile finds a problem is compiled again by the full parser (see compile-page),
 * so every located error and warning is the full parser's.
 */

type Parser = MarkdownIt;

/** Why the converter gave up on a page (the page then takes the full parser). */
class NotCovered extends Error {}
const notCovered = (what: string): never => {
  throw new NotCovered(what);
};

/** Where `[` or `<` of a link or image starts and where it ends, in the inline source markdown-it parsed. */
interface Span {
  start: number;
  end: number;
}

/** Creates the markdown-it parser the converter reads: CommonMark, GFM tables and strikethrough, links as written. */
export function createFastParser(MarkdownItClass: typeof MarkdownIt): Parser {
  const md = new MarkdownItClass('commonmark', { html: true });
  md.enable(['table', 'strikethrough']);
  // An escape or an entity stays a token of its own (`text_special`): a `:` from one starts no text directive.
  md.core.ruler.disable('text_join');
  // mdast keeps a link's destination as written (escapes and entities decoded), never percent-encoded or refused.
  md.normalizeLink = (url) => url;
  md.normalizeLinkText = (text) => text;
  md.validateLink = () => true;
  // `fastMdast` gives it no text with `\r` or NUL (those pages take the full parser): markdown-it's first rule, which
  // writes every line break of the text again and looks for NULs, would give the text back as it was.
  md.core.ruler.disable('normalize');
  // Each link's and image's span in its inline source, to locate it in the page.
  const rules = (md.inline.ruler as unknown as { __rules__: { name: string; fn: InlineRule }[] }).__rules__;
  for (const name of ['link', 'image', 'autolink', 'backticks', 'html_inline']) {
    const rule = rules.find((r) => r.name === name);
    if (!rule) throw new Error(`markdown-it has no inline rule ${name}`);
    const original = rule.fn;
    md.inline.ruler.at(name, (state, silent) => {
      const start = state.pos;
      const before = state.tokens.length;
      const matched = original(state, silent);
      if (matched && !silent) {
        const opened = state.tokens
          .slice(before)
          .find(
            (t) => t.type === 'link_open' || t.type === 'image' || t.type === 'code_inline' || t.type === 'html_inline',
          );
        if (opened) opened.meta = { start, end: state.pos } satisfies Span;
      }
      return matched;
    });
  }
  return md;
}

type InlineRule = Parameters<MarkdownIt['inline']['ruler']['at']>[1];

/** Line starts of a text, to turn offsets into lines and columns. */
class Lines {
  readonly starts: number[] = [0];
  readonly lines: string[];
  constructor(readonly source: string) {
    this.lines = source.split('\n');
    for (let i = 0, at = 0; i < this.lines.length - 1; i++) {
      at += this.lines[i]!.length + 1;
      this.starts.push(at);
    }
  }
  point(line: number, column: number) {
    return { line: line + 1, column: column + 1, offset: this.starts[line]! + column };
  }
}

/**
 * The mdast of a `.md` page's source (as `pageSource` gives it), or undefined when it holds something the converter
 * is not proven on.
 */
export function fastMdast(md: Parser, source: string, skipped?: (why: string) => void): Root | undefined {
  // A tab changes columns (micromark expands them), a `\r` lines: such pages are rare and take the full parser.
  if (/[\t\r\0]/.test(source)) {
    skipped?.('a tab, carriage return or NUL');
    return undefined;
  }
  try {
    const lines = new Lines(source);
    const children = blocksOf(md, lines, 0, lines.lines.length);
    const root: Root = { type: 'root', children };
    checkTexts(root);
    return root;
  } catch (error) {
    if (!(error instanceof NotCovered)) throw error;
    skipped?.(error.message);
    return undefined;
  }
}

const containerOpener = /^(:{3,})([A-Za-z][\w-]*)(?:\[(.*)\])?(?:\{([^{}]*)\})?[ ]*$/;
// A value is optional (`{groupId="os" queryString}`: the key's value is empty), and attributes are apart: micromark
// reads `{a="x"b}` as no attributes at all (its directive is text).
const attribute = /^[ ]*([A-Za-z_][\w-]*)(?:="([^"&\\]*)")?(?:[ ]+|$)/;

/** A directive's `{key="value" key …}`, when written only so. */
function attributesOf(text: string | undefined): Record<string, string> {
  const attributes: Record<string, string> = {};
  let rest = text ?? '';
  while (rest.trim() !== '') {
    const match = attribute.exec(rest);
    if (!match || match[0] === '') return notCovered('directive attributes');
    attributes[match[1]!] = match[2] ?? '';
    rest = rest.slice(match[0].length);
  }
  return attributes;
}
const containerCloser = /^(:{3,})[ ]*$/;
/**
 * A leaf directive written as its name alone on its line (`::doc-card-list`): a name of lowercase words joined by
 * single hyphens, so micromark's name ends where the line does (a name may not end in `-` or `_`).
 */
const leafLine = /^::([a-z]+(?:-[a-z]+)*)$/;

/** The blocks of lines [from, to): markdown-it parses the text between container directives, which it has not. */
function blocksOf(md: Parser, lines: Lines, from: number, to: number): RootContent[] {
  const out: RootContent[] = [];
  let segment = from;
  let fence: string | undefined;
  for (let i = from; i < to; i++) {
    const line = lines.lines[i]!;
    if (fenceLine.test(line)) {
      fence = fenceAfter(line, fence);
      continue;
    }
    if (fence !== undefined || !line.includes(':')) continue;
    // `:---`, `---:` or `:-:` under a line of text is a table of one column to GFM (markdown-it wants a pipe).
    if (/^[ >]*(?::-+:?|-+:)[ ]*$/.test(line)) notCovered('delimiter row without pipes');
    // Right after a paragraph's line a directive could be read as the paragraph's text: not covered.
    const before = i > from ? lines.lines[i - 1]! : '';
    const afterBlock = /^[ ]*$|^:{3,}|^[ ]*(?:`{3,}|~{3,})[ ]*$/.test(before);
    const leaf = leafLine.exec(line);
    if (leaf) {
      // Alone between blank lines (or the container's fences): no paragraph's lazy line either side.
      if (!afterBlock || (i + 1 < to && lines.lines[i + 1]!.trim() !== '')) notCovered('leaf directive beside text');
      out.push(...segmentOf(md, lines, segment, i));
      // remark-card-list keeps the place of its leaf (where a misuse is reported).
      const leafDirective: LeafDirective = {
        type: 'leafDirective',
        name: leaf[1]!,
        attributes: {},
        children: [],
        position: { start: lines.point(i, 0), end: lines.point(i, line.length) },
      };
      out.push(leafDirective);
      segment = i + 1;
      continue;
    }
    if (/^\s+:{2,}/.test(line) || /^:{1,2}[A-Za-z]/.test(line)) notCovered('directive not at a line start');
    const opener = containerOpener.exec(line);
    if (!opener) {
      if (/^:{3,}/.test(line)) notCovered('directive fence');
      continue;
    }
    if (!afterBlock) notCovered('directive after text');
    const end = closerOf(lines, i, to, opener[1]!.length);
    out.push(...segmentOf(md, lines, segment, i));
    const directive: ContainerDirective = {
      type: 'containerDirective',
      name: opener[2]!,
      attributes: attributesOf(opener[4]),
      children: [],
    };
    const label = opener[3];
    if (label !== undefined) {
      if (label.trim() === '') notCovered('empty label');
      const label_: Paragraph = {
        type: 'paragraph',
        data: { directiveLabel: true },
        children: phrasing(md.parseInline(label, {})[0]?.children ?? [], undefined, label),
      } as Paragraph;
      directive.children.push(label_);
    }
    directive.children.push(...(blocksOf(md, lines, i + 1, end) as ContainerDirective['children']));
    out.push(directive);
    segment = end + 1;
    i = end;
  }
  out.push(...segmentOf(md, lines, segment, to));
  return out;
}

/** The line of the fence closing the container opened at `open` with `size` colons (nested ones skipped). */
function closerOf(lines: Lines, open: number, to: number, size: number): number {
  const sizes = [size];
  let fence: string | undefined;
  for (let i = open + 1; i < to; i++) {
    const line = lines.lines[i]!;
    if (fenceLine.test(line)) {
      fence = fenceAfter(line, fence);
      continue;
    }
    if (fence !== undefined) continue;
    const opener = containerOpener.exec(line);
    if (opener) {
      sizes.push(opener[1]!.length);
      continue;
    }
    const closer = containerCloser.exec(line);
    if (!closer) continue;
    if (closer[1]!.length < sizes.at(-1)!) notCovered('short closing fence');
    sizes.pop();
    if (sizes.length === 0) return i;
  }
  return notCovered('unclosed directive');
}

/** Lines [from, to) parsed by markdown-it, as mdast. */
function segmentOf(md: Parser, lines: Lines, from: number, to: number): RootContent[] {
  if (from >= to) return [];
  const text = lines.lines.slice(from, to).join('\n');
  if (text.trim() === '') return [];
  // markdown-it keeps the link reference definitions it met in `env`: a page with one is not covered.
  const env: Record<string, object | undefined> = {};
  const tokens = md.parse(text, env);
  if (Object.values(env).some((value) => value && Object.keys(value).length > 0)) notCovered('definitions');
  const reader = new TokenReader(tokens, lines, from, to - from);
  return reader.blocks(undefined) as RootContent[];
}

class TokenReader {
  private at = 0;
  /** How many lists and quotes the reader is in (a heading there is left without a place). */
  private nesting = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly lines: Lines,
    /** The page's line where this segment's line 0 is. */
    private readonly lineOffset: number,
    /** How many lines the segment has. */
    private readonly segmentLines: number,
  ) {}

  /** Blocks up to the token closing `close` (or the end). */
  blocks(close: string | undefined): BlockContent[] {
    const out: BlockContent[] = [];
    while (this.at < this.tokens.length) {
      const token = this.tokens[this.at]!;
      if (close !== undefined && token.type === close) {
        this.at++;
        return out;
      }
      out.push(this.block(token));
    }
    if (close !== undefined) notCovered(`unclosed ${close}`);
    return out;
  }

  private block(token: Token): BlockContent {
    this.at++;
    switch (token.type) {
      case 'paragraph_open': {
        const inline = this.inline();
        this.expect('paragraph_close');
        return { type: 'paragraph', children: inline } satisfies Paragraph;
      }
      case 'heading_open': {
        const line = this.lineOffset + token.map![0];
        const inline = this.inline();
        this.expect('heading_close');
        const heading: Heading = {
          type: 'heading',
          depth: Number(token.tag.slice(1)) as Heading['depth'],
          children: inline,
        };
        // Its line says whether it is the page's title (remark-strip-title), which only a top-level heading can be.
        if (this.nesting === 0) {
          const start = this.lines.point(line, /^ */.exec(this.lines.lines[line]!)![0].length);
          heading.position = { start, end: start };
        }
        return heading;
      }
      case 'fence': {
        if (/[\\&]/.test(token.info)) notCovered('escape in an info string');
        // An unclosed fence runs to the end, where markdown-it drops blank lines micromark keeps.
        const closing = this.lines.lines[this.lineOffset + token.map![1] - 1] ?? '';
        if (
          token.map![1] - token.map![0] < 2 ||
          !/^[ >]*(`{3,}|~{3,})[ ]*$/.test(closing) ||
          closing.trim()[0] !== token.markup[0]
        )
          notCovered('unclosed fence');
        const info = token.info.trim();
        const space = info.search(/\s/);
        const lang = info === '' ? null : space === -1 ? info : info.slice(0, space);
        const meta = space === -1 ? null : info.slice(space).trim() || null;
        return { type: 'code', lang, meta, value: token.content.replace(/\n$/, '') } satisfies Code;
      }
      case 'code_block':
        return { type: 'code', lang: null, meta: null, value: token.content.replace(/\n$/, '') } satisfies Code;
      case 'hr':
        return { type: 'thematicBreak' };
      case 'html_block': {
        const [first, after] = token.map!;
        const startLine = this.lineOffset + first;
        const lastLine = this.lineOffset + after - 1;
        // An HTML block that runs to the end of the text ends otherwise in micromark (with the last line ending).
        if (after >= this.segmentLines - 1) notCovered('HTML at the end');
        const value = token.content.replace(/\n$/, '');
        if (value !== this.lines.lines.slice(startLine, lastLine + 1).join('\n')) notCovered('indented HTML');
        const html: Html = {
          type: 'html',
          value,
          position: {
            start: this.lines.point(startLine, 0),
            end: this.lines.point(lastLine, this.lines.lines[lastLine]!.length),
          },
        };
        return html;
      }
      case 'blockquote_open': {
        this.nesting++;
        const children = this.blocks('blockquote_close');
        this.nesting--;
        return { type: 'blockquote', children };
      }
      case 'bullet_list_open':
      case 'ordered_list_open':
        return this.list(token);
      case 'table_open': {
        // A delimiter row without a pipe (`---`) is a setext heading's underline to micromark.
        if (!this.lines.lines[this.lineOffset + token.map![0] + 1]?.includes('|')) notCovered('table without pipes');
        return this.table();
      }
      default:
        return notCovered(token.type);
    }
  }

  private expect(type: string): void {
    const token = this.tokens[this.at++];
    if (token?.type !== type) notCovered(`expected ${type}`);
  }

  private inline(): PhrasingContent[] {
    const token = this.tokens[this.at++];
    if (token?.type !== 'inline') return notCovered('expected inline');
    return phrasing(token.children ?? [], this.locator(token), token.content, 'directives');
  }

  /** Turns offsets in an inline token's content into the page's points. */
  private locator(token: Token): Locator | undefined {
    if (!token.map) return undefined;
    const content = token.content;
    const first = this.lineOffset + token.map[0];
    const contentLines = content.split('\n');
    const columns: number[] = [];
    for (let k = 0; k < contentLines.length; k++) {
      const line = this.lines.lines[first + k];
      const piece = contentLines[k]!;
      const at = line === undefined ? -1 : prefixEnd(line, piece);
      columns.push(at);
    }
    const lineStarts: number[] = [0];
    for (let k = 0, at = 0; k < contentLines.length - 1; k++) {
      at += contentLines[k]!.length + 1;
      lineStarts.push(at);
    }
    return (offset) => {
      let k = lineStarts.length - 1;
      while (k > 0 && lineStarts[k]! > offset) k--;
      const column = columns[k]!;
      if (column < 0) return notCovered('link not found in its line');
      return this.lines.point(first + k, column + offset - lineStarts[k]!);
    };
  }

  private list(open: Token): List {
    const ordered = open.type === 'ordered_list_open';
    const close = ordered ? 'ordered_list_close' : 'bullet_list_close';
    const items: ListItem[] = [];
    const spans: { first: number; lastEnd: number }[] = [];
    let spread = false;
    while (this.at < this.tokens.length && this.tokens[this.at]!.type !== close) {
      const itemOpen = this.tokens[this.at++]!;
      if (itemOpen.type !== 'list_item_open') notCovered('list item');
      const childStart = this.at;
      this.nesting++;
      const children = this.blocks('list_item_close');
      this.nesting--;
      // A blank line between two of the item's blocks makes the item spread, as micromark has it.
      const maps = this.childMaps(childStart, this.at - 1);
      let itemSpread = false;
      for (let c = 1; c < maps.length; c++) if (maps[c]![0] > maps[c - 1]![1]) itemSpread = true;
      if (children.length === 0) notCovered('empty list item');
      // An empty first line (`-` then the content below) is not covered.
      if (maps.length > 0 && maps[0]![0] !== itemOpen.map![0]) notCovered('item starting on a later line');
      items.push({ type: 'listItem', spread: itemSpread, checked: null, children });
      spans.push({ first: itemOpen.map![0], lastEnd: maps.at(-1)?.[1] ?? itemOpen.map![0] + 1 });
      const firstText = children[0]?.type === 'paragraph' ? children[0].children[0] : undefined;
      if (firstText?.type === 'text' && /^\[[ xX]\]/.test(firstText.value)) notCovered('task list item');
    }
    this.expect(close);
    for (let s = 1; s < spans.length; s++) if (spans[s]!.first > spans[s - 1]!.lastEnd) spread = true;
    const start = ordered ? Number(open.attrGet('start') ?? 1) : null;
    // Where a list not starting at 1 may start (after other blocks), the two disagree.
    if (start !== null && start !== 1) notCovered('ordered list not starting at 1');
    return { type: 'list', ordered, start, spread, children: items };
  }

  /** The line maps of the blocks directly inside the tokens [from, to). */
  private childMaps(from: number, to: number): [number, number][] {
    const maps: [number, number][] = [];
    let depth = 0;
    for (let i = from; i < to; i++) {
      const token = this.tokens[i]!;
      if (depth === 0 && token.block && token.map && token.nesting >= 0 && token.type !== 'inline')
        maps.push(token.map as [number, number]);
      depth += token.nesting;
    }
    return maps;
  }

  private table(): Table {
    const align: Table['align'] = [];
    const rows: TableRow[] = [];
    let rowLine = 0;
    while (this.at < this.tokens.length) {
      const token = this.tokens[this.at++]!;
      if (token.type === 'table_close') return { type: 'table', align, children: rows };
      if (token.type === 'tr_open') {
        rowLine = token.map![0];
        rows.push({ type: 'tableRow', children: [] });
      } else if (token.type === 'th_open' || token.type === 'td_open') {
        const style = token.attrGet('style');
        const side = (style ? /text-align:(\w+)/.exec(style)?.[1] : undefined) ?? null;
        if (token.type === 'th_open')
          align.push(side as Table['align'] extends (infer A)[] | null | undefined ? A : never);
        const inline = this.tokens[this.at++]!;
        // markdown-it fills a short row with empty cells, which micromark does not add; the header row has as many
        // cells as the delimiter row (else it is no table), so an empty one there is written (`| | a |`).
        if (inline.type !== 'inline' || (inline.content === '' && token.type !== 'th_open'))
          notCovered('empty table cell');
        const locate = this.cellLocator(rowLine, inline.content);
        const cell: TableCell = {
          type: 'tableCell',
          children: phrasing(inline.children ?? [], locate, inline.content, 'directives'),
        };
        rows.at(-1)!.children.push(cell);
      }
    }
    return notCovered('unclosed table');
  }

  private cellLocator(rowLine: number, content: string): Locator | undefined {
    const line = this.lines.lines[this.lineOffset + rowLine]!;
    // Asked only for a link in the cell: a cell whose text is not once in its row takes the full parser.
    return (offset) => {
      const first = line.indexOf(content);
      if (content === '' || first === -1 || line.indexOf(content, first + 1) !== -1)
        notCovered('table cell not located');
      return this.lines.point(this.lineOffset + rowLine, first + offset);
    };
  }
}

type Locator = (offset: number) => { line: number; column: number; offset: number };

/** Where `piece` (a line of an inline token's content) starts in its source line, after the container's markers. */
function prefixEnd(line: string, piece: string): number {
  for (let at = line.indexOf(piece); at !== -1; at = line.indexOf(piece, at + 1)) {
    if (/^[ >]*(?:(?:[-*+]|\d{1,9}[.)])[ ]*)?$/.test(line.slice(0, at))) return at;
    if (piece === '') break;
  }
  return -1;
}

/**
 * markdown-it's inline tokens as mdast phrasing content, adjacent texts merged as micromark has them. Text
 * directives are read in the text of paragraphs, headings and table cells (`texts`), not in an image's alt or a
 * directive's label.
 */
function phrasing(
  tokens: Token[],
  locate: Locator | undefined,
  content: string,
  texts: 'directives' | 'plain' = 'plain',
): PhrasingContent[] {
  if (markBesideSymbol.test(content)) notCovered('emphasis mark beside a symbol');
  const stack: { children: PhrasingContent[]; close?: string; literal?: boolean }[] = [{ children: [] }];
  const append = (value: string) => {
    const children = stack.at(-1)!.children;
    const last = children.at(-1);
    if (last?.type === 'text') last.value += value;
    else children.push({ type: 'text', value });
  };
  const push = (node: PhrasingContent) => stack.at(-1)!.children.push(node);
  const open = (node: PhrasingContent & { children: PhrasingContent[] }, close: string) => {
    push(node);
    stack.push({ children: node.children, close });
  };
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    switch (token.type) {
      case 'text': {
        if (texts === 'plain' || stack.at(-1)!.literal || !directiveStart.test(token.content)) {
          if (token.content !== '') append(token.content);
          break;
        }
        const next = tokens[index + 1];
        // An `_` closing emphasis would go on with the name (micromark's names take `_`, and may not end in it).
        const ended = !next || (endsName.has(next.type) && !next.markup.startsWith('_'));
        for (const piece of withTextDirectives(token.content, ended)) {
          if (typeof piece === 'string') append(piece);
          else push(piece);
        }
        break;
      }
      case 'text_special':
        if (token.content !== '') append(token.content);
        break;
      case 'softbreak':
        append('\n');
        break;
      case 'hardbreak':
        push({ type: 'break' });
        break;
      case 'code_inline':
        push({ type: 'inlineCode', value: codeValue(token, content) });
        break;
      case 'em_open':
        open({ type: 'emphasis', children: [] }, 'em_close');
        break;
      case 'strong_open':
        open({ type: 'strong', children: [] }, 'strong_close');
        break;
      case 's_open':
        open({ type: 'delete', children: [] }, 's_close');
        break;
      case 'link_open': {
        if (token.markup === 'autolink' && !/^[A-Za-z][A-Za-z0-9+.-]{1,31}:/.test(token.attrGet('href') ?? ''))
          notCovered('e-mail autolink');
        const link: Link = {
          type: 'link',
          title: token.attrGet('title'),
          url: token.attrGet('href') ?? '',
          children: [],
        };
        link.position = spanOf(token, locate);
        if (token.markup === 'autolink') autolinks.add(link);
        open(link, 'link_close');
        // An autolink's text is its address (`<https://x.it:8080>`), where micromark reads no directive.
        if (token.markup === 'autolink') stack.at(-1)!.literal = true;
        break;
      }
      case 'image': {
        const children = phrasing(token.children ?? [], undefined, token.content);
        push({
          type: 'image',
          title: token.attrGet('title'),
          url: token.attrGet('src') ?? '',
          alt: textOf(children),
          position: spanOf(token, locate),
        });
        break;
      }
      case 'html_inline': {
        if (!phrasingTag.test(token.content)) notCovered('html_inline');
        const position = spanOf(token, locate);
        // Alone on its line a tag may be an HTML block to micromark (a list item's lazy line is not one to it).
        const { start, end } = token.meta as Span;
        const lineEnd = content.indexOf('\n', end);
        if (
          (start === 0 || content[start - 1] === '\n') &&
          content.slice(end, lineEnd === -1 ? undefined : lineEnd).trim() === ''
        )
          notCovered('tag alone on its line');
        const html: Html = { type: 'html', value: token.content, position };
        push(html);
        break;
      }
      case 'em_close':
      case 'strong_close':
      case 's_close':
      case 'link_close': {
        const top = stack.pop();
        if (top?.close !== token.type) notCovered('unbalanced inline');
        break;
      }
      default:
        notCovered(token.type);
    }
  }
  if (stack.length !== 1) notCovered('unclosed inline');
  const children = stack[0]!.children;
  if (content.includes('{')) checkExpressions(children, content.includes('&'));
  // Only where one may be (`[http`), and where every `[` of the text is written as one (no escape or entity made it).
  if (texts === 'directives' && content.includes('[http') && !/[\\&]/.test(content)) withLiteralAutolinks(children);
  return children;
}

/**
 * A `{…}` in a text, which remark-md-expressions warns of where it reads it in the page's source (a text's place, which
 * this tree does not give): such a page takes the full parser, whose warning it is. A heading id's `{#id}` at a text's
 * end is let through (the plugin reads none), unless an entity may have written its `#` (`{&#35;x}` is read as `{#x}`
 * here and warned of by the plugin).
 */
function checkExpressions(nodes: PhrasingContent[], entities: boolean): void {
  for (const node of nodes) {
    if (node.type === 'text') {
      const value = entities ? node.value : node.value.replace(trailingId, '');
      if (/\{[^{}]*\}/.test(value)) notCovered('{…} in text');
    } else if ('children' in node) checkExpressions(node.children, entities);
  }
}
const trailingId = /\s*\{#[\p{L}\p{N}_:.-]+\}\s*$/u;

/**
 * A GFM autolink literal as this converter covers it: `http://` or `https://` (lowercase) right after a `[` that opens
 * no link, a host of letters, digits and inner hyphens with a dot, a path of plain characters, then closing marks up
 * to a space or the text's end (`[https://esempio.it/]».`). After that `[` micromark's syntax extension reads no
 * literal (its `previousUnbalanced`: a label is open), so GFM's transform after parsing does
 * (mdast-util-gfm-autolink-literal's `findUrl`): from the protocol to the next space or the text's end, less the
 * trailing punctuation `splitUrl` takes off, as a link without a place between the text before it and the rest.
 */
const hostLabel = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const literalAutolink = new RegExp(
  `(?<=\\[)(https?://)(${hostLabel}(?:\\.${hostLabel})+(?:/[A-Za-z0-9/._~-]*)?[\\]»”’.,;!?'"]*)(?=[ \\n]|$)`,
);

/** What `splitUrl` takes off the end of an address (none of it `(` or `)`, whose balance it would weigh). */
const trailing = /[!"&'),.:;<>?\]}]+$/;

/** The texts of `children` (not in links) with the autolink literals GFM finds in them, as it finds them. */
function withLiteralAutolinks(children: PhrasingContent[]): void {
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (child.type === 'emphasis' || child.type === 'strong' || child.type === 'delete')
      withLiteralAutolinks(child.children);
    if (child.type !== 'text' || !autolinkLiteral.test(child.value)) continue;
    const value = child.value;
    // One address, and nothing else GFM could read as one (`www.`, an e-mail's `@`): else the full parser.
    if (/www\.|@/i.test(value) || value.match(/https?:\/\//gi)?.length !== 1) continue;
    const match = literalAutolink.exec(value);
    if (!match) continue;
    const address = match[2]!;
    const trail = trailing.exec(address)?.[0] ?? '';
    const url = match[1]! + address.slice(0, address.length - trail.length);
    const nodes: PhrasingContent[] = [];
    if (match.index > 0) nodes.push({ type: 'text', value: value.slice(0, match.index) });
    nodes.push({ type: 'link', title: null, url, children: [{ type: 'text', value: url }] });
    // The text taken off the address and the rest of the text are one (find-and-replace's `add` joins them).
    const rest = trail + value.slice(match.index + match[0].length);
    if (rest) nodes.push({ type: 'text', value: rest });
    children.splice(i, 1, ...nodes);
    i += nodes.length - 1;
  }
}

/**
 * Raw inline HTML the converter takes: the start or end tag, without attributes, of a phrasing element parse5 treats as
 * any other element (not a formatting one it may reopen, nor one that closes a paragraph). Both parsers read such a tag
 * as one piece of HTML; whether the tags pair is the direct path's question (direct-hast).
 */
export const phrasingTag = /^<\/?(kbd|samp|var|sub|sup)>$/;

/**
 * A text directive as this converter covers it: `:name` right after a letter or a digit, its name ASCII letters and
 * digits up to a space or one of `.,;!?)` (punctuation that ends micromark's name and starts neither a label `[`,
 * attributes `{` nor a second name `:`); a `:` that does not fit stays in the text, which then takes the full parser.
 * micromark tries a directive at every `:` not after another `:`, its name then running over anything but whitespace
 * and punctuation other than `-` and `_` (micromark-extension-directive's directive-text.js and factory-name.js).
 */
const textDirective = /(?<=[\p{L}\p{N}]):([A-Za-z0-9]+)(?=[ .,;!?)]|$)/gu;
/** What every text directive taken starts with: a text without it (`Nota: bene`) is looked at no further. */
const directiveStart = /:[A-Za-z0-9]/;

/**
 * The token types after a text token that leave its last name ended as a space or one of `.,;!?)` would: a line
 * ending (or the `\` of a hard one), or the closing mark of emphasis or strong written with `*`, of strikethrough or
 * of a link (`*`, `~`, `]`: punctuation that is neither `[`, `{`, `:`, `-` nor `_`).
 */
const endsName = new Set(['softbreak', 'hardbreak', 'em_close', 'strong_close', 's_close', 'link_close']);

/**
 * A text token's characters (every one as written: escapes and entities are tokens of their own) with the text
 * directives micromark reads in them; one at the text's end only when what follows ends its name (`atEnd`).
 */
function withTextDirectives(value: string, atEnd: boolean): (string | TextDirective)[] {
  const pieces: (string | TextDirective)[] = [];
  let from = 0;
  for (const match of value.matchAll(textDirective)) {
    const end = match.index + match[0].length;
    if (end === value.length && !atEnd) continue;
    if (match.index > from) pieces.push(value.slice(from, match.index));
    // Without a place: remark-unknown-directives turns a directive without one into `:name`, what it spans here.
    pieces.push({ type: 'textDirective', name: match[1]!, attributes: {}, children: [] });
    from = end;
  }
  if (from < value.length) pieces.push(value.slice(from));
  return pieces;
}

/**
 * A code span's text as micromark keeps it: its line endings (markdown-it makes them spaces), one space or line ending
 * dropped at each end when both ends have one.
 */
function codeValue(token: Token, content: string): string {
  const span = token.meta as Span | undefined;
  if (!span) return notCovered('code span without a place');
  const fence = token.markup.length;
  const inner = content.slice(span.start + fence, span.end - fence);
  if (!inner.includes('\n')) return token.content;
  if (/\n[ ]/.test(inner)) notCovered('indented line in a code span');
  const padded = /^[ \n]/.test(inner) && /[ \n]$/.test(inner) && !/^[ \n]*$/.test(inner);
  return padded ? inner.slice(1, -1) : inner;
}

function spanOf(token: Token, locate: Locator | undefined) {
  const span = token.meta as Span | undefined;
  if (!span || !locate) return notCovered('link without a place');
  return { start: locate(span.start), end: locate(span.end) };
}

/**
 * Text that micromark would read otherwise than markdown-it: where a text directive (`:name`), a footnote call or a
 * single-tilde strikethrough could start; an emphasis mark or a backtick left as text (the two pair some runs of
 * them otherwise), a pipe (a table GFM may see); outside links, a GFM autolink literal too (none is looked for in a
 * link).
 */
const uncovered = /:[^\s\p{P}\p{S}]|~|\[\^|\*|`|\||(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/u;

/**
 * An emphasis mark next to a symbol or punctuation beyond ASCII, which the two classify differently (`**x**😀`), and
 * runs of three marks or more, which they pair differently (`***a****b*`).
 */
const markBesideSymbol = /[*_][^\p{ASCII}\p{L}\p{N}\s]|[^\p{ASCII}\p{L}\p{N}\s][*_]|\*{3,}|_{3,}/u;
const autolinkLiteral = /https?:\/\/|www\.|@/i;

/** The text of an autolink (`<https://…>`) is the address, not text micromark reads further. */
const autolinks = new WeakSet<object>();

type Checked = { type: string; value?: string; children?: unknown[]; alt?: string | null };

function checkTexts(node: Checked, inLink = false): void {
  if (autolinks.has(node)) return;
  const text = node.type === 'text' ? node.value! : node.type === 'image' ? (node.alt ?? '') : '';
  if (text && (uncovered.test(text) || (!inLink && autolinkLiteral.test(text)))) notCovered('text');
  const linked = inLink || node.type === 'link';
  for (const child of (node.children ?? []) as Checked[]) checkTexts(child, linked);
}

export { NotCovered };
