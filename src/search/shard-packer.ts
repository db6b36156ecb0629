/*
 * How the local index's term and postings shards are cut (see local-index-format.ts): the one owner of the cut, used
 * by the stream writer (local-index-writer.ts) and by the whole-index form (local-index-shards.ts), so both give the
 * same files. Shards are cut by their JSON size, so none grows with the site: a larger site has more of them. A term
 * shard also ends after a word whose hash says so (`TermShardCutter`), and each term shard's lists go into postings
 * files of its own: a word added or a list grown by an edit moves the cuts of its own term shard only, and the
 * other shards keep their names and bytes (the writer then leaves them as the last build wrote them).
 */
import type { TermShard } from '../shared/search/local-index-format';

export interface ShardSizes {
  /** A term shard is cut once its JSON reaches this size (a query loads the shards its words fall in). */
  terms: number;
  /** A postings shard is cut once its JSON reaches this size (a word's list may run over several). */
  postings: number;
}

/**
 * Small shards make a query's download small (it loads the shards of its words, and a prefix or typo search the
 * shards around them); the entry lists every term shard, so they are not tiny.
 */
export const defaultShardSizes: ShardSizes = { terms: 8 * 1024, postings: 16 * 1024 };

/** Bytes of a number in a JSON array, with its comma (small whole numbers, most of a list, without a string). */
const numberBytes = (n: number) =>
  Number.isInteger(n) && n >= 0 && n < 100_000
    ? n < 10
      ? 2
      : n < 100
        ? 3
        : n < 1000
          ? 4
          : n < 10_000
            ? 5
            : 6
    : String(n).length + 1;

/**
 * Past an eighth of its size bound, a term shard ends after one word in this many, by the word's hash
 * (`TermShardCutter`): at 8 KB, shards of 2–3 KB (50–70 words past the first kilobyte) mostly ended by a hash, which
 * an edit elsewhere does not move. Smaller shards make an edit encode fewer lists again (every word of an edited
 * section is touched), and the entry longer (it lists them): under a kilobyte, no shard ends by a hash.
 */
const termCutEvery = 64;

/** Whether a term shard ends after `term` whatever its size: a hash of its code units (FNV-1a, then mixed). */
export function endsTermShard(term: string): boolean {
  let h = 0x811c9dc5;
  for (let i = 0; i < term.length; i++) h = Math.imul(h ^ term.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) % termCutEvery === 0;
}

/**
 * Where the term shards start, given the terms in order: a new shard when the last one ended after a word by its
 * hash (past an eighth of the size), or when this word would take it past the size. The size counted is the
 * shard's JSON without where the lists are (a postings file's number, known only once the lists are encoded): the
 * cuts follow from the words and their lists' raw sizes alone, so the writer finds them without encoding a list.
 */
export class TermShardCutter {
  private bytes = 0;
  private ended = true;

  constructor(private readonly limit: number) {}

  /** Whether `term` (its list's raw size `rawSize`, see `TermShard.sizes`) starts a new term shard. */
  starts(term: string, rawSize: number): boolean {
    const size = term.length + 8 + numberBytes(rawSize);
    const starts = this.ended || this.bytes + size > this.limit;
    if (starts) this.bytes = 60;
    this.bytes += size;
    this.ended = this.bytes * 8 >= this.limit && endsTermShard(term);
    return starts;
  }
}

/**
 * Packs one term shard's encoded posting lists, in term order, into its postings files: a list runs over into the
 * next file when this one is full (`restart` for the next term shard). A list comes a number at a time (`begin`,
 * `push`, `finish`) and is written straight into the file's JSON (`JSON.stringify` of its `PostingsShard`, the same
 * bytes), so no list or piece is an array: at 100,000 pages the index's end read every list into arrays and pieces,
 * the stage's peak. Finished files wait in `take()` until their owner writes them.
 */
export class PostingsPacker {
  /** The current shard's JSON so far (ASCII: digits, commas and brackets). */
  private json = new Uint8Array(64 * 1024);
  private jsonLength = 0;
  private pieces = 0;
  private bytes = 2;
  private count = 0;
  private ready: [number, string][] = [];
  /** The list being added: its term, whether a piece of it is open and that piece's bytes, where it is. */
  private term = 0;
  private open = false;
  private pieceBytes = 0;
  private first = -1;
  private more = 0;
  /** Two lanes of a hash of the list's numbers (`listHash`). */
  private h1 = 0;
  private h2 = 0;

  constructor(private readonly limit: number) {}

  /** Starts the files of another term shard, from 0 (the finished ones taken). */
  restart(): void {
    this.jsonLength = 0;
    this.pieces = 0;
    this.bytes = 2;
    this.count = 0;
    this.ready = [];
  }

  /** A hash of the numbers of the list last finished (64 bits, two lanes): what the writer keeps of it. */
  get listHash(): [number, number] {
    return [this.h1 >>> 0, this.h2 >>> 0];
  }

