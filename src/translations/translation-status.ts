import { DocsItError } from '../errors';
import type { TranslationState } from '../shared/translation-states';
import type { FileChange, UpstreamCommit } from './git-log';
import type { UpstreamHistory } from './read-history';
import type { UpstreamRef } from './upstream-ref';

export type PageState = TranslationState;

export interface CommitSummary {
  sha: string;
  /** Committer date, ISO 8601. */
  date: string;
  subject: string;
}

export interface PageStatus {
  /** The content file, relative to the site root. */
  file: string;
  route?: string;
  title?: string;
  state: PageState;
  /** The upstream file and commit recorded in the front matter. */
  upstream?: { path: string; commit: string };
  /** Where the upstream file is at the tip (after renames). */
  currentPath?: string;
  /** Upstream commits that touched the file since the recorded one, and the lines they changed. */
  commits: number;
  added: number;
  deleted: number;
  newest?: CommitSummary;
}

export interface UntranslatedPage {
  path: string;
  /** The newest commit that touched it. */
  newest?: CommitSummary;
}

/** What `docs-it translations --json` prints, and what `build --translation-status` reads. */
export interface TranslationReport {
  version: 1;
  ref: string;
  head: CommitSummary;
  pages: PageStatus[];
  untranslated: UntranslatedPage[];
}

/** A page of the site, as the status needs it. */
export interface TranslatedPage {
  file: string;
  route?: string;
  title?: string;
  upstream?: UpstreamRef;
  /** Line of the `upstream` key, for errors. */
  line?: number;
}

export interface StatusOptions {
  /** Upstream folders whose pages should each have a translation (`docs`, `blog`). */
  folders: string[];
}

const isPage = (file: string) => /\.mdx?$/.test(file) && !/(^|\/)_[^/]*$/.test(file);

const summaryOf = (commit: UpstreamCommit): CommitSummary => ({
  sha: commit.sha,
  date: commit.date,
  subject: commit.subject,
});

interface PathEvent {
  /** Position of the commit in the history (parents first). */
  index: number;
  change: FileChange;
}

/** The state of every page against the upstream history; a recorded commit the history lacks is an error. */
export function translationStatus(
  pages: TranslatedPage[],
  history: UpstreamHistory,
  options: StatusOptions,
): { report: TranslationReport; errors: DocsItError[] } {
  const { commits } = history;
  const indexOfSha = new Map<string, number>();
  for (const [i, c] of commits.entries()) indexOfSha.set(c.sha, i);
  // Changes by the path they start from: a rename is an event of its old path.
  const events = new Map<string, PathEvent[]>();
  const lastTouch = new Map<string, number>();
  commits.forEach((commit, index) => {
    for (const change of commit.changes) {
      const key = change.status === 'R' ? (change.from ?? change.path) : change.path;
      if (change.status === 'C') continue;
      const list = events.get(key) ?? [];
      if (list.length === 0) events.set(key, list);
      list.push({ index, change });
      lastTouch.set(change.path, index);
    }
  });
  const ancestorsOf = memoAncestors(commits, indexOfSha);
  const headFiles = new Set(history.files);
  const errors: DocsItError[] = [];
  const followed = new Set<string>();
  const statuses: PageStatus[] = [];

  for (const page of [...pages].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))) {
    const base = {
      file: page.file,
      ...(page.route ? { route: page.route } : {}),
      ...(page.title ? { title: page.title } : {}),
      commits: 0,
      added: 0,
      deleted: 0,
    };
    if (page.upstream === undefined || page.upstream === 'none') {
      statuses.push({ ...base, state: page.upstream === 'none' ? 'own' : 'untracked' });
      continue;
    }
    const ref = page.upstream;
    const where = { file: page.file, line: page.line ?? 1, column: 1 };
    const short = ref.commit.slice(0, 7);
    const start = findCommit(ref.commit, commits, indexOfSha);
    if (start === 'ambiguous' || start === undefined) {
      errors.push(
        new DocsItError(
          start === 'ambiguous'
            ? `upstream commit ${ref.commit} is ambiguous in ${history.ref}: write more of it`
            : `upstream commit ${ref.commit} is not in the history of ${history.ref}`,
          where,
          start === 'ambiguous'
            ? 'Write the full 40-character commit id.'
            : 'Fetch the upstream repository (git fetch), check the branch (--upstream-ref), or fix the commit id.',
        ),
      );
      continue;
    }
    const before = ancestorsOf(start);
    const walk = follow(ref.path, events, (index) => !before.has(index));
    const upstream = { path: ref.path, commit: commits[start]!.sha };
    if (!walk.deletedAt && !headFiles.has(walk.path)) {
      errors.push(
        new DocsItError(
          `upstream file ${ref.path} is not in ${history.ref}, and no commit since ${short} removed it`,
          where,
          'Fix `upstream.path`: it is the path of the page in the upstream repository at the recorded commit.',
        ),
      );
      continue;
    }
    const touched = [...walk.indexes].sort((a, b) => a - b);
    const newest = touched.length ? commits[touched[touched.length - 1]!] : undefined;
    const state: PageState = walk.deletedAt
      ? 'deleted'
      : walk.path !== ref.path
        ? 'moved'
        : touched.length > 0
          ? 'changed'
          : 'up-to-date';
    if (!walk.deletedAt) followed.add(walk.path);
    statuses.push({
      ...base,
      state,
      upstream,
      ...(walk.deletedAt ? {} : { currentPath: walk.path }),
      commits: touched.length,
      added: walk.added,
      deleted: walk.deleted,
      ...(newest ? { newest: summaryOf(newest) } : {}),
    });
  }

  const inFolders = (file: string) => options.folders.some((f) => file.startsWith(`${f.replace(/\/+$/, '')}/`));
  const untranslated = history.files
    .filter((f) => inFolders(f) && isPage(f) && !followed.has(f))
    .map((path): UntranslatedPage => {
      const index = lastTouch.get(path);
      return { path, ...(index !== undefined ? { newest: summaryOf(commits[index]!) } : {}) };
    });
  const headIndex = indexOfSha.get(history.head);
  const headCommit = headIndex !== undefined ? commits[headIndex] : undefined;
  return {
    report: {
      version: 1,
      ref: history.ref,
      head: headCommit ? summaryOf(headCommit) : { sha: history.head, date: '', subject: '' },
      pages: statuses,
      untranslated,
    },
    errors,
  };
}

