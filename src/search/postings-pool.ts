/*
 * The posting lists of the local index while a build streams its pages in: per word and field, the documents it
 * occurs in and how often, kept as variable-length integers in chained slices of one byte pool (as Lucene keeps
 * its postings). A site's words are many and most occur in a few documents: an array or typed array per list
 * would cost more in object headers than the postings themselves.
 */

/** Bytes of a slice's link to the next slice. */
const linkBytes = 4;
/** Sizes of the slices of a list, in order (then the last, again): a list of one document takes 8 bytes. */
const sliceSizes = [8, 16, 32, 64, 128, 256];

class GrowableInt32 {
  values = new Int32Array(1024);
  ensure(n: number): void {
    if (n <= this.values.length) return;
    let size = this.values.length;
    while (size < n) size *= 2;
    const next = new Int32Array(size);
    next.set(this.values);
    this.values = next;
  }
}

/** Documents and term frequencies of one list at a time (`PostingsPool.readInto`), kept from list to list. */
export class ListScratch {
  docs = new Int32Array(1024);
  tfs = new Int32Array(1024);
  /** Room for `n` entries (the arrays' values kept). */
  room(n: number): void {
    if (n <= this.docs.length) return;
    let size = this.docs.length * 2;
    while (size < n) size *= 2;
    const docs = new Int32Array(size);
    docs.set(this.docs);
    this.docs = docs;
    const tfs = new Int32Array(size);
    tfs.set(this.tfs);
    this.tfs = tfs;
  }
}

export class PostingsPool {
  private pool = new Uint8Array(64 * 1024);
  private poolUsed = 0;
  /**
   * Per list: its first slice, its current slice, bytes used there, that slice's place in `sliceSizes`, the last
   * document, its tf, and the occurrences counted.
   */
  private readonly state = new GrowableInt32();
  private lists = 0;
  private static readonly stride = 7;

  /** A new, empty list. */
  create(): number {
    const list = this.lists++;
    this.state.ensure((list + 1) * PostingsPool.stride);
    const s = this.state.values;
    const at = list * PostingsPool.stride;
    const slice = this.slice(0);
    s[at] = slice;
    s[at + 1] = slice;
    s[at + 2] = 0;
    s[at + 3] = 0;
    s[at + 4] = -1;
    s[at + 5] = 0;
    s[at + 6] = 0;
    return list;
  }

  /** `count` occurrences (default one) of the list's word in `doc` (documents come in increasing order). */
  add(list: number, doc: number, count = 1): void {
    const at = list * PostingsPool.stride;
    const s = this.state.values;
    s[at + 6]! += count;
    if (s[at + 4] === doc) {
      s[at + 5]! += count;
      return;
    }
    if (s[at + 4] !== -1) this.writeNumber(list, s[at + 5]!);
    this.writeNumber(list, doc - s[at + 4]!);
    s[at + 4] = doc;
    s[at + 5] = count;
  }

  /** Occurrences of the word in the list's documents (tf summed). */
  occurrences(list: number): number {
    return this.state.values[list * PostingsPool.stride + 6]!;
  }

  /** The list's documents and term frequencies, in order. */
  read(list: number): { docs: number[]; tfs: number[] } {
    const into = new ListScratch();
    const n = this.readInto(list, into);
    return { docs: Array.from(into.docs.subarray(0, n)), tfs: Array.from(into.tfs.subarray(0, n)) };
  }

  /**
   * The list's documents and term frequencies decoded into `into` (grown as needed), returning how many: the
   * index's end reads every list once, and one scratch for them all allocates nothing per list.
   */
  readInto(list: number, into: ListScratch): number {
    const at = list * PostingsPool.stride;
    const s = this.state.values;
    const [tail, tailUsed, lastDoc, lastTf] = [s[at + 1]!, s[at + 2]!, s[at + 4]!, s[at + 5]!];
    // Numbers: gap, then (tf of the document before, gap)… ; the last document's tf is still in the state.
    let count = 0;
    let doc = -1;
    let gapNext = true;
    let slice = s[at]!;
    let size = 0;
    let value = 0;
    let shift = 0;
    for (;;) {
      const end = slice === tail ? slice + tailUsed : slice + sliceSizes[size]! - linkBytes;
      for (let i = slice; i < end; i++) {
        const byte = this.pool[i]!;
        value += (byte & 0x7f) * 2 ** shift;
        if (byte & 0x80) shift += 7;
        else {
          if (gapNext) {
            doc += value;
            into.room(count + 1);
            into.docs[count] = doc;
            into.tfs[count++] = lastTf;
          } else into.tfs[count - 1] = value;
          gapNext = !gapNext;
          value = 0;
          shift = 0;
        }
      }
      if (slice === tail) break;
      slice = this.linkAt(slice + sliceSizes[size]! - linkBytes);
      size = Math.min(size + 1, sliceSizes.length - 1);
    }
    if (count && into.docs[count - 1] !== lastDoc) throw new Error('postings pool: a list was read wrong');
    return count;
  }