  /** Adds term `t`'s list whole; returns the shard its first piece is in and how many more shards it runs over. */
  add(t: number, list: readonly number[]): { first: number; more: number } {
    this.begin(t);
    for (const n of list) this.push(n);
    return this.finish();
  }

  /** Starts term `t`'s list: its numbers follow (`push`), then `finish`. */
  begin(t: number): void {
    this.term = t;
    this.open = false;
    this.first = -1;
    this.more = 0;
    this.h1 = 0x9747b28c;
    this.h2 = 0x3c6ef372;
  }

  /** The next number of the list begun. */
  push(n: number): void {
    // Each lane its own multiplier, its high bits folded down; a number past 2^32 (rare) its high half too.
    const low = n >>> 0;
    const high = n > 0xffffffff ? (n / 4294967296) >>> 0 : 0;
    const h1 = Math.imul(this.h1 ^ low, 0x01000193);
    const h2 = Math.imul((this.h2 ^ low) + high, 0x5bd1e995);
    this.h1 = h1 ^ (h1 >>> 15) ^ high;
    this.h2 = h2 ^ (h2 >>> 13);
    if (this.open) {
      // The piece takes the number while the shard has room for it.
      if (this.bytes + this.pieceBytes + numberBytes(n) <= this.limit) {
        this.pieceBytes += numberBytes(n);
        this.text(',');
        this.number(n);
        return;
      }
      this.close();
    }
    // A new shard when this one cannot take the piece's term and first number.
    const t = this.term;
    if (this.bytes + 2 + numberBytes(t) + numberBytes(n) > this.limit && this.pieces) this.cut();
    this.text(this.pieces ? ',[' : '[');
    this.number(t);
    this.text(',');
    this.number(n);
    this.pieceBytes = 2 + numberBytes(t) + numberBytes(n);
    this.open = true;
    if (this.first === -1) this.first = this.count;
    else this.more++;
  }

  /** Ends the list begun: the shard it starts in, and how many more shards it runs over. */
  finish(): { first: number; more: number } {
    if (this.open) this.close();
    return { first: this.first, more: this.more };
  }

  /** Ends the last shard: it is written even when empty if no shard was (the entry always has a first one). */
  end(): void {
    if (this.pieces || this.count === 0) this.cut();
  }

  /** Whether a finished shard waits to be taken. */
  get waiting(): boolean {
    return this.ready.length > 0;
  }

  /** The shards finished since the last call, with their numbers, as JSON. */
  take(): [number, string][] {
    const ready = this.ready;
    this.ready = [];
    return ready;
  }

  private close(): void {
    this.text(']');
    this.bytes += this.pieceBytes;
    this.pieces++;
    this.open = false;
  }

  private cut(): void {
    this.ready.push([this.count++, `[${Buffer.from(this.json.buffer, 0, this.jsonLength).toString('latin1')}]`]);
    this.jsonLength = 0;
    this.pieces = 0;
    this.bytes = 2;
  }

  private room(n: number): void {
    if (this.jsonLength + n <= this.json.length) return;
    const next = new Uint8Array(Math.max(this.json.length * 2, this.jsonLength + n));
    next.set(this.json.subarray(0, this.jsonLength));
    this.json = next;
  }

  /** ASCII text. */
  private text(text: string): void {
    this.room(text.length);
    for (let i = 0; i < text.length; i++) this.json[this.jsonLength++] = text.charCodeAt(i);
  }

  /** A number as `JSON.stringify` writes it (its digits without a string for a safe whole number, most of them). */
  private number(n: number): void {
    if (!Number.isSafeInteger(n) || n < 0) {
      this.text(JSON.stringify(n));
      return;
    }
    let digits = 1;
    for (let rest = n; rest >= 10; rest = Math.floor(rest / 10)) digits++;
    this.room(digits);
    let rest = n;
    for (let i = this.jsonLength + digits - 1; i >= this.jsonLength; i--) {
      this.json[i] = 48 + (rest % 10);
      rest = Math.floor(rest / 10);
    }
    this.jsonLength += digits;
  }
}

/** One term shard's words and where their lists are, as they are added in order (`TermShard`). */
export class TermPacker {
  private shard: TermShard = { terms: [], stems: '', sizes: [], first: [], more: [] };

  /**
   * Adds a term: its stem length (`encodeStemLength`, '' without a stemmer), the raw size of its list (fields,
   * counts, occurrences) and where its postings are (`PostingsPacker.finish`).
   */
  add(term: string, stem: string, rawSize: number, at: { first: number; more: number }): void {
    this.shard.terms.push(term);
    this.shard.stems += stem;
    this.shard.sizes.push(rawSize);
    this.shard.first.push(at.first);
    this.shard.more.push(at.more);
  }

  /** The shard of the terms added since the last call. */
  take(): TermShard {
    const shard = this.shard;
    this.shard = { terms: [], stems: '', sizes: [], first: [], more: [] };
    return shard;
  }
}
