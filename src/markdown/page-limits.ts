import type { Node } from 'unist';
import { DocsItError } from '../errors';

/**
 * How much work one page may ask of the compiler. The markdown parser's cost grows faster than the page for some
 * constructs (containers opened on one line, brackets and emphasis it matches by looking back over the paragraph,
 * lazy lines), and the tree walks and HTML writers recurse once per level: a small page could stall the build or
 * overflow the stack (docs/measurements.md, `npm run bench:hostile-pages`). Each limit is checked before parsing (or
 * on the
 * parsed tree, or while the page's code renders), so a page beyond one is a located error at once. Each is far
 * above anything a documentation page needs.
 */
export const pageLimits = {
  chars: 2_000_000,
  lines: 40_000,
  indentColumns: 400,
  /** Block quotes, list items and footnote definitions opened on one line, with the admonitions open around it. */
  blockNesting: 32,
  /** Links, images and directive labels nested in one another (`[` inside `[`). */
  bracketNesting: 32,
  /** `]` without a `[` before it in one paragraph: the parser looks back over the paragraph for each one. */
  unmatchedBrackets: 500,
  /** `*` and `_` that can open or close emphasis, in one paragraph: each one costs a pass over the paragraph. */
  emphasisMarks: 500,
  /** Lines one after the other that continue a paragraph inside a list or a quote without its indentation. */
  lazyLines: 1_000,
  /** HTML or JSX elements nested in one another. */
  tagNesting: 128,
  /** Nodes nested in one another in the parsed page, whatever made them: the guard of every tree walk. */
  treeDepth: 256,
  /**
   * Elements the page's code (MDX, its components) may create while it renders, besides one per two characters of
   * the page (more than its own markup can make): the bound of a component that renders itself.
   */
  renderedElements: 50_000,
};

const flatten = 'Flatten the structure: nesting this deep cannot be read, and would exhaust the compiler.';
const split = 'Split it into several pages, or link to the data as a file in content/static.';

/** Elements whose end tag HTML lets authors leave out (they do not nest by themselves), and void elements. */
const unnestedTags = new Set(
  [
    ...['p', 'li', 'dt', 'dd', 'tr', 'td', 'th', 'thead', 'tbody', 'tfoot', 'option', 'optgroup', 'colgroup'],
    ...['rt', 'rp', 'html', 'head', 'body', 'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link'],
    ...['meta', 'source', 'track', 'wbr'],
  ].map((t) => t.toLowerCase()),
);

/** A run of one fence character opening fenced code: its character and length. */
interface Fence {
  char: string;
  length: number;
  /** The quotes and list indentation it is inside: a line with fewer ends them, and the code with them. */
  quotes: number;
  listIndent: number;
}

/** Per paragraph (consecutive lines of text the parser reads as one block). */
interface Paragraph {
  quotes: number;
  /** Inside a list item or a quote: a line without their prefix continues it lazily. */
  inContainer: boolean;
  openBrackets: number;
  unmatchedBrackets: number;
  emphasisMarks: number;
  /** Elements opened inside the paragraph's text (an element HTML leaves open ends with the paragraph). */
  tags: number;
}

/** What the scan keeps from line to line. */
interface ScanState {
  fence: Fence | undefined;
  /** Admonitions and other container directives open. */
  directives: number;
  /** Elements opened by lines that start with one (HTML blocks, JSX), open across paragraphs. */
  blockTags: number;
  /** Lines in a row continuing a paragraph lazily. */
  lazy: number;
  /** The column where the text of the last list item started: fenced code indented up to it is still code. */
  listContent: number;
  paragraph: Paragraph | undefined;
}

type Problem = { message: string; hint?: string } | undefined;

const isSpace = (c: string | undefined) => c === undefined || c === ' ' || c === '\t' || c === '\r';
const isPunctuation = (c: string | undefined) => c !== undefined && /[\p{P}\p{S}]/u.test(c);

/** Whether a run of `*` or `_` from `start` to `end` in `text` can open or close emphasis (CommonMark's rules). */
function canDelimit(text: string, start: number, end: number): boolean {
  const before = text[start - 1];
  const after = text[end];
  const left = !isSpace(after) && (!isPunctuation(after) || isSpace(before) || isPunctuation(before));
  const right = !isSpace(before) && (!isPunctuation(before) || isSpace(after) || isPunctuation(after));
  if (text[start] === '*') return left || right;
  return (left && (!right || isPunctuation(before))) || (right && (!left || isPunctuation(after)));
}

