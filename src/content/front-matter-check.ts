/*
 * The front matter schemas' check for the values most pages have, without zod. Zod's object parser runs every key
 * of the schema on every page (about twenty-five optional keys, each its own schema object), and on a cold build
 * its code runs in V8's interpreter: on a site of a thousand pages it was a fifth of the model stage, which runs
 * before the markdown stage's workers get their pages. This check answers only where it gives what zod gives (the
 * tests compare the two on generated front matters); for anything else, and so for every error, zod decides.
 */
import { upstreamCommit, upstreamPath } from '../translations/upstream-ref';

/** A doc id is one name: the folder is added to it. */
export const plainId = /^[^/]+$/;
/** `?` and `#` would end the path in every URL made from a slug; control characters cannot be in a file name. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is refused.
export const plainSlug = /^[^?#\u0000-\u001f\u007f]*$/;
/** A date as a string: what Docusaurus reads starts with the day. */
export const dateStart = /^\d{4}-\d{2}-\d{2}/;

/** What a key's check answers for a value it leaves to zod. */
const notTaken = Symbol('not taken');
type Check = (value: unknown) => unknown;

const string: Check = (value) => (typeof value === 'string' ? value : notTaken);
const nullableString: Check = (value) => (typeof value === 'string' || value === null ? value : notTaken);
const boolean: Check = (value) => (typeof value === 'boolean' ? value : notTaken);
const matching =
  (pattern: RegExp): Check =>
  (value) =>
    typeof value === 'string' && pattern.test(value) ? value : notTaken;
/** `z.array(z.string())`: a new array, as zod gives (a hole is not a string). */
const strings: Check = (value) => {
  if (!Array.isArray(value)) return notTaken;
  const copy: string[] = [];
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    if (typeof item !== 'string') return notTaken;
    copy.push(item);
  }
  return copy;
};
/** A table of contents' heading level: an integer from 2 to 6. */
const level: Check = (value) =>
  Number.isInteger(value) && (value as number) >= 2 && (value as number) <= 6 ? value : notTaken;
const finiteNumber: Check = (value) => (Number.isFinite(value) ? value : notTaken);
/** `upstream`: `none`, or exactly `{path, commit}` (a new object, its keys in the schema's order). */
const upstream: Check = (value) => {
  if (value === 'none') return value;
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return notTaken;
  const keys = Object.keys(value);
  if (keys.length !== 2 || !Object.hasOwn(value, 'path') || !Object.hasOwn(value, 'commit')) return notTaken;
  const { path, commit } = value as Record<string, unknown>;
  if (typeof path !== 'string' || !upstreamPath.test(path)) return notTaken;
  if (typeof commit !== 'string' || !upstreamCommit.test(commit)) return notTaken;
  return { path, commit };
};
/** A blog post's `authors` as names: one, or a list (a new array). */
const authorNames: Check = (value) => (typeof value === 'string' ? value : strings(value));

const common: Record<string, Check> = {
  id: matching(plainId),
  title: (value) => (typeof value === 'string' && value.length > 0 ? value : notTaken),
  description: string,
  keywords: strings,
  image: string,
  slug: matching(plainSlug),
  draft: boolean,
  unlisted: boolean,
  hide_title: boolean,
  hide_table_of_contents: boolean,
  toc_min_heading_level: level,
  toc_max_heading_level: level,
  upstream,
  custom_edit_url: nullableString,
};

/** Each section's checks, by key; a key of the schema not here (a mapping, a default) is always zod's. */
const checks: Record<'docs' | 'blog' | 'pages', Record<string, Check>> = {
  docs: {
    ...common,
    sidebar_label: string,
    sidebar_position: finiteNumber,
    pagination_prev: nullableString,
    pagination_next: nullableString,
    pagination_label: string,
    sidebar_class_name: string,
    displayed_sidebar: nullableString,
  },
  blog: { ...common, authors: authorNames, tags: strings, date: matching(dateStart) },
  pages: { ...common, layout: (value) => (value === 'releases' ? value : notTaken) },
};

/**
 * What zod's `safeParse` of `data` by a section's schema (a `looseObject` whose keys are `shapeKeys`, in order)
 * gives as its data when every key of the schema that `data` has holds a value checked here; undefined otherwise,
 * and then zod is asked. As zod's: a new object, the schema's keys first in the schema's order, then the others in
 * `data`'s, with their values as they are.
 */
export function checkedFrontMatter(
  section: 'docs' | 'blog' | 'pages',
  shapeKeys: readonly string[],
  data: unknown,
): Record<string, unknown> | undefined {
  if (typeof data !== 'object' || data === null || Object.getPrototypeOf(data) !== Object.prototype) return undefined;
  const input = data as Record<string, unknown>;
  const sectionChecks = checks[section];
  const output: Record<string, unknown> = {};
  let known = 0;
  for (const key of shapeKeys) {
    if (!Object.hasOwn(input, key)) continue;
    const check = sectionChecks[key];
    const value = check ? check(input[key]) : notTaken;
    if (value === notTaken) return undefined;
    output[key] = value;
    known++;
  }
  const keys = Object.keys(input);
  if (keys.length === known) return output;
  for (const key of keys) {
    // `__proto__` as a key of its own: zod leaves it out, the assignment below would not; zod decides.
    if (key === '__proto__') return undefined;
    if (!Object.hasOwn(sectionChecks, key) && !shapeKeys.includes(key)) output[key] = input[key];
  }
  return output;
}
