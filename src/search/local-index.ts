import { hash as oneShotHash } from 'node:crypto';
import {
  fields,
  type LocalIndexFile,
  type LocalPage,
  type LocalSection,
  type LocalTextShard,
  localIndexVersion,
  type SectionDocument,
} from '../shared/search/local-index-format';
import { termIndexer, tokenize } from '../shared/search/text-terms';
import type { SearchRecord } from './records';

export interface LocalIndex {
  index: LocalIndexFile;
  /** One text shard per page, named as `index.pages[i][3]`. */
  shards: { file: string; text: LocalTextShard }[];
}

const headingsOf = (r: SearchRecord) => {
  const levels = [r.hierarchy_lvl2, r.hierarchy_lvl3, r.hierarchy_lvl4, r.hierarchy_lvl5, r.hierarchy_lvl6];
  while (levels.length && levels[levels.length - 1] === null) levels.pop();
  return levels;
};

/** The local index of the records (in page order, as extracted): one MiniSearch document per heading section. */
export function buildLocalIndex(records: SearchRecord[], stopWords: readonly string[]): LocalIndex {
  const categories: string[] = [];
  const pages: LocalPage[] = [];
  const sections: LocalSection[] = [];
  const documents: SectionDocument[] = [];
  const texts: LocalTextShard[] = [];
  let page = -1;
  let url: string | undefined;
  for (const r of records) {
    if (r.url !== url) {
      url = r.url;
      let category = categories.indexOf(r.hierarchy_lvl0);
      if (category < 0) category = categories.push(r.hierarchy_lvl0) - 1;
      page = pages.push([r.url, category, r.hierarchy_lvl1, '']) - 1;
      texts.push([]);
    }
    if (r.type !== 'content' || documents.length === 0 || sections[sections.length - 1]![0] !== page) {
      const headings = headingsOf(r);
      const id = sections.push([page, r.anchor ?? '', headings]) - 1;
      documents.push({ id, k: r.hierarchy_lvl0, t: r.hierarchy_lvl1, h: headings.filter(Boolean).join(' '), c: '' });
      texts[page]!.push([]);
    }
    if (r.content !== null) {
      const doc = documents[documents.length - 1]!;
      doc.c = doc.c ? `${doc.c}\n${r.content}` : r.content;
      const shard = texts[page]!;
      shard[shard.length - 1]!.push(r.content);
    }
  }
  const shards = texts.map((text, i) => {
    const json = JSON.stringify(text);
    const file = `${i}.${oneShotHash('sha1', json, 'hex').slice(0, 8)}.json`;
    pages[i]![3] = file;
    return { file, text };
  });
  const index: LocalIndexFile = {
    v: localIndexVersion,
    stop: [...stopWords],
    categories,
    pages,
    sections,
    ...indexSections(documents, stopWords),
  };
  return { index, shards };
}

/**
 * The inverted index of the section documents, exactly as MiniSearch builds it with `miniSearchOptions`
 * (field length = distinct words, term frequencies per field) but written straight into the compact
 * encoding: several times faster than `addAll` + `toJSON` + re-encoding, which large sites feel.
 */
export function indexSections(
  documents: SectionDocument[],
  stopWords: readonly string[],
): Pick<LocalIndexFile, 'lengths' | 'averages' | 'terms' | 'postings'> {
  const indexTerm = termIndexer(stopWords);
  const lengths: number[] = [];
  // A running mean, computed as MiniSearch does (so the scores agree to the last bit).
  const averages = fields.map(() => 0);
  /** Per term and field: the encoded entries and the last section id written. */
  const postings = new Map<string, { encoded: number[]; last: number }[]>();
  documents.forEach((doc, id) => {
    fields.forEach((field, f) => {
      const words = tokenize(doc[field]);
      const length = new Set(words).size;
      lengths.push(length);
      averages[f] = (averages[f]! * id + length) / (id + 1);
      for (const word of words) {
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
  const terms = [...postings.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    lengths,
    averages,
    terms,
    postings: terms.map((term) =>
      postings.get(term)!.flatMap((list, f) => (list ? [f, list.encoded.length, ...list.encoded] : [])),
    ),
  };
}
