import { createHash } from 'node:crypto';
import type { ContentModel } from './build-content-model';

/**
 * A digest of everything a content model holds but its content files' texts: the titles, front matter, sidebars,
 * routes and lists the texts gave are all in it, the texts themselves (a source's `text` and `body`, read lazily
 * from disk) are not. What a route's props take of a page's text they take through the page (its compile key), so
 * two models with this digest give every route the same props from the same pages (see `site/route-keys.ts`).
 *
 * Written as JSON, a long list (every doc, every route) item by item so that no string of the whole site is made; a
 * value JSON cannot show (a function, a class instance other than a map or a set) throws a TypeError: a
 * digest that silently dropped part of the model would keep stale props. Two equal models built in a different
 * order may digest differently (then the routes are made again: slower, never wrong).
 */
export function modelDigestOf(model: ContentModel): string {
  const hash = createHash('sha256');
  // Each object is written once and named by its place when met again: the model shares its docs, categories and
  // posts between its lists, the sidebars and the navigation (written whole each time, a large site's is huge).
  const seen = new Map<object, number>();
  const replacer = function (this: unknown, key: string, value: unknown): unknown {
    if (typeof value === 'object' && value !== null) {
      const place = seen.get(value);
      if (place !== undefined) return `#${place}`;
      seen.set(value, seen.size);
    }
    return shown.call(this, key, value);
  };
  const write = (value: unknown) => {
    const json = JSON.stringify(value, replacer);
    hash.update(json === undefined ? 'u' : json);
    hash.update('\n');
  };
  for (const key of Object.keys(model)) {
    hash.update(`${key}=`);
    const value = (model as unknown as Record<string, unknown>)[key];
    if (Array.isArray(value) || value instanceof Map) {
      hash.update(value instanceof Map ? 'M' : 'A');
      for (const item of value) write(item);
    } else write(value);
  }
  return hash.digest('base64url');
}

/** The replacer: a content file without its text and body (never read: they are getters), maps and sets as lists. */
function shown(this: unknown, _key: string, value: unknown): unknown {
  if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint')
    throw new TypeError(`the content model holds a ${typeof value}, which its digest cannot see`);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  if (value instanceof Map) return ['M', ...value];
  if (value instanceof Set) return ['S', ...value];
  if (value instanceof Date) return value;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null)
    throw new TypeError('the content model holds a class instance, which its digest cannot see');
  if (isSource(value)) {
    const shownSource: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      // Read lazily from disk: what the model took of them is in its other fields.
      if (key !== 'text' && key !== 'body') shownSource[key] = (value as Record<string, unknown>)[key];
    }
    return shownSource;
  }
  return value;
}

/** Whether an object is a content file (`SourceFile`, `ParsedSource`): its `text` and `body` are the file's. */
function isSource(value: object): boolean {
  const v = value as Record<string, unknown>;
  return typeof v.file === 'string' && typeof v.relPath === 'string' && typeof v.section === 'string';
}
