/*
 * MiniSearch itself, configured as the local index is built: the reference the build's indexer
 * (src/search/local-index.ts) is checked against, one MiniSearch index per kind of document (pages, sections).
 */
import MiniSearch, { type AsPlainObject } from 'minisearch';
import {
  type LocalIndexFile,
  type PageDocument,
  pageFields,
  type SectionDocument,
  sectionFields,
} from '../src/shared/search/local-index-format';
import { stopWordsOf } from '../src/shared/search/stop-words';
import { termIndexer, tokenize } from '../src/shared/search/text-terms';

/** The test records are Italian: the site's own stop words. */
export const referenceStopWords = stopWordsOf('it');

function referenceIndex<D extends object>(documents: readonly D[], fields: readonly string[]): AsPlainObject {
  const search = new MiniSearch<D & { id: number }>({
    fields: [...fields],
    idField: 'id',
    tokenize,
    processTerm: termIndexer(referenceStopWords),
  });
  search.addAll(documents.map((doc, id) => ({ ...doc, id })));
  return search.toJSON();
}

/** MiniSearch's own indexes of the documents, in the compact encoding of the local index. */
export function referenceEncoding(
  pages: readonly PageDocument[],
  sections: readonly SectionDocument[],
): Pick<LocalIndexFile, 'pageLengths' | 'sectionLengths' | 'averages' | 'terms' | 'postings'> {
  const kinds = [
    { js: referenceIndex(pages, pageFields), fields: pageFields.length, offset: 0 },
    { js: referenceIndex(sections, sectionFields), fields: sectionFields.length, offset: pageFields.length },
  ];
  const lengthsOf = ({ js, fields }: (typeof kinds)[number]) => {
    const lengths: number[] = [];
    for (let id = 0; id < js.documentCount; id++) {
      const row = js.fieldLength[String(id)];
      for (let f = 0; f < fields; f++) lengths.push(row?.[f] ?? 0);
    }
    return lengths;
  };
  const byTerm = new Map<string, number[]>();
  for (const { js, offset } of kinds) {
    for (const [term, byField] of js.index) {
      const list = byTerm.get(term) ?? [];
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
        list.push(offset + Number(fieldId), encoded.length, ...encoded);
      }
      byTerm.set(term, list);
    }
  }
  const terms = [...byTerm.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    pageLengths: lengthsOf(kinds[0]!),
    sectionLengths: lengthsOf(kinds[1]!),
    averages: kinds.flatMap(({ js }) => js.averageFieldLength),
    terms,
    postings: terms.map((term) => byTerm.get(term)!),
  };
}