/**
 * Throws, located, when a page's markdown is beyond what docs-it compiles (its lines are the file's lines). One
 * pass over the text, without parsing it: what it cannot see exactly it counts generously, and the checks on the
 * parsed tree and on rendering (below) stand behind it.
 */
export function checkPageLimits(body: string, file: string): void {
  if (body.length > pageLimits.chars) {
    const millions = (body.length / 1_000_000).toFixed(1);
    throw new DocsItError(
      `the page is ${millions} million characters long (at most ${pageLimits.chars / 1_000_000} million)`,
      { file, line: 1, column: 1 },
      split,
    );
  }
  if (withinLimitsAtSight(body)) return;
  scanPageLines(body, file);
}

/**
 * Whether a page is so far inside every limit the line scan checks that the scan cannot find a problem: each of
 * those counts is bounded by how often something occurs in the page. A bracket opened or left without its pair is a
 * `[` or a `]`; an emphasis mark a `*` or `_`; an element opened a `<`; a lazy line a line; an admonition open a line
 * with three colons before a letter; a container a marker at its line's start (a quote, a list item, a footnote,
 * after any blanks); an indentation four columns for each space or tab in a row at most. Most pages are, and skip
 * the scan, which cuts every line and matches several patterns on each: it is for the rest. Every count is a native
 * search (`indexOf`, regular expressions), fast without V8's optimizing compiler too (a small build runs without it:
 * see optimizing-compiler.ts).
 */
export function withinLimitsAtSight(body: string): boolean {
  const { lazyLines, bracketNesting, unmatchedBrackets, emphasisMarks, tagNesting, blockNesting } = pageLimits;
  // What a line may open of containers besides the admonitions open around it.
  const markers = blockNesting - directivesUpTo(body, blockNesting);
  return (
    markers >= 0 &&
    countUpTo(body, '\n', lazyLines - 1) < lazyLines &&
    countUpTo(body, '[', bracketNesting) <= bracketNesting &&
    countUpTo(body, ']', unmatchedBrackets) <= unmatchedBrackets &&
    countUpTo(body, '*', emphasisMarks) + countUpTo(body, '_', emphasisMarks) <= emphasisMarks &&
    countUpTo(body, '<', tagNesting) <= tagNesting &&
    !blankRun.test(body) &&
    !lineWithMarkers(markers + 1).test(body)
  );
}

/** How often `mark` occurs in `text`, counted up to `most + 1` (enough to tell it is past `most`). */
function countUpTo(text: string, mark: string, most: number): number {
  let count = 0;
  for (let at = text.indexOf(mark); at !== -1 && count <= most; at = text.indexOf(mark, at + 1)) count++;
  return count;
}

/** Where an admonition (a container directive) may open: a line that opens one has three colons before a letter. */
const directiveOpening = /:::[A-Za-z]/g;

/** How many places could open an admonition in `text`, counted up to `most + 1`. */
function directivesUpTo(text: string, most: number): number {
  directiveOpening.lastIndex = 0;
  let count = 0;
  while (count <= most && directiveOpening.exec(text) !== null) count++;
  return count;
}

/** Spaces and tabs in a row that could indent a line past `pageLimits.indentColumns` (a tab is four columns). */
const blankRun = new RegExp(`[ \\t]{${pageLimits.indentColumns / 4 + 1}}`);

/**
 * A line that starts with `n` containers' markers (each after any blanks), by `n` (each made once): what
 * `containerPrefix` counts, without its look at what follows each marker (so at least as many).
 */
const markerLines: RegExp[] = [];
const lineWithMarkers = (n: number) =>
  (markerLines[n] ??= new RegExp(`^(?:[ \\t]*(?:>|[-+*]|\\d{1,9}[.)]|\\[\\^[^\\]\\s]+\\]:)){${n}}`, 'm'));

/** `checkPageLimits`'s scan of every line, for a page `withinLimitsAtSight` does not let through. */
export function scanPageLines(body: string, file: string): void {
  const lines = body.split('\n');
  if (lines.length > pageLimits.lines) {
    throw new DocsItError(
      `the page has ${lines.length} lines (at most ${pageLimits.lines})`,
      { file, line: pageLimits.lines, column: 1 },
      split,
    );
  }
  const state: ScanState = {
    fence: undefined,
    directives: 0,
    blockTags: 0,
    lazy: 0,
    listContent: 0,
    paragraph: undefined,
  };
  for (let i = 0; i < lines.length; i++) {
    const problem = scanLine(lines[i]!, state);
    if (problem) throw new DocsItError(problem.message, { file, line: i + 1, column: 1 }, problem.hint ?? flatten);
  }
}

