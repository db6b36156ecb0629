/*
 * A posting list's numbers as the text `join(',')` gives them (the postings files' JSON), written digit by digit into
 * a byte buffer for a long list. The engine's join of a typed array converts each number on its own, about three
 * times the cost of this loop once V8's optimizing compiler has it: at 10,000 pages a warm build after one edit joins
 * millions of numbers, most of them in a few hundred long lists of common words (docs/measurements.md, h158). Without
 * that compiler (a cold build of a small site, see build/optimizing-compiler.ts) the loop costs several times the
 * join: short lists, all of a small site's, are joined by the engine.
 */

/** A list of numbers: an array, or a typed array's used part. */
export type NumberList = ArrayLike<number> & { join(separator: string): string };

/**
 * Lists of this many numbers or more are written by digits. A 100-doc site's and this repository's own have none (at
 * most 3,420 numbers), a 10,000-page site's are nine tenths of its numbers.
 */
export const byDigitsFrom = 4096;

/** Bytes of the longest number written by digits (below 2³²: ten digits) with its comma. */
const maxBytes = 11;

/** Digits of a whole number from 10 to 2³² − 1. */
function digitsOf(u: number): number {
  if (u < 1e5) return u < 100 ? 2 : u < 1e3 ? 3 : u < 1e4 ? 4 : 5;
  return u < 1e6 ? 6 : u < 1e7 ? 7 : u < 1e8 ? 8 : u < 1e9 ? 9 : 10;
}

/** Writes lists of numbers as text, into one buffer reused from list to list. */
export class NumbersText {
  private scratch = new Uint8Array(0);

  /** `list.join(',')`, the same text however it is made. */
  of(list: NumberList): string {
    const n = list.length;
    if (n < byDigitsFrom) return list.join(',');
    if (this.scratch.length < n * maxBytes) this.scratch = new Uint8Array(n * maxBytes * 2);
    const bytes = this.scratch;
    let k = 0;
    for (let i = 0; i < n; i++) {
      let u = list[i]!;
      // A whole number from 0 to 2³² − 1 (or −0, which join writes as 0); any other goes to the engine, whole.
      if (u !== u >>> 0) return list.join(',');
      if (i > 0) bytes[k++] = 44;
      if (u < 10) {
        bytes[k++] = 48 + u;
        continue;
      }
      let end = k + digitsOf(u);
      k = end;
      do {
        const q = (u / 10) >>> 0;
        bytes[--end] = 48 + u - q * 10;
        u = q;
      } while (u !== 0);
    }
    return Buffer.from(bytes.buffer, bytes.byteOffset, k).toString('latin1');
  }
}
