import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { type LastCommit, readLastCommits } from '../translations/last-commit-dates';
import { git } from '../translations/read-history';

type LastCommits = Map<string, LastCommit> | undefined;

/** Where git keeps the state a commit, a checkout, a reset or a fetch into a shallow clone changes. */
interface GitFiles {
  /** This worktree's git folder: HEAD, index, logs/HEAD. */
  gitDir: string;
  /** The folder its worktrees share: refs, packed-refs, shallow. */
  commonDir: string;
}

/**
 * The last commits of a site's content (`readLastCommits`), read again only when git's state changed: for
 * `dev`, which reads the content on every save. A save changes no commit, and each `git` a large process
 * starts costs it the spawn (several per read) on the thread that answers the save. What is compared is the
 * files git rewrites when HEAD moves or a commit is made: HEAD and the branch it names, packed-refs, the
 * index, HEAD's log, and the shallow clone's boundary.
 */
export class LastCommitsReader {
  private files: Promise<GitFiles | undefined> | undefined;
  private last: { key: string; commits: Promise<LastCommits> } | undefined;

  read(root: string, folder: string): Promise<LastCommits> {
    this.files ??= gitFilesOf(root);
    return this.files.then((files) => {
      // Not a checkout (now): nothing to compare, so each read asks git, as a build does.
      if (!files) return readLastCommits(root, folder);
      const key = JSON.stringify([root, folder, stateOf(files)]);
      if (this.last?.key !== key) {
        const commits = readLastCommits(root, folder);
        this.last = { key, commits };
        // A read that failed is not kept: the next one asks git again.
        commits.catch(() => {
          if (this.last?.commits === commits) this.last = undefined;
        });
      }
      return this.last.commits;
    });
  }
}

async function gitFilesOf(root: string): Promise<GitFiles | undefined> {
  const found = await git(root, ['rev-parse', '--absolute-git-dir', '--git-common-dir']).catch(() => undefined);
  const [gitDir, commonDir] = found?.code === 0 ? found.stdout.trim().split('\n') : [];
  if (!gitDir || !commonDir) return undefined;
  return { gitDir, commonDir: path.resolve(root, commonDir) };
}

/** What the files of git's state say now: their identity, size and time of change, HEAD's text. */
function stateOf({ gitDir, commonDir }: GitFiles): unknown[] {
  const head = textOf(path.join(gitDir, 'HEAD'));
  const branch = /^ref: (.+)$/m.exec(head ?? '')?.[1];
  return [
    head,
    ...[
      path.join(gitDir, 'index'),
      path.join(gitDir, 'logs/HEAD'),
      path.join(commonDir, 'packed-refs'),
      path.join(commonDir, 'shallow'),
      ...(branch ? [path.join(commonDir, branch)] : []),
    ].map(statOf),
  ];
}

function textOf(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function statOf(file: string): [number, number, number] | null {
  const stat = statSync(file, { throwIfNoEntry: false });
  return stat ? [stat.ino, stat.size, stat.mtimeMs] : null;
}
