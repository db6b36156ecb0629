/*
 * The local search index as the build writes it and the browser reads it. Two kinds of files:
 * - `local-index.json`: categories, pages, sections and a MiniSearch inverted index with its posting
 *   lists delta-encoded (far smaller than MiniSearch's own JSON, and gzip does the rest);
 * - one `text/<page>.<hash>.json` per page: the text blocks of each section, fetched only for pages that
 *   appear in results, so the first download holds no body text.
 */
import type { AsPlainObject, Options } from 'minisearch';
import { indexTerm, tokenize } from './text-terms';

export const localIndexVersion = 1;

/** A page: route path, category (index into `categories`), title (lvl1), file name of its text shard. */
export type LocalPage = [url: string, category: number, title: string, textFile: string];

/** A heading section: page index, anchor ('' for text above the first heading), headings lvl2… (null for skipped levels). */
export type LocalSection = [page: number, anchor: string, headings: (string | null)[]];

export interface LocalIndexFile {
  v: typeof localIndexVersion;
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

/** Options shared by the index builder and the browser: the same terms on both sides. */
export const miniSearchOptions: Options<SectionDocument> = {
  fields: [...fields],
  idField: 'id',
  tokenize,
  processTerm: indexTerm,
};

/** Compact form of a MiniSearch index whose document ids are 0…n-1 in insertion order. */
export function encodeIndex(js: AsPlainObject): Pick<LocalIndexFile, 'lengths' | 'averages' | 'terms' | 'postings'> {
  const lengths: number[] = [];
  for (let id = 0; id < js.documentCount; id++) {
    const row = js.fieldLength[String(id)];
    for (let f = 0; f < fields.length; f++) lengths.push(row?.[f] ?? 0);
  }
  const terms: string[] = [];
  const postings: number[][] = [];
  const entries = [...js.index].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  for (const [term, byField] of entries) {
    const list: number[] = [];
    for (const [fieldId, freqs] of Object.entries(byField)) {
      const ids = Object.keys(freqs as Record<string, number>)
        .map(Number)
        .sort((a, b) => a - b);
      const encoded: number[] = [];
      let previous = -1;
      for (const id of ids) {
        encoded.push(id - previous);
        for (let extra = (freqs as Record<string, number>)[id]! - 1; extra > 0; extra--) encoded.push(0);
        previous = id;
      }
      list.push(Number(fieldId), encoded.length, ...encoded);
    }
    terms.push(term);
    postings.push(list);
  }
  return { lengths, averages: js.averageFieldLength.map((n) => Math.round(n * 1000) / 1000), terms, postings };
}

/** The MiniSearch plain object of a local index file, ready for `MiniSearch.loadJS`. */
export function decodeIndex(file: LocalIndexFile): AsPlainObject {
  const count = file.sections.length;
  const documentIds: Record<string, number> = {};
  const fieldLength: Record<string, number[]> = {};
  const storedFields: Record<string, object> = {};
  for (let id = 0; id < count; id++) {
    documentIds[id] = id;
    fieldLength[id] = file.lengths.slice(id * fields.length, (id + 1) * fields.length);
  }
  const index: AsPlainObject['index'] = [];
  file.terms.forEach((term, t) => {
    const list = file.postings[t]!;
    const byField: Record<string, Record<string, number>> = {};
    for (let i = 0; i < list.length; ) {
      const fieldId = list[i++]!;
      const n = list[i++]!;
      const freqs: Record<string, number> = {};
      let id = -1;
      for (const end = i + n; i < end; i++) {
        const entry = list[i]!;
        if (entry === 0) freqs[id]!++;
        else freqs[(id += entry)] = 1;
      }
      byField[fieldId] = freqs;
    }
    index.push([term, byField]);
  });
  return {
    documentCount: count,
    nextId: count,
    documentIds,
    fieldIds: Object.fromEntries(fields.map((f, i) => [f, i])),
    fieldLength,
    averageFieldLength: file.averages,
    storedFields,
    dirtCount: 0,
    index,
    serializationVersion: 2,
  };
}
