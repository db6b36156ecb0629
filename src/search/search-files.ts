import { hash as oneShotHash } from 'node:crypto';
import { searchDirOf } from '../shared/urls';
import { buildLocalIndex } from './local-index';
import { shardLocalIndex } from './local-index-shards';
import { extractSearchRecords, type RecordOptions, type SearchPage } from './records';
import type { SearchWords } from './search-words';
import { loadStemmer, stemmerSource } from './stemmer';

/** What the search files are made from: every searchable page, what every record says of the site, its words. */
export interface SearchInput {
  pages: SearchPage[];
  options: RecordOptions;
  words: SearchWords;
}

/** The records file `docs-it index` pushes, relative to the output folder. */
export const recordsFileOf = (baseUrl: string) => `${searchDirOf(baseUrl)}records.json`;

/**
 * Every search file of a site, by output path: `records.json` (what `docs-it index` pushes), the local index
 * (`local-index.json` and its shards, see local-index-format.ts) and the stemmer module of its language.
 */
export async function searchFiles(input: SearchInput): Promise<{ files: Map<string, string>; records: number }> {
  const dir = searchDirOf(input.options.baseUrl);
  const records = extractSearchRecords(input.pages, input.options);
  const { stemmer } = input.words;
  let stem: { file: string; source: string; stem: (word: string) => string } | undefined;
  if (stemmer) {
    const source = await stemmerSource(stemmer);
    const file = `stemmer.${oneShotHash('sha1', source, 'hex').slice(0, 8)}.js`;
    stem = { file, source, stem: await loadStemmer(stemmer) };
  }
  const local = buildLocalIndex(records, input.words, stem);
  const files = new Map<string, string>([[recordsFileOf(input.options.baseUrl), JSON.stringify(records)]]);
  for (const [file, json] of shardLocalIndex(local.index, local.texts)) files.set(`${dir}${file}`, json);
  if (stem) files.set(`${dir}${stem.file}`, stem.source);
  return { files, records: records.length };
}
