import { hash as oneShotHash } from 'node:crypto';
import { searchDirOf } from '../shared/urls';
import { LocalIndexWriter } from './local-index-writer';
import { type PagePart, PagePartMaker } from './page-part';
import type { RecordOptions, SearchPage } from './records';
import { parseRecordsList, RecordsPieces, recordsDirOf, recordsJsonOf, recordsListOf } from './records-files';
import type { SearchWords } from './search-words';
import type { ShardSizes } from './shard-packer';
import { loadStemmer, stemmerSource, stemmerUrl } from './stemmer';

/** What the search files are made from: every searchable page, what every record says of the site, its words. */
export interface SearchInput {
  pages: SearchPage[];
  options: RecordOptions;
  words: SearchWords;
}

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

/** Where the search files go, by path relative to the output folder. */
export interface SearchFileSink {
  file(path: string, contents: string | Uint8Array): Promise<void>;
  /** A file that depends on `key` alone, kept from the previous build when its key is the same (a build's sink). */
  keyed?(path: string, key: string, contents: () => string | Uint8Array | Promise<string | Uint8Array>): Promise<void>;
  /** The previous build's file made from `key`, as text, when it is still as written (a build's sink). */
  previous?(path: string, key: string): string | undefined;
}

/**
 * What a build keeps of the search stage for the next one, besides each page's part (the cache folder's): the
 * index's state (`LocalIndexWriter.state`). A run's piece of the records is kept in the output (`RecordsPieces`),
 * and made again from its pages' parts when the output lost it.
 */
export interface SearchKeep {
  /** What the parts are made with (`stages.searchPartsKey`): a state made under other settings is not taken. */
  settings: string;
  saveState(bytes: Uint8Array): void;
}

/** A run of pages' records is cut after at most this many pages. */
const maxRunPages = 256;

/**
 * Whether a run of the records (a piece of them: records-files.ts) ends after the page at `url`, the run having
 * `length` pages: cut where the URL says (one page in 64, by a hash of it) so that a page added or removed moves only
 * its own run's cut, and the other runs are the same pages, their pieces kept from the previous build.
 */
export function endsRun(url: string, length: number): boolean {
  if (length >= maxRunPages) return true;
  // FNV-1a of the URL's code units.
  let hash = 0x811c9dc5;
  for (let i = 0; i < url.length; i++) hash = Math.imul(hash ^ url.charCodeAt(i), 0x01000193) >>> 0;
  return hash % 64 === 0;
}

/** The key of a run of pages' records: their parts' keys, in order. */
export const runKeyOf = (keys: readonly string[]) => oneShotHash('sha256', keys.join('\0'), 'base64url').slice(0, 32);

/** Bytes a run's buffer starts with: the records of 64 pages, the run's mean length, are about 0.5 MB. */
const runBufferBytes = 1024 * 1024;

/**
 * One run's records (`endsRun`) as UTF-8, each page's encoded into one buffer kept from run to run as it comes.
 * Holding the run's strings instead (and joining them at its end) kept every page's records alive across many
 * young-generation collections: promoted, they and the joined string were old-generation garbage that a build
 * whose heap is large (100,000 pages) collects only late, so the search stage's memory grew with the site.
 */
export class RunBytes {
  private buffer = Buffer.allocUnsafeSlow(runBufferBytes);
  private length = 0;

  /** Adds a piece at the end of the run. */
  add(piece: string | Uint8Array): void {
    // A UTF-16 code unit is at most 3 bytes of UTF-8 (a pair of surrogates, 4 bytes for 2 units).
    this.room(typeof piece === 'string' ? piece.length * 3 : piece.byteLength);
    if (typeof piece === 'string') this.length += this.buffer.write(piece, this.length);
    else {
      this.buffer.set(piece, this.length);
      this.length += piece.byteLength;
    }
  }

  /** The run's bytes, a copy of their own (the buffer is used again), and an empty run. */
  take(): Buffer {
    const bytes = Buffer.allocUnsafeSlow(this.length);
    this.buffer.copy(bytes, 0, 0, this.length);
    this.length = 0;
    return bytes;
  }

  private room(bytes: number): void {
    if (this.length + bytes <= this.buffer.byteLength) return;
    let size = this.buffer.byteLength * 2;
    while (size < this.length + bytes) size *= 2;
    const next = Buffer.allocUnsafeSlow(size);
    this.buffer.copy(next, 0, 0, this.length);
    this.buffer = next;
  }
}

