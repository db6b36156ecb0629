/** Where this thread's pages are written (grown as a page needs): one buffer, copied out once a page. */
let scratch = new Uint8Array(256 * 1024);
const encoder = new TextEncoder();

/**
 * The pieces' UTF-8 bytes one after the other, as `TextEncoder` would encode the pieces joined, in a buffer of their
 * own (transferable to another thread): strings are encoded where they go and byte pieces copied there, so the
 * whole is never joined into one string first.
 */
export function utf8Of(pieces: readonly (string | Uint8Array)[]): Uint8Array {
  let at = 0;
  for (const piece of pieces) {
    // A UTF-16 code unit takes at most 3 bytes in UTF-8 (a pair of them, 4).
    const most = typeof piece === 'string' ? piece.length * 3 : piece.byteLength;
    if (at + most > scratch.byteLength) {
      const larger = new Uint8Array(Math.max(scratch.byteLength * 2, at + most));
      larger.set(scratch.subarray(0, at));
      scratch = larger;
    }
    if (typeof piece === 'string') at += encoder.encodeInto(piece, scratch.subarray(at)).written;
    else {
      scratch.set(piece, at);
      at += piece.byteLength;
    }
  }
  return scratch.slice(0, at);
}
