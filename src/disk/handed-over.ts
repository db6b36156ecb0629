/*
 * Bytes whose maker lets go of them as it hands them on to be written: the file-writing thread (see
 * background-writes) then takes their buffer as it is, transferred (detached on this side), instead of the copy the
 * structured clone makes of every byte of every file it is sent. Only the maker knows that nothing else holds them
 * (a page kept for the next build, the search part made from it, the dev server's memory), so only the maker says
 * so; bytes not said to be handed over are copied, as before.
 */

const handedOver = new WeakSet<Uint8Array>();
const encoder = new TextEncoder();

/**
 * Notes that nothing holds `bytes` but the one it is given to: a write that takes them may transfer their buffer,
 * after which they read as empty here. Returns `bytes`.
 */
export function handOver<T extends Uint8Array>(bytes: T): T {
  handedOver.add(bytes);
  return bytes;
}

/**
 * `text` as UTF-8 (the bytes `Buffer.from(text)` holds) in a buffer of its own, handed over: never a slice of the
 * pool `Buffer.from` shares between small strings, which cannot be transferred without the others in it.
 */
export function handedOverText(text: string): Uint8Array {
  return handOver(encoder.encode(text));
}

/**
 * The buffer to transfer with `data` when it was handed over and is the whole of a buffer of its own (a view of
 * part of one, or of shared memory, is copied); the mark is taken, as the bytes go once.
 */
export function transferOf(data: string | Uint8Array | undefined): ArrayBuffer | undefined {
  if (data === undefined || typeof data === 'string' || !handedOver.delete(data)) return undefined;
  const { buffer } = data;
  if (!(buffer instanceof ArrayBuffer) || data.byteOffset !== 0 || data.byteLength !== buffer.byteLength) {
    return undefined;
  }
  return buffer;
}
