import { foldTerm, identifierPartSpans, wordPattern } from '../../shared/search/text-terms';
import { cropLength } from './types';

export const markOpen = '<mark>';
export const markClose = '</mark>';
export const cropMarker = '…';

interface Word {
  start: number;
  end: number;
  /** Whether the word, or a part of it, is a matched term. */
  hit: boolean;
  /** For an identifier matched by its parts, not whole: the parts to mark (`[start, end)` in the text). */
  marks?: [number, number][];
}

/** A word of a text as the index holds it: where it is, its term, and the parts of an identifier. */
interface Token {
  start: number;
  end: number;
  term: string;
  parts: { start: number; end: number; term: string }[];
}

/**
 * The tokens of texts seen lately: a hit's texts come back on every keystroke while the reader types, and
 * cutting them into folded words is most of what showing a hit costs.
 */
const tokenCache = new Map<string, Token[]>();
const tokenCacheSize = 2000;

function tokensOf(text: string): Token[] {
  let tokens = tokenCache.get(text);
  if (tokens) return tokens;
  tokens = [];
  for (const m of text.matchAll(wordPattern)) {
    const parts = identifierPartSpans(m[0]).map(([from, to]) => ({
      start: m.index + from,
      end: m.index + to,
      term: foldTerm(m[0].slice(from, to)),
    }));
    tokens.push({ start: m.index, end: m.index + m[0].length, term: foldTerm(m[0]), parts });
  }
  if (tokenCache.size >= tokenCacheSize) tokenCache.clear();
  tokenCache.set(text, tokens);
  return tokens;
}

/**
 * The words of a text, each marked as a hit when it is a matched term. An identifier that is not matched whole is
 * a hit by its matched parts (`readTextFile`: read, Text, File), which alone are marked, as Meilisearch does.
 */
function wordsOf(text: string, matched: ReadonlySet<string>): Word[] {
  return tokensOf(text).map(({ start, end, term, parts }) => {
    const word: Word = { start, end, hit: matched.has(term) };
    if (word.hit || !parts.length) return word;
    const marks: [number, number][] = [];
    for (const part of parts) {
      if (!matched.has(part.term)) continue;
      // Neighbouring parts are one mark.
      const last = marks.at(-1);
      if (last?.[1] === part.start) last[1] = part.end;
      else marks.push([part.start, part.end]);
    }
    if (marks.length) Object.assign(word, { hit: true, marks });
    return word;
  });
}

/** The terms of a text as the index holds them (each word folded, and the parts of identifiers), each once. */
export function termsOfText(text: string): Set<string> {
  const found = new Set<string>();
  for (const m of text.matchAll(wordPattern)) {
    found.add(foldTerm(m[0]));
    for (const [from, to] of identifierPartSpans(m[0])) found.add(foldTerm(m[0].slice(from, to)));
  }
  return found;
}

/** Number of distinct matched terms among a text's terms (`termsOfText`): to pick the block that shows a hit best. */
export function countMatches(terms: ReadonlySet<string>, matched: ReadonlySet<string>): number {
  let count = 0;
  for (const term of matched) if (terms.has(term)) count++;
  return count;
}

/** `text` with `<mark>` around every word whose folded form is in `matched`. */
export function highlight(text: string, matched: ReadonlySet<string>): string {
  return markWords(text, wordsOf(text, matched), 0, text.length);
}

function markWords(text: string, words: Word[], from: number, to: number): string {
  let out = '';
  let at = from;
  for (const w of words) {
    if (w.start < from || w.end > to || !w.hit) continue;
    for (const [start, end] of w.marks ?? [[w.start, w.end]]) {
      out += `${text.slice(at, start)}${markOpen}${text.slice(start, end)}${markClose}`;
      at = end;
    }
  }
  return out + text.slice(at, to);
}

/**
 * The text cropped to `length` words around its first match (from the start when nothing matches), with
 * `…` where words were cut; and the same with matches marked. Like Meilisearch's `cropLength`.
 */
export function cropAndHighlight(
  text: string,
  matched: ReadonlySet<string>,
  length = cropLength,
): { content: string; formatted: string } {
  const words = wordsOf(text, matched);
  if (words.length <= length) return { content: text, formatted: markWords(text, words, 0, text.length) };
  const first = Math.max(
    0,
    words.findIndex((w) => w.hit),
  );
  // A few words of context before the match, as much as fits after it.
  const startWord = Math.max(0, Math.min(first - Math.floor(length / 4), words.length - length));
  const endWord = startWord + length - 1;
  const from = startWord === 0 ? 0 : words[startWord]!.start;
  const to = endWord === words.length - 1 ? text.length : words[endWord]!.end;
  const before = from > 0 ? cropMarker : '';
  const after = to < text.length ? cropMarker : '';
  return {
    content: `${before}${text.slice(from, to)}${after}`,
    formatted: `${before}${markWords(text, words, from, to)}${after}`,
  };
}

/** Plain text of a highlighted string (marks removed). */
export function stripMarks(text: string): string {
  return text.split(markOpen).join('').split(markClose).join('');
}
