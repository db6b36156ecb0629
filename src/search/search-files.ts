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

/** Characters of JSON per piece of `jsonArrayBytes`: far below the longest string V8 can hold (2^29 - 24). */
const jsonPieceChars = 16 * 1024 * 1024;

/**
 * `JSON.stringify(items)` as UTF-8 bytes, made piece by piece: the records of a site of 100,000 pages are about
 * 800 MB of JSON, longer than any string V8 can make, so one `JSON.stringify` of them throws.
 */
export function jsonArrayBytes(items: readonly unknown[], pieceChars = jsonPieceChars): Uint8Array {
  const pieces: Buffer[] = [];
  let parts: string[] = [];
  let chars = 0;
  const cut = () => {
    pieces.push(Buffer.from(parts.join('')));
    parts = [];
    chars = 0;
  };
  parts.push('[');
  items.forEach((item, i) => {
    const json = (i > 0 ? ',' : '') + JSON.stringify(item);
    parts.push(json);
    chars += json.length;
    if (chars >= pieceChars) cut();
  });
  parts.push(']');
  cut();
  return pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces);
}

/**
 * Every search file of a site, by output path: the local index (`local-index.json` and its shards, see
 * local-index-format.ts) and the stemmer module of its language in `files`; `records.json`, what `docs-it index`
 * pushes, as bytes (see `jsonArrayBytes`).
 */
export async function searchFiles(
  input: SearchInput,
): Promise<{ files: Map<string, string>; recordsJson: { file: string; bytes: Uint8Array }; records: number }> {
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
  const files = new Map<string, string>();
  for (const [file, json] of shardLocalIndex(local.index, local.texts)) files.set(`${dir}${file}`, json);
  if (stem) files.set(`${dir}${stem.file}`, stem.source);
  const recordsJson = { file: recordsFileOf(input.options.baseUrl), bytes: jsonArrayBytes(records) };
  return { files, recordsJson, records: records.length };
}
