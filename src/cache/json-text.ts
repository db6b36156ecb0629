/*
 * A value's JSON text made where the value was made (a compile worker, beside the page it compiled and sends back):
 * the store that keeps the value as JSON takes that text as it is, instead of stringifying the value again on the
 * build's thread. The value crosses threads as a structured clone, which keeps every property JSON reads and in
 * the same order, so the text is the one `JSON.stringify` of the clone would give.
 */

const texts = new WeakMap<object, string>();

/** Notes that `text` is `JSON.stringify(value)`; returns `value`. */
export function withJsonText<T extends object>(value: T, text: string): T {
  texts.set(value, text);
  return value;
}

/**
 * `JSON.stringify(value)`: the text noted for it, taken (the text is let go with it: a store keeps what it wrote,
 * and the value may live on), or made now.
 */
export function jsonTextOf(value: unknown): string {
  if (typeof value === 'object' && value !== null) {
    const text = texts.get(value);
    if (text !== undefined) {
      texts.delete(value);
      return text;
    }
  }
  return JSON.stringify(value);
}
