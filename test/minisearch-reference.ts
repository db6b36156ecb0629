/*
 * MiniSearch itself, configured as the local index is built and queried: the reference the build's
 * indexer (src/search/local-index.ts) and the browser's ranker (src/client/search/section-ranker.ts) are
 * checked against.
 */
import MiniSearch, { type AsPlainObject, type Options, type SearchOptions } from 'minisearch';
import { fieldBoosts, typosAllowed } from '../src/client/search/section-ranker';
import { fields, type LocalIndexFile, type SectionDocument } from '../src/shared/search/local-index-format';
import { stopWordsOf } from '../src/shared/search/stop-words';
import { termIndexer, tokenize } from '../src/shared/search/text-terms';

/** The test records are Italian: the site's own stop words. */
export const referenceStopWords = stopWordsOf('it');

export const miniSearchOptions: Options<SectionDocument> = {
  fields: [...fields],
  idField: 'id',
  tokenize,
  processTerm: termIndexer(referenceStopWords),
};

/** MiniSearch's search options equivalent to the ranker's. */
export const referenceSearchOptions = (sectionBoost: ArrayLike<number>, combineWith: 'AND' | 'OR'): SearchOptions => ({
  prefix: (_term, i, all) => i === all.length - 1,
  fuzzy: (term) => typosAllowed(term) || false,
  boost: fieldBoosts,
  boostDocument: (id: number) => sectionBoost[id] ?? 1,
  combineWith,
});

export function referenceIndex(documents: SectionDocument[]): MiniSearch<SectionDocument> {
  const search = new MiniSearch<SectionDocument>(miniSearchOptions);
  search.addAll(documents);
  return search;
}

/** The compact form of MiniSearch's own serialization (document ids 0…n-1 in insertion order). */
export function encodeIndex(js: AsPlainObject): Pick<LocalIndexFile, 'lengths' | 'averages' | 'terms' | 'postings'> {
  const lengths: number[] = [];
  for (let id = 0; id < js.documentCount; id++) {
    const row = js.fieldLength[String(id)];
    for (let f = 0; f < fields.length; f++) lengths.push(row?.[f] ?? 0);
  }
  const entries = [...js.index].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const postings = entries.map(([, byField]) => {
    const list: number[] = [];
    for (const [fieldId, freqs] of Object.entries(byField as Record<string, Record<string, number>>)) {
      const encoded: number[] = [];
      let previous = -1;
      for (const id of Object.keys(freqs)
        .map(Number)
        .sort((a, b) => a - b)) {
        encoded.push(id - previous);
        for (let extra = freqs[id]! - 1; extra > 0; extra--) encoded.push(0);
        previous = id;
      }
      list.push(Number(fieldId), encoded.length, ...encoded);
    }
    return list;
  });
  return { lengths, averages: js.averageFieldLength, terms: entries.map(([term]) => term), postings };
}
