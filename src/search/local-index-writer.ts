/*
 * The local index made from a stream of pages (see local-index-format.ts for its files): each page's part
 * (page-part.ts: its documents' terms, its text) is indexed as the page comes and its text file written at once;
 * what is kept until the end is what the shards need of every document (its field lengths and codes, in typed
 * arrays) and the posting lists (a byte pool, postings-pool.ts). At the end the words are sorted and the term and
 * postings shards written as each fills. The files are those `buildLocalIndex` + `shardLocalIndex` make of the
 * whole index at once (test/search-stream).
 */
import { hash as oneShotHash } from 'node:crypto';
import {
  encodeStemLength,
  fields,
  type LocalIndexEntry,
  localIndexVersion,
  maxShardBytes,
  pageCode,
  pageFields,
  shardName,
  shardPaths,
  type TermShard,
} from '../shared/search/local-index-format';
import { minStemLength, type Stem } from '../shared/search/stemmers';
import { type FieldTerms, type PagePart, PagePartMaker } from './page-part';
import { ListScratch, PostingsPool } from './postings-pool';
import type { SearchRecord } from './records';
import { defaultShardSizes, PostingsPacker, type ShardSizes, TermPacker, TermShardCutter } from './shard-packer';
import { StemThread } from './stem-thread';

/** Where the writer puts a file, by path under the search folder. */
export type IndexFileSink = (file: string, json: string) => Promise<void>;
/** Where it puts a file that depends on `key` alone (see `GroupWriter.keyed`), by path under the search folder. */
export type KeyedFileSink = (file: string, key: string, contents: () => string) => Promise<void>;
/**
 * The last build's file made from `key`, by path under the search folder, when it is still as written
 * (`GroupWriter.previous`): undefined otherwise.
 */
export type PreviousFileSource = (file: string, key: string) => string | undefined;

/** The writer's sinks besides its plain one: for files kept by key, and the last build's files read back. */
export interface IndexSinks {
  keyed?: KeyedFileSink | undefined;
  previous?: PreviousFileSource | undefined;
}

/** `array`, or a copy of it twice as long (at least `length`) when it has room for fewer than `length` numbers. */
function withRoom<T extends Int32Array | Uint32Array | Float64Array>(array: T, length: number): T {
  if (length <= array.length) return array;
  const next = new (array.constructor as new (size: number) => T)(Math.max(array.length * 2, length));
  next.set(array);
  return next;
}

/** Numbers kept per document until the end, in one growing typed array. */
class Column {
  values: Uint32Array = new Uint32Array(1024);
  length = 0;
  /** The column's numbers, as a state file keeps them. */
  get used(): Uint32Array {
    return this.values.subarray(0, this.length);
  }
  static of(values: Uint32Array): Column {
    const column = new Column();
    column.values = values;
    column.length = values.length;
    return column;
  }
  push(value: number): void {
    this.values = withRoom(this.values, this.length + 1);
    this.values[this.length++] = value;
  }
}

/** A search file's key in the output (`KeyedFileSink`): a digest of its bytes. */
const digestOf = (json: string) => oneShotHash('sha1', json, 'base64url');

/** The first place among the first `length` of `sorted` whose number is not below `n`. */
function lowerBound(sorted: Int32Array, length: number, n: number): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < n) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The version of the state file's layout (`LocalIndexWriter.state`): a file of another is a miss. */
const stateVersion = 3;

/**
 * Numbers per term in `LocalIndexWriter.places`: its term shard's place among the last `end`'s (-1: in none), its
 * own place in that shard, the first of the shard's postings files holding its list, and how many more it runs over.
 */
const placeWidth = 4;

