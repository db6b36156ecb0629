/*
 * Who highlights each code block sent to the worker that highlights ahead (see highlight-ahead): one flag per block,
 * in buffers shared by the build's thread and the worker. A block is free until a thread starts on it; whichever
 * takes it first (`Atomics.compareExchange`) highlights it, and the other skips it.
 */

/** A block's flag. */
export const BlockClaim = { free: 0, worker: 1, run: 2 } as const;
type Claimant = typeof BlockClaim.worker | typeof BlockClaim.run;

/** How many blocks one shared buffer of flags covers: a buffer is made for each so many blocks sent. */
const perPart = 1024;

export interface BlockClaims {
  /** The buffer of block `id`'s flag when `id` is the first it covers (made now, for the other thread). */
  newPart(id: number): { part: number; flags: Int32Array } | undefined;
  /** A buffer the other thread made. */
  add(part: number, flags: Int32Array): void;
  /** Whether no thread has taken block `id`. */
  isFree(id: number): boolean;
  /** Takes block `id` for `by` if it is free; true when it did, or when `id` has no flag (no other thread takes it). */
  claim(id: number, by: Claimant): boolean;
}

export function blockClaims(): BlockClaims {
  const parts: Int32Array[] = [];
  const flagsOf = (id: number) => parts[Math.floor(id / perPart)];
  return {
    newPart(id) {
      const part = Math.floor(id / perPart);
      if (parts[part] !== undefined) return undefined;
      const flags = new Int32Array(new SharedArrayBuffer(perPart * Int32Array.BYTES_PER_ELEMENT));
      parts[part] = flags;
      return { part, flags };
    },
    add(part, flags) {
      parts[part] = flags;
    },
    isFree(id) {
      const flags = flagsOf(id);
      return flags !== undefined && Atomics.load(flags, id % perPart) === BlockClaim.free;
    },
    claim(id, by) {
      const flags = flagsOf(id);
      return !flags || Atomics.compareExchange(flags, id % perPart, BlockClaim.free, by) === BlockClaim.free;
    },
  };
}
