/*
 * How many typos a query word may have, as Meilisearch's defaults allow: none under 5 letters, one from 5, two
 * from 9. The local search counts them as Meilisearch does, and `docs-it index` pushes the same thresholds.
 */
export const minWordSizeForTypos = { oneTypo: 5, twoTypos: 9 };

export const typosAllowed = (word: string) =>
  word.length >= minWordSizeForTypos.twoTypos ? 2 : word.length >= minWordSizeForTypos.oneTypo ? 1 : 0;

/** Meilisearch reads the first ten words of a query; so does the local search (a pasted paragraph stays fast). */
export const maxQueryWords = 10;
