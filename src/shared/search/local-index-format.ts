/*
 * The local search index as the build writes it and the browser reads it. Three kinds of files:
 * - `local-index.json`: categories, pages, sections, the words the site's search treats specially (stop words,
 *   synonyms) and an inverted index as MiniSearch would build it (terms, per-field frequencies and lengths) over
 *   two kinds of documents: pages (what a page says of itself) and heading sections (what it says under each
 *   heading). Posting lists are delta-encoded: far smaller than MiniSearch's own JSON, and gzip does the rest;
 * - one `text/<page>.<hash>.json` per page: the text blocks of each section, fetched only for pages that
 *   appear in results, so the first download holds no body text;
 * - `stemmer.<hash>.js`, for a language with a stemmer: the module the index's words were stemmed with, which
 *   the browser imports to stem queries the same way.
 */
export const localIndexVersion = 3;

/**
 * A page: route path, category (index into `categories`), title (lvl1), file name of its text shard, and its
 * weight (docs over other pages over blog posts, see `pageWeightOf`).
 */
export type LocalPage = [url: string, category: number, title: string, textFile: string, weight: number];

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

export interface LocalIndexFile {
  v: typeof localIndexVersion;
  /** Words left out of the index (the site language's stop words): a query leaves them out too. */
  stop: string[];
  /** Groups of words (folded) each of which also finds the others: the config's `search.synonyms`. */
  synonyms: string[][];
  /** The stemmer module beside this file, or null: the site's language has none and words match as written. */
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
