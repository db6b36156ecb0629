/*
 * Ranks the sections of a local index for a query, the way MiniSearch's `search()` does (same term
 * expansion, BM25+ formula, weights, boosts and AND/OR combination; test/search.test.ts checks that the
 * scores agree), but over typed arrays and keeping only the best section of each page: MiniSearch builds
 * and sorts a result object per matching section, which large sites feel on every keystroke (README, benchmarks).
 * The term dictionary (exact, prefix and fuzzy lookups) is MiniSearch's own radix tree.
 */
import SearchableMap from 'minisearch/SearchableMap';
import { fields, type LocalIndexFile } from '../../shared/search/local-index-format';
import { termIndexer, tokenize } from '../../shared/search/text-terms';

export interface RankOptions {
  combineWith: 'AND' | 'OR';
  /** How many results (default: all). */
  limit?: number;
  /** Keep only the best section of each page (default true). */
  distinctPages?: boolean;
}

export interface RankedSection {
  section: number;
  score: number;
  /** Index terms that matched in this section (after prefix and fuzzy expansion). */
  terms: string[];
}

/** Field weights: the title over headings over body text; the category barely counts. */
export const fieldBoosts: Record<(typeof fields)[number], number> = { k: 0.5, t: 3, h: 2, c: 1 };
/** MiniSearch's defaults. */
const bm25 = { k: 1.2, b: 0.7, d: 0.5 };
const weights = { fuzzy: 0.45, prefix: 0.375 };

/** Typo tolerance as Meilisearch's defaults: one typo from 5 letters, two from 9. */
export const typosAllowed = (term: string) => (term.length >= 9 ? 2 : term.length >= 5 ? 1 : 0);

interface FieldPostings {
  field: number;
  docs: Int32Array;
  freqs: Uint32Array;
}

export interface SectionRanker {
  rank(query: string, options: RankOptions): RankedSection[];
  /** The query's searchable terms (stop words and punctuation removed). */
  termsOf(query: string): string[];
}

