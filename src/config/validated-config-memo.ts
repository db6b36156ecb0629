import { serialize } from 'node:v8';
import type { Cache } from '../cache/stage-cache';
import type { SiteFolderFacts } from './config-defaults';
import type { SiteConfig } from './site-schema';

/**
 * Where a run keeps the config it validated, for the next run (the cache's `validatedConfig`): validating means
 * loading zod and building the site's schemas, a tenth of a warm build of a small site, for the same answer as last
 * time whenever the config is the same data.
 */
export interface ValidatedConfigs {
  /** The key of a validation's input (`keyOf('config', …)`: with the validation's code version). */
  keyOf(input: string): string;
  get(key: string): unknown;
  set(key: string, value: unknown): void;
}

/**
 * Whether `value` is data that v8's serializer copies exactly and that nothing but its own fields describes:
 * `undefined`, `null`, booleans, numbers, strings, dense arrays and plain objects of enumerable data properties,
 * nested. A function, a class instance, a getter, a symbol key or a `Date` is not: a config holding one is validated
 * every run (its key could not tell two of them apart, or its copy would lose what they are).
 */
export function isPlainData(value: unknown, seen: Set<object> = new Set()): boolean {
  if (value === null || value === undefined) return true;
  const type = typeof value;
  if (type === 'string' || type === 'number' || type === 'boolean') return true;
  if (type !== 'object') return false;
  const object = value as object;
  if (seen.has(object)) return true;
  seen.add(object);
  const proto = Object.getPrototypeOf(object);
  const array = Array.isArray(object);
  if (array ? proto !== Array.prototype : proto !== Object.prototype && proto !== null) return false;
  if (Object.getOwnPropertySymbols(object).length > 0) return false;
  const names = Object.getOwnPropertyNames(object);
  for (const name of names) {
    if (array && name === 'length') continue;
    const descriptor = Object.getOwnPropertyDescriptor(object, name)!;
    if (!descriptor.enumerable || !('value' in descriptor)) return false;
    if (!isPlainData(descriptor.value, seen)) return false;
  }
  // A hole in an array has no property: the names would be fewer than its length (plus `length`).
  return !array || names.length === (object as unknown[]).length + 1;
}

/**
 * The config `validate` gives for `input`, or the one it gave a run before for the same input (the same bytes of
 * data, folder facts, Node version and validation code), when there is one. Only a successful validation is kept:
 * a config with a problem is validated, and its errors located, every run.
 */
export async function validatedConfig(
  input: unknown,
  facts: SiteFolderFacts,
  validate: () => Promise<SiteConfig>,
  memo: ValidatedConfigs | undefined,
): Promise<SiteConfig> {
  // The Node version: the locales' labels come from its ICU data.
  const key =
    memo && isPlainData(input)
      ? memo.keyOf(serialize({ input, facts, node: process.versions.node }).toString('base64'))
      : undefined;
  if (key !== undefined) {
    const kept = memo!.get(key);
    if (kept !== undefined) return kept as SiteConfig;
  }
  const config = await validate();
  if (key !== undefined && isPlainData(config)) memo!.set(key, config);
  return config;
}

/** A run's cache as the memo of its validated config. */
export function validatedConfigsOf(cache: Cache): ValidatedConfigs {
  return { keyOf: (input) => cache.keyOf('config', input), ...cache.validatedConfig };
}
