/*
 * A value's JSON made where the value was made (a compile worker, beside the page it compiled and sends back), as
 * UTF-8: the store that keeps the value as JSON takes those bytes as they are, instead of stringifying the value
 * again on the build's thread and encoding it for the file. The value crosses threads as a structured clone, which
 * keeps every property JSON reads and in the same order, so the bytes are those of `JSON.stringify` of the clone.
 * They come transferred, and are held by nothing else: the file-writing thread takes them without a copy.
 */
import { handOver } from '../disk/handed-over';

const texts = new WeakMap<object, Uint8Array>();

/** Notes that `bytes` are `JSON.stringify(value)` in UTF-8, held by nothing else; returns `value`. */
export function withJsonText<T extends object>(value: T, bytes: Uint8Array): T {
  texts.set(value, bytes);
  return value;
}

/**
 * `JSON.stringify(value)`: the UTF-8 bytes noted for it, taken (they are let go with it: a store keeps what it
 * wrote, and the value may live on) and handed over (see disk/handed-over), or the text made now (as text: cloned to
 * the writing thread, it costs this thread less than its encoding would).
 */
export function jsonTextOf(value: unknown): string | Uint8Array {
  if (typeof value === 'object' && value !== null) {
    const bytes = texts.get(value);
    if (bytes !== undefined) {
      texts.delete(value);
      return handOver(bytes);
    }
  }
  return JSON.stringify(value);
}
