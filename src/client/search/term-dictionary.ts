/*
 * Lookups in the local index's terms, which the build writes sorted by code unit: exact, by prefix, and within
 * a number of typos counted as Meilisearch counts them. The sorted list stands for a trie: two neighbours share
 * their common prefix, so the typo search computes each word's edit-distance rows only from where it differs
 * from the word before, and skips every word under a prefix that is already too far from the query.
 */

export interface TermDictionary {
  readonly terms: readonly string[];
  /** The index of `term`, or -1. */
  find(term: string): number;
  /** The indexes `[from, to)` of the terms that start with `prefix`. */
  prefixRange(prefix: string): [number, number];
  /**
   * The terms within `typos` typos of `term`, with their typo counts (0 for `term` itself). As in Meilisearch:
   * inserting, deleting or replacing a letter, or swapping two neighbouring letters, is one typo (Damerau), and a
   * typo on the first letter counts as two.
   */
  withTypos(term: string, typos: number): Map<number, number>;
}

/**
 * The smallest string above every word that starts with `prefix` (its last code unit plus one), or undefined when
 * there is none: where the words with that prefix end in a sorted list.
 */
export function upperOf(prefix: string): string | undefined {
  const last = prefix.charCodeAt(prefix.length - 1);
  return last === 0xffff ? undefined : prefix.slice(0, -1) + String.fromCharCode(last + 1);
}

export function createTermDictionary(terms: readonly string[]): TermDictionary {
  /** The first index whose term is not below `value`. */
  const lowerBound = (value: string, from = 0, to = terms.length) => {
    let lo = from;
    let hi = to;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (terms[mid]! < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  /** The first index at or after `from` whose term does not start with `prefix` (all that do come before it). */
  const endOfPrefix = (prefix: string, from = 0) => {
    const upper = upperOf(prefix);
    return upper === undefined ? terms.length : lowerBound(upper, from);
  };

  const find = (term: string) => {
    const i = lowerBound(term);
    return terms[i] === term ? i : -1;
  };

  const prefixRange = (prefix: string): [number, number] => {
    if (!prefix) return [0, terms.length];
    const from = lowerBound(prefix);
    return [from, endOfPrefix(prefix, from)];
  };

  const withTypos = (query: string, typos: number): Map<number, number> => {
    const found = new Map<number, number>();
    const n = query.length;
    if (n === 0) return found;
    // With one typo allowed, a word that does not start like the query is already two typos away.
    let [i, to] = typos < 2 ? prefixRange(query[0]!) : [0, terms.length];
    const maxLength = n + typos;
    // rows[d][j]: the typos between the current word's first d letters and the query's first j letters.
    const rows = Array.from({ length: maxLength + 1 }, () => new Int32Array(n + 1));
    for (let j = 0; j <= n; j++) rows[0]![j] = j;
    let previous = '';
    let filled = 0;
    const first = query.charCodeAt(0);
    while (i < to) {
      const word = terms[i]!;
      const reach = Math.min(word.length, maxLength);
      let d = 0;
      const shared = Math.min(filled, reach);
      while (d < shared && word.charCodeAt(d) === previous.charCodeAt(d)) d++;
      let tooFar = -1;
      for (; d < reach; d++) {
        const row = rows[d + 1]!;
        const up = rows[d]!;
        const c = word.charCodeAt(d);
        row[0] = d + 1;
        let least = row[0];
        for (let j = 1; j <= n; j++) {
          const q = query.charCodeAt(j - 1);
          let v = Math.min(up[j]! + 1, row[j - 1]! + 1, up[j - 1]! + (q === c ? 0 : 1));
          if (d > 0 && j > 1 && q === word.charCodeAt(d - 1) && query.charCodeAt(j - 2) === c)
            v = Math.min(v, rows[d - 1]![j - 2]! + 1);
          row[j] = v;
          if (v < least) least = v;
        }
        if (least > typos) {
          tooFar = d + 1;
          break;
        }
      }
      previous = word;
      if (tooFar > 0) {
        // Every word that starts with these letters is as far: skip them all.
        filled = tooFar;
        i = endOfPrefix(word.slice(0, tooFar), i + 1);
        continue;
      }
      filled = reach;
      if (word.length <= maxLength) {
        const distance = rows[word.length]![n]! + (word.charCodeAt(0) === first ? 0 : 1);
        if (distance <= typos) found.set(i, distance);
      }
      i++;
    }
    return found;
  };

  return { terms, find, prefixRange, withTypos };
}
