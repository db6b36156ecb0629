/**
 * Parses `git log --raw --numstat -z` output (see `historyFormat`) into commits with their file changes.
 * Pure and incremental: the history of a large repository is parsed while git is still writing it.
 */

/** `A`dded, `M`odified, `D`eleted, `R`enamed, `C`opied, `T`ype changed. */
export type ChangeStatus = 'A' | 'M' | 'D' | 'R' | 'C' | 'T';

export interface FileChange {
  status: ChangeStatus;
  /** The path after the change (for a deletion, the deleted path). */
  path: string;
  /** The path before a rename or copy. */
  from?: string;
  /** Lines added and removed (0 for binary files). */
  added: number;
  deleted: number;
}

export interface UpstreamCommit {
  sha: string;
  parents: string[];
  /** Committer date, ISO 8601 with the committer's offset. */
  date: string;
  subject: string;
  changes: FileChange[];
}

const recordStart = '\x1e';
const field = '\x1f';

/** The `--format` that goes with this parser: a record separator, then sha, parents, date and subject. */
export const historyFormat = `${recordStart}%H${field}%P${field}%cI${field}%s`;

/** Feeds chunks of `git log` output in; takes complete commits out. */
export class GitLogParser {
  private pending = '';

  /** The commits completed by this chunk. */
  push(chunk: string): UpstreamCommit[] {
    this.pending += chunk;
    const last = this.pending.lastIndexOf(recordStart);
    if (last <= 0) return [];
    const complete = this.pending.slice(0, last);
    this.pending = this.pending.slice(last);
    return parseRecords(complete);
  }

  /** The commits left when git has finished. */
  end(): UpstreamCommit[] {
    const rest = this.pending;
    this.pending = '';
    return parseRecords(rest);
  }
}

function parseRecords(text: string): UpstreamCommit[] {
  const commits: UpstreamCommit[] = [];
  for (const record of text.split(recordStart)) {
    if (record.trim() === '') continue;
    commits.push(parseRecord(record));
  }
  return commits;
}

const numstatLine = /^(\d+|-)\t(\d+|-)\t(.*)$/s;

function parseRecord(record: string): UpstreamCommit {
  const tokens = record.split('\0');
  const [sha = '', parents = '', date = '', ...subject] = (tokens[0] ?? '').split(field);
  const changes: FileChange[] = [];
  const byPath = new Map<string, FileChange>();
  let i = 1;
  while (i < tokens.length) {
    const token = (tokens[i] ?? '').replace(/^\n+/, '');
    i++;
    if (token === '') continue;
    if (token.startsWith(':')) {
      // `:100644 100644 <sha> <sha> R100`, then one path (two for a rename or a copy).
      const letter = (token.slice(token.lastIndexOf(' ') + 1)[0] ?? 'M') as ChangeStatus;
      const status: ChangeStatus = 'AMDRCT'.includes(letter) ? letter : 'M';
      let change: FileChange;
      if (status === 'R' || status === 'C') {
        change = { status, from: tokens[i] ?? '', path: tokens[i + 1] ?? '', added: 0, deleted: 0 };
        i += 2;
      } else {
        change = { status, path: tokens[i] ?? '', added: 0, deleted: 0 };
        i += 1;
      }
      changes.push(change);
      byPath.set(change.path, change);
      continue;
    }
    const numstat = numstatLine.exec(token);
    if (!numstat) continue;
    let target = numstat[3] ?? '';
    if (target === '') {
      // A rename: the old and the new path follow as tokens of their own.
      target = tokens[i + 1] ?? '';
      i += 2;
    }
    const change = byPath.get(target);
    if (change) {
      change.added = numstat[1] === '-' ? 0 : Number(numstat[1]);
      change.deleted = numstat[2] === '-' ? 0 : Number(numstat[2]);
    }
  }
  return {
    sha,
    parents: parents ? parents.split(' ') : [],
    date,
    subject: subject.join(field),
    changes,
  };
}
