/*
 * How the local index's term and postings shards are cut (see local-index-format.ts): the one owner of the cut, used
 * by the stream writer (local-index-writer.ts) and by the whole-index form (local-index-shards.ts), so both give the
 * same files. Shards are cut by their JSON size, so none grows with the site: a larger site has more of them.
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
 * Packs the terms' encoded posting lists, in term order, into postings shards: a list runs over into the next
 * shard when this one is full. A list comes a number at a time (`begin`, `push`, `finish`) and is written straight
 * into the shard's JSON (`JSON.stringify` of its `PostingsShard`, the same bytes), so no list or piece is an array:
 * at 100,000 pages the index's end read every list into arrays and pieces, the stage's peak. Finished shards wait
 * in `take()` until their owner writes them.
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

  constructor(private readonly limit: number) {}

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
  }

  /** The next number of the list begun. */
  push(n: number): void {
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

/**
 * Packs the terms, in order, into term shards, and keeps each shard's first term and offset for the entry
 * (`LocalIndexEntry.termShards`). Finished shards wait in `take()`.
 */
export class TermPacker {
  readonly firsts: [string, number][] = [];
  private shard: TermShard | undefined;
  private bytes = 0;
  private ready: [number, TermShard][] = [];

  constructor(private readonly limit: number) {}

  /**
   * Adds term `t`: its stem length (`encodeStemLength`, '' without a stemmer), the raw size of its list (fields,
   * counts, occurrences) and where its postings are (`PostingsPacker.add`).
   */
  add(term: string, t: number, stem: string, rawSize: number, at: { first: number; more: number }): void {
    const size = term.length + 4 + numberBytes(rawSize) + numberBytes(at.first) + 2;
    if (!this.shard || this.bytes + size > this.limit) {
      this.cut();
      this.firsts.push([term, t]);
      this.shard = { terms: [], stems: '', sizes: [], first: [], more: [] };
      this.bytes = 60;
    }
    this.shard.terms.push(term);
    this.shard.stems += stem;
    this.shard.sizes.push(rawSize);
    this.shard.first.push(at.first);
    this.shard.more.push(at.more);
    this.bytes += size;
  }

  end(): void {
    this.cut();
  }

  /** Whether a finished shard waits to be taken. */
  get waiting(): boolean {
    return this.ready.length > 0;
  }

  /** The shards finished since the last call, with their numbers. */
  take(): [number, TermShard][] {
    const ready = this.ready;
    this.ready = [];
    return ready;
  }

  private cut(): void {
    if (this.shard) this.ready.push([this.firsts.length - 1, this.shard]);
    this.shard = undefined;
  }
}
