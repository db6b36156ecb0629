/*
 * Ranks the pages of a local index for a query and picks the section each hit opens. A page's score adds up
 * what the page says of itself (title, keywords, description: its page document) and what its sections say
 * (headings and text: its section documents), each field scored with BM25+ as MiniSearch scores it. Ranking
 * works over typed arrays and keeps only the best section of each page: building and sorting a result object
 * per matching section is what large sites feel on every keystroke (docs/measurements.md).
 *
 * Order of hits, as Meilisearch's ranking rules order them: first the pages that match more of the query's
 * words (anywhere in the page), then by score. A query word matches itself, longer words when it is the last
 * one (the reader is still typing it), words with its stem, its synonyms, and words within the typos Meilisearch
 * allows (see `typosAllowed`), each kind of match weighing less than the word itself. A synonym may be a phrase
 * (Meilisearch's multi-word synonyms): query words that make up a phrase of the table each match the phrase's
 * synonyms, and a phrase found for a query word matches a document that holds all of its words.
 */
import {
  type FieldName,
  fields,
  type LocalIndexEntry,
  pageCode,
  pageFields,
  sectionCode,
} from '../../shared/search/local-index-format';
import { minStemLength, type Stem } from '../../shared/search/stemmers';
import { identifierParts, termIndexer, wholeWords } from '../../shared/search/text-terms';
import { maxQueryWords, typosAllowed } from '../../shared/search/typo-tolerance';
import type { IndexShards } from './index-shards';

/**
 * A ranked page: the section its hit opens (-1: the page's top, when no section matched), and the index terms
 * the page matched (to highlight them).
 */
export interface RankedPage {
  page: number;
  section: number;
  score: number;
  /** How many of the query's words the page matched. */
  matched: number;
  terms: string[];
}

/**
 * Field weights: the title first, then the page's keywords and a section's own heading, then its description
 * and body text; the headings above a section and the category barely count.
 */
export const fieldBoosts: Record<FieldName, number> = { k: 0.3, t: 3, m: 3, d: 1, h: 2, p: 0.5, c: 1 };

/**
 * How much each kind of match counts against the word itself (1). `parts`: an identifier the reader wrote in
 * camelCase (`SystemTray`) found as its parts in a document that does not write it whole (a title `System tray`).
 */
export const matchWeights = { stem: 0.8, parts: 0.8, synonym: 0.7, prefix: 0.375, typo: 0.45 };

/** MiniSearch's BM25+ parameters. */
const bm25 = { k: 1.2, b: 0.7, d: 0.5 };

export const pageWeights = {
  /**
   * How much the other matching sections of a page add to its best one: a page with many matching sections is
   * about the query, but a long page does not win on length alone.
   */
  otherSections: 0.15,
  /** How much more a heading or title made only of the query's words counts. */
  exact: 2,
  /** How much less a section counts, per heading level, when choosing the one a hit opens. */
  deeper: 0.1,
  /**
   * Sections whose values, as the section a hit opens, are this close to the best one's (a share of it) are as
   * good: the first in the page opens, as Meilisearch returns the first of equal records.
   */
  sameValue: 0.02,
};

/** Longer words a prefix stands for, at most: the most frequent ones (a one-letter prefix stands for thousands). */
const maxPrefixTerms = 50;

interface Posting {
  /** Position in `fields`. */
  field: number;
  docs: Int32Array;
  /** BM25+ score of the term in each document's field, times the field's boost. */
  scores: Float64Array;
}

/**
 * The index terms a query word stands for, each with the weight of that kind of match, and those that are the
 * word as the reader types it: the word itself, and for the last word (still being typed) the longer words it
 * starts (what makes a title or heading exact).
 */
interface Alternatives {
  weights: Map<number, number>;
  exact: Set<number>;
  /** Phrases the word stands for (its synonyms of several words): per phrase word, the terms that are it. */
  phrases: number[][][];
}

/**
 * A member of a synonym group: a word, or a phrase (its words, stop words left out, in order). A phrase's
 * `word` is the phrase as the table writes it; `stem` is a single word's.
 */
interface Synonym {
  word: string;
  stem: string | undefined;
  words: string[];
}

/** A query word (folded) and, for an identifier, its parts (folded, at least two, or none). */
interface QueryWord {
  word: string;
  parts: string[];
}

/** An identifier has at most this many parts that a query matches together (each is a bit of a mask). */
const maxParts = 8;

