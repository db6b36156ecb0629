/*
 * The local search index: the whole of it as the build computes it (`LocalIndexFile`, below the published
 * format), and the files the build cuts it into so that what a reader downloads does not grow with the site:
 * - `local-index.json` (`LocalIndexEntry`): what every search loads first, of a size that does not depend on the
 *   pages: the words the site's search treats specially (stop words, synonyms), the stemmer, the counts and mean
 *   field lengths BM25 needs, and where the term shards start;
 * - `terms/<name>.json` (`TermShard`): a range of the index's words in code-unit order (what typo, prefix and stem
 *   lookups walk), with where each word's postings are; `name` is `shardName` of its first word, so a shard keeps
 *   its name, and its bytes when its words' lists are the same, whatever an edit changes elsewhere;
 * - `postings/<name>-<k>.json` (`PostingsShard`, k from 0): the posting lists of one term shard's words, each entry
 *   carrying what the ranking needs of its document (field length, page, weight, heading depth), so a query reads
 *   nothing else;
 * - `text/<page>.json` (`PageText`): a page's URL, titles, headings and text blocks, fetched only for pages that
 *   appear in results;
 * - `stemmer.<hash>.js`, for a language with a stemmer: the module the index's words were stemmed with, which
 *   the browser imports to stem queries the same way.
 * Shards are cut by size (`maxShardBytes`), so a query loads the few shards of its words, never the whole index;
 * term shards also where a word's hash says (see shard-packer.ts), so that an edit moves only the cuts near it.
 */
export const localIndexVersion = 6;

/** No search file but the stemmer is larger than this: a shard is cut before it. */
export const maxShardBytes = 1024 * 1024;

/** The entry file. */
export interface LocalIndexEntry {
  v: typeof localIndexVersion;
  /** Words left out of the index (the site language's stop words): a query leaves them out too. */
  stop: string[];
  /**
   * Groups of words (folded) each of which also finds the others: the config's `search.synonyms`. A member may
   * be a phrase, its words separated by single spaces.
   */
  synonyms: string[][];
  /** The stemmer module beside this file, or null: the site's language has none and words match as written. */
  stemmer: string | null;
  /** The distinct page weights (see `pageWeightOf`); postings name a page's weight by its position here. */
  weights: number[];
  pageCount: number;
  sectionCount: number;
  /** Mean length of each field (`fields` order) over its documents. */
  averages: number[];
  /** Per term shard (`terms/<shardName(first)>.json`): its first term and the global index of that term. */
  termShards: [first: string, offset: number][];
  /** How many words the index has. */
  termCount: number;
}

/** A range of the index's terms. */
export interface TermShard {
  /** The terms, folded, in code-unit order (the range `[offset, offset + terms.length)` of every term). */
  terms: string[];
  /** Per term, the length of its stem (see `LocalIndexFile.stems`); empty without a stemmer. */
  stems: string;
  /** Per term, how many documents and occurrences its postings hold (the prefix search prefers the larger). */
  sizes: number[];
  /** Per term, the first of this shard's postings files (`postings/<name>-<k>.json`) holding its list. */
  first: number[];
  /** Per term, how many more of the shard's postings files its list continues into (0 for most). */
  more: number[];
}

/**
 * Pieces of posting lists: `[term, ...numbers]`, term by its place in its term shard. A term's list is the
 * concatenation of its pieces in file order; per field: field id (position in `fields`), document count, then per
 * document:
 * - page fields: the gap from the previous page (from -1), term frequency, field length, page code;
 * - `p` (the headings above a section, which only say what a section is about): the gap alone;
 * - other section fields: the gap from the previous section, the gap from the previous section's page,
 *   term frequency, field length, section code.
 */
export type PostingsShard = number[][];

/** A page code: its weight (position in `LocalIndexEntry.weights`) and the number of searchable words of its title. */
export const pageCode = {
  encode: (weight: number, weights: number, titleWords: number) => weight + weights * titleWords,
  weight: (code: number, weights: number) => code % weights,
  titleWords: (code: number, weights: number) => Math.floor(code / weights),
};

/**
 * A section code: its page's weight, whether it opens its page (the top, text before any heading), whether it has
 * no anchor, its heading depth (headings lvl2… it lies under, 0–5), the searchable words of its own heading
 * (identifiers whole; at most `maxCodedWords`, more than a query has) and how many more its identifiers' parts
 * make (`SaveDialogOptions`: one word, two more parts; 0 for most headings, which keeps their codes short).
 */
