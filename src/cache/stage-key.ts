import { digestOf, digestText } from './digest';

/**
 * The key a stage's output for `input` is kept under, by the stage's name and code version: the cache's
 * (`Cache.keyOf`), and a compile worker's for the code blocks it highlights for a build that reuses none (it hands
 * them back by key, and the build's thread, which never scanned the page, makes none). One-shot: a warm build of a
 * large site makes three keys a page, and a Hash object for each short string costs several times the hash.
 */
export function stageKey(name: string, version: string, input: unknown): string {
  return digestText(`${name}\0${version}\0${digestOf(input)}`).slice(0, 32);
}
