/*
 * How the local index's term and postings shards are cut (see local-index-format.ts): the one owner of the cut, used
 * by the stream writer (local-index-writer.ts) and by the whole-index form (local-index-shards.ts), so both give the
 * same files. Shards are cut by their JSON size, so none grows with the site: a larger site has more of them.
 */
import type { PostingsShard, TermShard } from '../shared/search/local-index-format';

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
 * shard when this one is full. Finished shards wait in `take()` until their owner writes them.
 */
export class PostingsPacker {
  private shard: PostingsShard = [];
  private bytes = 2;
  private count = 0;
  private ready: [number, PostingsShard][] = [];

  constructor(private readonly limit: number) {}

  /** Adds term `t`'s list; returns the shard its first piece is in and how many more shards it runs over. */
  add(t: number, list: readonly number[]): { first: number; more: number } {
    let first = -1;
    let more = 0;
    let at = 0;
    while (at < list.length) {
      // A new shard when this one cannot take the piece's term and first number.
      if (this.bytes + 2 + numberBytes(t) + numberBytes(list[at]!) > this.limit && this.shard.length) this.cut();
      const piece = [t];
      let bytes = 2 + numberBytes(t);
      while (at < list.length && (piece.length === 1 || this.bytes + bytes + numberBytes(list[at]!) <= this.limit)) {
        bytes += numberBytes(list[at]!);
        piece.push(list[at++]!);
      }
      this.shard.push(piece);
      this.bytes += bytes;
      if (first === -1) first = this.count;
      else more++;
    }
    return { first, more };
  }

  /** Ends the last shard: it is written even when empty if no shard was (the entry always has a first one). */
  end(): void {
    if (this.shard.length || this.count === 0) this.cut();
  }

  /** The shards finished since the last call, with their numbers. */
  take(): [number, PostingsShard][] {
    const ready = this.ready;
    this.ready = [];
    return ready;
  }

  private cut(): void {
    this.ready.push([this.count++, this.shard]);
    this.shard = [];
    this.bytes = 2;
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
