/*
 * The shards of a local index the browser has loaded, and the term lookups over them. A query first loads the
 * term shards its words fall in (`loadTerms`), then the postings of the terms it expands to (`loadPostings`);
 * lookups and postings then answer synchronously, exactly as over the whole index: the term shards are
 * consecutive ranges of one sorted list, so a lookup runs in each shard of its range and adds the shard's offset;
 * a term's postings are in its own term shard's postings files, its pieces named by its place in that shard.
 */
import {
  decodeStemLength,
  type LocalIndexEntry,
  type PageText,
  type PostingsShard,
  shardName,
  shardPaths,
  type TermShard,
} from '../../shared/search/local-index-format';
import { createTermDictionary, type TermDictionary, upperOf } from './term-dictionary';

/** Loads a search file by its path under the search folder (the entry's folder), parsed. */
export type ShardLoader = (path: string) => Promise<unknown>;

/** The index's terms, by global index, as a query's lookups see them once their shards are loaded. */
export interface IndexTerms {
  term(t: number): string;
  /** The length of the term's stem (see `TermShard.stems`). */
  stemLength(t: number): number;
  /** See `TermShard.sizes`. */
  size(t: number): number;
  /** The term's index, or -1. */
  find(word: string): number;
  /** The indexes `[from, to)` of the terms that start with `prefix`. */
  prefixRange(prefix: string): [number, number];
  /** See `TermDictionary.withTypos`: the terms within `typos` typos of `word`, with their typo counts. */
  withTypos(word: string, typos: number): Map<number, number>;
  /** The term's posting list (see `PostingsShard`). */
  postings(t: number): number[];
}

export interface IndexShards {
  readonly terms: IndexTerms;
  /**
   * Loads the term shards that hold the words starting with each prefix, and those that may hold a word within
   * two typos of each of `twoTypos` (see `shardsWithinTwoTypos`).
   */
  loadTerms(prefixes: readonly string[], twoTypos?: readonly string[]): Promise<void>;
  /** Loads the postings shards of these terms (their term shards are loaded). */
  loadPostings(terms: Iterable<number>): Promise<void>;
  /** A page's text file, fetched once. */
  pageText(page: number): Promise<PageText>;
}

interface LoadedTerms {
  offset: number;
  shard: TermShard;
  dictionary: TermDictionary;
}

