/*
 * The local index made from a stream of pages (see local-index-format.ts for its files): each page's part
 * (page-part.ts: its documents' terms, its text) is indexed as the page comes and its text file written at once;
 * what is kept until the end is what the shards need of every document (its field lengths and codes, in typed
 * arrays) and the posting lists (a byte pool, postings-pool.ts). At the end the words are sorted and the term and
 * postings shards written as each fills. The files are those `buildLocalIndex` + `shardLocalIndex` make of the
 * whole index at once (test/search-stream).
 */
import {
  encodeStemLength,
  fields,
  type LocalIndexEntry,
  localIndexVersion,
  maxShardBytes,
  pageCode,
  pageFields,
  shardPaths,
  type TermShard,
} from '../shared/search/local-index-format';
import { minStemLength, type Stem } from '../shared/search/stemmers';
import { type FieldTerms, type PagePart, PagePartMaker } from './page-part';
import { PostingsPool } from './postings-pool';
import type { SearchRecord } from './records';
import { defaultShardSizes, PostingsPacker, type ShardSizes, TermPacker } from './shard-packer';

/** Where the writer puts a file, by path under the search folder. */
export type IndexFileSink = (file: string, json: string) => Promise<void>;
/** Where it puts a file that depends on `key` alone (see `GroupWriter.keyed`), by path under the search folder. */
export type KeyedFileSink = (file: string, key: string, contents: () => string) => Promise<void>;

/** Numbers kept per document until the end, in one growing typed array. */
class Column {
  values: Uint32Array = new Uint32Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.values.length) {
      const next = new Uint32Array(this.values.length * 2);
      next.set(this.values);
      this.values = next;
    }
    this.values[this.length++] = value;
  }
}

export interface LocalIndexWords {
  stopWords: readonly string[];
  synonyms: string[][];
}

export class LocalIndexWriter {
  private readonly stop: string[];
  private readonly weights: number[] = [];
  private readonly averages = fields.map(() => 0);
  private readonly terms = new Map<string, number>();
  /** Per term and field, its list in the pool plus one (0: none). */
  private termLists = new Int32Array(1024 * fields.length);
  private readonly pool = new PostingsPool();
  private readonly pageLengths = new Column();
  private readonly sectionLengths = new Column();
  /** Per page, its weight's place in `weights`; per page, its title's words (its code without the weight). */
  private readonly pageWeights = new Column();
  private readonly pageCodes = new Column();
  /** Per section, its code without its page's weight (`sectionCode.encode` with one weight). */
  private readonly sectionCodes = new Column();
  private readonly pageOf = new Column();
  /** URLs of the pages, to name the page of a word too long for a shard. */
  private readonly urls: string[] = [];
  private pages = 0;
  private sections = 0;

  constructor(
    words: LocalIndexWords,
    private readonly write: IndexFileSink,
    private readonly stemmer?: { file: string; stem: Stem },
    private readonly sizes: ShardSizes = defaultShardSizes,
    private readonly sinks: { keyed?: KeyedFileSink | undefined } = {},
  ) {
    this.stop = [...words.stopWords];
    this.synonyms = words.synonyms;
  }

  private readonly synonyms: string[][];
  /** Makes the parts of pages given by their records (`addPage`). */
  private maker: PagePartMaker | undefined;

  /** Documents and files held so far (what the stream keeps grows with these, nothing else). */
  held(): { pages: number; sections: number; terms: number; poolBytes: number } {
    return { pages: this.pages, sections: this.sections, terms: this.terms.size, poolBytes: this.pool.bytes };
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
    let weightIndex = this.weights.indexOf(part.weight);
    if (weightIndex < 0) weightIndex = this.weights.push(part.weight) - 1;
    this.pageWeights.push(weightIndex);
    this.pageCodes.push(part.titleWords);
    this.urls.push(part.url);
    const from = this.sections;
    this.index(part.page, 0, page, this.pageLengths);
    for (const [code, fieldTerms] of part.sections) {
      const s = this.sections++;
      this.pageOf.push(page);
      this.index(fieldTerms, pageFields.length, s, this.sectionLengths);
      this.sectionCodes.push(code);
    }
    const text = () => `${part.textHead},${from},${part.textTail}]`;
    // A page's text file is its part's and its first section's number: an earlier build's may be kept.
    const { keyed } = this.sinks;
    if (keyed && part.key) await keyed(shardPaths.text(page), `${part.key}.${from}`, text);
    else await this.write(shardPaths.text(page), text());
  }