async function stemmerOf(input: Omit<SearchInput, 'pages'>, known?: ReadonlyMap<string, string>) {
  const { stemmer } = input.words;
  if (!stemmer) return undefined;
  const source = await stemmerSource(stemmer);
  const file = `stemmer.${oneShotHash('sha1', source, 'hex').slice(0, 8)}.js`;
  return { file, source, stem: await loadStemmer(stemmer), url: stemmerUrl(stemmer), known };
}

/**
 * Writes every search file of a site into `sink` from a stream of its pages, holding one page at a time: the local
 * index (`local-index.json`, its shards and a text file per page, see local-index-writer.ts), the stemmer module
 * of its language, and the records `docs-it index` pushes, a piece a run of pages (records-files.ts), written as
 * the pages come. Returns how many records it wrote.
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

/** The index writer's sinks under the search folder. */
function writerSinks(dir: string, sink: SearchFileSink) {
  const keyed = sink.keyed?.bind(sink);
  const previous = sink.previous?.bind(sink);
  return {
    write: (file: string, json: string) => sink.file(`${dir}${file}`, json),
    sinks: {
      keyed: keyed && ((file: string, key: string, contents: () => string) => keyed(`${dir}${file}`, key, contents)),
      previous: previous && ((file: string, key: string) => previous(`${dir}${file}`, key)),
    },
  };
}

/**
 * `writeSearchFiles` from the pages' parts (page-part.ts), each made or kept from an earlier build. With `keep`,
 * each run of pages' records and the index's state are kept for the next build (`updateSearchFiles`); with
 * `stemmedAhead`, the words it holds are not stemmed again (see stems-ahead.ts).
 */
export async function writeSearchParts(
  parts: AsyncIterable<PagePart> | Iterable<PagePart>,
  input: Omit<SearchInput, 'pages'>,
  sink: SearchFileSink,
  sizes?: ShardSizes,
  keep?: SearchKeep,
  stemmedAhead?: ReadonlyMap<string, string>,
): Promise<{ records: number; held: () => ReturnType<LocalIndexWriter['held']> }> {
  const dir = searchDirOf(input.options.baseUrl);
  const stem = await stemmerOf(input, stemmedAhead);
  const { write, sinks } = writerSinks(dir, sink);
  const index = new LocalIndexWriter(input.words, write, stem, sizes, sinks);
  const pieces = new RecordsPieces(input.options.baseUrl, sink);
  let count = 0;
  // The current run's records (`endsRun`): kept parts' records are bytes, made ones' strings.
  const run = new RunBytes();
  let keys: string[] = [];
  let firstUrl = '';
  const endRun = async () => {
    const bytes = run.take();
    // A part without a key (tests, benchmarks) is no build's: nothing of its run is kept, its piece written whole.
    const key = keys.every(Boolean) ? runKeyOf(keys) : undefined;
    await pieces.add(firstUrl, bytes, key);
    keys = [];
  };
  try {
    for await (const part of parts) {
      if (keys.length > 0) run.add(',');
      else firstUrl = part.url;
      run.add(part.records);
      keys.push(part.key);
      count += part.recordCount;
      await index.addPart(part);
      if (endsRun(part.url, keys.length)) await endRun();
    }
    if (keys.length > 0) await endRun();
    await pieces.end(count);
    await index.end();
  } finally {
    // A stage that failed leaves no thread behind (`dev` goes on in the same process).
    index.close();
  }
  if (stem) await sink.file(`${dir}${stem.file}`, stem.source);
  if (keep) keep.saveState(index.state(keep.settings));
  return { records: count, held: () => index.held() };
}

/** Edited pages past this share of the site: the index is made again whole, faster than replacing them. */
const maxReplacedShare = 1 / 8;

/**
 * The search files of a build after edits, from the previous build's index state (`SearchKeep.saveState`): the
 * same files `writeSearchParts` makes of the same parts (test/search-parts), without reading the unchanged
 * pages' parts. `keys` are the pages' part keys in order; `partAt` gives a page's part (kept, or made: only edited
 * pages' are asked for, or a run's whose records the cache folder lacks), `previousPart` an edited page's part
 * before the edit, `keptPart` an unchanged page's (its text file is made again only if the output lost it).
 * Undefined, with nothing written, when the state cannot take the edits (another settings' state, pages added,
 * removed or moved, a page whose sections are added or removed, many pages edited): the caller then makes the
 * files whole.
 */
