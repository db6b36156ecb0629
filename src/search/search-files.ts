import { stopWordsOf } from '../shared/search/stop-words';
import { searchDirOf } from '../shared/urls';
import { buildLocalIndex } from './local-index';
import { extractSearchRecords, type RecordOptions, type SearchPage } from './records';

/** What the search files are made from: every searchable page, and what every record says of the site. */
export interface SearchInput {
  pages: SearchPage[];
  options: RecordOptions;
  baseUrl: string;
}

/** The records file `docs-it index` pushes, relative to the output folder. */
export const recordsFileOf = (baseUrl: string) => `${searchDirOf(baseUrl)}records.json`;

/**
 * Every search file of a site, by output path: `records.json` (what `docs-it index` pushes), the local
 * index `local-index.json` and one text shard per page under `text/`.
 */
export function searchFiles(input: SearchInput): { files: Map<string, string>; records: number } {
  const dir = searchDirOf(input.baseUrl);
  const records = extractSearchRecords(input.pages, input.options);
  const local = buildLocalIndex(records, stopWordsOf(input.options.lang));
  const files = new Map<string, string>([
    [recordsFileOf(input.baseUrl), JSON.stringify(records)],
    [`${dir}local-index.json`, JSON.stringify(local.index)],
  ]);
  for (const shard of local.shards) files.set(`${dir}text/${shard.file}`, JSON.stringify(shard.text));
  return { files, records: records.length };
}
