import type { Element, ElementContent, Root as HastRoot, Text as HastText } from 'hast';
import type { Heading, List, ListItem, Root, RootContent, Table } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { admonitionMarkup, admonitionOf } from '../shared/admonitions';
import type { InterfaceText } from '../shared/i18n/interface-text';
import { builtinDirectives } from './directives';
import { phrasingTag } from './fast-mdast';
import { isTruncateHtml } from './rehype-excerpt';
import { cardListElement } from './remark-card-list';
import { cardsMarkup } from './remark-cards';
import { shortcode } from './remark-emoji-if-needed';
import { headingIdPattern } from './remark-heading-ids';
import { npm2yarnMarker } from './remark-npm2yarn';
import { tabItemsOf, tabsMarkup } from './remark-tabs';

/*
 * The direct path of a `.md` page the fast parser read: its mdast made into the hast the unified pipeline would make
 * (remark's plugins and mdast-util-to-hast with `allowDangerousHtml`), in one walk without unified, a VFile per
 * plugin run, mdast-util-to-hast's state (its walk for definitions, the structured clone of each `hProperties`, the
 * positions it copies) or the remark plugins' separate walks. It covers the constructs the generated and most written
 * pages are made of: paragraphs, headings (`{#id}` included), emphasis, strong, strikethrough, inline code, links,
 * line breaks, lists, block quotes, rules, fenced code, tables, admonitions, tabs, grids and cards, `::doc-card-list`,
 * text directives no plugin draws (their text), a few phrasing elements' tags in pairs around a text, and a blog
 * post's `<!-- truncate -->`. Anything else (other raw HTML, images, other directives, emoji shortcodes, npm2yarn
 * blocks, Mermaid, a link address with a `%` or beyond the Basic Multilingual Plane, deep nesting) makes
 * `directHast` return undefined, and the page takes the pipeline, as does any page whose compile finds a problem
 * (see compile-page). test/direct-path.test.ts holds both to the same bytes.
 */

/** Why the direct path gave up on a page. */
class NotDirect extends Error {}
const notDirect = (what: string): never => {
  throw new NotDirect(what);
};

/** What the remark plugins read of the page. */
export interface DirectPage {
  /** Line of the `# Title` the templates show (remark-strip-title drops it). */
  titleLine?: number;
  text: InterfaceText;
}

/** What the remark plugins note of a page beside its tree, which the direct path notes too. */
export interface DirectNotes {
  /** Where remark-card-list's `::doc-card-list` is (the last one, as the plugin leaves it). */
  cardList?: { line: number; column: number };
}

/** The walk's state: the page, and the `::::tabs` blocks met so far (their ids count them, as remark-tabs does). */
interface Walk extends DirectPage {
  tabs: number;
  notes: DirectNotes;
}

/** The names a directive plugin handles as text directives (`:name`): none of the built-in ones does. */
const textDirectiveNames = new Set(
  builtinDirectives.filter((directive) => directive.forms.includes('text')).flatMap((directive) => directive.names),
);

/** The characters micromark's `normalizeUri` leaves as they are. */
const uriCharacter = /[!#$&-;=?-Z_a-z~]/;
/** An address made of them only, as most are: left as it is without a look at each character. */
const plainUrl = /^[!#$&-;=?-Z_a-z~]*$/;

/**
 * A link's address as mdast-util-to-hast writes it (micromark-util-sanitize-uri's `normalizeUri`): every other
 * character percent-encoded with `encodeURIComponent`. An address with a `%` (kept when it starts an escape) or a
 * surrogate (paired or lone) takes the pipeline.
 */
function normalizedUrl(url: string): string {
  if (plainUrl.test(url)) return url;
  let out = '';
  for (const character of url) {
    if (uriCharacter.test(character)) out += character;
    else if (character === '%' || /[\uD800-\uDFFF]/u.test(character) || character.length > 1) notDirect('link address');
    else out += encodeURIComponent(character);
  }
  return out;
}
/** Deeper trees take the pipeline, whose guard reports a page nested too deep. */
const maxDepth = 64;

const text = (value: string): HastText => ({ type: 'text', value });
const eol = (): HastText => ({ type: 'text', value: '\n' });
const element = (tagName: string, properties: Element['properties'], children: ElementContent[]): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});

/**
 * The hast of a page's mdast (from the fast parser, not changed here), or undefined when the page holds something
 * the direct path does not cover.
 */
