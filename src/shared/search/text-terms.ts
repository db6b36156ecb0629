/*
 * How text becomes search terms, shared by the build (which indexes) and the browser (which queries and
 * highlights): the same folding on both sides, or a query would never meet its words.
 */

/** Word characters: anything but whitespace and punctuation (MiniSearch's own split), so `dell'app` is two words. */
export const wordPattern = /[^\s\p{Z}\p{P}]+/gu;
/** A text that is exactly one word in that sense. */
export const oneWordPattern = /^[^\s\p{Z}\p{P}]+$/u;

/** A word as the index holds it: lower case, accents and other diacritics removed (`perché` → `perche`). */
export function foldTerm(word: string): string {
  const lower = word.toLowerCase();
  // Only decompose when needed: most words are plain ASCII.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the range is all of ASCII, control characters included.
  return /[^\x00-\x7f]/.test(lower) ? lower.normalize('NFD').replace(/\p{M}+/gu, '') : lower;
}

/** Words of a text, in order. */
export function tokenize(text: string): string[] {
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