  /** Writes the term and postings shards, as each fills, then the entry. */
  async end(): Promise<void> {
    const w = this.weights.length;
    // Codes were kept without their weight: how many weights the encoding counts is known only now.
    const pageCodeOf = (doc: number) => pageCode.encode(this.pageWeights.values[doc]!, w, this.pageCodes.values[doc]!);
    const sectionCodeOf = (doc: number) =>
      this.pageWeights.values[this.pageOf.values[doc]!]! + w * this.sectionCodes.values[doc]!;
    const terms = [...this.terms.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const { sizes } = this;
    const pFields = pageFields.length;
    const sFields = fields.length - pFields;
    const parentField = fields.indexOf('p');

    const postings = new PostingsPacker(sizes.postings);
    const termPacker = new TermPacker(sizes.terms);
    const writeReady = async () => {
      for (const [n, shard] of postings.take()) await this.write(shardPaths.postings(n), JSON.stringify(shard));
      for (const [n, shard] of termPacker.take()) {
        const json = JSON.stringify(shard);
        if (json.length > maxShardBytes) throw this.tooLong(n, json.length, shard);
        await this.write(shardPaths.terms(n), json);
      }
    };
    for (let t = 0; t < terms.length; t++) {
      const term = terms[t]!;
      const id = this.terms.get(term)!;
      // The list as the shards encode it (see `PostingsShard`), and its raw size (fields, counts, occurrences).
      const list: number[] = [];
      let rawSize = 0;
      for (let f = 0; f < fields.length; f++) {
        const slot = this.termLists[id * fields.length + f]!;
        if (!slot) continue;
        const { docs, tfs } = this.pool.read(slot - 1);
        rawSize += 2 + this.pool.occurrences(slot - 1);
        list.push(f, docs.length);
        let previous = -1;
        let previousPage = -1;
        docs.forEach((doc, i) => {
          list.push(doc - previous);
          previous = doc;
          if (f < pFields) list.push(tfs[i]!, this.pageLengths.values[doc * pFields + f]!, pageCodeOf(doc));
          else if (f !== parentField) {
            const page = this.pageOf.values[doc]!;
            list.push(page - previousPage, tfs[i]!, this.sectionLengths.values[doc * sFields + f - pFields]!);
            list.push(sectionCodeOf(doc));
            previousPage = page;
          }
        });
      }
      const at = postings.add(t, list);
      termPacker.add(term, t, this.stemmer ? this.stemLength(term, this.stemmer.stem) : '', rawSize, at);
      await writeReady();
    }
    termPacker.end();
    await writeReady();
    postings.end();
    await writeReady();

    const entry: LocalIndexEntry = {
      v: localIndexVersion,
      stop: this.stop,
      synonyms: this.synonyms,
      stemmer: this.stemmer?.file ?? null,
      weights: this.weights,
      pageCount: this.pages,
      sectionCount: this.sections,
      averages: this.averages,
      termShards: termPacker.firsts,
      termCount: terms.length,
    };
    await this.write('local-index.json', JSON.stringify(entry));
  }

  private stemLength(term: string, stem: Stem): string {
    const stemmed = stem(term);
    return encodeStemLength(stemmed.length >= minStemLength && term.startsWith(stemmed) ? stemmed.length : 0);
  }

  /** Adds a document's fields to the postings, as MiniSearch counts them (field length = distinct words). */
  private index(fieldTerms: readonly FieldTerms[], offset: number, id: number, lengths: Column): void {
    fieldTerms.forEach(([length, terms, counts], i) => {
      const f = offset + i;
      lengths.push(length);
      // A running mean per field, computed as MiniSearch does (so the figures agree to the last bit).
      this.averages[f] = (this.averages[f]! * id + length) / (id + 1);
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
      if ((t + 1) * fields.length > this.termLists.length) {
        const next = new Int32Array(this.termLists.length * 2);
        next.set(this.termLists);
        this.termLists = next;
      }
    }
    return t;
  }

  /** Only a single word can make a shard this large (they are cut smaller): say which and where it is. */
  private tooLong(n: number, bytes: number, shard: TermShard): Error {
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
      `search: ${shardPaths.terms(n)} is ${bytes} bytes, over the ${maxShardBytes}-byte limit of a shard: the word ` +
        `"${longest.slice(0, 40)}…" (${longest.length} characters) on ${url} is one word ` +
        'to the search; break it with spaces or punctuation, or leave the page out of search (noindex)',
    );
  }
}