export function directHast(tree: Root, page: DirectPage, notes: DirectNotes = {}): HastRoot | undefined {
  try {
    let children: RootContent[] = tree.children;
    // remark-strip-title: the first top-level `# ` on the title's line.
    if (page.titleLine !== undefined) {
      const index = children.findIndex(
        (n) => n.type === 'heading' && n.depth === 1 && n.position?.start.line === page.titleLine,
      );
      if (index !== -1) children = children.filter((_, i) => i !== index);
    }
    return { type: 'root', children: wrap(all(children, { ...page, tabs: 0, notes }, 0), false) };
  } catch (error) {
    if (error instanceof NotDirect) return undefined;
    throw error;
  }
}

/** mdast-util-to-hast's `wrap`: line endings between the nodes, and around them when loose. */
function wrap(nodes: ElementContent[], loose: boolean): ElementContent[] {
  const result: ElementContent[] = loose ? [eol()] : [];
  for (let i = 0; i < nodes.length; i++) {
    if (i) result.push(eol());
    result.push(nodes[i]!);
  }
  if (loose && nodes.length > 0) result.push(eol());
  return result;
}

/** mdast-util-to-hast's `all`: each child's hast, the text after a line break without its leading spaces. */
function all(nodes: readonly RootContent[], page: Walk, depth: number): ElementContent[] {
  if (depth > maxDepth) notDirect('deep');
  const values: ElementContent[] = [];
  for (let i = 0; i < nodes.length; i++) {
    const tagged = phrasingElement(nodes, i, page, depth + 1);
    if (tagged) {
      values.push(tagged);
      i += 2;
      continue;
    }
    const result = one(nodes[i]!, page, depth + 1);
    if (i && nodes[i - 1]!.type === 'break') {
      if (!Array.isArray(result) && result.type === 'text') result.value = trimSpaceStart(result.value);
      if (!Array.isArray(result) && result.type === 'element') {
        const head = result.children[0];
        if (head?.type === 'text') head.value = trimSpaceStart(head.value);
      }
    }
    if (Array.isArray(result)) values.push(...result);
    else values.push(result);
  }
  return values;
}

/**
 * `<kbd>text</kbd>` at `nodes[at]`: a start tag the fast parser takes (see `phrasingTag`), one text, its end tag, in
 * one paragraph. The pipeline makes the tags raw nodes and rehype-raw parses the page's HTML again, which gives the
 * element around the text, not trimmed after a line break (the start tag was the node after it); other HTML, or tags
 * that do not pair so, take the pipeline.
 */
function phrasingElement(nodes: readonly RootContent[], at: number, page: Walk, depth: number): Element | undefined {
  const open = nodes[at]!;
  if (open.type !== 'html' || isTruncateHtml(open.value)) return undefined;
  const tag = phrasingTag.exec(open.value);
  const inner = nodes[at + 1];
  const close = nodes[at + 2];
  if (!tag || open.value.startsWith('</') || inner?.type !== 'text' || close?.type !== 'html') return notDirect('html');
  if (close.value !== `</${tag[1]}>`) return notDirect('html');
  return element(tag[1]!, {}, [one(inner, page, depth) as HastText]);
}