export const sectionCode = {
  encode: (s: {
    weight: number;
    weights: number;
    top: boolean;
    noAnchor: boolean;
    depth: number;
    words: number;
    parts: number;
  }) =>
    s.weight +
    s.weights *
      ((s.top ? 1 : 0) +
        2 *
          ((s.noAnchor ? 1 : 0) +
            2 * (s.depth + 8 * (Math.min(s.words, maxCodedWords) + 32 * Math.min(s.parts, maxCodedWords))))),
  decode(code: number, weights: number) {
    const rest = Math.floor(code / weights);
    const words = Math.floor(rest / 32);
    return {
      weight: code % weights,
      top: (rest & 1) === 1,
      noAnchor: ((rest >> 1) & 1) === 1,
      depth: (rest >> 2) & 7,
      words: words % 32,
      parts: Math.floor(words / 32),
    };
  },
};

/** Word counts a section code holds at most: a query has at most ten words, so a larger count never matters. */
export const maxCodedWords = 31;

/**
 * A page as its hits show it: route path, category, title, the global index of its first section, and per section
 * its anchor ('' for text above the first heading), its headings lvl2… (null for skipped levels) and text blocks.
 */
export type PageText = [
  url: string,
  category: string,
  title: string,
  firstSection: number,
  sections: [anchor: string, headings: (string | null)[], blocks: string[]][],
];

/**
 * A term shard's name: a hash of its first term (53 bits, cyrb53, in base 36), the same in the build and the browser.
 * A name does not depend on the shard's place, so a word added before it leaves its files as they are.
 */
export function shardName(first: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < first.length; i++) {
    const c = first.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The path, under the search folder, of each kind of shard. */
export const shardPaths = {
  terms: (name: string) => `terms/${name}.json`,
  postings: (name: string, k: number) => `postings/${name}-${k}.json`,
  text: (page: number) => `text/${page}.json`,
};

/**
 * A page: route path, category (index into `categories`), title (lvl1) and its weight (docs over other pages over
 * blog posts, see `pageWeightOf`).
 */
export type LocalPage = [url: string, category: number, title: string, weight: number];

/**
 * A heading section: page index, anchor ('' for text above the first heading), headings lvl2… (null for skipped
 * levels).
 */
export type LocalSection = [page: number, anchor: string, headings: (string | null)[]];

/** The fields of a page document: category, title, keywords (front matter, sidebar label, slug), description. */
export const pageFields = ['k', 't', 'm', 'd'] as const;
/** The fields of a section document: its own heading, the headings above it, its body text. */
export const sectionFields = ['h', 'p', 'c'] as const;
/** Every field; a posting list names its field by its position here. */
export const fields = [...pageFields, ...sectionFields] as const;
export type FieldName = (typeof fields)[number];
export type PageDocument = Record<(typeof pageFields)[number], string>;
export type SectionDocument = Record<(typeof sectionFields)[number], string>;

/**
 * The whole index, as the build computes it before cutting it into shards (never published as one file):
 * categories, pages, sections and an inverted index as MiniSearch would build it (terms, per-field frequencies
 * and lengths) over two kinds of documents: pages (what a page says of itself) and heading sections (what it says
 * under each heading). `stop`, `synonyms` and `stemmer` are the entry's (`LocalIndexEntry`).
 */
export interface LocalIndexFile {
  stop: string[];
  synonyms: string[][];
  stemmer: string | null;
  categories: string[];
  pages: LocalPage[];
  sections: LocalSection[];
  /** Indexed words per page and page field, flattened (`pageFields.length` numbers per page). */
  pageLengths: number[];
  /** Indexed words per section and section field, flattened (`sectionFields.length` numbers per section). */
  sectionLengths: number[];
  /** Mean length of each field (`fields` order) over its documents. */
  averages: number[];
  /** Every indexed word, folded, in code-unit order. */
  terms: string[];
  /**
   * Per term, the length of its stem as one character (`String.fromCharCode(48 + length)`); `0` (length 0)
   * where the stem is not a prefix of the word or is too short to match by (see `minStemLength`). Empty without
   * a stemmer.
   */
  stems: string;
  /**
   * Per term, per field: field id (position in `fields`), entry count, then the entries: a positive number is
   * the gap to the next document of that field's kind (page or section, from -1), a 0 adds one more occurrence
   * to the document before it.
   */
  postings: number[][];
}

/** Text blocks of each section of one page, in section order. */
export type LocalTextShard = string[][];

/** The length of a stem as `LocalIndexFile.stems` encodes it. */
export const encodeStemLength = (length: number) => String.fromCharCode(48 + length);
export const decodeStemLength = (stems: string, term: number) => stems.charCodeAt(term) - 48;