/** Scans one line, updating `state`; the problem it finds, if any. */
function scanLine(line: string, state: ScanState): Problem {
  const prefix = containerPrefix(line);
  const rest = line.slice(prefix.end);
  const { fence: open } = state;
  if (open) {
    const leaves = rest.trim() !== '' && (prefix.quotes < open.quotes || prefix.indent < open.listIndent);
    if (!leaves) {
      if (closesFence(rest, open)) state.fence = undefined;
      return undefined;
    }
    state.fence = undefined;
  }
  if (prefix.indent > pageLimits.indentColumns) {
    const most = pageLimits.indentColumns;
    return { message: `a line indented by ${prefix.indent} columns (at most ${most}): lists nested too deep` };
  }
  const opened = prefix.quotes + prefix.lists + prefix.footnotes;
  if (opened + state.directives > pageLimits.blockNesting) return { message: blockNesting(prefix, state.directives) };
  if (prefix.lists > 0) state.listContent = prefix.indent + 2 * prefix.lists;
  else if (prefix.indent === 0 && rest.trim() !== '') state.listContent = 0;
  const fence = fenceOf(rest, prefix.lists > 0 ? 3 : Math.max(3, state.listContent + 3));
  if (fence) {
    const listIndent = prefix.lists > 0 ? state.listContent : Math.min(prefix.indent, state.listContent);
    state.fence = { ...fence, quotes: prefix.quotes, listIndent };
    state.paragraph = undefined;
    return undefined;
  }
  if (rest.trim() === '') {
    state.paragraph = undefined;
    state.lazy = 0;
    return undefined;
  }
  if (/^[ \t]*:{3,}[ \t]*$/.test(rest)) {
    state.directives = Math.max(0, state.directives - 1);
    state.paragraph = undefined;
    return undefined;
  }
  if (/^[ \t]*:{3,}[A-Za-z]/.test(rest)) {
    state.directives++;
    state.paragraph = undefined;
    if (opened + state.directives > pageLimits.blockNesting) return { message: blockNesting(prefix, state.directives) };
    return undefined;
  }
  const current = state.paragraph;
  const startsBlock =
    current === undefined ||
    prefix.lists + prefix.footnotes > 0 ||
    prefix.quotes > current.quotes ||
    /^[ \t]*(?:#{1,6}(?:[ \t]|$)|\||(?:[-*_][ \t]*){3,}$)/.test(rest);
  let paragraph: Paragraph;
  if (startsBlock) {
    paragraph = {
      quotes: prefix.quotes,
      inContainer: opened > 0 || (current?.inContainer === true && prefix.indent >= 2),
      openBrackets: 0,
      unmatchedBrackets: 0,
      emphasisMarks: 0,
      tags: 0,
    };
    state.paragraph = paragraph;
    state.lazy = 0;
  } else {
    paragraph = current;
    // A line of a quote without its `>`, or of a list item without its indentation, continues it lazily.
    const lazy = prefix.quotes < current.quotes || (current.inContainer && prefix.quotes === 0 && prefix.indent < 2);
    state.lazy = lazy ? state.lazy + 1 : 0;
    if (state.lazy > pageLimits.lazyLines)
      return {
        message:
          `${state.lazy} lines in a row continue a list item or a quote without its indentation or > (at most ` +
          `${pageLimits.lazyLines})`,
        hint:
          'Indent the lines that belong to the list item (start them with > in a quote), or end it with a ' +
          'blank line.',
      };
  }
  return scanInline(rest, paragraph, state);
}

/**
 * Whether a line starting with this code unit may be indented or open a container: a space, `>`, `-+*`, `[`, a
 * digit.
 */
function mayOpenContainer(c: number): boolean {
  return c === 32 || c === 9 || c === 62 || c === 45 || c === 43 || c === 42 || c === 91 || (c >= 48 && c <= 57);
}

/** The block containers a line opens (quotes, list items, footnote definitions) and where its text starts. */
function containerPrefix(line: string): {
  quotes: number;
  lists: number;
  footnotes: number;
  indent: number;
  end: number;
} {
  // Most lines start with their text: nothing below can match (the loop's answer without its slices and matches).
  if (!mayOpenContainer(line.charCodeAt(0))) return { quotes: 0, lists: 0, footnotes: 0, indent: 0, end: 0 };
  let quotes = 0;
  let lists = 0;
  let footnotes = 0;
  let at = 0;
  let indent = -1;
  let markers = '';
  for (;;) {
    const space = /^[ \t]*/.exec(line.slice(at))![0];
    if (indent === -1) indent = space.replace(/\t/g, '    ').length;
    const next = line.slice(at + space.length);
    const quote = /^>/.exec(next);
    const item = quote ? null : /^(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)/.exec(next);
    const footnote = quote || item ? null : /^\[\^[^\]\s]+\]:(?=[ \t]|$)/.exec(next);
    const marker = quote ?? item ?? footnote;
    if (!marker) {
      // `* * *` and `- - -` alone on a line are a thematic break, not lists.
      if (next.trim() === '' && markers.length >= 3 && /^(?:\*+|-+)$/.test(markers))
        return { quotes, lists: lists - markers.length, footnotes, indent, end: line.length };
      return { quotes, lists, footnotes, indent, end: at };
    }
    if (quote) quotes++;
    else if (item) {
      lists++;
      markers += item[0];
    } else footnotes++;
    at += space.length + marker[0].length;
  }
}