function one(node: RootContent, page: Walk, depth: number): ElementContent | ElementContent[] {
  switch (node.type) {
    case 'text':
      if (node.value.includes(':') && shortcode.test(node.value)) notDirect('emoji shortcode');
      return text(trimLines(node.value));
    case 'paragraph':
      if (node.data) notDirect('paragraph data');
      return element('p', {}, all(node.children, page, depth));
    case 'heading':
      return heading(node, page, depth);
    case 'emphasis':
      return element('em', {}, all(node.children, page, depth));
    case 'strong':
      return element('strong', {}, all(node.children, page, depth));
    case 'delete':
      return element('del', {}, all(node.children, page, depth));
    case 'inlineCode':
      return element('code', {}, [text(node.value.replace(/\r?\n|\r/g, ' '))]);
    case 'break':
      return [element('br', {}, []), eol()];
    case 'link': {
      const properties: Element['properties'] = { href: normalizedUrl(node.url) };
      if (node.title !== null && node.title !== undefined) properties.title = node.title;
      const link = element('a', properties, all(node.children, page, depth));
      // rehype-links locates the link from it.
      if (node.position) link.position = node.position;
      return link;
    }
    case 'thematicBreak':
      return element('hr', {}, []);
    case 'blockquote':
      return element('blockquote', {}, wrap(all(node.children, page, depth), true));
    case 'list':
      return list(node, page, depth);
    case 'code': {
      if (node.meta && npm2yarnMarker.test(node.meta)) notDirect('npm2yarn');
      const language = node.lang ? node.lang.split(/\s+/) : [];
      if (language[0] === 'mermaid') notDirect('mermaid');
      const code = element('code', language.length > 0 ? { className: [`language-${language[0]}`] } : {}, [
        text(node.value ? `${node.value}\n` : ''),
      ]);
      // rehype-code reads the meta (title, highlighted lines) from here, as mdast-util-to-hast leaves it.
      if (node.meta) code.data = { meta: node.meta } as Element['data'];
      return element('pre', {}, [code]);
    }
    case 'table':
      return table(node, page, depth);
    case 'containerDirective':
      if (node.name === 'grid' || node.name === 'card') return card(node, page, depth);
      return node.name === 'tabs' ? tabs(node, page, depth) : admonition(node, page, depth);
    case 'textDirective':
      // remark-unknown-directives: a name no plugin handles as text is the text it was written as (the fast parser
      // reads only `:name`, without a label or attributes), a text node of its own.
      if (textDirectiveNames.has(node.name) || node.children.length > 0 || Object.keys(node.attributes ?? {}).length)
        notDirect('text directive');
      return one({ type: 'text', value: `:${node.name}` }, page, depth);
    case 'leafDirective': {
      // remark-card-list's marker, its place noted.
      if (node.name !== 'doc-card-list' || node.children.length > 0 || Object.keys(node.attributes ?? {}).length)
        notDirect(`leaf directive ${node.name}`);
      const start = node.position?.start;
      page.notes.cardList = { line: start?.line ?? 1, column: start?.column ?? 1 };
      return element(cardListElement.hName, { ...cardListElement.hProperties }, []);
    }
    case 'html':
      // A blog post's `<!-- truncate -->`: rehype-raw would re-parse the whole page for that comment, whose HTML is
      // its text (hast-html writes a raw node as it is). Other HTML takes the pipeline.
      if (!isTruncateHtml(node.value)) notDirect('html');
      return { type: 'raw', value: node.value } as unknown as ElementContent;
    default:
      return notDirect(node.type);
  }
}

/** A heading, with remark-heading-ids' `{#id}` taken from its last text. */
function heading(node: Heading, page: Walk, depth: number): Element {
  const result = element(`h${node.depth}`, {}, all(node.children, page, depth));
  const last = node.children.at(-1);
  const match = last?.type === 'text' ? headingIdPattern.exec(last.value) : null;
  if (last?.type === 'text' && match) {
    // The last child's hast is its text's (a text gives one node).
    // remark-heading-ids cuts the text before mdast-util-to-hast trims its lines (and its start after a break).
    const value = trimLines(last.value.slice(0, match.index));
    (result.children.at(-1) as HastText).value = node.children.at(-2)?.type === 'break' ? trimSpaceStart(value) : value;
    result.properties.id = match[1]!;
  }
  return result;
}

/** mdast-util-to-hast's list and list item (no task items: the fast parser leaves those to the full one). */
function list(node: List, page: Walk, depth: number): Element {
  if (typeof node.start === 'number' && node.start !== 1) notDirect('list start');
  let loose = node.spread ?? false;
  for (let i = 0; !loose && i < node.children.length; i++) loose = itemLoose(node.children[i]!);
  const items = node.children.map((item) => listItem(item, loose, page, depth + 1));
  return element(node.ordered ? 'ol' : 'ul', {}, wrap(items, true));
}

const itemLoose = (item: ListItem) => item.spread ?? item.children.length > 1;

function listItem(node: ListItem, loose: boolean, page: Walk, depth: number): Element {
  if (typeof node.checked === 'boolean') notDirect('task item');
  const results = all(node.children, page, depth);
  const children: ElementContent[] = [];
  for (let i = 0; i < results.length; i++) {
    const child = results[i]!;
    const paragraph = child.type === 'element' && child.tagName === 'p';
    if (loose || i !== 0 || !paragraph) children.push(eol());
    if (paragraph && !loose) children.push(...child.children);
    else children.push(child);
  }
  const tail = results.at(-1);
  if (tail && (loose || tail.type !== 'element' || tail.tagName !== 'p')) children.push(eol());
  return element('li', {}, children);
}

/** mdast-util-to-hast's table: the first row in `thead` (cells `th`), the others in `tbody`. */
function table(node: Table, page: Walk, depth: number): Element {
  const align = node.align ?? undefined;
  const rows = node.children.map((row, rowIndex) => {
    const length = align ? align.length : row.children.length;
    const cells: ElementContent[] = [];
    for (let c = 0; c < length; c++) {
      const cell = row.children[c];
      const side = align?.[c];
      cells.push(
        element(rowIndex === 0 ? 'th' : 'td', side ? { align: side } : {}, cell ? all(cell.children, page, depth) : []),
      );
    }
    return element('tr', {}, wrap(cells, true));
  });
  const content: ElementContent[] = [];
  const head = rows.shift();
  if (head) content.push(element('thead', {}, wrap([head], true)));
  if (rows.length > 0) content.push(element('tbody', {}, wrap(rows, true)));
  return element('table', {}, wrap(content, true));
}

