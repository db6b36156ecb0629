/*
 * How many typos a query word may have: none under 4 letters, one from 4, two from 9. Meilisearch's defaults
 * allow one only from 5, so that a four-letter word with one typo (`xvbf` for `xvfb`) finds nothing; its
 * `minWordSizeForTypos` setting takes other sizes. The local search counts typos as Meilisearch does, and
 * `docs-it index` pushes these same sizes.
 */
export const minWordSizeForTypos = { oneTypo: 4, twoTypos: 9 };

export const typosAllowed = (word: string) =>
  word.length >= minWordSizeForTypos.twoTypos ? 2 : word.length >= minWordSizeForTypos.oneTypo ? 1 : 0;

/** Meilisearch reads the first ten words of a query; so does the local search (a pasted paragraph stays fast). */
export const maxQueryWords = 10;
