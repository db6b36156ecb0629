import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { git } from './read-history';

const header = '\u0001';

/**
 * The day (`YYYY-MM-DD`, as the committer's clock read it) of the last commit that changed each file under
 * `folder`, by path relative to `root`: one `git log` for every file. `undefined` when `root` is not in a git
 * checkout (or git is missing). In a shallow clone, a file whose last change is older than the history at hand
 * has no date: the oldest commit there lists every file, as if it had added them all.
 */
export async function readLastCommitDates(root: string, folder: string): Promise<Map<string, string> | undefined> {
  const commits = await readLastCommits(root, folder);
  return commits && new Map([...commits].map(([file, commit]) => [file, commit.date]));
}

/** The last commit that changed a file: its day and its author's name. */
export interface LastCommit {
  date: string;
  author: string;
}

/** As `readLastCommitDates`, with the author of each file's last commit (Docusaurus's `showLastUpdateAuthor`). */
export async function readLastCommits(root: string, folder: string): Promise<Map<string, LastCommit> | undefined> {
  // One process for both questions (a line each): a build's git processes are a good part of a warm build's time.
  const asked = await git(root, ['rev-parse', '--is-inside-work-tree', '--is-shallow-repository']).catch(
    () => undefined,
  );
  const [inside, shallow] = asked?.code === 0 ? asked.stdout.split('\n').map((line) => line.trim()) : [];
  if (inside !== 'true') return undefined;
  const [log, boundary] = await Promise.all([
    git(root, ['log', `--format=${header}%H %cs %an`, '--name-only', '-z', '--no-renames', '--relative', '--', folder]),
    shallow === 'true' ? shallowBoundary(root) : new Set<string>(),
  ]);
  if (log.code !== 0) return undefined;
  const commits = new Map<string, LastCommit>();
  const seen = new Set<string>();
  let commit: LastCommit | undefined;
  for (const token of log.stdout.split('\0')) {
    const entry = token.replace(/^\n/, '');
    if (entry.startsWith(header)) {
      const [hash, date, ...name] = entry.slice(header.length).split(' ');
      commit = boundary.has(hash!) ? undefined : { date: date!, author: name.join(' ') };
    } else if (entry !== '' && !seen.has(entry)) {
      // Newest first: a file's first commit is its last change.
      seen.add(entry);
      if (commit) commits.set(entry, commit);
    }
  }
  return commits;
}

/** The commits a shallow clone's history stops at. */
async function shallowBoundary(root: string): Promise<Set<string>> {
  const file = await git(root, ['rev-parse', '--git-path', 'shallow']);
  const text = await readFile(path.resolve(root, file.stdout.trim()), 'utf8').catch(() => '');
  return new Set(text.split('\n').filter(Boolean));
}
