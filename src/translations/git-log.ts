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

/**
 * The `--format` that goes with this parser: sha, parents, date and subject, each ended by a NUL. With `-z`,
 * everything after it (paths of `--raw`, lines of `--numstat`) ends with a NUL too, and a NUL is the one
 * character that occurs in none of them (git cuts a subject at its first NUL): no separator a commit subject
 * or a file name can hold (such as `\x1e`) ever decides where a field ends.
 */
export const historyFormat = '%H%x00%P%x00%cI%x00%s';

/** A commit starts where a change list could not go on: a token that is a sha (SHA-1 or SHA-256). */
const shaToken = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
const numstatToken = /^(\d+|-)\t(\d+|-)\t(.*)$/s;

/** What the next NUL-ended token is. */
type Expect =
  | { kind: 'start' }
  | { kind: 'header'; fields: string[] }
  | { kind: 'changes' }
  /** Paths that follow a `--raw` entry (one, or two for a rename or copy). */
  | { kind: 'raw-paths'; status: ChangeStatus; paths: string[] }
  /** The old and new path of a renamed file's `--numstat` line. */
  | { kind: 'numstat-paths'; added: number; deleted: number; paths: string[] };

/**
 * Feeds chunks of `git log` output in; takes complete commits out. The output is a sequence of NUL-ended
 * tokens read by position: the four header fields, then `--raw` entries (`:mode mode sha sha R100`) each
 * followed by its paths, and `--numstat` lines (`added<TAB>deleted<TAB>path`, or an empty path followed by
 * the old and the new one). Paths and subjects are taken where they stand and never looked into.
 */
export class GitLogParser {
  private pending = '';
  private expect: Expect = { kind: 'start' };
  private commit: UpstreamCommit | undefined;
  private byPath = new Map<string, FileChange>();
  private done: UpstreamCommit[] = [];

  /** The commits completed by this chunk. */
  push(chunk: string): UpstreamCommit[] {
    this.pending += chunk;
    const tokens = this.pending.split('\0');
    this.pending = tokens.pop()!;
    for (const token of tokens) this.take(token);
    return this.drain();
  }

  /** The commits left when git has finished. */
  end(): UpstreamCommit[] {
    if (this.pending !== '') this.take(this.pending);
    this.pending = '';
    if (this.expect.kind === 'header')
      throw new Error(`git log output ends inside the header of commit ${this.expect.fields[0]}`);
    this.finishCommit();
    this.expect = { kind: 'start' };
    return this.drain();
  }

  private drain(): UpstreamCommit[] {
    const done = this.done;
    this.done = [];
    return done;
  }

  private finishCommit() {
    if (this.commit) this.done.push(this.commit);
    this.commit = undefined;
    this.byPath.clear();
  }

  private addChange(change: FileChange) {
    this.commit!.changes.push(change);
    this.byPath.set(change.path, change);
  }

  private take(token: string) {
    const expect = this.expect;
    switch (expect.kind) {
      case 'header': {
        expect.fields.push(token);
        if (expect.fields.length < 4) return;
        const [sha = '', parents = '', date = '', subject = ''] = expect.fields;
        this.commit = { sha, parents: parents ? parents.split(' ') : [], date, subject, changes: [] };
        this.expect = { kind: 'changes' };
        return;
      }
      case 'raw-paths': {
        expect.paths.push(token);
        const needed = expect.status === 'R' || expect.status === 'C' ? 2 : 1;
        if (expect.paths.length < needed) return;
        const [first = '', second = ''] = expect.paths;
        this.addChange(
          needed === 2
            ? { status: expect.status, from: first, path: second, added: 0, deleted: 0 }
            : { status: expect.status, path: first, added: 0, deleted: 0 },
        );
        this.expect = { kind: 'changes' };
        return;
      }
      case 'numstat-paths': {
        expect.paths.push(token);
        if (expect.paths.length < 2) return;
        this.countLines(expect.paths[1]!, expect.added, expect.deleted);
        this.expect = { kind: 'changes' };
        return;
      }
      default: {
        // Git puts a line feed between the header and the first `--raw` entry.
        const item = token.replace(/^\n+/, '');
        if (item === '') return;
        if (shaToken.test(item)) {
          this.finishCommit();
          this.expect = { kind: 'header', fields: [item] };
          return;
        }
        if (expect.kind === 'start')
          throw new Error(`git log output does not start with a commit: ${JSON.stringify(item.slice(0, 40))}`);
        if (item.startsWith(':')) {
          // `:100644 100644 <sha> <sha> R100`: the status is the last field's first letter.
          const letter = item.slice(item.lastIndexOf(' ') + 1)[0] ?? 'M';
          const status = ('AMDRCT'.includes(letter) ? letter : 'M') as ChangeStatus;
          this.expect = { kind: 'raw-paths', status, paths: [] };
          return;
        }
        const numstat = numstatToken.exec(item);
        if (!numstat) throw new Error(`unexpected git log output: ${JSON.stringify(item.slice(0, 40))}`);
        const added = numstat[1] === '-' ? 0 : Number(numstat[1]);
        const deleted = numstat[2] === '-' ? 0 : Number(numstat[2]);
        if (numstat[3] === '') this.expect = { kind: 'numstat-paths', added, deleted, paths: [] };
        else this.countLines(numstat[3]!, added, deleted);
      }
    }
  }

  private countLines(path: string, added: number, deleted: number) {
    const change = this.byPath.get(path);
    if (change) {
      change.added = added;
      change.deleted = deleted;
    }
  }
}
