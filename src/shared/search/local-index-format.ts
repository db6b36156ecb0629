/*
 * The local search index as the build writes it and the browser reads it. Two kinds of files:
 * - `local-index.json`: categories, pages, sections and an inverted index as MiniSearch builds it (terms,
 *   per-field frequencies and lengths), its posting lists delta-encoded: far smaller than MiniSearch's own
 *   JSON, and gzip does the rest;
 * - one `text/<page>.<hash>.json` per page: the text blocks of each section, fetched only for pages that
 *   appear in results, so the first download holds no body text.
 */
export const localIndexVersion = 2;

/** A page: route path, category (index into `categories`), title (lvl1), file name of its text shard. */
export type LocalPage = [url: string, category: number, title: string, textFile: string];

/**
 * A heading section: page index, anchor ('' for text above the first heading), headings lvl2… (null for skipped
 * levels).
 */
export type LocalSection = [page: number, anchor: string, headings: (string | null)[]];

export interface LocalIndexFile {
  v: typeof localIndexVersion;
  /** Words left out of the index (the site language's stop words): a query leaves them out too. */
  stop: string[];
  categories: string[];
  pages: LocalPage[];
  sections: LocalSection[];
  /** Indexed words per section and field, flattened (`fields.length` numbers per section). */
  lengths: number[];
  averages: number[];
  terms: string[];
  /**
   * Per term, per field: field id, entry count, then the entries: a positive number is the gap to the next
   * section id (from -1), a 0 adds one more occurrence to the section before it.
   */
  postings: number[][];
}

/** Text blocks of each section of one page, in section order. */
export type LocalTextShard = string[][];

/** The fields of a section document: category, title, headings (lvl2–lvl6), body text. */
export const fields = ['k', 't', 'h', 'c'] as const;
export type SectionDocument = Record<(typeof fields)[number], string> & { id: number };
