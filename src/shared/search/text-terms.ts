/*
 * How text becomes search terms, shared by the build (which indexes) and the browser (which queries and
 * highlights): the same folding on both sides, or a query would never meet its words.
 */

/** Word characters: anything but whitespace and punctuation (MiniSearch's own split), so `dell'app` is two words. */
export const wordPattern = /[^\s\p{Z}\p{P}]+/gu;

/** Common Italian function words: in almost every section, they only bloat the index and slow queries down. */
export const stopWords = new Set(
  'a ad al alla alle agli ai all anche che chi ci col con da dal dalla dalle dai dagli degli dei del della delle dello di e ed gli ha ho i il in la le lo l ma nei nel nella nelle nello non o per piu se si sia sono su sul sulla tra un una uno the of and to'.split(
    ' ',
  ),
);

/** A word as the index holds it: lower case, accents and other diacritics removed (`perché` → `perche`). */
export function foldTerm(word: string): string {
  const lower = word.toLowerCase();
  // Only decompose when needed: most words are plain ASCII.
  return /[^\x00-\x7f]/.test(lower) ? lower.normalize('NFD').replace(/\p{M}+/gu, '') : lower;
}

/** Words of a text, in order. */
export function tokenize(text: string): string[] {
  return text.match(wordPattern) ?? [];
}

/** The indexed form of a word, or null for a stop word. */
export function indexTerm(word: string): string | null {
  const term = foldTerm(word);
  return stopWords.has(term) ? null : term;
}
