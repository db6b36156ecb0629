import { createHash } from 'node:crypto';
import type { ContentModel } from './build-content-model';

/**
 * A digest of everything a content model holds but its content files' texts: the titles, front matter, sidebars,
 * routes and lists the texts gave are all in it, the texts themselves (a source's `text` and `body`, read lazily
 * from disk) are not. What a route's props take of a page's text they take through the page (its compile key), so
 * two models with this digest give every route the same props from the same pages (see `route-keys.ts`).
 *
 * Each object is written once, in a fixed walk, and named by its place in that walk when met again (the model shares
 * its docs between the routes, the sidebars and the navigation); keys are sorted, so an object's key order (which a
 * copy read back from the cache may not keep) does not matter. A value it cannot see whole (a function, a class
 * instance) throws: a digest that silently dropped part of the model would keep stale props.
 */
export function modelDigestOf(model: ContentModel): string {
  const hash = createHash('sha256');
  const seen = new Map<object, number>();
  let chunk: string[] = [];
  let chunkLength = 0;
  const out = (text: string) => {
    chunk.push(text);
    chunkLength += text.length;
    if (chunkLength > 1 << 16) {
      hash.update(chunk.join(''));
      chunk = [];
      chunkLength = 0;
    }
  };
  const walk = (value: unknown): void => {
    if (value === undefined) {
      out('u');
      return;
    }
    if (typeof value !== 'object' || value === null) {
      if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint')
        throw new TypeError(`the content model holds a ${typeof value}, which its digest cannot see`);
      out(JSON.stringify(value));
      return;
    }
    const place = seen.get(value);
    if (place !== undefined) {
      out(`#${place}`);
      return;
    }
    seen.set(value, seen.size);
    if (Array.isArray(value)) {
      out('[');
      for (const item of value) {
        walk(item);
        out(',');
      }
      out(']');
      return;
    }
    if (value instanceof Map) {
      out('M[');
      for (const [key, item] of value) {
        walk(key);
        out(':');
        walk(item);
        out(',');
      }
      out(']');
      return;
    }
    if (value instanceof Set) {
      out('S[');
      for (const item of value) {
        walk(item);
        out(',');
      }
      out(']');
      return;
    }
    if (value instanceof Date) {
      out(`D${value.toISOString()}`);
      return;
    }
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null)
      throw new TypeError('the content model holds a class instance, which its digest cannot see');
    const source = isSource(value);
    out('{');
    for (const key of Object.keys(value).sort()) {
      // Read lazily from disk: what the model took of them is in its other fields.
      if (source && (key === 'text' || key === 'body')) continue;
      out(JSON.stringify(key));
      out(':');
      walk((value as Record<string, unknown>)[key]);
      out(',');
    }
    out('}');
  };
  walk(model);
  hash.update(chunk.join(''));
  return hash.digest('base64url');
}

/** Whether an object is a content file (`SourceFile`, `ParsedSource`): its `text` and `body` are the file's. */
function isSource(value: object): boolean {
  const v = value as Record<string, unknown>;
  return typeof v.file === 'string' && typeof v.relPath === 'string' && typeof v.section === 'string';
}
