/*
 * How the local index's term and postings shards are cut (see local-index-format.ts): the one owner of the cut, used
 * by the stream writer (local-index-writer.ts) and by the whole-index form (local-index-shards.ts), so both give the
 * same files. Shards are cut by their JSON size, so none grows with the site: a larger site has more of them. A term
 * shard also ends after a word whose hash says so (`TermShardCutter`), and each term shard's lists go into postings
 * files of its own: a word added or a list grown by an edit moves the cuts of its own term shard only, and the
 * other shards keep their names and bytes (the writer then leaves them as the last build wrote them).
 */
import { hash as oneShotHash } from 'node:crypto';
import type { TermShard } from '../shared/search/local-index-format';
import { type NumberList, NumbersText } from './numbers-text';

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

/** A list's numbers in order, as `PostingsPacker.add` takes them: an array, or a typed array's used part. */
export type PostingsNumbers = NumberList;

/**
 * Packs one term shard's encoded posting lists, in term order, into its postings files: a list runs over into the
 * next file when this one is full (`restart` for the next term shard). A list comes whole (`add`) and is joined into
 * its digits and commas (`NumbersText`: `join`'s text, which for a finite number is `JSON.stringify`'s); its pieces are
 * cut out of that text where its commas fall, so the packer's own code runs per piece, not per number: a cold build
 * of a small site runs without V8's optimizing compiler, where a call per number cost more than the rest of the
 * index's end. Finished files wait in `take()` until their owner writes them.
 */
export class PostingsPacker {
  /** The current shard's pieces, as JSON, each but the first with its leading comma. */
  private parts: string[] = [];
  private pieces = 0;
  /** The current shard's size as the cut counts it: its brackets, and per piece its bytes and a comma. */
  private bytes = 2;
  private count = 0;
  private ready: [number, string][] = [];
  /** Two lanes of a hash of the list last added (`listHash`). */
  private hash: [number, number] = [0, 0];
  private readonly texts = new NumbersText();

  constructor(private readonly limit: number) {}

  /** Starts the files of another term shard, from 0 (the finished ones taken). */
  restart(): void {
    this.parts = [];
    this.pieces = 0;
    this.bytes = 2;
    this.count = 0;
    this.ready = [];
  }

  /** A hash of the numbers of the list last added (64 bits, two lanes): what the writer keeps of it. */
  get listHash(): [number, number] {
    return this.hash;
  }

  /**
   * Adds term `t`'s list (finite numbers); returns the shard its first piece is in and how many more shards it runs
   * over. A piece takes the list's numbers while the shard has room for them (its first number always); a shard that
   * cannot take a piece's term and first number is cut before it, unless it is empty. `list` may be given as its text
   * (`join(',')`'s, as an earlier build's postings files hold it). `known`: the list's hash (`listHash`) when the
   * caller has it from an earlier add of the same numbers, which then is not hashed again.
   */
  add(t: number, list: PostingsNumbers | string, known?: readonly [number, number]): { first: number; more: number } {
    const text = typeof list === 'string' ? list : this.texts.of(list);
    if (known) this.hash = [known[0], known[1]];
    else {
      // The text stands for the numbers one to one: its digest is the list's.
      const digest = oneShotHash('sha1', text, 'buffer');
      this.hash = [digest.readUInt32LE(0), digest.readUInt32LE(4)];
    }
    if (text.length === 0) return { first: -1, more: 0 };
    const term = String(t);
    // A number's bytes in the cut's count are its digits and a comma; a piece's, its term's and brackets too.
    const termBytes = term.length + 1;
    const length = text.length;
    let from = 0;
    let firstEnd = text.indexOf(',');
    if (firstEnd < 0) firstEnd = length;
    if (this.bytes + 2 + termBytes + firstEnd + 1 > this.limit && this.pieces) this.cut();
    const first = this.count;
    for (;;) {
      // The piece's numbers end at the last comma within the room left (or the text's end), after one number.
      const room = this.limit - this.bytes - 2 - termBytes;
      let to = length;
      if (length - from + 1 > room) to = Math.max(text.lastIndexOf(',', from + room - 1), firstEnd);
      this.parts.push(`${this.pieces ? ',[' : '['}${term},${text.slice(from, to)}]`);
      this.bytes += 2 + termBytes + to - from + 1;
      this.pieces++;
      if (to === length) return { first, more: this.count - first };
      // The next number did not fit: it cannot open a piece in this shard either.
      this.cut();
      from = to + 1;
      firstEnd = text.indexOf(',', from);
      if (firstEnd < 0) firstEnd = length;
    }
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

  private cut(): void {
    this.ready.push([this.count++, `[${this.parts.join('')}]`]);
    this.parts = [];
    this.pieces = 0;
    this.bytes = 2;
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