  /** A list no longer used: its slices count as unused until the pool is compacted. */
  release(list: number): void {
    this.unused += this.sliceBytes(list);
  }

  /** Bytes of the pool held by lists replaced since it was made or compacted. */
  unused = 0;

  /** How many bytes of the pool are in use (the rest is room to grow). */
  get used(): number {
    return this.poolUsed;
  }

  /**
   * The pool as bytes (see `PostingsPool.of`): its state per list, then its used bytes. Replaced lists are in it
   * still; a caller compacts first when they are a large share.
   */
  snapshot(): { state: Int32Array; pool: Uint8Array } {
    return {
      state: this.state.values.subarray(0, this.lists * PostingsPool.stride),
      pool: this.pool.subarray(0, this.poolUsed),
    };
  }

  /** A pool from a snapshot (copied: the pool grows in place). */
  static of(snapshot: { state: Int32Array; pool: Uint8Array }): PostingsPool {
    const pool = new PostingsPool();
    const lists = snapshot.state.length / PostingsPool.stride;
    if (!Number.isInteger(lists)) throw new Error('postings pool: a snapshot cut short');
    pool.state.ensure(snapshot.state.length);
    pool.state.values.set(snapshot.state);
    pool.lists = lists;
    pool.pool = new Uint8Array(Math.max(64 * 1024, snapshot.pool.length * 1.25));
    pool.pool.set(snapshot.pool);
    pool.poolUsed = snapshot.pool.length;
    return pool;
  }

  /**
   * The live lists copied into a new pool, without the replaced ones' slices: `slots` names them (a list plus one,
   * 0 for none) and is rewritten in place with their new numbers.
   */
  compacted(slots: Int32Array): PostingsPool {
    const next = new PostingsPool();
    const scratch = new ListScratch();
    for (let i = 0; i < slots.length; i++) {
      if (!slots[i]) continue;
      const n = this.readInto(slots[i]! - 1, scratch);
      const list = next.create();
      for (let j = 0; j < n; j++) next.add(list, scratch.docs[j]!, scratch.tfs[j]!);
      slots[i] = list + 1;
    }
    return next;
  }

  /** The bytes of a list's slices, at least (the largest size may repeat): what compaction is decided on. */
  private sliceBytes(list: number): number {
    const s = this.state.values;
    const at = list * PostingsPool.stride;
    let bytes = 0;
    for (let size = 0; size <= s[at + 3]!; size++) bytes += sliceSizes[size]!;
    return bytes;
  }

  /** Bytes the pool holds (for the tests of what the search stage keeps). */
  get bytes(): number {
    return this.pool.byteLength + this.state.values.byteLength;
  }

  private writeNumber(list: number, n: number): void {
    let rest = n;
    while (rest >= 0x80) {
      this.writeByte(list, (rest & 0x7f) | 0x80);
      rest = Math.floor(rest / 0x80);
    }
    this.writeByte(list, rest);
  }

  private writeByte(list: number, byte: number): void {
    const at = list * PostingsPool.stride;
    const s = this.state.values;
    const size = s[at + 3]!;
    if (s[at + 2] === sliceSizes[size]! - linkBytes) {
      const nextSize = Math.min(size + 1, sliceSizes.length - 1);
      const next = this.slice(nextSize);
      this.setLinkAt(s[at + 1]! + sliceSizes[size]! - linkBytes, next);
      s[at + 1] = next;
      s[at + 2] = 0;
      s[at + 3] = nextSize;
    }
    this.pool[s[at + 1]! + s[at + 2]!] = byte;
    s[at + 2]!++;
  }

  private slice(size: number): number {
    const bytes = sliceSizes[size]!;
    if (this.poolUsed + bytes > this.pool.length) {
      const next = new Uint8Array(Math.max(this.pool.length * 2, this.poolUsed + bytes));
      next.set(this.pool.subarray(0, this.poolUsed));
      this.pool = next;
    }
    const at = this.poolUsed;
    this.poolUsed += bytes;
    return at;
  }

  private linkAt(at: number): number {
    const p = this.pool;
    return (p[at]! | (p[at + 1]! << 8) | (p[at + 2]! << 16)) + p[at + 3]! * 2 ** 24;
  }

  private setLinkAt(at: number, value: number): void {
    const p = this.pool;
    p[at] = value & 0xff;
    p[at + 1] = (value >>> 8) & 0xff;
    p[at + 2] = (value >>> 16) & 0xff;
    p[at + 3] = Math.floor(value / 2 ** 24) & 0xff;
  }
}