/** remark-admonitions' box (its title from the label, else the kind's), without the site's override. */
function admonition(node: ContainerDirective, page: Walk, depth: number): Element {
  const found = admonitionOf(node.name);
  if (!found) return notDirect(`directive ${node.name}`);
  const markup = admonitionMarkup(found.kind);
  const first = node.children[0];
  const labelled =
    first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel === true;
  const title =
    labelled && first.type === 'paragraph'
      ? all(first.children, page, depth)
      : [defaultTitle('id' in found.title ? page.text.strings[found.title.id] : found.title.text)];
  const content = all(labelled ? node.children.slice(1) : node.children, page, depth);
  return element('div', { className: [...markup.box.className], role: markup.box.role }, [
    element(markup.heading.tagName, { className: [...markup.heading.className] }, title),
    element(markup.content.tagName, { className: [...markup.content.className] }, content),
  ]);
}

/**
 * remark-tabs' box, as mdast-util-to-hast makes it from the plugin's `hName`s: its paragraphs' and directive's
 * children without line endings between them. A stray `:::tab`, or a block the plugin would report, takes the pipeline.
 */
function tabs(node: ContainerDirective, page: Walk, depth: number): Element {
  const uid = tabsMarkup.uid(++page.tabs);
  const items = tabItemsOf(node, notDirect);
  const buttons = items.map((item, i) =>
    element('button', tabsMarkup.button(uid, i, item), [
      one({ type: 'text', value: item.label }, page, depth) as HastText,
    ]),
  );
  const panels = items.map((item, i) =>
    element('div', tabsMarkup.panel(uid, i, item), all(item.children, page, depth)),
  );
  return element('div', tabsMarkup.box(node), [element('div', tabsMarkup.list(), buttons), ...panels]);
}

/**
 * remark-cards' `:::::grid` and `::::card{title href}`, as mdast-util-to-hast makes them from the plugin's `hName`s:
 * their children without line endings between them, a card's title a paragraph (a link when it has an address)
 * before them. A label takes the pipeline.
 */
function card(node: ContainerDirective, page: Walk, depth: number): Element {
  const first = node.children[0];
  if (first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel)
    notDirect('labelled card');
  const children = all(node.children, page, depth);
  const { grid, card: box, title: titleBox } = cardsMarkup;
  if (node.name === 'grid') return element(grid.hName, { className: [...grid.className] }, children);
  const title = node.attributes?.title;
  const href = node.attributes?.href;
  if (!title) return element(box.hName, { className: [...box.className] }, children);
  const text = one({ type: 'text', value: title }, page, depth) as HastText;
  const heading = element(titleBox.hName, { className: [...titleBox.className] }, [
    href ? element('a', { href: normalizedUrl(href) }, [text]) : text,
  ]);
  return element(box.hName, { className: [...box.className] }, [heading, ...children]);
}

/** An admonition's default title, which remark-emoji reads too. */
function defaultTitle(value: string): HastText {
  if (shortcode.test(value)) notDirect('emoji shortcode');
  return text(trimLines(value));
}

/** mdast-util-to-hast's start of a text after a line break. */
function trimSpaceStart(value: string): string {
  let index = 0;
  while (value.charCodeAt(index) === 9 || value.charCodeAt(index) === 32) index++;
  return value.slice(index);
}

/** trim-lines (mdast-util-to-hast's text): spaces and tabs around each line ending removed. */
export function trimLines(value: string): string {
  if (!value.includes('\n') && !value.includes('\r')) return value;
  const lines = value.split(/(\r?\n|\r)/);
  let out = '';
  for (let i = 0; i < lines.length; i += 2) {
    out += trimLine(lines[i]!, i > 0, i < lines.length - 1);
    if (i + 1 < lines.length) out += lines[i + 1]!;
  }
  return out;
}

function trimLine(value: string, start: boolean, end: boolean): string {
  let from = 0;
  let to = value.length;
  if (start) while (value.charCodeAt(from) === 9 || value.charCodeAt(from) === 32) from++;
  if (end) while (to > 0 && (value.charCodeAt(to - 1) === 9 || value.charCodeAt(to - 1) === 32)) to--;
  return to > from ? value.slice(from, to) : '';
}
