import { hash as oneShotHash } from 'node:crypto';
import { searchDirOf } from '../shared/urls';
import { LocalIndexWriter } from './local-index-writer';
import { type PagePart, PagePartMaker } from './page-part';
import type { RecordOptions, SearchPage } from './records';
import type { SearchWords } from './search-words';
import type { ShardSizes } from './shard-packer';
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

/** Where the search files go, by path relative to the output folder: whole files, and `records.json` in pieces. */
export interface SearchFileSink {
  file(path: string, contents: string): Promise<void>;
  /** Adds a piece at the end of a file (its first piece makes it). */
  append(path: string, piece: string | Uint8Array): Promise<void>;
  /** A file that depends on `key` alone, kept from the previous build when its key is the same (a build's sink). */
  keyed?(path: string, key: string, contents: () => string): Promise<void>;
}

/** `records.json` is appended in pieces of about this many characters. */
const recordPieceChars = 1024 * 1024;

/**
 * Writes every search file of a site into `sink` from a stream of its pages, holding one page at a time: the local
 * index (`local-index.json`, its shards and a text file per page, see local-index-writer.ts), the stemmer module
 * of its language, and `records.json` (what `docs-it index` pushes: the same bytes as one `JSON.stringify` of
 * every record), appended as the pages come. Returns how many records it wrote.
 */
export async function writeSearchFiles(
  pages: AsyncIterable<SearchPage> | Iterable<SearchPage>,
  input: Omit<SearchInput, 'pages'>,
  sink: SearchFileSink,
  sizes?: ShardSizes,
): Promise<{ records: number; held: () => ReturnType<LocalIndexWriter['held']> }> {
  const maker = new PagePartMaker(input.words.stopWords);
  async function* parts() {
    for await (const page of pages) yield maker.partOf(page, input.options);
  }
  return writeSearchParts(parts(), input, sink, sizes);
}

/** `writeSearchFiles` from the pages' parts (page-part.ts), each made or kept from an earlier build. */
export async function writeSearchParts(
  parts: AsyncIterable<PagePart> | Iterable<PagePart>,
  input: Omit<SearchInput, 'pages'>,
  sink: SearchFileSink,
  sizes?: ShardSizes,
): Promise<{ records: number; held: () => ReturnType<LocalIndexWriter['held']> }> {
  const dir = searchDirOf(input.options.baseUrl);
  const recordsFile = recordsFileOf(input.options.baseUrl);
  const { stemmer } = input.words;
  let stem: { file: string; source: string; stem: (word: string) => string } | undefined;
  if (stemmer) {
    const source = await stemmerSource(stemmer);
    const file = `stemmer.${oneShotHash('sha1', source, 'hex').slice(0, 8)}.js`;
    stem = { file, source, stem: await loadStemmer(stemmer) };
  }
  const keyed = sink.keyed?.bind(sink);
  const index = new LocalIndexWriter(input.words, (file, json) => sink.file(`${dir}${file}`, json), stem, sizes, {
    keyed: keyed && ((file, key, contents) => keyed(`${dir}${file}`, key, contents)),
  });
  let count = 0;
  // The pieces of `records.json` not yet handed on: kept parts' records are bytes, made ones' strings.
  let pieces: (string | Uint8Array)[] = ['['];
  let pieceBytes = 1;
  const flush = async (last: string) => {
    pieces.push(last);
    // Strings side by side are encoded together: one `Buffer.from` per run, not per page.
    const bytes: Uint8Array[] = [];
    let run = '';
    for (const p of pieces) {
      if (typeof p === 'string') run += p;
      else {
        if (run) bytes.push(Buffer.from(run));
        run = '';
        bytes.push(p);
      }
    }
    if (run) bytes.push(Buffer.from(run));
    await sink.append(recordsFile, bytes.length === 1 ? bytes[0]! : Buffer.concat(bytes));
    pieces = [];
    pieceBytes = 0;
  };
  for await (const part of parts) {
    if (count > 0) pieces.push(',');
    pieces.push(part.records);
    pieceBytes += part.records.length + 1;
    count += part.recordCount;
    if (pieceBytes >= recordPieceChars) await flush('');
    await index.addPart(part);
  }
  await flush(']');
  await index.end();
  if (stem) await sink.file(`${dir}${stem.file}`, stem.source);
  return { records: count, held: () => index.held() };
}

/** Search files kept in memory (`dev` serves them so; tests and benchmarks read them): appended ones as bytes. */
export function memorySink() {
  const files = new Map<string, string | Uint8Array>();
  const pieces = new Map<string, Buffer[]>();
  return {
    file: async (file: string, contents: string | Uint8Array) => void files.set(file, contents),
    append: async (file: string, piece: string | Uint8Array) => {
      if (!pieces.has(file)) pieces.set(file, []);
      pieces.get(file)!.push(Buffer.from(piece));
    },
    /** Every file written so far, by path. */
    files(): Map<string, string | Uint8Array> {
      const all = new Map(files);
      for (const [file, parts] of pieces) all.set(file, Buffer.concat(parts));
      return all;
    },
  };
}

/**
 * Every search file of a site, in memory (the benchmarks, tests): the files of `writeSearchFiles` by output path,
 * `records.json` as bytes.
 */
export async function searchFiles(
  input: SearchInput,
  sizes?: ShardSizes,
): Promise<{ files: Map<string, string>; recordsJson: { file: string; bytes: Uint8Array }; records: number }> {
  const sink = memorySink();
  const { records } = await writeSearchFiles(input.pages, input, sink, sizes);
  const recordsFile = recordsFileOf(input.options.baseUrl);
  const all = sink.files();
  const bytes = all.get(recordsFile) as Uint8Array;
  all.delete(recordsFile);
  return { files: all as Map<string, string>, recordsJson: { file: recordsFile, bytes }, records };
}