export interface SectionRanker {
  /** Loads the shards a query needs (see `rank`). */
  prepare(query: string): Promise<void>;
  /** The best `limit` pages for a query, best first; `prepare` has loaded what it needs. */
  rank(query: string, limit?: number): RankedPage[];
  /** The query's searchable words (folded; stop words and punctuation removed; the first `maxQueryWords`). */
  termsOf(query: string): string[];
}

/** How many query words a mask names (masks have at most `maxQueryWords` bits). */
const bitCounts = Uint8Array.from({ length: 1 << maxQueryWords }, (_, mask) => {
  let n = 0;
  for (let m = mask; m; m &= m - 1) n++;
  return n;
});
const bitCount = (mask: number) => bitCounts[mask]!;

/**
 * A ranker over an index's shards (loaded on demand). `stem` is the stemmer the index was built with (none: words
 * match as written).
 */
export function createSectionRanker(entry: LocalIndexEntry, shards: IndexShards, stem?: Stem): SectionRanker {
  const { terms } = shards;
  const indexTerm = termIndexer(entry.stop);
  const pageCount = entry.pageCount;
  const sectionCount = entry.sectionCount;
  const weightCount = entry.weights.length;
  const pageFieldCount = pageFields.length;
  const titleField = fields.indexOf('t');
  const headingField = fields.indexOf('h');
  const parentField = fields.indexOf('p');
  const boosts = fields.map((f) => fieldBoosts[f]);
  // What the ranking needs of each document, filled in from the postings that name it (each entry carries it).
  const pageOf = new Int32Array(sectionCount);
  /** Sections of equal text: the top of a page over its h2s over deeper headings. */
  const boostOf = new Float64Array(sectionCount);
  // Between sections that match the same words, a subsection must do clearly better than the section it is in.
  const depthFactor = new Float64Array(sectionCount);
  const isTop = new Uint8Array(sectionCount);
  const pageWeight = new Float64Array(pageCount);
  const stemmed = stem && entry.stemmer !== null ? stem : undefined;
  const synonymGroups: Synonym[][] = entry.synonyms.map((group) =>
    group.flatMap((member): Synonym[] => {
      const words = member.split(' ').flatMap((w) => indexTerm(w) ?? []);
      if (!words.length) return [];
      return [
        {
          word: words.length === 1 ? words[0]! : member,
          stem: words.length === 1 ? stemOf(words[0]!) : undefined,
          words,
        },
      ];
    }),
  );
  /** Whether a single-word member of a group is the query word, or shares its stem. */
  const isMember = (g: Synonym, word: string, wordStem: string | undefined) =>
    g.words.length === 1 && (g.word === word || (wordStem !== undefined && g.stem === wordStem));
  /** Two words that are the same or share their stem (a phrase of the table as a query writes it). */
  const sameWord = (a: string, b: string) => {
    if (a === b) return true;
    const stemA = stemOf(a);
    return stemA !== undefined && stemA === stemOf(b);
  };
  const decoded = new Map<number, Posting[]>();
  const expansions = new Map<string, Alternatives>();

  // Scratch space reused by every query; only the touched entries are reset. Per kind of document (pages,
  // sections): the current alternative's score, the current query word's best alternative, the total, which
  // query words matched, and stacks of the documents each of these holds.
  const pages = new DocumentScratch(pageCount);
  const sections = new DocumentScratch(sectionCount);
  /** The title's share of a page's score, and the query words it matched (a title match opens the page's top). */
  const titleAlternative = new Float64Array(pageCount);
  const titleWord = new Float64Array(pageCount);
  const titleTotal = new Float64Array(pageCount);
  const titleMask = new Int32Array(pageCount);
  /**
   * Per page: the section its hit opens, the best key and value of its sections (see `rank`), what its sections
   * add up to.
   */
  const bestSection = new Int32Array(pageCount).fill(-1);
  const bestKey = new Float64Array(pageCount);
  const bestValue = new Float64Array(pageCount);
  const sumValue = new Float64Array(pageCount);
  const maxValue = new Float64Array(pageCount);
  const sectionMask = new Int32Array(pageCount);
  const isCandidate = new Uint8Array(pageCount);
  const isHit = new Uint8Array(pageCount);
  /**
   * Per matching section, in the order they were touched: its page, its value (see `rank`), and when its page is
   * a hit, its key and value as the section a hit opens.
   */
  const touchedPage = new Int32Array(sectionCount);
  const touchedValue = new Float64Array(sectionCount);
  const touchedKey = new Float64Array(sectionCount);
  const openValue = new Float64Array(sectionCount);
  const candidates = new Int32Array(pageCount);
  const candidateScore = new Float64Array(pageCount);
  const candidateMatched = new Int32Array(pageCount);
  /** The query words a section's own heading matched, and those the headings above it matched. */
  const headingMask = new Int32Array(sectionCount);
  const parentMask = new Int32Array(sectionCount);
  /**
   * The query words a heading, and a page title, matched as the reader types them (see `Alternatives.exact`):
   * what makes a heading or title made only of the query's words exact. Another form of the word, a synonym or a
   * typo does not (Meilisearch's exactness rule counts only the words themselves).
   */
  const headingExact = new Int32Array(sectionCount);
  const titleExact = new Int32Array(pageCount);
  // An identifier's parts found apart (see `addParts`): per document, the parts found, their score, and those
  // in its title or own heading.
  const pageParts = new PartsScratch(pageCount);
  const sectionParts = new PartsScratch(sectionCount);
  // Searchable words of each heading and title (the postings carry them): a heading or title made only of the
  // query's words is an exact match (Meilisearch's exactness rule).
  const headingWords = new Int32Array(sectionCount);
  /** The same with identifiers cut into their parts (`SaveDialogOptions`: save, dialog, options). */
  const headingParts = new Int32Array(sectionCount);
  const titleWords = new Int32Array(pageCount);

  function stemOf(word: string): string | undefined {
    if (!stem) return undefined;
    const s = stem(word);
    return s.length >= minStemLength && word.startsWith(s) ? s : undefined;
  }

  const postingsOf = (t: number): Posting[] => {
    let lists = decoded.get(t);
    if (lists) return lists;
    lists = [];
    const raw = terms.postings(t);
    for (let i = 0; i < raw.length; ) {
      const field = raw[i++]!;
      const count = raw[i++]!;
      const docs = new Int32Array(count);
      let doc = -1;
      if (field === parentField) {
        // The headings above a section only say which words it is about: no score.
        for (let k = 0; k < count; k++) docs[k] = doc += raw[i++]!;
        lists.push({ field, docs, scores: new Float64Array(count) });
        continue;
      }
      const isPage = field < pageFieldCount;
      const total = isPage ? pageCount : sectionCount;
      const idf = Math.log(1 + (total - count + 0.5) / (count + 0.5));
      const average = entry.averages[field]!;
      const scores = new Float64Array(count);
      let page = -1;
      for (let k = 0; k < count; k++) {
        doc += raw[i++]!;
        if (!isPage) page += raw[i++]!;
        const tf = raw[i++]!;
        const length = raw[i++]!;
        const code = raw[i++]!;
        docs[k] = doc;
        if (isPage) {
          pageWeight[doc] = entry.weights[pageCode.weight(code, weightCount)]!;
          titleWords[doc] = pageCode.titleWords(code, weightCount);
        } else {
          const section = sectionCode.decode(code, weightCount);
          pageOf[doc] = page;
          pageWeight[page] = entry.weights[section.weight]!;
          boostOf[doc] = section.noAnchor ? 1.1 : 1.05 - 0.01 * section.depth;
          depthFactor[doc] = 1 - pageWeights.deeper * section.depth;
          isTop[doc] = section.top ? 1 : 0;
          headingWords[doc] = section.words;
          headingParts[doc] = section.words + section.parts;
        }
        // A heading counts less the deeper it lies, as Meilisearch's attribute rule ranks lvl2 over lvl3 over lvl4.
        scores[k] =
          (field === headingField ? depthFactor[doc]! : 1) *
          boosts[field]! *
          idf *
          (bm25.d + (tf * (bm25.k + 1)) / (tf + bm25.k * (1 - bm25.b + (bm25.b * length) / average)));
      }
      lists.push({ field, docs, scores });
    }
    decoded.set(t, lists);
    return lists;
  };

  const entryCount = (t: number) => terms.size(t);

  /** The query's searchable words, each once, the first `maxQueryWords`; an identifier keeps its parts. */
  const queryWordsOf = (query: string): QueryWord[] => {
    const found = new Map<string, QueryWord>();
    for (const written of wholeWords(query)) {
      if (found.size === maxQueryWords) break;
      const word = indexTerm(written);
      if (!word || found.has(word)) continue;
      const parts = identifierParts(written)
        .map(indexTerm)
        .filter((p): p is string => !!p && p !== word);
      found.set(word, { word, parts: parts.length > 1 && parts.length <= maxParts ? parts : [] });
    }
    return [...found.values()];
  };
  const termsOf = (query: string) => queryWordsOf(query).map((w) => w.word);

  /** The index terms of an identifier's parts, when the index has each of them. */
  const partTermsOf = ({ parts }: QueryWord): number[] | undefined => {
    if (!parts.length) return undefined;
    const found = parts.map((part) => terms.find(part));
    return found.every((t) => t >= 0) ? found : undefined;
  };

  /**
   * The synonyms a query gains from its phrases: per query word, the other members of each group that has a
   * phrase the query writes as consecutive words (`finestre multiple` for `multiwindow`), that word among them.
   */
  const phraseSynonymsOf = (words: readonly QueryWord[]): Synonym[][] => {
    const gained = words.map((): Synonym[] => []);
    for (const group of synonymGroups)
      for (const phrase of group) {
        const n = phrase.words.length;
        if (n < 2) continue;
        for (let i = 0; i + n <= words.length; i++) {
          if (!phrase.words.every((w, j) => sameWord(words[i + j]!.word, w))) continue;
          for (let j = 0; j < n; j++) gained[i + j]!.push(...group.filter((g) => g !== phrase));
        }
      }
    return gained;
  };

  /** The terms of a phrase's words (each word and those with its stem), or none when the index lacks a word. */
  const phraseTermsOf = (words: readonly string[]): number[][] | undefined => {
    const found: number[][] = [];
    for (const word of words) {
      const out = new Map<number, number>();
      addWord(out, word, 1);
      if (!out.size) return undefined;
      found.push([...out.keys()]);
    }
    return found;
  };

  /** Adds the alternatives of synonyms: a word's terms to `out`, a phrase's to `phrases`. */
  const addSynonyms = (out: Map<number, number>, phrases: number[][][], members: readonly Synonym[]) => {
    for (const g of members) {
      if (g.words.length === 1) addWord(out, g.word, matchWeights.synonym);
      else {
        const found = phraseTermsOf(g.words);
        if (found) phrases.push(found);
      }
    }
  };

  /** Adds the terms with the same stem as `word` (when they weigh more than what they have). */
  const addStemMates = (out: Map<number, number>, word: string, weight: number) => {
    const s = stemmed ? stemOf(word) : undefined;
    if (!s) return;
    const [from, to] = terms.prefixRange(s);
    for (let t = from; t < to; t++)
      if (terms.stemLength(t) === s.length && (out.get(t) ?? 0) < weight) out.set(t, weight);
  };

  const addWord = (out: Map<number, number>, word: string, weight: number) => {
    const t = terms.find(word);
    if (t >= 0 && (out.get(t) ?? 0) < weight) out.set(t, weight);
    addStemMates(out, word, weight * matchWeights.stem);
  };

  /** The index terms a query word stands for, with their weights (the word itself weighs 1). */
  const expand = (word: string, isLast: boolean): Alternatives => {
    const key = `${isLast ? '+' : '='}${word}`;
    const known = expansions.get(key);
    if (known) return known;
    const out = new Map<number, number>();
    const exact = new Set<number>();
    addWord(out, word, 1);
    const itself = terms.find(word);
    if (itself >= 0) exact.add(itself);
    const typos = typosAllowed(word);
    if (typos)
      for (const [t, distance] of terms.withTypos(word, typos)) {
        const length = terms.term(t).length;
        const weight = (matchWeights.typo * length) / (length + distance);
        if (distance > 0 && (out.get(t) ?? 0) < weight) out.set(t, weight);
      }
    const wordStem = stemOf(word);
    const phrases: number[][][] = [];
    for (const group of synonymGroups)
      if (group.some((g) => isMember(g, word, wordStem)))
        addSynonyms(
          out,
          phrases,
          group.filter((g) => g.word !== word),
        );
    if (isLast) {
      const [from, to] = terms.prefixRange(word);
      let longer: number[] = [];
      for (let t = from; t < to; t++) if (terms.term(t).length > word.length) longer.push(t);
      if (longer.length > maxPrefixTerms)
        longer = longer.sort((a, b) => entryCount(b) - entryCount(a) || a - b).slice(0, maxPrefixTerms);
      for (const t of longer) {
        const length = terms.term(t).length;
        const weight = (matchWeights.prefix * length) / (length + 0.3 * (length - word.length));
        if ((out.get(t) ?? 0) < weight) out.set(t, weight);
        exact.add(t);
      }
    }
    // Remembered while the reader types: the words before the last one come back on every keystroke.
    if (expansions.size > 200) expansions.clear();
    const alternatives = { weights: out, exact, phrases };
    expansions.set(key, alternatives);
    return alternatives;
  };

  /** Adds one alternative of a query word: its score in every document, summed over the fields it is in. */
  const addAlternative = (t: number, weight: number, bit: number, isExact: boolean) => {
    const exact = isExact ? bit : 0;
    for (const { field, docs, scores } of postingsOf(t)) {
      const n = docs.length;
      if (field === parentField) {
        // The headings above a section only say which of the query's words it is about: their score is their
        // own sections' (otherwise a subsection would outscore the section it belongs to).
        for (let i = 0; i < n; i++) parentMask[docs[i]!]! |= bit;
      } else if (field >= pageFieldCount) {
        const { alternative, altStack } = sections;
        let top = sections.altTop;
        for (let i = 0; i < n; i++) {
          const doc = docs[i]!;
          if (alternative[doc] === 0) altStack[top++] = doc;
          alternative[doc]! += weight * scores[i]!;
        }
        sections.altTop = top;
        if (field === headingField)
          for (let i = 0; i < n; i++) {
            headingMask[docs[i]!]! |= bit;
            headingExact[docs[i]!]! |= exact;
          }
      } else {
        const { alternative, altStack } = pages;
        let top = pages.altTop;
        const isTitle = field === titleField;
        for (let i = 0; i < n; i++) {
          const doc = docs[i]!;
          if (alternative[doc] === 0) altStack[top++] = doc;
          alternative[doc]! += weight * scores[i]!;
          if (isTitle) {
            titleAlternative[doc]! += weight * scores[i]!;
            titleExact[doc]! |= exact;
          }
        }
        pages.altTop = top;
      }
    }
    endAlternative();
  };

  /** A word counts once per document, by its best alternative. */
  const endAlternative = () => {
    sections.keepBest();
    for (let i = 0; i < pages.altTop; i++) {
      const doc = pages.altStack[i]!;
      if (titleAlternative[doc]! > titleWord[doc]!) titleWord[doc] = titleAlternative[doc]!;
      titleAlternative[doc] = 0;
    }
    pages.keepBest();
  };

  /**
   * Adds the alternative of an identifier written in camelCase that is its parts: a document holding every part
   * (the page document: title, keywords, description; a section: its heading and text) scores their mean. Parts
   * that all stand in a title or heading make it match the query word, but not exactly: `mockConvertFileSrc`
   * holds the parts of `convertFileSrc` and more.
   */
  const addParts = (parts: readonly (readonly number[])[], weight: number, bit: number) => {
    parts.forEach((alternatives, p) => {
      for (const t of alternatives)
        for (const { field, docs, scores } of postingsOf(t)) {
          if (field === parentField) continue;
          const into = field < pageFieldCount ? pageParts : sectionParts;
          into.add(docs, scores, 1 << p, field === titleField || field === headingField);
        }
    });
    const all = (1 << parts.length) - 1;
    const share = weight / parts.length;
    sectionParts.drain(all, (doc, score, named) => {
      if (sections.alternative[doc] === 0) sections.altStack[sections.altTop++] = doc;
      sections.alternative[doc]! += share * score;
      if (named === all) headingMask[doc]! |= bit;
    });
    pageParts.drain(all, (doc, score, named, namedScore) => {
      if (pages.alternative[doc] === 0) pages.altStack[pages.altTop++] = doc;
      pages.alternative[doc]! += share * score;
      if (named === all) titleAlternative[doc]! += share * namedScore;
    });
    endAlternative();
  };

  const rank = (query: string, limit = Infinity): RankedPage[] => {
    const words = queryWordsOf(query);
    if (!words.length) return [];
    const alternatives = words.map((w, i) => expand(w.word, i === words.length - 1));
    const partTerms = words.map(partTermsOf);
    const gained = gainedAlternativesOf(words);
    alternatives.forEach((alts, q) => {
      const bit = 1 << q;
      for (const [t, weight] of alts.weights) addAlternative(t, weight, bit, alts.exact.has(t));
      for (const [t, weight] of gained[q]!.weights) addAlternative(t, weight, bit, false);
      const parts = partTerms[q];
      if (parts)
        addParts(
          parts.map((t) => [t]),
          matchWeights.parts,
          bit,
        );
      for (const phrase of [...alts.phrases, ...gained[q]!.phrases]) addParts(phrase, matchWeights.synonym, bit);
      for (let i = 0; i < pages.wordTop; i++) {
        const doc = pages.wordStack[i]!;
        if (titleWord[doc]! > 0) {
          titleTotal[doc]! += titleWord[doc]!;
          titleMask[doc]! |= bit;
          titleWord[doc] = 0;
        }
      }
      pages.addWord(bit);
      sections.addWord(bit);
    });

    // Pages: their own score, their best section (the one the hit opens) and what the others add.
    let count = 0;
    const consider = (page: number) => {
      if (isCandidate[page]) return;
      isCandidate[page] = 1;
      candidates[count++] = page;
    };
    for (let i = 0; i < pages.touchedTop; i++) consider(pages.touched[i]!);
    const { touched, total, mask: masks } = sections;
    const sectionTop = sections.touchedTop;
    // Every matching section adds to its page's score; only the hits' pages then choose the section they open.
    for (let i = 0; i < sectionTop; i++) {
      const s = touched[i]!;
      const page = pageOf[s]!;
      touchedPage[i] = page;
      consider(page);
      const exactWords = bitCount(headingExact[s]!);
      const exact =
        exactWords !== 0 && (exactWords >= headingWords[s]! || (words.length > 1 && exactWords === words.length))
          ? pageWeights.exact
          : 1;
      const value = total[s]! * bitCount(masks[s]!) * boostOf[s]! * exact;
      touchedValue[i] = value;
      sumValue[page]! += value;
      if (value > maxValue[page]!) maxValue[page] = value;
      // The words the section matches, with those its parent headings name.
      sectionMask[page]! |= masks[s]! | parentMask[s]!;
    }
    for (let i = 0; i < count; i++) {
      const page = candidates[i]!;
      const isExact = titleExact[page] !== 0 && bitCount(titleExact[page]!) >= titleWords[page]!;
      const own = pages.total[page]! + (isExact ? (pageWeights.exact - 1) * titleTotal[page]! : 0);
      candidateScore[page] =
        pageWeight[page]! *
        (own * bitCount(pages.mask[page]!) +
          maxValue[page]! +
          pageWeights.otherSections * (sumValue[page]! - maxValue[page]!));
      candidateMatched[page] = bitCount(pages.mask[page]! | sectionMask[page]!);
    }
    const hits = topPages(candidates.subarray(0, count), candidateMatched, candidateScore, limit);
    for (const page of hits) isHit[page] = 1;
    const pageMasks = pages.mask;
    for (let i = 0; i < sectionTop; i++) {
      const s = touched[i]!;
      const page = touchedPage[i]!;
      const heading = headingMask[s]!;
      headingMask[s] = 0;
      headingExact[s] = 0;
      if (!isHit[page]) continue;
      // The section to open: the one that matches the most words (what the page says of itself, its title,
      // keywords and description, is said of each of its sections), then the one whose heading names more of
      // the words the title does not (the page's part about them), then one whose heading is only query words,
      // in any form (`save` for "salvare", over `SaveDialogOptions`), then the best (a title match counts for
      // the top), and of sections about as good (see `pageWeights.sameValue`), the first in the page.
      const extra = isTop[s] ? titleTotal[page]! * bitCount(titleMask[page]!) : 0;
      const covered = heading !== 0 && bitCount(heading) >= headingParts[s]! ? 1 : 0;
      const key =
        bitCount(masks[s]! | parentMask[s]! | pageMasks[page]!) * 1e12 +
        bitCount(heading & ~titleMask[page]!) * 1e9 +
        covered * 1e8;
      const value = touchedValue[i]! * depthFactor[s]! + extra;
      touchedKey[i] = key;
      openValue[i] = value;
      if (bestSection[page] === -1 || key > bestKey[page]! || (key === bestKey[page] && value > bestValue[page]!)) {
        bestSection[page] = s;
        bestKey[page] = key;
        bestValue[page] = value;
      }
    }
    for (let i = 0; i < sectionTop; i++) {
      const s = touched[i]!;
      const page = touchedPage[i]!;
      if (
        isHit[page] &&
        s < bestSection[page]! &&
        touchedKey[i] === bestKey[page] &&
        openValue[i]! >= (1 - pageWeights.sameValue) * bestValue[page]!
      )
        bestSection[page] = s;
    }
    for (const page of hits) isHit[page] = 0;
    const top = hits.map((page) => ({
      page,
      section: bestSection[page]!,
      score: candidateScore[page]!,
      matched: candidateMatched[page]!,
      terms: [] as string[],
    }));
    const matchable = alternatives.map((alts, q) => [
      ...alts.weights.keys(),
      ...(partTerms[q] ?? []),
      ...gained[q]!.weights.keys(),
      ...[...alts.phrases, ...gained[q]!.phrases].flat(2),
    ]);
    for (const hit of top) hit.terms = matchedTerms(hit.page, hit.section, matchable);

    parentMask.fill(0);
    pages.reset();
    sections.reset();
    for (let i = 0; i < count; i++) {
      const page = candidates[i]!;
      isCandidate[page] = 0;
      titleTotal[page] = 0;
      titleMask[page] = 0;
      titleExact[page] = 0;
      bestSection[page] = -1;
      bestKey[page] = 0;
      bestValue[page] = 0;
      sumValue[page] = 0;
      maxValue[page] = 0;
      sectionMask[page] = 0;
    }
    return top;
  };

  /** Per query word, the alternatives its phrases gain (see `phraseSynonymsOf`). */
  const gainedAlternativesOf = (words: readonly QueryWord[]) =>
    phraseSynonymsOf(words).map((members) => {
      const weights = new Map<number, number>();
      const phrases: number[][][] = [];
      addSynonyms(weights, phrases, members);
      return { weights, phrases };
    });

  /** The expanded index terms present in the page's own document or in the section (binary search). */
  const matchedTerms = (page: number, section: number, alternatives: number[][]): string[] => {
    const found = new Set<string>();
    for (const alts of alternatives) {
      for (const t of alts) {
        const present = postingsOf(t).some(({ field, docs }) =>
          includes(docs, field < pageFieldCount ? page : section),
        );
        if (present) found.add(terms.term(t));
      }
    }
    return [...found];
  };

  /**
   * The prefixes whose term shards a query's words look in: each word's stem range (which holds the word and the
   * longer words it may stand for), its synonyms', and for a word that may have one typo, its first letter's
   * range, and an identifier's parts; and the words that may have two (their shards are the index shards' to find).
   */
  const prefixesOf = (words: readonly QueryWord[]): { prefixes: string[]; twoTypos: string[] } => {
    const prefixes: string[] = [];
    const twoTypos: string[] = [];
    const addMembers = (members: readonly Synonym[]) => {
      for (const g of members) for (const w of g.words) prefixes.push(stemOf(w) ?? w);
    };
    for (const { word, parts } of words) {
      prefixes.push(...parts);
      const typos = typosAllowed(word);
      if (typos >= 2) twoTypos.push(word);
      else prefixes.push(typos ? word.slice(0, 1) : (stemOf(word) ?? word));
      const wordStem = stemOf(word);
      for (const group of synonymGroups) if (group.some((g) => isMember(g, word, wordStem))) addMembers(group);
    }
    for (const members of phraseSynonymsOf(words)) addMembers(members);
    return { prefixes, twoTypos };
  };

  const prepare = async (query: string) => {
    const words = queryWordsOf(query);
    if (!words.length) return;
    const { prefixes, twoTypos } = prefixesOf(words);
    await shards.loadTerms(prefixes, twoTypos);
    const needed = new Set<number>();
    words.forEach((w, i) => {
      const alts = expand(w.word, i === words.length - 1);
      for (const t of alts.weights.keys()) needed.add(t);
      for (const t of alts.phrases.flat(2)) needed.add(t);
      for (const t of partTermsOf(w) ?? []) needed.add(t);
    });
    for (const { weights, phrases } of gainedAlternativesOf(words)) {
      for (const t of weights.keys()) needed.add(t);
      for (const t of phrases.flat(2)) needed.add(t);
    }
    await shards.loadPostings(needed);
  };

  return { prepare, rank, termsOf };
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

/**
 * The `limit` best pages, best first, without sorting them all: more of the query's words first, then a higher
 * score, then the earlier page.
 */
function topPages(pages: Int32Array, matched: Int32Array, score: Float64Array, limit: number): number[] {
  const better = (a: number, b: number) =>
    matched[a] !== matched[b] ? matched[a]! > matched[b]! : score[a] !== score[b] ? score[a]! > score[b]! : a < b;
  const top: number[] = [];
  for (const page of pages) {
    if (top.length >= limit && !better(page, top[top.length - 1]!)) continue;
    let i = top.length;
    while (i > 0 && better(page, top[i - 1]!)) i--;
    top.splice(i, 0, page);
    if (top.length > limit) top.pop();
  }
  return top;
}

/** Per-document scratch arrays of one kind of document, with stacks of the documents they hold. */
class DocumentScratch {
  readonly alternative: Float64Array;
  readonly word: Float64Array;
  readonly total: Float64Array;
  readonly mask: Int32Array;
  readonly altStack: Int32Array;
  readonly wordStack: Int32Array;
  readonly touched: Int32Array;
  altTop = 0;
  wordTop = 0;
  touchedTop = 0;

  constructor(count: number) {
    this.alternative = new Float64Array(count);
    this.word = new Float64Array(count);
    this.total = new Float64Array(count);
    this.mask = new Int32Array(count);
    this.altStack = new Int32Array(count);
    this.wordStack = new Int32Array(count);
    this.touched = new Int32Array(count);
  }

  /** Ends an alternative: each document keeps the best alternative of the word. */
  keepBest(): void {
    const { alternative, word, altStack, wordStack } = this;
    let top = this.wordTop;
    for (let i = 0; i < this.altTop; i++) {
      const doc = altStack[i]!;
      if (word[doc] === 0) wordStack[top++] = doc;
      if (alternative[doc]! > word[doc]!) word[doc] = alternative[doc]!;
      alternative[doc] = 0;
    }
    this.wordTop = top;
    this.altTop = 0;
  }

  /** Ends a query word: adds its best alternative to each document's total. */
  addWord(bit: number): void {
    const { word, total, mask, wordStack, touched } = this;
    let top = this.touchedTop;
    for (let i = 0; i < this.wordTop; i++) {
      const doc = wordStack[i]!;
      if (mask[doc] === 0) touched[top++] = doc;
      total[doc]! += word[doc]!;
      mask[doc]! |= bit;
      word[doc] = 0;
    }
    this.touchedTop = top;
    this.wordTop = 0;
  }

  reset(): void {
    for (let i = 0; i < this.touchedTop; i++) {
      const doc = this.touched[i]!;
      this.total[doc] = 0;
      this.mask[doc] = 0;
    }
    this.touchedTop = 0;
  }
}

/** Per document of one kind: which parts of an identifier it holds, their summed score, and those in its name. */
class PartsScratch {
  readonly mask: Int32Array;
  readonly score: Float64Array;
  /** The parts in the document's title (a page) or own heading (a section), and their score. */
  readonly named: Int32Array;
  readonly namedScore: Float64Array;
  readonly stack: Int32Array;
  top = 0;

  constructor(count: number) {
    this.mask = new Int32Array(count);
    this.score = new Float64Array(count);
    this.named = new Int32Array(count);
    this.namedScore = new Float64Array(count);
    this.stack = new Int32Array(count);
  }

  add(docs: Int32Array, scores: Float64Array, bit: number, isName: boolean): void {
    const { mask, score, named, namedScore, stack } = this;
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i]!;
      if (mask[doc] === 0) stack[this.top++] = doc;
      mask[doc]! |= bit;
      score[doc]! += scores[i]!;
      if (isName) {
        named[doc]! |= bit;
        namedScore[doc]! += scores[i]!;
      }
    }
  }

  /** Hands over each document that holds `all` the parts, and empties the scratch. */
  drain(all: number, use: (doc: number, score: number, named: number, namedScore: number) => void): void {
    const { mask, score, named, namedScore, stack } = this;
    for (let i = 0; i < this.top; i++) {
      const doc = stack[i]!;
      if (mask[doc] === all) use(doc, score[doc]!, named[doc]!, namedScore[doc]!);
      mask[doc] = 0;
      score[doc] = 0;
      named[doc] = 0;
      namedScore[doc] = 0;
    }
    this.top = 0;
  }
}
