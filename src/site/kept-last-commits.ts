import type { Cache } from '../cache/stage-cache';
import { type GitHead, gitHeadOf } from '../translations/git-head';
import { type LastCommit, readLastCommits } from '../translations/last-commit-dates';

type Entry = [file: string, date: string, author: string];

/**
 * `readLastCommits` kept in the cache by the commit at HEAD: git's history there does not change until HEAD moves,
 * so a build of an unchanged checkout starts no git process. Asking git (two processes, one reading the whole
 * history of the content) was most of a warm build's content stage, spent waiting. HEAD is read from git's files
 * (`gitHeadOf`); where they say anything that reading does not follow, git is asked every time, as before. What git
 * could not answer is not kept.
 */
export function keptLastCommits(cache: Cache, headOf: (root: string) => GitHead | undefined = gitHeadOf) {
  return async (root: string, folder: string): Promise<Map<string, LastCommit> | undefined> => {
    const head = headOf(root);
    if (!head) return readLastCommits(root, folder);
    const key = cache.keyOf('last-commits', { root, folder, ...head });
    const kept = entriesOf(cache.lastCommits.get(key));
    if (kept) return new Map(kept.map(([file, date, author]) => [file, { date, author }]));
    const commits = await readLastCommits(root, folder);
    if (commits) {
      const entries: Entry[] = [...commits].map(([file, { date, author }]) => [file, date, author]);
      cache.lastCommits.set(key, entries);
    }
    return commits;
  };
}

function entriesOf(value: unknown): Entry[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const fine = value.every(
    (entry) => Array.isArray(entry) && entry.length === 3 && entry.every((part) => typeof part === 'string'),
  );
  return fine ? (value as Entry[]) : undefined;
}
