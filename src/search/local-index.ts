import {
  encodeStemLength,
  fields,
  type LocalIndexFile,
  type LocalPage,
  type LocalSection,
  type LocalTextShard,
  type PageDocument,
  pageFields,
  type SectionDocument,
  sectionFields,
} from '../shared/search/local-index-format';
import { minStemLength, type Stem } from '../shared/search/stemmers';
import { termIndexer, tokenize } from '../shared/search/text-terms';
import { pageWeightOfRecord, type SearchRecord } from './records';
import type { SearchWords } from './search-words';

export interface LocalIndex {
  index: LocalIndexFile;
  /** Per page, the text blocks of each of its sections. */
  texts: LocalTextShard[];
}

const headingsOf = (r: SearchRecord) => {
  const levels = [r.hierarchy_lvl2, r.hierarchy_lvl3, r.hierarchy_lvl4, r.hierarchy_lvl5, r.hierarchy_lvl6];
  while (levels.length && levels[levels.length - 1] === null) levels.pop();
  return levels;
};

/**
 * The local index of the records (in page order, as extracted): one page document per page (from its title
 * record) and one section document per heading section, whole (`shardLocalIndex` cuts it into the published
 * files). `stemmer` names the module file written beside the index and stems its words.
 */
export function buildLocalIndex(
  records: SearchRecord[],
  words: SearchWords,
  stemmer?: { file: string; stem: Stem },
): LocalIndex {
  const categories: string[] = [];
  const pages: LocalPage[] = [];
  const sections: LocalSection[] = [];
  const pageDocuments: PageDocument[] = [];
  const sectionDocuments: SectionDocument[] = [];
  const texts: LocalTextShard[] = [];
  let page = -1;
  let url: string | undefined;
  for (const r of records) {
    if (r.url !== url) {
      url = r.url;
      let category = categories.indexOf(r.hierarchy_lvl0);
      if (category < 0) category = categories.push(r.hierarchy_lvl0) - 1;
      page = pages.push([r.url, category, r.hierarchy_lvl1, pageWeightOfRecord(r)]) - 1;
      pageDocuments.push({ k: r.hierarchy_lvl0, t: r.hierarchy_lvl1, m: r.keywords ?? '', d: r.description ?? '' });
      texts.push([]);
    }
    if (r.type !== 'content' || sections.length === 0 || sections[sections.length - 1]![0] !== page) {
      const headings = headingsOf(r);
      sections.push([page, r.anchor ?? '', headings]);
      const present = headings.filter((h): h is string => h !== null);
      // A text block before any heading of its page belongs to the page's top (no heading of its own).
      const own = r.type === 'content' || r.type === 'lvl1' ? '' : (present.pop() ?? '');
      sectionDocuments.push({ h: own, p: present.join(' '), c: '' });
      texts[page]!.push([]);
    }
    if (r.content !== null) {
      const doc = sectionDocuments[sectionDocuments.length - 1]!;
      doc.c = doc.c ? `${doc.c}\n${r.content}` : r.content;
      const shard = texts[page]!;
      shard[shard.length - 1]!.push(r.content);
    }
  }
  const inverted = indexDocuments(pageDocuments, sectionDocuments, words.stopWords);
  const index: LocalIndexFile = {
    stop: [...words.stopWords],
    synonyms: words.synonyms,
    stemmer: stemmer?.file ?? null,
    categories,
    pages,
    sections,
    ...inverted,
    stems: stemmer ? stemLengths(inverted.terms, stemmer.stem) : '',
  };
  return { index, texts };
}

/** `LocalIndexFile.stems` of the terms. */
export function stemLengths(terms: readonly string[], stem: Stem): string {
  return terms
    .map((term) => {
      const stemmed = stem(term);
      return encodeStemLength(stemmed.length >= minStemLength && term.startsWith(stemmed) ? stemmed.length : 0);
    })
    .join('');
}

/**
 * The inverted index of the page and section documents, exactly as MiniSearch builds it over each kind with its
 * fields (field length = distinct words, term frequencies per field) but written straight into the compact
 * encoding: several times faster than `addAll` + `toJSON` + re-encoding, which large sites feel.
 */
export function indexDocuments(
  pageDocuments: readonly PageDocument[],
  sectionDocuments: readonly SectionDocument[],
  stopWords: readonly string[],
): Pick<LocalIndexFile, 'pageLengths' | 'sectionLengths' | 'averages' | 'terms' | 'postings'> {
  const indexTerm = termIndexer(stopWords);
  // A running mean per field, computed as MiniSearch does (so the figures agree to the last bit).
  const averages = fields.map(() => 0);
  /** Per term and field: the encoded entries and the last document written. */
  const postings = new Map<string, { encoded: number[]; last: number }[]>();
  const add = <F extends string>(
    documents: readonly Record<F, string>[],
    names: readonly F[],
    offset: number,
  ): number[] => {
    const lengths: number[] = [];
    documents.forEach((doc, id) => {
      names.forEach((name, i) => {
        const f = offset + i;
        const found = tokenize(doc[name]);
        const length = new Set(found).size;
        lengths.push(length);
        averages[f] = (averages[f]! * id + length) / (id + 1);
        for (const word of found) {
          const term = indexTerm(word);
          if (!term) continue;
          let byField = postings.get(term);
          if (!byField) {
            byField = [];
            postings.set(term, byField);
          }
          byField[f] ??= { encoded: [], last: -1 };
          const list = byField[f];
          list.encoded.push(list.last === id ? 0 : id - list.last);
          list.last = id;
        }
      });
    });
    return lengths;
  };
  const pageLengths = add(pageDocuments, pageFields, 0);
  const sectionLengths = add(sectionDocuments, sectionFields, pageFields.length);
  const terms = [...postings.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    pageLengths,
    sectionLengths,
    averages,
    terms,
    postings: terms.map((term) =>
      postings.get(term)!.flatMap((list, f) => (list ? [f, list.encoded.length, ...list.encoded] : [])),
    ),
  };
}
