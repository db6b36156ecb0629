import { type GitHead, gitHeadOf } from '../translations/git-head';
import { type LastCommit, readLastCommits } from '../translations/last-commit-dates';

type LastCommits = Map<string, LastCommit> | undefined;

/**
 * The last commits of a site's content (`readLastCommits`), read again only when the commit at HEAD changed: for
 * `dev`, which reads the content on every save. A save changes no commit, and each `git` a large process starts
 * costs it the spawn on the thread that answers the save. HEAD is read from git's files (`gitHeadOf`, as the build's
 * `keptLastCommits` does); where that reading cannot tell, git is asked on every read.
 */
export class LastCommitsReader {
  private last: { key: string; commits: Promise<LastCommits> } | undefined;

  constructor(
    private readonly readCommits: typeof readLastCommits = readLastCommits,
    private readonly headOf: (root: string) => GitHead | undefined = gitHeadOf,
  ) {}

  read(root: string, folder: string): Promise<LastCommits> {
    const head = this.headOf(root);
    if (!head) return this.readCommits(root, folder);
    const key = JSON.stringify([root, folder, head.commit, head.shallow]);
    if (this.last?.key !== key) {
      const commits = this.readCommits(root, folder);
      this.last = { key, commits };
      // A read that failed is not kept: the next one asks git again.
      commits.catch(() => {
        if (this.last?.commits === commits) this.last = undefined;
      });
    }
    return this.last.commits;
  }
}