/** The state file's first line. */
interface StateHead {
  v: typeof stateVersion;
  settings: string;
  pages: number;
  sections: number;
  keys: string[];
  urls: string[];
  weights: number[];
  /** The terms by number (a number whose lists were all taken out stays, without lists). */
  terms: string[];
  /** See `PostingsPool.unused`. */
  unused: number;
  /** See `LocalIndexWriter.global`. */
  global: string;
  /** The last `end`'s term shards' keys, names and files' digests (see `LocalIndexWriter.shardFiles`). */
  shardKeys: string[];
  shardNames: string[];
  shardFiles: string[][];
  /** The byte lengths of the numbers' blocks, in `state`'s order. */
  blocks: number[];
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

function isStateHead(value: unknown): value is StateHead {
  if (typeof value !== 'object' || value === null) return false;
  const head = value as Record<keyof StateHead, unknown>;
  return (
    head.v === stateVersion &&
    typeof head.settings === 'string' &&
    isCount(head.pages) &&
    isCount(head.sections) &&
    isStrings(head.keys) &&
    isStrings(head.urls) &&
    Array.isArray(head.weights) &&
    head.weights.every((w) => typeof w === 'number') &&
    isStrings(head.terms) &&
    isCount(head.unused) &&
    typeof head.global === 'string' &&
    isStrings(head.shardKeys) &&
    isStrings(head.shardNames) &&
    head.shardNames.length === head.shardKeys.length &&
    Array.isArray(head.shardFiles) &&
    head.shardFiles.length === head.shardKeys.length &&
    head.shardFiles.every((digests) => isStrings(digests) && digests.length > 0) &&
    Array.isArray(head.blocks) &&
    head.blocks.length === 12 &&
    head.blocks.every(isCount)
  );
}

/**
 * The stemmer the index's words are stemmed with: its file beside the index, its function, its module (`url`, see
 * `stemmerUrl`) when a thread may stem the words (`StemThread`), and words it stemmed before the index was written
 * (`known`, see stems-ahead.ts), which neither the thread nor the index stems again.
 */
export interface IndexStemmer {
  file: string;
  stem: Stem;
  url?: string | undefined;
  known?: ReadonlyMap<string, string> | undefined;
}

/**
 * A writer starts a stem thread once this many words wait to be stemmed, then sends them in batches of `stemBatch`.
 * A thread's start costs about 55 ms of processor time (some 3,500 words' stemming without TurboFan), on the other
 * processor; the words' stemming it takes off is the build's thread's, its critical path (docs/measurements.md).
 */
const stemThreadFrom = 2048;
const stemBatch = 256;

/** A word's stem length as a term shard writes it (0: its stem is too short to match by, or not its prefix). */
function stemLengthOf(term: string, stemmed: string): string {
  return encodeStemLength(stemmed.length >= minStemLength && term.startsWith(stemmed) ? stemmed.length : 0);
}

/**
 * The last build's postings files of one term shard at a time, read back (`PreviousFileSource`) for the lists an edit
 * left alone: a shard encoded again for a touched word takes the others' text from them, neither decoding the lists
 * nor writing their numbers' digits (at 10,000 pages most of what such shards hold: common words' long lists).
 */
class PreviousPostings {
  private shard = '';
  /**
   * The last file read, by its shard and number (null: not as written, or gone): the next list taken starts in it
   * or after it (a shard's lists are in its words' order, and the words of a shard encoded again are in the same
   * order), so no other file is held (a shard of common words' lists has megabytes of them).
   */
  private file = -1;
  private text: string | null = null;

  constructor(private readonly read: PreviousFileSource | undefined) {}

  /**
   * The text of the list at place `place` of shard `name` (its postings files' digests `digests`, the term shard's
   * first), which runs from its file `first` to `last`: its pieces' numbers, joined. Undefined when a file is not
   * the last build's.
   */
  listText(name: string, digests: readonly string[], place: number, first: number, last: number): string | undefined {
    if (!this.read) return undefined;
    // A piece is `[place,numbers]`: only a piece opens a bracket, and a list has one piece in each of its files.
    const open = `[${place},`;
    let text: string | undefined;
    for (let k = first; k <= last; k++) {
      if (name !== this.shard || k !== this.file) {
        this.shard = name;
        this.file = k;
        this.text = this.read(shardPaths.postings(name, k), digests[k + 1]!) ?? null;
      }
      const file = this.text;
      if (file === null) return undefined;
      const start = file.indexOf(open);
      const end = start < 0 ? -1 : file.indexOf(']', start);
      if (end < 0) return undefined;
      const piece = file.slice(start + open.length, end);
      text = text === undefined ? piece : `${text},${piece}`;
    }
    return text;
  }
}

export interface LocalIndexWords {
  stopWords: readonly string[];
  synonyms: string[][];
}

export class LocalIndexWriter {
  private readonly stop: string[];
  private readonly terms = new Map<string, number>();
  /** Per term and field, its list in the pool plus one (0: none). */
  private termLists = new Int32Array(1024 * fields.length);
  private pool = new PostingsPool();
  private readonly pageLengths = new Column();
  private readonly sectionLengths = new Column();
  /** Per page, its weight (`pageWeightOf`); its title's words (its code without the weight). */
  private readonly pageWeights: number[] = [];
  private readonly pageCodes = new Column();
  /** Per page, its first section's number, its part's key and how many records it has. */
  private readonly pageSections = new Column();
  private readonly keys: string[] = [];
  private readonly recordCounts = new Column();
  /** Per section, its code without its page's weight (`sectionCode.encode` with one weight). */
  private readonly sectionCodes = new Column();
  private readonly pageOf = new Column();
  /** URLs of the pages, to name the page of a word too long for a shard. */
  private readonly urls: string[] = [];
  private pages = 0;
  private sections = 0;
  /** Per term, two lanes of the hash of its encoded list at the last `end` (`PostingsPacker.listHash`). */
  private termHashes = new Uint32Array(1024 * 2);
  /** Terms whose lists, or their documents' figures, changed since the last `end`: their hashes are stale. */
  private readonly touched = new Set<number>();
  /** The last `end`'s term shards: by key, their files' digests (the term shard's, then its postings files'). */
  private shardFiles = new Map<string, string[]>();
  /** The last `end`'s term shards' names, in their order. */
  private shardNames: string[] = [];
  /**
   * Per term, where the last `end` put its list (`placeWidth` numbers): a shard encoded again for another word takes
   * the text of a list the edits left alone from the last build's postings files, not from the pool.
   */
  private places = new Int32Array(0);
  /** What every list's encoding depended on at the last `end` ('' before one: every shard is encoded). */
  private global = '';
  /**
   * The words numbered since the last sent to the stem thread, in their order; undefined when the index stems at its
   * end (no stemmer module to start a thread with, a writer from a state, or after `end`).
   */
  private unsent: string[] | undefined;
  /** Per word sent (or to send) to the stem thread, in that order, its number. */
  private readonly sentIds = new Column();
  private stemThread: StemThread | undefined;