export function createSectionRanker(file: LocalIndexFile, sectionBoost: ArrayLike<number>): SectionRanker {
  const indexTerm = termIndexer(file.stop);
  const count = file.sections.length;
  const fieldCount = fields.length;
  const lengths = Float64Array.from(file.lengths);
  const boosts = fields.map((f) => fieldBoosts[f]);
  const dictionary = new SearchableMap<number>();
  file.terms.forEach((term, i) => {
    dictionary.set(term, i);
  });
  const decoded: (FieldPostings[] | undefined)[] = new Array(file.terms.length);
  const pageOf = Int32Array.from(file.sections, (s) => s[0]);
  // Scratch space reused by every query; only the touched entries are reset.
  const scores = new Float64Array(count);
  const matched = new Uint8Array(count);
  const lastTerm = new Int32Array(count).fill(-1);
  const pageBest = new Int32Array(file.pages.length).fill(-1);

  const postingsOf = (t: number): FieldPostings[] => {
    let lists = decoded[t];
    if (lists) return lists;
    lists = [];
    const raw = file.postings[t]!;
    for (let i = 0; i < raw.length; ) {
      const field = raw[i++]!;
      const n = raw[i++]!;
      let docsCount = 0;
      for (let j = i; j < i + n; j++) if (raw[j] !== 0) docsCount++;
      const docs = new Int32Array(docsCount);
      const freqs = new Uint32Array(docsCount);
      let doc = -1;
      let k = -1;
      for (const end = i + n; i < end; i++) {
        const entry = raw[i]!;
        if (entry === 0) freqs[k]!++;
        else {
          doc += entry;
          docs[++k] = doc;
          freqs[k] = 1;
        }
      }
      lists.push({ field, docs, freqs });
    }
    decoded[t] = lists;
    return lists;
  };

  const termsOf = (query: string) => [
    ...new Set(
      tokenize(query)
        .map(indexTerm)
        .filter((t): t is string => !!t),
    ),
  ];

  /** Index terms a query term stands for, with their weights: itself, longer words (last term), near misses. */
  const expand = (term: string, isLast: boolean): Map<number, number> => {
    const out = new Map<number, number>();
    const exact = dictionary.get(term);
    if (exact !== undefined) out.set(exact, 1);
    const prefixed = new Set<string>();
    if (isLast) {
      for (const [word, t] of dictionary.atPrefix(term)) {
        const distance = word.length - term.length;
        if (!distance) continue;
        prefixed.add(word);
        out.set(t, (weights.prefix * word.length) / (word.length + 0.3 * distance));
      }
    }
    const typos = typosAllowed(term);
    if (typos) {
      for (const [word, [t, distance]] of dictionary.fuzzyGet(term, typos)) {
        if (!distance || prefixed.has(word)) continue;
        out.set(t, (weights.fuzzy * word.length) / (word.length + distance));
      }
    }
    return out;
  };

  const rank = (
    query: string,
    { combineWith, limit = Infinity, distinctPages = true }: RankOptions,
  ): RankedSection[] => {
    const queryTerms = termsOf(query);
    if (!queryTerms.length) return [];
    const expansions = queryTerms.map((term, i) => expand(term, i === queryTerms.length - 1));
    const touched: number[] = [];
    expansions.forEach((terms, q) => {
      for (const [t, weight] of terms) {
        for (const { field, docs, freqs } of postingsOf(t)) {
          const df = docs.length;
          const idf = Math.log(1 + (count - df + 0.5) / (df + 0.5));
          const average = file.averages[field]!;
          const factor = weight * boosts[field]!;
          for (let i = 0; i < df; i++) {
            const doc = docs[i]!;
            const tf = freqs[i]!;
            const length = lengths[doc * fieldCount + field]!;
            const raw =
              idf * (bm25.d + (tf * (bm25.k + 1)) / (tf + bm25.k * (1 - bm25.b + (bm25.b * length) / average)));
            if (lastTerm[doc] === -1) touched.push(doc);
            if (lastTerm[doc] !== q) {
              lastTerm[doc] = q;
              matched[doc]!++;
            }
            scores[doc]! += factor * sectionBoost[doc]! * raw;
          }
        }
      }
    });
    const needed = combineWith === 'AND' ? queryTerms.length : 1;
    let results: { section: number; score: number }[] = [];
    const pages: number[] = [];
    for (const doc of touched) {
      if (matched[doc]! < needed) continue;
      const score = scores[doc]! * matched[doc]!;
      if (!distinctPages) {
        results.push({ section: doc, score });
        continue;
      }
      const page = pageOf[doc]!;
      const best = pageBest[page]!;
      if (best === -1) pages.push(page);
      if (
        best === -1 ||
        score > scores[best]! * matched[best]! ||
        (score === scores[best]! * matched[best]! && doc < best)
      )
        pageBest[page] = doc;
    }
    if (distinctPages)
      results = topSections(
        pages.map((p) => ({ section: pageBest[p]!, score: scores[pageBest[p]!]! * matched[pageBest[p]!]! })),
        limit,
      );
    else results = results.sort((a, b) => b.score - a.score || a.section - b.section).slice(0, limit);
    for (const p of pages) pageBest[p] = -1;
    const ranked = results.map(({ section, score }) => ({ section, score, terms: matchedTerms(section, expansions) }));
    for (const doc of touched) {
      scores[doc] = 0;
      matched[doc] = 0;
      lastTerm[doc] = -1;
    }
    return ranked;
  };

  /** The expanded index terms present in a section (binary search in their posting lists). */
  const matchedTerms = (section: number, expansions: Map<number, number>[]): string[] => {
    const found: string[] = [];
    for (const terms of expansions) {
      for (const t of terms.keys()) {
        if (postingsOf(t).some(({ docs }) => includes(docs, section))) found.push(file.terms[t]!);
      }
    }
    return found;
  };

  return { rank, termsOf };
}

function includes(sorted: Int32Array, value: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = sorted[mid]!;
    if (v === value) return true;
    if (v < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** The `limit` best entries, best first (ties: the earlier section), without sorting them all. */
function topSections(
  entries: { section: number; score: number }[],
  limit: number,
): { section: number; score: number }[] {
  const better = (a: { section: number; score: number }, b: { section: number; score: number }) =>
    a.score > b.score || (a.score === b.score && a.section < b.section);
  if (entries.length <= limit) return entries.sort((a, b) => (better(a, b) ? -1 : 1));
  const top: { section: number; score: number }[] = [];
  for (const entry of entries) {
    if (top.length === limit && !better(entry, top[top.length - 1]!)) continue;
    let i = top.length;
    while (i > 0 && better(entry, top[i - 1]!)) i--;
    top.splice(i, 0, entry);
    if (top.length > limit) top.pop();
  }
  return top;
}
