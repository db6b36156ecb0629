import type { TextFacts } from '../cache/content-record';
import type { ParsedSource, SourceFile } from './source-file';

/**
 * What was derived from each content file's text, by the file's source object (and the parsed source made from
 * it): the content record's facts of a file it took (then the text is read only when a stage must run), or the
 * facts derived so far from a file read in this run (which the record keeps for the next build).
 */
const factsOf = new WeakMap<object, TextFacts>();

/** Gives `source` the facts object `facts` (the record's, or an empty one the build fills). */
export function attachFacts(source: SourceFile, facts: TextFacts): void {
  factsOf.set(source, facts);
}

/** The parsed source shares the facts of the file it was made from: its body is the file's text, split. */
export function shareFacts(from: SourceFile, to: ParsedSource): void {
  const facts = factsOf.get(from);
  if (facts) factsOf.set(to, facts);
}

/**
 * `compute(source)`, a fact of a content file's text alone named `name`: taken from the facts known for the source
 * when they have it, else computed (from its text, read then if it was not) and kept with them. A source without
 * facts (a test's, a file `dev` read after a save) gets its own, so each fact is computed once per source object.
 * Values are JSON; undefined is kept as null.
 */
export function textFact<S extends SourceFile, T>(source: S, name: string, compute: (source: S) => T): T {
  let facts = factsOf.get(source);
  if (!facts) {
    facts = {};
    factsOf.set(source, facts);
  }
  if (Object.hasOwn(facts, name)) {
    const known = facts[name];
    return (known === null ? undefined : known) as T;
  }
  const value = compute(source);
  facts[name] = value === undefined ? null : value;
  return value;
}

/** The digest of a content file's text (`digestOfString`), which keys its front matter and its record entry. */
export const textDigestFact = 'textDigest';