  constructor(
    words: LocalIndexWords,
    private readonly write: IndexFileSink,
    private readonly stemmer?: IndexStemmer,
    private readonly sizes: ShardSizes = defaultShardSizes,
    private readonly sinks: IndexSinks = {},
  ) {
    this.stop = [...words.stopWords];
    this.synonyms = words.synonyms;
    if (stemmer?.url) this.unsent = [];
  }

  private readonly synonyms: string[][];
  /** Makes the parts of pages given by their records (`addPage`). */
  private maker: PagePartMaker | undefined;

  /** Documents and files held so far (what the stream keeps grows with these, nothing else). */
  held(): { pages: number; sections: number; terms: number; poolBytes: number } {
    return { pages: this.pages, sections: this.sections, terms: this.terms.size, poolBytes: this.pool.bytes };
  }

  /**
   * The index as a file of the cache folder (`LocalIndexWriter.ofState` reads it back): a line of JSON (the
   * strings: pages' keys and URLs, the terms; the counts), then its numbers as they are in memory, so that a build
   * after an edit takes the index of the build before without reading each page's part. `settings` names what the
   * parts were made with (a state made under other settings is not taken). Call after `end`.
   */
  state(settings: string): Buffer {
    // Lists replaced by edits leave their slices in the pool: past a quarter of it, the pool is copied without them.
    if (this.pool.unused * 4 > this.pool.used) this.pool = this.pool.compacted(this.termLists);
    const pool = this.pool.snapshot();
    if (this.places.length < this.terms.size * placeWidth) {
      // Words numbered since the last `end` (none when called after it, as it should be) are in no shard yet.
      const places = new Int32Array(this.terms.size * placeWidth).fill(-1);
      places.set(this.places);
      this.places = places;
    }
    const blocks: ArrayBufferView[] = [
      this.pageLengths.used,
      this.sectionLengths.used,
      this.pageCodes.used,
      this.sectionCodes.used,
      this.pageOf.used,
      this.pageSections.used,
      this.recordCounts.used,
      this.termLists.subarray(0, this.terms.size * fields.length),
      pool.state,
      pool.pool,
      this.termHashes.subarray(0, this.terms.size * 2),
      this.places.subarray(0, this.terms.size * placeWidth),
    ];
    const head: StateHead = {
      v: stateVersion,
      settings,
      pages: this.pages,
      sections: this.sections,
      keys: this.keys,
      urls: this.urls,
      weights: this.pageWeights,
      terms: [...this.terms.keys()],
      unused: this.pool.unused,
      // A state saved with edits not yet ended (no `end` since `replacePart`) has stale hashes: none is trusted.
      global: this.touched.size ? '' : this.global,
      shardKeys: [...this.shardFiles.keys()],
      shardNames: this.shardNames,
      shardFiles: [...this.shardFiles.values()],
      blocks: blocks.map((block) => block.byteLength),
    };
    const headBytes = Buffer.from(`${JSON.stringify(head)}\n`);
    return Buffer.concat([headBytes, ...blocks.map((b) => Buffer.from(b.buffer, b.byteOffset, b.byteLength))]);
  }