export async function updateSearchFiles(
  state: Uint8Array,
  keys: readonly string[],
  partAt: (page: number) => Promise<PagePart>,
  previousPart: (key: string) => PagePart | undefined,
  keptPart: (key: string) => PagePart | undefined,
  input: Omit<SearchInput, 'pages'>,
  sink: SearchFileSink,
  keep: SearchKeep,
  sizes?: ShardSizes,
): Promise<{ records: number } | undefined> {
  const dir = searchDirOf(input.options.baseUrl);
  const stem = await stemmerOf(input);
  const { write, sinks } = writerSinks(dir, sink);
  const index = LocalIndexWriter.ofState(state, keep.settings, input.words, write, stem, sizes, sinks);
  if (!index || index.counts().pages !== keys.length || keys.length === 0) return undefined;
  const previous = [...index.pageKeys()];
  const edited: number[] = [];
  keys.forEach((key, page) => {
    if (key !== previous[page]) edited.push(page);
  });
  if (edited.length > keys.length * maxReplacedShare) return undefined;
  const made = new Map<number, PagePart>();
  for (const page of edited) {
    const old = previousPart(previous[page]!);
    const part = await partAt(page);
    if (!old || !index.replacePart(page, old, part)) return undefined;
    made.set(page, part);
  }
  const partOf = async (page: number) => made.get(page) ?? (await partAt(page));

  const urls = index.pageUrls();
  const run = new RunBytes();
  const pieces = new RecordsPieces(input.options.baseUrl, sink);
  let first = 0;
  for (let page = 0; page < keys.length; page++) {
    if (!endsRun(urls[page]!, page - first + 1) && page + 1 < keys.length) continue;
    const [from, to] = [first, page];
    const runKey = runKeyOf(keys.slice(from, to + 1));
    // The run's records are made from its pages' parts only when the output lacks its piece (an edited page's run,
    // a piece lost): the other runs are kept unread.
    await pieces.addKeyed(urls[from]!, runKey, async () => {
      for (let p = from; p <= to; p++) {
        if (p > from) run.add(',');
        run.add((await partOf(p)).records);
      }
      return run.take();
    });
    first = page + 1;
  }
  await pieces.end(index.counts().records);
  await index.writeTexts((page) => {
    const part = made.get(page) ?? keptPart(keys[page]!);
    // The previous build's text file is gone (its output folder removed) and so is the page's part.
    if (!part) throw new Error(`search: the cache folder lost the search part of ${urls[page]}: build with --no-cache`);
    return part;
  });
  await index.end();
  if (stem) await sink.file(`${dir}${stem.file}`, stem.source);
  keep.saveState(index.state(keep.settings));
  return { records: index.counts().records };
}

/** Search files kept in memory (`dev` serves them so; tests and benchmarks read them): the records' pieces as bytes. */
export function memorySink() {
  const files = new Map<string, string | Uint8Array>();
  return {
    file: async (file: string, contents: string | Uint8Array) => void files.set(file, contents),
    /** Every file written so far, by path. */
    files: (): Map<string, string | Uint8Array> => new Map(files),
  };
}

/**
 * Every search file of a site, in memory (the benchmarks, tests): the files of `writeSearchFiles` by output path
 * but the records' (`records-files.ts`), and the records as the one JSON array their pieces make.
 */
export async function searchFiles(
  input: SearchInput,
  sizes?: ShardSizes,
): Promise<{ files: Map<string, string>; recordsJson: { bytes: Uint8Array; pieces: number }; records: number }> {
  const sink = memorySink();
  const { records } = await writeSearchFiles(input.pages, input, sink, sizes);
  const all = sink.files();
  const dir = recordsDirOf(input.options.baseUrl);
  const list = parseRecordsList(String(all.get(recordsListOf(input.options.baseUrl))));
  if (typeof list === 'string') throw new Error(`search: the records' list is ${list}`);
  const bytes = recordsJsonOf(list, (name) => Buffer.from(all.get(`${dir}${name}`)!));
  for (const file of [...all.keys()]) if (file.startsWith(dir)) all.delete(file);
  return { files: all as Map<string, string>, recordsJson: { bytes, pieces: list.pieces.length }, records };
}
