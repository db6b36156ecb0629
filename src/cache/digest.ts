import { hash } from 'node:crypto';

/** A digest of a string (one-shot `hash`: several times faster than a Hash object on short strings). */
export function digestText(text: string): string {
  return hash('sha256', text, 'base64url');
}

// Inputs are treated as immutable: a value hashed once (the site config, a sidebar) is not hashed again,
// however many pages take it as an input.
const digests = new WeakMap<object, string>();

/**
 * Digests of properties known without reading them (`presetDigest`): a content file's text taken from the
 * content record is read only when a stage must run, so its key comes from the digest recorded with it.
 */
const presetDigests = new WeakMap<object, Record<string, string>>();

/** The digest `digestOf` gives a string property: what a record keeps to key a text it did not read. */
export function digestOfString(text: string): string {
  return digestText(`s${text}`);
}

/**
 * Says that `object[key]` has `digest` (`digestOfString` of its value), so that `digestOf(object)` does not read
 * the property (a lazy text). Only for a plain object given directly to `digestOf` (a stage's input).
 */
export function presetDigest(object: object, key: string, digest: string): void {
  const known = presetDigests.get(object);
  if (known) known[key] = digest;
  else presetDigests.set(object, { [key]: digest });
}

/**
 * A digest of a stage's input: the same value gives the same digest. The input's own properties are hashed one
 * by one, each object among them once per run (so the config or a sidebar shared by every page costs nothing
 * after the first page). A value JSON cannot represent faithfully (a function, a Map, a Set, a class instance,
 * `undefined` in an array) throws: an input the digest silently dropped is exactly the stale-output bug a cache
 * must make impossible.
 */
export function digestOf(value: unknown): string {
  if (!isPlainObject(value)) return digestOfValue(value);
  let digest = digests.get(value);
  if (digest === undefined) {
    const known = presetDigests.get(value);
    const parts = Object.keys(value)
      .sort()
      .map((key) => `${key}=${known?.[key] ?? digestOfValue((value as Record<string, unknown>)[key])}`);
    digest = digestText(parts.join('\n'));
    digests.set(value, digest);
  }
  return digest;
}

function digestOfValue(value: unknown): string {
  if (typeof value === 'string') return digestOfString(value);
  if (typeof value !== 'object' || value === null) return digestText(`v${JSON.stringify(checked.call({}, '', value))}`);
  let digest = digests.get(value);
  if (digest === undefined) {
    checked.call({}, '', value);
    // A long list (every page of a site) is hashed item by item: no single string of the whole site is built.
    digest =
      Array.isArray(value) && value.length > 64
        ? digestText(`a${value.map((item) => digestOfValue(checked.call([], '', item))).join(',')}`)
        : digestText(`o${JSON.stringify(value, checked)}`);
    digests.set(value, digest);
  }
  return digest;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function checked(this: unknown, key: string, value: unknown): unknown {
  if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') {
    throw new TypeError(`cache input "${key}" is a ${typeof value}, which a digest cannot see`);
  }
  if (value === undefined && Array.isArray(this))
    throw new TypeError(`cache input "${key}" is undefined inside an array`);
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && !isPlainObject(value)) {
    if (value instanceof Date) return value;
    const name = (Object.getPrototypeOf(value) as { constructor?: { name?: string } }).constructor?.name ?? 'class';
    throw new TypeError(`cache input "${key}" is a ${name} instance: pass plain data`);
  }
  return value;
}