  /**
   * The writer of the index a state file holds (`state`), to replace edited pages' parts in (`replacePart`) and end
   * again; undefined when the file is not a whole state made under `settings` (a miss: the index is made again).
   */
  static ofState(
    bytes: Uint8Array,
    settings: string,
    words: LocalIndexWords,
    write: IndexFileSink,
    stemmer?: IndexStemmer,
    sizes: ShardSizes = defaultShardSizes,
    sinks: IndexSinks = {},
  ): LocalIndexWriter | undefined {
    const end = bytes.indexOf(10);
    if (end < 0) return undefined;
    let head: StateHead;
    try {
      head = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, end).toString('utf8')) as StateHead;
    } catch {
      return undefined;
    }
    if (!isStateHead(head) || head.settings !== settings) return undefined;
    const { pages, sections } = head;
    const pFields = pageFields.length;
    const sFields = fields.length - pFields;
    const expected = [
      pages * pFields * 4,
      sections * sFields * 4,
      pages * 4,
      sections * 4,
      sections * 4,
      pages * 4,
      pages * 4,
      head.terms.length * fields.length * 4,
    ];
    if (expected.some((n, i) => head.blocks[i] !== n) || head.blocks[8]! % 4 !== 0) return undefined;
    if (head.blocks[10] !== head.terms.length * 2 * 4) return undefined;
    if (head.blocks[11] !== head.terms.length * placeWidth * 4) return undefined;
    if (head.keys.length !== pages || head.urls.length !== pages || head.weights.length !== pages) return undefined;
    if (end + 1 + head.blocks.reduce((a, b) => a + b, 0) !== bytes.length) return undefined;
    // Copied out of the file's bytes: typed arrays need aligned offsets, and they grow in place.
    let at = end + 1;
    const take = () => {
      const length = head.blocks.shift()!;
      // (`Buffer.slice` would share the file's memory: a copy of its own.)
      const copy = new Uint8Array(length);
      copy.set(bytes.subarray(at, at + length));
      at += length;
      return copy.buffer;
    };
    const writer = new LocalIndexWriter(words, write, stemmer, sizes, sinks);
    // An edit's few new words are stemmed at the end: a thread would cost more than they do.
    writer.unsent = undefined;
    writer.pageLengths.values = new Uint32Array(take());
    writer.sectionLengths.values = new Uint32Array(take());
    writer.pageCodes.values = new Uint32Array(take());
    writer.sectionCodes.values = new Uint32Array(take());
    writer.pageOf.values = new Uint32Array(take());
    writer.pageSections.values = new Uint32Array(take());
    writer.recordCounts.values = new Uint32Array(take());
    for (const column of [writer.pageCodes, writer.pageSections, writer.recordCounts]) column.length = pages;
    for (const column of [writer.sectionCodes, writer.pageOf]) column.length = sections;
    writer.pageLengths.length = pages * pFields;
    writer.sectionLengths.length = sections * sFields;
    writer.termLists = new Int32Array(take());
    const poolState = new Int32Array(take());
    writer.pool = PostingsPool.of({ state: poolState, pool: new Uint8Array(take()) });
    writer.pool.unused = head.unused;
    writer.termHashes = new Uint32Array(take());
    if (writer.termHashes.length === 0) writer.termHashes = new Uint32Array(1024 * 2);
    writer.places = new Int32Array(take());
    writer.global = head.global;
    writer.shardFiles = new Map(head.shardKeys.map((key, i) => [key, head.shardFiles[i]!]));
    writer.shardNames = head.shardNames;
    const lists = poolState.length / 7;
    if (writer.termLists.some((slot) => slot < 0 || slot > lists)) return undefined;
    head.terms.forEach((term, t) => {
      writer.terms.set(term, t);
    });
    if (writer.terms.size !== head.terms.length) return undefined;
    // Room for new terms: `termOf` doubles the array when it is full.
    if (writer.termLists.length === 0) writer.termLists = new Int32Array(1024 * fields.length);
    writer.pages = pages;
    writer.sections = sections;
    writer.keys.push(...head.keys);
    writer.urls.push(...head.urls);
    writer.pageWeights.push(...head.weights);
    return writer;
  }

  /** Indexes one page, given its records (in order, as `extractSearchRecords` makes them), and writes its text. */
  async addPage(records: readonly SearchRecord[]): Promise<void> {
    if (records.length === 0) return;
    this.maker ??= new PagePartMaker(this.stop);
    await this.addPart(this.maker.partOfRecords(records));
  }

  /** Indexes one page from its part (see page-part.ts), and writes its text. */
  async addPart(part: PagePart): Promise<void> {
    const page = this.pages++;
    this.pageWeights.push(part.weight);
    this.pageCodes.push(part.titleWords);
    this.urls.push(part.url);
    this.keys.push(part.key);
    this.recordCounts.push(part.recordCount);
    const from = this.sections;
    this.pageSections.push(from);
    this.index(part.page, 0, page, this.pageLengths);
    for (const [code, fieldTerms] of part.sections) {
      const s = this.sections++;
      this.pageOf.push(page);
      this.index(fieldTerms, pageFields.length, s, this.sectionLengths);
      this.sectionCodes.push(code);
    }
    this.sendStems();
    await this.writeText(page, () => part);
  }

  /** Sends the words numbered since the last batch to the stem thread, starting it once enough words wait. */
  private sendStems(): void {
    const unsent = this.unsent;
    if (!unsent || unsent.length < (this.stemThread ? stemBatch : stemThreadFrom)) return;
    this.stemThread ??= new StemThread(this.stemmer!.url!);
    this.stemThread.send(unsent);
    this.unsent = [];
  }

  /** Stops the stem thread of an index that will not be ended (its stage failed). */
  close(): void {
    this.stemThread?.close();
  }

  /** Writes a page's text file (`partOf` gives its part: an earlier build's file may be kept without it). */
  private async writeText(page: number, partOf: () => PagePart): Promise<void> {
    const from = this.pageSections.values[page]!;
    const text = () => {
      const part = partOf();
      return `${part.textHead},${from},${part.textTail}]`;
    };
    // A page's text file is its part's and its first section's number: an earlier build's may be kept.
    const { keyed } = this.sinks;
    const key = this.keys[page];
    if (keyed && key) await keyed(shardPaths.text(page), `${key}.${from}`, text);
    else await this.write(shardPaths.text(page), text());
  }

  /** Pages and records indexed (a writer made from a state has them without their parts being added). */
  counts(): { pages: number; records: number } {
    let records = 0;
    for (let p = 0; p < this.pages; p++) records += this.recordCounts.values[p]!;
    return { pages: this.pages, records };
  }

  /** Each page's part key, in page order. */
  pageKeys(): readonly string[] {
    return this.keys;
  }

  /** Each page's URL, in page order. */
  pageUrls(): readonly string[] {
    return this.urls;
  }

  /**
   * Takes page `page`'s documents out of the index and puts `next`'s in their place (`old`: the part the index
   * holds for it). Only a part with as many sections can take its place: the documents after it keep their numbers,
   * so only the lists of the words of either part change. False (and nothing changed) otherwise.
   */
  replacePart(page: number, old: PagePart, next: PagePart): boolean {
    const from = this.pageSections.values[page]!;
    const to = page + 1 < this.pages ? this.pageSections.values[page + 1]! : this.sections;
    if (old.sections.length !== to - from || next.sections.length !== to - from) return false;
    /** Per list slot (term × field): each document's new term frequency (0: none now). */
    const changes = new Map<number, Map<number, number>>();
    /**
     * The slots where some document's frequency differs from the old part's: only their lists are read and
     * replaced. A word an edit leaves as it was in every document of the page (most of them: a paragraph added
     * changes its own words' counts) keeps its list unread, so a common word's list of thousands of documents is
     * not decoded for nothing.
     */
    const differs = new Set<number>();
    /** Per slot, each document's old frequency (the lists hold exactly the old part's entries for this page). */
    const before = new Map<number, Map<number, number>>();
    const note = (fieldTerms: readonly FieldTerms[], offset: number, doc: number, adding: boolean) => {
      fieldTerms.forEach(([, terms, counts], i) => {
        terms.forEach((term, j) => {
          const t = adding ? this.termOf(term) : this.terms.get(term);
          if (t === undefined) return;
          const at = t * fields.length + offset + i;
          let docs = changes.get(at);
          if (!docs) {
            docs = new Map();
            changes.set(at, docs);
          }
          if (adding) {
            docs.set(doc, counts[j]!);
            if (before.get(at)?.get(doc) !== counts[j]) differs.add(at);
          } else {
            if (!docs.has(doc)) docs.set(doc, 0);
            let old = before.get(at);
            if (!old) {
              old = new Map();
              before.set(at, old);
            }
            old.set(doc, counts[j]!);
          }
        });
      });
    };
    note(old.page, 0, page, false);
    old.sections.forEach(([, fieldTerms], i) => {
      note(fieldTerms, pageFields.length, from + i, false);
    });
    note(next.page, 0, page, true);
    next.sections.forEach(([, fieldTerms], i) => {
      note(fieldTerms, pageFields.length, from + i, true);
    });
    // A document the old part had a word in and the new part has not.
    for (const [at, docs] of changes) {
      if (differs.has(at)) continue;
      for (const tf of docs.values()) {
        if (tf === 0) {
          differs.add(at);
          break;
        }
      }
    }
    // The words whose encoded lists change (`end` encodes their term shards again): those whose lists change, and
    // every word of a document of the page whose figures (field lengths, code, weight) change, before or after.
    for (const at of differs) this.touched.add(Math.floor(at / fields.length));
    const touch = (fieldTerms: readonly FieldTerms[]) => {
      for (const [, terms] of fieldTerms)
        for (const term of terms) {
          const t = this.terms.get(term);
          if (t !== undefined) this.touched.add(t);
        }
    };
    const sFields = fields.length - pageFields.length;
    const weightChanged = this.pageWeights[page] !== next.weight;
    if (
      weightChanged ||
      this.pageCodes.values[page] !== next.titleWords ||
      next.page.some(([length], i) => this.pageLengths.values[page * pageFields.length + i] !== length)
    ) {
      touch(old.page);
      touch(next.page);
    }
    next.sections.forEach(([code, fieldTerms], i) => {
      const s = from + i;
      if (
        weightChanged ||
        this.sectionCodes.values[s] !== code ||
        fieldTerms.some(([length], f) => this.sectionLengths.values[s * sFields + f] !== length)
      ) {
        touch(old.sections[i]![1]);
        touch(fieldTerms);
      }
    });
    const scratch = new ListScratch();
    for (const [at, docsChanged] of changes) {
      if (!differs.has(at)) continue;
      // The list's entries of this page's documents are a slice of it (documents are numbered in page order):
      // the old part's, replaced by the new part's. A list whose slice is the same is left as it is.
      const changed = [...docsChanged].sort((a, b) => a[0] - b[0]);
      const slot = this.termLists[at]!;
      // Decoded into the scratch and copied into the new list as it is read: no array of the list's documents.
      const n = slot ? this.pool.readInto(slot - 1, scratch) : 0;
      const from = lowerBound(scratch.docs, n, changed[0]![0]);
      const to = lowerBound(scratch.docs, n, changed[changed.length - 1]![0] + 1);
      const kept = changed.filter(([, tf]) => tf > 0);
      if (
        to - from === kept.length &&
        kept.every(([doc, tf], i) => scratch.docs[from + i] === doc && scratch.tfs[from + i] === tf)
      )
        continue;
      if (slot) this.pool.release(slot - 1);
      if (from + kept.length + n - to === 0) {
        // A word no page has any more: its term stays numbered, with no list (`end` leaves it out).
        this.termLists[at] = 0;
        continue;
      }
      const list = this.pool.create();
      for (let i = 0; i < from; i++) this.pool.add(list, scratch.docs[i]!, scratch.tfs[i]!);
      for (const [doc, tf] of kept) this.pool.add(list, doc, tf);
      for (let i = to; i < n; i++) this.pool.add(list, scratch.docs[i]!, scratch.tfs[i]!);
      this.termLists[at] = list + 1;
    }
    next.page.forEach(([length], i) => {
      this.pageLengths.values[page * pageFields.length + i] = length;
    });
    next.sections.forEach(([code, fieldTerms], i) => {
      this.sectionCodes.values[from + i] = code;
      fieldTerms.forEach(([length], f) => {
        this.sectionLengths.values[(from + i) * sFields + f] = length;
      });
    });
    this.pageWeights[page] = next.weight;
    this.pageCodes.values[page] = next.titleWords;
    this.urls[page] = next.url;
    this.keys[page] = next.key;
    this.recordCounts.values[page] = next.recordCount;
    return true;
  }

  /** Writes every page's text file (a writer made from a state: `partOf` gives a page's part when it is needed). */
  async writeTexts(partOf: (page: number) => PagePart): Promise<void> {
    for (let page = 0; page < this.pages; page++) await this.writeText(page, () => partOf(page));
  }

  /**
   * Writes the term shards, each with its postings files, then the entry. A writer made from a state (`ofState`)
   * with a keyed sink encodes again only the term shards an edit touched (a word of an edited page, a cut moved):
   * the others' key, made from their words and the hashes of their lists the state keeps, names the files the last
   * build wrote, which the sink keeps when they are still as written (a file changed or lost is made again).
   */
  async end(): Promise<void> {
    // The distinct weights in the order the pages first have them, and each page's place among them.
    const weights: number[] = [];
    const pageWeights = this.pageWeights.map((weight) => {
      const i = weights.indexOf(weight);
      return i < 0 ? weights.push(weight) - 1 : i;
    });
    const w = weights.length;
    // Codes were kept without their weight: how many weights the encoding counts is known only now.
    const pageCodeOf = (doc: number) => pageCode.encode(pageWeights[doc]!, w, this.pageCodes.values[doc]!);
    const sectionCodeOf = (doc: number) => pageWeights[this.pageOf.values[doc]!]! + w * this.sectionCodes.values[doc]!;
    const averages = this.averages();
    // A word whose every list was taken out (a replaced page was its only one) is in no index.
    const live = (id: number) => {
      for (let f = 0; f < fields.length; f++) if (this.termLists[id * fields.length + f]) return true;
      return false;
    };
    // The terms by number (the map's order is theirs), and the live ones' numbers in the terms' code-unit order.
    const names = [...this.terms.keys()];
    let liveCount = 0;
    const order = new Int32Array(names.length);
    for (let id = 0; id < names.length; id++) if (live(id)) order[liveCount++] = id;
    const sorted = order.subarray(0, liveCount).sort((a, b) => {
      const x = names[a]!;
      const y = names[b]!;
      return x < y ? -1 : x > y ? 1 : 0;
    });
    const { sizes, stemmer } = this;
    const pFields = pageFields.length;
    const sFields = fields.length - pFields;
    const parentField = fields.indexOf('p');
    // What every list's encoding depends on besides its own documents: a change re-encodes every shard.
    const global = JSON.stringify([localIndexVersion, weights, stemmer?.file ?? null, sizes.terms, sizes.postings]);
    const { keyed } = this.sinks;
    const encodeAll = !keyed || global !== this.global;

    // Each term's raw list size (fields, counts, occurrences): the cuts follow from it and the words alone.
    const rawSizeOf = (id: number) => {
      let rawSize = 0;
      for (let f = 0; f < fields.length; f++) {
        const slot = this.termLists[id * fields.length + f]!;
        if (slot) rawSize += 2 + this.pool.occurrences(slot - 1);
      }
      return rawSize;
    };
    const rawSizes = new Float64Array(liveCount);
    const starts: number[] = [];
    const cutter = new TermShardCutter(sizes.terms);
    for (let t = 0; t < liveCount; t++) {
      rawSizes[t] = rawSizeOf(sorted[t]!);
      if (cutter.starts(names[sorted[t]!]!, rawSizes[t]!)) starts.push(t);
    }
    starts.push(liveCount);

    // The stems the thread made, in the order it was sent the words (undefined: none, or it failed); the words
    // neither it nor `known` stemmed are stemmed here.
    const stems = this.stemThread ? await this.stemThread.stems(this.unsent ?? []) : undefined;
    const sentAt = new Int32Array(stems ? this.terms.size : 0).fill(-1);
    if (stems) for (let i = 0; i < this.sentIds.length; i++) sentAt[this.sentIds.values[i]!] = i;
    const known = stemmer?.known;
    const stemOf = (id: number, term: string, stem: Stem) => {
      const at = stems ? sentAt[id]! : -1;
      return (at >= 0 ? stems![at] : known?.get(term)) ?? stem(term);
    };
    this.stemThread = undefined;
    this.unsent = undefined;
    const postings = new PostingsPacker(sizes.postings);
    const termPacker = new TermPacker();
    const scratch = new ListScratch();
    /** The list being encoded: its numbers, written in place, then handed to the packer whole. */
    let numbers = new Float64Array(64 * 1024);
    // Where the last `end` put each list, and its shards' names and files, for the lists the edits left alone.
    const previousPlaces = this.places;
    const previousNames = this.shardNames;
    const previousFiles = [...this.shardFiles.values()];
    const places = new Int32Array(names.length * placeWidth).fill(-1);
    const previous = encodeAll ? undefined : new PreviousPostings(this.sinks.previous);
    /**
     * The text of term `id`'s list as the last build's postings files hold it, when the edits left the list alone
     * (`known`: its hash) and those files are still as written: its pieces joined. Undefined otherwise (then the
     * list is encoded from the pool).
     */
    const previousText = (id: number): string | undefined => {
      if (!previous || id * placeWidth >= previousPlaces.length) return undefined;
      const shard = previousPlaces[id * placeWidth]!;
      const files = previousFiles[shard];
      const name = previousNames[shard];
      if (shard < 0 || !files || name === undefined) return undefined;
      const place = previousPlaces[id * placeWidth + 1]!;
      const first = previousPlaces[id * placeWidth + 2]!;
      const last = first + previousPlaces[id * placeWidth + 3]!;
      if (first < 0 || last + 1 >= files.length) return undefined;
      return previous.listText(name, files, place, first, last);
    };
    /** Encodes term `t` of term shard `s` (which starts at `from`) into the packers; its list's hash kept. */
    const encodeTerm = (t: number, from: number, s: number) => {
      const id = sorted[t]!;
      const term = names[id]!;
      // A word the edits left alone has the list the last `end` hashed (the shard is encoded again for another).
      const known =
        encodeAll || this.touched.has(id)
          ? undefined
          : ([this.termHashes[id * 2]!, this.termHashes[id * 2 + 1]!] as const);
      const text = known && previousText(id);
      const at = postings.add(t - from, text || listNumbers(id), known);
      const [h1, h2] = postings.listHash;
      this.termHashes[id * 2] = h1;
      this.termHashes[id * 2 + 1] = h2;
      const place = id * placeWidth;
      places[place] = s;
      places[place + 1] = t - from;
      places[place + 2] = at.first;
      places[place + 3] = at.more;
      termPacker.add(term, stemmer ? stemLengthOf(term, stemOf(id, term, stemmer.stem)) : '', rawSizes[t]!, at);
    };
    /** Term `id`'s list as the shards encode it (see `PostingsShard`), decoded from the pool. */
    const listNumbers = (id: number) => {
      // Each list decoded into one scratch and its numbers into one array: nothing per term but its name and text.
      let k = 0;
      for (let f = 0; f < fields.length; f++) {
        const slot = this.termLists[id * fields.length + f]!;
        if (!slot) continue;
        const n = this.pool.readInto(slot - 1, scratch);
        // At most five numbers a document, after the field and the count.
        numbers = withRoom(numbers, k + 2 + 5 * n);
        numbers[k++] = f;
        numbers[k++] = n;
        let previousDoc = -1;
        let previousPage = -1;
        for (let i = 0; i < n; i++) {
          const doc = scratch.docs[i]!;
          numbers[k++] = doc - previousDoc;
          previousDoc = doc;
          if (f < pFields) {
            numbers[k++] = scratch.tfs[i]!;
            numbers[k++] = this.pageLengths.values[doc * pFields + f]!;
            numbers[k++] = pageCodeOf(doc);
          } else if (f !== parentField) {
            const page = this.pageOf.values[doc]!;
            numbers[k++] = page - previousPage;
            numbers[k++] = scratch.tfs[i]!;
            numbers[k++] = this.sectionLengths.values[doc * sFields + f - pFields]!;
            numbers[k++] = sectionCodeOf(doc);
            previousPage = page;
          }
        }
      }
      return numbers.subarray(0, k);
    };
    /**
     * Encodes the terms `[from, to)` (one term shard): yields each postings file as it is cut (a shard of the words
     * of every page holds lists of megabytes, at 10,000 pages 11 MB in one shard, not held at once), then returns
     * the term shard.
     */
    function* encodeShard(from: number, to: number, s: number): Generator<[number, string], TermShard, undefined> {
      postings.restart();
      for (let t = from; t < to; t++) {
        encodeTerm(t, from, s);
        if (postings.waiting) yield* postings.take();
      }
      postings.end();
      yield* postings.take();
      return termPacker.take();
    }
    /** `encodeShard` whole: its term shard and its postings files, in order. */
    const encode = (from: number, to: number, s: number): { terms: TermShard; postings: string[] } => {
      const files: string[] = [];
      const shard = encodeShard(from, to, s);
      for (let next = shard.next(); ; next = shard.next()) {
        if (next.done) return { terms: next.value, postings: files };
        files.push(next.value[1]);
      }
    };
    /** A term shard's key: what its files are made of (its words, their lists' raw sizes and hashes). */
    const keyOf = (from: number, to: number) => {
      let text = global;
      for (let t = from; t < to; t++) {
        const id = sorted[t]!;
        text += `\n${names[id]}\0${rawSizes[t]}\0${this.termHashes[id * 2]}\0${this.termHashes[id * 2 + 1]}`;
      }
      return oneShotHash('sha256', text, 'base64url').slice(0, 32);
    };

    const firsts: [string, number][] = [];
    const shardNames = new Map<string, string>();
    /** The term shards' names in order (`files` holds their keys in the same order). */
    const shardList: string[] = [];
    /** Per term shard key, its files' digests: the term shard's, then its postings files' in order. */
    const files = new Map<string, string[]>();
    const put = async (file: string, digest: string, contents: () => string) => {
      if (keyed) await keyed(file, digest, contents);
      else await this.write(file, contents());
    };
    for (let s = 0; s + 1 < starts.length; s++) {
      const from = starts[s]!;
      const to = starts[s + 1]!;
      const first = names[sorted[from]!]!;
      const name = shardName(first);
      const other = shardNames.get(name);
      if (other !== undefined)
        throw new Error(`search: the term shards of "${other}" and "${first}" have one name (${name}): rename a word`);
      shardNames.set(name, first);
      shardList.push(name);
      firsts.push([first, from]);
      let touched = encodeAll;
      for (let t = from; t < to && !touched; t++) touched = this.touched.has(sorted[t]!);
      const key = touched ? undefined : keyOf(from, to);
      const kept = key === undefined ? undefined : this.shardFiles.get(key);
      if (keyed && key !== undefined && kept !== undefined) {
        // The last build's files, each by its digest, unless the sink lost one: then the shard is encoded (once).
        let made: ReturnType<typeof encode> | undefined;
        const encoded = () => (made ??= encode(from, to, s));
        // The same words and lists as the last `end`'s shard of this key: each list where it was, in this shard.
        for (let t = from; t < to; t++) {
          const place = sorted[t]! * placeWidth;
          if (place >= previousPlaces.length) continue;
          places.set(previousPlaces.subarray(place, place + placeWidth), place);
          places[place] = s;
        }
        await keyed(shardPaths.terms(name), kept[0]!, () => this.termJson(name, encoded().terms));
        for (let k = 1; k < kept.length; k++)
          await keyed(shardPaths.postings(name, k - 1), kept[k]!, () => encoded().postings[k - 1]!);
        files.set(key, kept);
        continue;
      }
      // Encoded again: each file keyed by its bytes' digest, so a file the edit left as it was is not written.
      const digests = [''];
      const encoding = encodeShard(from, to, s);
      let next = encoding.next();
      for (; !next.done; next = encoding.next()) {
        const [k, piece] = next.value;
        const digest = digestOf(piece);
        digests.push(digest);
        await put(shardPaths.postings(name, k), digest, () => piece);
      }
      const json = this.termJson(name, next.value);
      digests[0] = digestOf(json);
      files.set(keyOf(from, to), digests);
      await put(shardPaths.terms(name), digests[0], () => json);
    }
    this.shardFiles = files;
    this.shardNames = shardList;
    this.places = places;
    this.global = global;
    this.touched.clear();

    const entry: LocalIndexEntry = {
      v: localIndexVersion,
      stop: this.stop,
      synonyms: this.synonyms,
      stemmer: this.stemmer?.file ?? null,
      weights,
      pageCount: this.pages,
      sectionCount: this.sections,
      averages,
      termShards: firsts,
      termCount: liveCount,
    };
    await this.write('local-index.json', JSON.stringify(entry));
  }

  /** A term shard's JSON; only a single word can make it larger than a shard may be (they are cut smaller). */
  private termJson(name: string, shard: TermShard): string {
    const json = JSON.stringify(shard);
    if (json.length > maxShardBytes) throw this.tooLong(name, json.length, shard);
    return json;
  }

  /** Mean length of each field over its documents. */
  private averages(): number[] {
    const averages = fields.map(() => 0);
    const mean = (lengths: Column, count: number, offset: number, width: number) => {
      for (let id = 0; id < count; id++) {
        for (let i = 0; i < width; i++) {
          const f = offset + i;
          // A running mean per field, computed as MiniSearch does (so the figures agree to the last bit).
          averages[f] = (averages[f]! * id + lengths.values[id * width + i]!) / (id + 1);
        }
      }
    };
    mean(this.pageLengths, this.pages, 0, pageFields.length);
    mean(this.sectionLengths, this.sections, pageFields.length, fields.length - pageFields.length);
    return averages;
  }

  /** Adds a document's fields to the postings, as MiniSearch counts them (field length = distinct words). */
  private index(fieldTerms: readonly FieldTerms[], offset: number, id: number, lengths: Column): void {
    fieldTerms.forEach(([length, terms, counts], i) => {
      const f = offset + i;
      lengths.push(length);
      terms.forEach((term, j) => {
        const at = this.termOf(term) * fields.length + f;
        if (!this.termLists[at]) this.termLists[at] = this.pool.create() + 1;
        this.pool.add(this.termLists[at]! - 1, id, counts[j]!);
      });
    });
  }

  /** A term's number (a new term gets the next). */
  private termOf(term: string): number {
    let t = this.terms.get(term);
    if (t === undefined) {
      t = this.terms.size;
      this.terms.set(term, t);
      if (this.unsent && !this.stemmer?.known?.has(term)) {
        this.unsent.push(term);
        this.sentIds.push(t);
      }
      this.termLists = withRoom(this.termLists, (t + 1) * fields.length);
      this.termHashes = withRoom(this.termHashes, (t + 1) * 2);
    }
    return t;
  }

  /** Only a single word can make a shard this large (they are cut smaller): say which and where it is. */
  private tooLong(name: string, bytes: number, shard: TermShard): Error {
    const longest = shard.terms.reduce((a, b) => (b.length > a.length ? b : a));
    const id = this.terms.get(longest)!;
    let url = '';
    for (let f = 0; f < fields.length; f++) {
      const slot = this.termLists[id * fields.length + f]!;
      if (!slot) continue;
      const doc = this.pool.read(slot - 1).docs[0]!;
      url = this.urls[f < pageFields.length ? doc : this.pageOf.values[doc]!]!;
      break;
    }
    return new Error(
      `search: ${shardPaths.terms(name)} is ${bytes} bytes, over the ${maxShardBytes}-byte limit of a shard: ` +
        `the word "${longest.slice(0, 40)}…" (${longest.length} characters) on ${url} is one word ` +
        'to the search; break it with spaces or punctuation, or leave the page out of search (noindex)',
    );
  }
}
