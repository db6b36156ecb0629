/*
 * How text becomes search terms, shared by the build (which indexes) and the browser (which queries and
 * highlights): the same folding on both sides, or a query would never meet its words.
 */

/** Word characters: anything but whitespace and punctuation (MiniSearch's own split), so `dell'app` is two words. */
export const wordPattern = /[^\s\p{Z}\p{P}]+/gu;
/** An entry of a synonyms table: one word in that sense, or a phrase of such words separated by single spaces. */
export const synonymPattern = /^[^\s\p{Z}\p{P}]+(?: [^\s\p{Z}\p{P}]+)*$/u;

/** A word as the index holds it: lower case, accents and other diacritics removed (`perché` → `perche`). */
export function foldTerm(word: string): string {
  const lower = word.toLowerCase();
  // Only decompose when needed: most words are plain ASCII.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the range is all of ASCII, control characters included.
  return /[^\x00-\x7f]/.test(lower) ? lower.normalize('NFD').replace(/\p{M}+/gu, '') : lower;
}

/** A word with a lower-case letter before a capital (`readText`), or a capital that starts a word after capitals. */
const hasCaseBoundary = /\p{Ll}\p{Lu}|\p{Lu}\p{Lu}\p{Ll}\p{Ll}/u;
const isUpper = (c: string) => c !== c.toLowerCase() && c === c.toUpperCase();
const isLower = (c: string) => c !== c.toUpperCase() && c === c.toLowerCase();

/** Parts shorter than this are left out: `OS` of `macOS`, `On` of `setAlwaysOnTop` would find unrelated pages. */
export const minPartLength = 3;

/**
 * The parts of an identifier written in camelCase or PascalCase (`readTextFile` → read, Text, File;
 * `openSSLError` → open, SSL, Error), as Meilisearch's tokenizer splits them, without the short ones; none for a
 * word that is not one. It splits before a capital that follows a lower-case letter, and before the last capital
 * of a run followed by a lower-case word (not before the `s` of `APIs`). Snake and kebab case need nothing:
 * `_` and `-` are punctuation.
 */
export function identifierParts(word: string): string[] {
  return identifierPartSpans(word).map(([from, to]) => word.slice(from, to));
}

/** Where each part of `identifierParts` lies in the word: `[from, to)`. */
export function identifierPartSpans(word: string): [from: number, to: number][] {
  if (!hasCaseBoundary.test(word)) return [];
  const spans: [number, number][] = [];
  let from = 0;
  for (let i = 1; i <= word.length; i++) {
    const split =
      i === word.length ||
      (isLower(word[i - 1]!) && isUpper(word[i]!)) ||
      (isUpper(word[i - 1]!) && isUpper(word[i]!) && isLower(word[i + 1] ?? '') && isLower(word[i + 2] ?? ''));
    if (!split) continue;
    if (i - from >= minPartLength) spans.push([from, i]);
    from = i;
  }
  return spans;
}

/**
 * Words of a text, in order, as the index holds them: each word, followed by its parts when it is an identifier
 * (`readTextFile`, then read, Text, File), so that its parts find it, as Meilisearch's tokenizer splits it.
 */
export function tokenize(text: string): string[] {
  const words = text.match(wordPattern) ?? [];
  if (!words.some((w) => hasCaseBoundary.test(w))) return words;
  return words.flatMap((word) => [word, ...identifierParts(word)]);
}

/** Words of a text, identifiers whole (what a query, a heading or a title is made of). */
export function wholeWords(text: string): string[] {
  return text.match(wordPattern) ?? [];
}

/** The indexed form of a word (folded), or null for a stop word of the index's language. */
export function termIndexer(stopWords: readonly string[]): (word: string) => string | null {
  const stop = new Set(stopWords);
  return (word) => {
    const term = foldTerm(word);
    return stop.has(term) ? null : term;
  };
}