/** A recorded commit id (full or abbreviated) → its position in the history. */
function findCommit(
  id: string,
  commits: UpstreamCommit[],
  indexOfSha: Map<string, number>,
): number | 'ambiguous' | undefined {
  const lower = id.toLowerCase();
  if (lower.length === 40) return indexOfSha.get(lower);
  let found: number | undefined;
  for (let i = 0; i < commits.length; i++) {
    if (commits[i]!.sha.startsWith(lower)) {
      if (found !== undefined) return 'ambiguous';
      found = i;
    }
  }
  return found;
}

/** The commits a commit includes (itself and every ancestor), by position; computed once per commit. */
function memoAncestors(commits: UpstreamCommit[], indexOfSha: Map<string, number>) {
  const memo = new Map<number, Set<number>>();
  return (start: number): Set<number> => {
    let set = memo.get(start);
    if (set) return set;
    set = new Set<number>();
    const stack = [start];
    while (stack.length > 0) {
      const index = stack.pop()!;
      if (set.has(index)) continue;
      set.add(index);
      for (const parent of commits[index]!.parents) {
        const p = indexOfSha.get(parent);
        if (p !== undefined && !set.has(p)) stack.push(p);
      }
    }
    memo.set(start, set);
    return set;
  };
}

/**
 * Follows one upstream file forward from a commit: through renames, a deletion (and a later re-creation),
 * counting the commits that touched it and the lines they changed.
 */
function follow(
  startPath: string,
  events: Map<string, PathEvent[]>,
  isAfterStart: (index: number) => boolean,
): { path: string; indexes: Set<number>; added: number; deleted: number; deletedAt?: number } {
  let path = startPath;
  let from = -1;
  const indexes = new Set<number>();
  let added = 0;
  let deleted = 0;
  let deletedAt: number | undefined;
  const seen = new Set<string>();
  for (;;) {
    const next = (events.get(path) ?? []).find((e) => e.index > from && isAfterStart(e.index));
    if (!next) break;
    const { change, index } = next;
    indexes.add(index);
    added += change.added;
    deleted += change.deleted;
    from = index;
    if (change.status === 'D') {
      deletedAt = index;
    } else {
      deletedAt = undefined;
      if (change.status === 'R') {
        // A file renamed back and forth would loop forever without this.
        const step = `${index}:${change.path}`;
        if (seen.has(step)) break;
        seen.add(step);
        path = change.path;
        // The rename's own commit is done: the new path's events start after it.
      }
    }
  }
  return { path, indexes, added, deleted, ...(deletedAt !== undefined ? { deletedAt } : {}) };
}