function blockNesting(prefix: { quotes: number; lists: number; footnotes: number }, directives: number): string {
  const kinds = [
    prefix.quotes > 0 ? 'block quotes' : '',
    prefix.lists > 0 ? 'lists' : '',
    prefix.footnotes > 0 ? 'footnote definitions' : '',
    directives > 0 ? 'admonitions' : '',
  ].filter(Boolean);
  const what = kinds.length > 1 ? `${kinds.slice(0, -1).join(', ')} and ${kinds.at(-1)}` : kinds[0];
  const depth = prefix.quotes + prefix.lists + prefix.footnotes + directives;
  return `${what} nested ${depth} deep (at most ${pageLimits.blockNesting})`;
}

/** The fence a line's text opens, if it opens fenced code (a backtick fence's info has no backtick). */
function fenceOf(text: string, maxIndent: number): Pick<Fence, 'char' | 'length'> | undefined {
  const match = /^([ \t]*)(`{3,}|~{3,})(.*)$/.exec(text);
  if (!match || match[1]!.replace(/\t/g, '    ').length > maxIndent) return undefined;
  const run = match[2]!;
  if (run[0] === '`' && match[3]!.includes('`')) return undefined;
  return { char: run[0]!, length: run.length };
}

function closesFence(text: string, fence: Fence): boolean {
  const match = /^[ \t]*(`+|~+)[ \t]*$/.exec(text);
  return match !== null && match[1]![0] === fence.char && match[1]!.length >= fence.length;
}

/** The characters `scanInline` looks at; everything else it skips in one step. */
const inlineMarks = /[\\`[\]*_<]/g;

/**
 * Counts, in a line of a paragraph, what the parser matches by looking back (brackets, emphasis marks) and the
 * HTML/JSX elements it opens. Code spans and escaped characters are skipped.
 */
function scanInline(text: string, paragraph: Paragraph, state: ScanState): Problem {
  const blockLine = /^[ \t]*</.test(text);
  inlineMarks.lastIndex = 0;
  for (let match = inlineMarks.exec(text); match; match = inlineMarks.exec(text)) {
    const i = match.index;
    const c = match[0];
    if (c === '\\') inlineMarks.lastIndex = i + 2;
    else if (c === '`') {
      let end = i;
      while (text[end] === '`') end++;
      const run = text.slice(i, end);
      // A code span ends at the next run of as many backticks; without one, the run is text.
      const close = text.indexOf(run, end);
      inlineMarks.lastIndex = close !== -1 && text[close + run.length] !== '`' ? close + run.length : end;
    } else if (c === '[') {
      if (++paragraph.openBrackets > pageLimits.bracketNesting)
        return {
          message:
            `links, images or labels nested ${paragraph.openBrackets} deep ` + `(at most ${pageLimits.bracketNesting})`,
        };
    } else if (c === ']') {
      if (paragraph.openBrackets > 0) paragraph.openBrackets--;
      else if (++paragraph.unmatchedBrackets > pageLimits.unmatchedBrackets)
        return {
          message:
            `${paragraph.unmatchedBrackets} "]" without a "[" in one paragraph ` +
            `(at most ${pageLimits.unmatchedBrackets})`,
          hint: 'Escape the brackets that are text (\\]), put code in backticks, or split the paragraph.',
        };
    } else if (c === '*' || c === '_') {
      let end = i;
      while (text[end] === '*' || text[end] === '_') end++;
      inlineMarks.lastIndex = end;
      if (canDelimit(text, i, end)) {
        paragraph.emphasisMarks += end - i;
        if (paragraph.emphasisMarks > pageLimits.emphasisMarks)
          return {
            message:
              `${paragraph.emphasisMarks} emphasis marks (* and _) in one paragraph ` +
              `(at most ${pageLimits.emphasisMarks})`,
            hint: 'Escape the * and _ that are text (\\* and \\_), put code in backticks, or split the paragraph.',
          };
      }
    } else {
      const tag = /^<(\/?)([A-Za-z][\w.:-]*)(?:\s[^<>]*?)?(\/?)>/.exec(text.slice(i, i + 1000));
      if (!tag) continue;
      inlineMarks.lastIndex = i + tag[0].length;
      if (tag[3] === '/' || unnestedTags.has(tag[2]!.toLowerCase())) continue;
      const delta = tag[1] === '/' ? -1 : 1;
      if (blockLine) state.blockTags = Math.max(0, state.blockTags + delta);
      else paragraph.tags = Math.max(0, paragraph.tags + delta);
      const depth = state.blockTags + paragraph.tags;
      if (depth > pageLimits.tagNesting)
        return { message: `HTML or JSX elements nested ${depth} deep (at most ${pageLimits.tagNesting})` };
    }
  }
  return undefined;
}