export function createIndexShards(entry: LocalIndexEntry, load: ShardLoader): IndexShards {
  const starts = entry.termShards;
  const termShards: (LoadedTerms | undefined)[] = new Array(starts.length);
  const pendingTerms = new Map<number, Promise<void>>();
  /** Postings files by path (`shardPaths.postings`): each piece by its term's place in its term shard. */
  const postingShards = new Map<string, Map<number, number[]>>();
  const pendingPostings = new Map<string, Promise<void>>();
  /** Term shard `n`'s name (see `shardName`), found once. */
  const names: (string | undefined)[] = new Array(starts.length);
  const nameOf = (n: number) => (names[n] ??= shardName(starts[n]![0]));
  const texts = new Map<number, Promise<PageText>>();

  /** The last shard whose start is `atMost` what is looked for (0 when none is): the starts are sorted. */
  const lastShardWhere = (atMost: (start: (typeof starts)[number]) => boolean) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (atMost(starts[mid]!)) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  /** The last shard whose first term is not above `word` (0 for a word before every term). */
  const shardOfWord = (word: string) => lastShardWhere(([first]) => first <= word);
  /** The shards `[from, to]` whose ranges meet the words that start with `prefix`. */
  const shardsOfPrefix = (prefix: string): [number, number] => {
    if (!starts.length) return [0, -1];
    if (!prefix) return [0, starts.length - 1];
    const from = shardOfWord(prefix);
    const upper = upperOf(prefix);
    let to = from;
    while (to + 1 < starts.length && (upper === undefined || starts[to + 1]![0] < upper)) to++;
    return [from, to];
  };
  /**
   * The shards that may hold a word within two typos of `word`. A typo on the first letter counts as two, so a word
   * that does not start with the query's first letter is within two typos only if one edit makes it the query:
   * a first letter replaced or added (`c + word[1..]`, `c + word`), the first letter dropped or swapped with the
   * second. The first two are exact words after any letter: a shard may hold one when its range reaches from one
   * first letter past another, or contains the word after its first or last first letter.
   */
  const shardsWithinTwoTypos = (word: string): number[] => {
    const wanted = new Set<number>();
    const [from, to] = shardsOfPrefix(word.slice(0, 1));
    for (let n = from; n <= to; n++) wanted.add(n);
    for (const other of [word.slice(1), `${word[1] ?? ''}${word[0]}${word.slice(2)}`]) wanted.add(shardOfWord(other));
    const tails = [word.slice(1), word];
    starts.forEach(([first], n) => {
      const next = starts[n + 1]?.[0];
      const a = first.charCodeAt(0);
      const b = next === undefined ? Infinity : next.charCodeAt(0);
      const holds = (c: number) =>
        tails.some((tail) => {
          const candidate = String.fromCharCode(c) + tail;
          return candidate >= first && (next === undefined || candidate < next);
        });
      if (b - a >= 2 || holds(a) || (b !== Infinity && holds(b))) wanted.add(n);
    });
    return [...wanted].sort((x, y) => x - y);
  };
  /** The shard that holds term `t`. */
  const shardOfTerm = (t: number) => lastShardWhere(([, offset]) => offset <= t);
  const loaded = (n: number): LoadedTerms => {
    const shard = termShards[n];
    // A lookup before its shard is loaded is a bug of the caller (see `loadTerms`), not a state of the network.
    if (!shard) throw new Error(`search: term shard ${n} used before it was loaded`);
    return shard;
  };
  const at = (t: number) => {
    const n = shardOfTerm(t);
    const shard = loaded(n);
    return { n, shard: shard.shard, i: t - shard.offset };
  };

  const loadTermShard = (n: number) => {
    if (termShards[n]) return Promise.resolve();
    let pending = pendingTerms.get(n);
    if (!pending) {
      pending = load(shardPaths.terms(nameOf(n)))
        .then((value) => {
          const shard = value as TermShard;
          termShards[n] = { offset: starts[n]![1], shard, dictionary: createTermDictionary(shard.terms) };
        })
        .finally(() => pendingTerms.delete(n));
      pendingTerms.set(n, pending);
    }
    return pending;
  };
  const loadPostingShard = (path: string) => {
    if (postingShards.has(path)) return Promise.resolve();
    let pending = pendingPostings.get(path);
    if (!pending) {
      pending = load(path)
        .then((value) => {
          const pieces = new Map<number, number[]>();
          for (const piece of value as PostingsShard) pieces.set(piece[0]!, piece);
          postingShards.set(path, pieces);
        })
        .finally(() => pendingPostings.delete(path));
      pendingPostings.set(path, pending);
    }
    return pending;
  };

  const terms: IndexTerms = {
    term: (t) => {
      const { shard, i } = at(t);
      return shard.terms[i]!;
    },
    stemLength: (t) => {
      const { shard, i } = at(t);
      return decodeStemLength(shard.stems, i);
    },
    size: (t) => {
      const { shard, i } = at(t);
      return shard.sizes[i]!;
    },
    find: (word) => {
      if (!starts.length || word < starts[0]![0]) return -1;
      const shard = loaded(shardOfWord(word));
      const i = shard.dictionary.find(word);
      return i < 0 ? -1 : shard.offset + i;
    },
    prefixRange: (prefix) => {
      const [from, to] = shardsOfPrefix(prefix);
      if (to < from) return [0, 0];
      const first = loaded(from);
      const last = loaded(to);
      return [
        first.offset + first.dictionary.prefixRange(prefix)[0],
        last.offset + last.dictionary.prefixRange(prefix)[1],
      ];
    },
    withTypos: (word, typos) => {
      const found = new Map<number, number>();
      const [from, to] = shardsOfPrefix(word.slice(0, 1));
      const shards = typos < 2 ? Array.from({ length: to - from + 1 }, (_, i) => from + i) : shardsWithinTwoTypos(word);
      for (const n of shards) {
        const shard = loaded(n);
        for (const [i, distance] of shard.dictionary.withTypos(word, typos)) found.set(shard.offset + i, distance);
      }
      return found;
    },
    postings: (t) => {
      const { n, shard, i } = at(t);
      const first = shard.first[i]!;
      const list: number[] = [];
      for (let k = first; k <= first + shard.more[i]!; k++) {
        const piece = postingShards.get(shardPaths.postings(nameOf(n), k))?.get(i);
        if (!piece) throw new Error(`search: postings of term ${t} used before they were loaded`);
        for (let k = 1; k < piece.length; k++) list.push(piece[k]!);
      }
      return list;
    },
  };

  return {
    terms,
    async loadTerms(prefixes, twoTypos = []) {
      const wanted = new Set<number>();
      for (const prefix of prefixes) {
        const [from, to] = shardsOfPrefix(prefix);
        for (let n = from; n <= to; n++) wanted.add(n);
      }
      for (const word of twoTypos) for (const n of shardsWithinTwoTypos(word)) wanted.add(n);
      await Promise.all([...wanted].map(loadTermShard));
    },
    async loadPostings(termIndexes) {
      const wanted = new Set<string>();
      for (const t of termIndexes) {
        const { n, shard, i } = at(t);
        const first = shard.first[i]!;
        for (let k = first; k <= first + shard.more[i]!; k++) wanted.add(shardPaths.postings(nameOf(n), k));
      }
      await Promise.all([...wanted].map(loadPostingShard));
    },
    pageText(page) {
      let text = texts.get(page);
      if (!text) {
        text = load(shardPaths.text(page)) as Promise<PageText>;
        texts.set(page, text);
        // A failed download is tried again by the next query (the network may be back).
        text.catch(() => texts.delete(page));
      }
      return text;
    },
  };
}