/**
 * Throws, located at the first node too deep, when a parsed tree (mdast or hast) nests deeper than
 * `pageLimits.treeDepth`: every later walk of the page recurses once per level. It recurses only within the limit
 * itself, so it cannot overflow.
 */
export function checkTreeDepth(tree: Node, file: string): void {
  deepestWithin(tree, 0, file);
}

/**
 * Walks `node` (at `depth`) in document order and throws at the first node deeper than the limit, never more than
 * `pageLimits.treeDepth` calls deep. No pair allocated and destructured per node, as an explicit stack would: a
 * small build runs this on every page without V8's optimizing compiler (see optimizing-compiler.ts), where those
 * cost several times the walk itself (docs/measurements.md).
 */
function deepestWithin(node: Node, depth: number, file: string): void {
  if (depth > pageLimits.treeDepth) {
    const start = node.position?.start;
    throw new DocsItError(
      `the page's content is nested ${depth} levels deep (at most ${pageLimits.treeDepth}): lists, quotes, ` +
        'emphasis, links or elements inside one another',
      { file, line: start?.line ?? 1, column: start?.column ?? 1 },
      flatten,
    );
  }
  const children = (node as { children?: Node[] }).children;
  if (children) for (let i = 0; i < children.length; i++) deepestWithin(children[i]!, depth + 1, file);
}

/** A unified plugin that checks the tree's depth (`checkTreeDepth`) where it runs: after parsing, after raw HTML. */
export function treeDepthGuard() {
  return (tree: Node, vfile: { path?: string }) => checkTreeDepth(tree, vfile.path ?? '');
}

/**
 * Counts the elements a page's code creates while it renders and throws, naming the page, past
 * `pageLimits.renderedElements`: a component that renders itself would otherwise fill the memory. `wrap` takes
 * a JSX runtime's `jsx`/`jsxs` function; `count` is called for each element made elsewhere. `locate` finds the
 * page's use of a component named in a stack trace.
 */
export function createElementBudget(
  file: string,
  chars: number,
  locate: (stack: string | undefined) => { line: number; column: number } | undefined,
) {
  const budget = pageLimits.renderedElements + Math.ceil(chars / 2);
  let created = 0;
  const count = () => {
    if (++created > budget)
      throw new DocsItError(
        `the page's code created more than ${budget.toLocaleString('en')} elements while it ` +
          'rendered: a component that renders itself, or a loop without an end?',
        // At the page's use of the component rendering now, when the stack names one.
        { file, ...(locate(new Error().stack) ?? { line: 1, column: 1 }) },
        'Give the recursion an end (a depth or a condition), or render less: a page this large cannot be read.',
      );
  };
  const wrap = <F extends (...args: never[]) => unknown>(create: F): F =>
    ((...args: Parameters<F>) => {
      count();
      return create(...args);
    }) as F;
  return { count, wrap };
}

/**
 * A stack overflow while a page compiled or rendered, as the page's error: what the checks above did not stop
 * (recursion in the page's own code) still ends as a located message, never as a crash of docs-it.
 */
export function stackOverflowError(error: unknown, file: string): DocsItError | undefined {
  if (!(error instanceof RangeError) || !/call stack/i.test(error.message)) return undefined;
  return new DocsItError(
    'the page nests too deep to compile: the stack overflowed (a component that renders itself, or content ' +
      'nested in itself hundreds of times?)',
    { file, line: 1, column: 1 },
    'Give the recursion an end (a depth or a condition), or flatten the structure.',
  );
}
