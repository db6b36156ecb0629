import type { BigIntStats } from 'node:fs';
import { readFileSync } from 'node:fs';
import { backgroundWrites } from '../disk/background-writes';

/**
 * What a build derived from a content file's text alone (its digest, its leading heading, whether it is MDX…),
 * by fact name. Values are JSON; `null` stands for "none" (undefined), so no fact is ever null itself.
 */
export type TextFacts = Record<string, unknown>;

/** A file's identity on disk: a file whose stat is the recorded one has the recorded text. */
interface FileStamp {
  size: bigint;
  mtimeNs: bigint;
  ctimeNs: bigint;
  ino: bigint;
  dev: bigint;
}

/**
 * Content files as the last build saw them (`content-record.json` in the cache folder): per file its size, mtime,
 * ctime, inode and device with what the build derived from its text, so that a build finding the same stat takes
 * the facts instead of reading the file. An edit moves the mtime or, when the mtime is put back, the ctime (which
 * no user call sets); a file replaced by another is another inode.
 */
export interface ContentRecord {
  /** The recorded facts of `file` when `stat` is the recorded one; the entry is kept for the next build. */
  take(file: string, stat: BigIntStats): TextFacts | undefined;
  /**
   * Records `file` as read after `readAt` (wall clock in ns, taken before its stat): its facts are the object
   * given, which the build fills as it derives them. Left out when the file changed less than the file system's
   * timestamp granularity before the read (see `granularityNs`).
   */
  keep(file: string, stat: BigIntStats, readAt: bigint, facts: TextFacts): void;
  /** Writes the record of this build's files (only when something changed). */
  save(): void;
}

/**
 * The coarsest timestamp granularity among the file systems a site may sit on (FAT's 2 s): a file written in the
 * same tick as a later edit could keep its mtime, so a file is recorded only when its last change (mtime and
 * ctime) is older than this before it was read. Younger files are read again by the next build.
 */
export const granularityNs = 2_000_000_000n;

const format = 'docs-it content record 1';

type Entry = [size: string, mtimeNs: string, ctimeNs: string, ino: string, dev: string, facts: TextFacts];

interface RecordFile {
  format: string;
  version: string;
  files: Record<string, Entry>;
}

/** The record kept in `file`, under `version` (the code deriving the facts); a record of other code is empty. */
export function contentRecord(file: string, version: string | undefined, options: { reuse: boolean }): ContentRecord {
  let before: Record<string, Entry> | undefined;
  const loaded = () => {
    before ??= options.reuse && version !== undefined ? readRecord(file, version) : {};
    return before;
  };
  const now = new Map<string, { stamp: FileStamp; facts: TextFacts; keys?: number }>();
  // Facts are added after `take`/`keep` (never changed: each is derived from the same text): whether the
  // record changed is decided at `save` by how many each file has.
  let changed = false;
  return {
    take(name, stat) {
      const entry = loaded()[name];
      if (!entry || !matches(entry, stat)) return undefined;
      const facts = entry[5];
      now.set(name, { stamp: stampOf(stat), facts, keys: Object.keys(facts).length });
      return facts;
    },
    keep(name, stat, readAt, facts) {
      const newest = stat.mtimeNs > stat.ctimeNs ? stat.mtimeNs : stat.ctimeNs;
      if (readAt - newest <= granularityNs) {
        changed = true;
        now.delete(name);
        return;
      }
      changed = true;
      now.set(name, { stamp: stampOf(stat), facts });
    },
    save() {
      if (version === undefined) return;
      const previous = loaded();
      const files: Record<string, Entry> = {};
      for (const [name, { stamp, facts, keys }] of now) {
        if (keys !== undefined && keys !== Object.keys(facts).length) changed = true;
        files[name] = [
          String(stamp.size),
          String(stamp.mtimeNs),
          String(stamp.ctimeNs),
          String(stamp.ino),
          String(stamp.dev),
          facts,
        ];
      }
      // A file of the record that this build did not see (deleted, renamed, no longer listed) leaves it.
      if (!changed && Object.keys(previous).length === now.size) return;
      const record: RecordFile = { format, version, files };
      backgroundWrites().writeLater(file, JSON.stringify(record));
      before = files;
      changed = false;
    },
  };
}

/** The entries of the record in `file`, or none when it is missing, cut short, foreign or of other code. */
function readRecord(file: string, version: string): Record<string, Entry> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
  const record = parsed as Partial<RecordFile> | null;
  if (typeof record !== 'object' || record === null || record.format !== format || record.version !== version)
    return {};
  const files = record.files;
  if (typeof files !== 'object' || files === null || Array.isArray(files)) return {};
  const valid: Record<string, Entry> = Object.create(null) as Record<string, Entry>;
  for (const [name, entry] of Object.entries(files)) if (isEntry(entry)) valid[name] = entry;
  return valid;
}

function isEntry(value: unknown): value is Entry {
  return (
    Array.isArray(value) &&
    value.length === 6 &&
    value.slice(0, 5).every((part) => typeof part === 'string' && /^\d+$/.test(part)) &&
    typeof value[5] === 'object' &&
    value[5] !== null &&
    !Array.isArray(value[5])
  );
}

function stampOf(stat: BigIntStats): FileStamp {
  return { size: stat.size, mtimeNs: stat.mtimeNs, ctimeNs: stat.ctimeNs, ino: stat.ino, dev: stat.dev };
}

function matches(entry: Entry, stat: BigIntStats): boolean {
  return (
    entry[0] === String(stat.size) &&
    entry[1] === String(stat.mtimeNs) &&
    entry[2] === String(stat.ctimeNs) &&
    entry[3] === String(stat.ino) &&
    entry[4] === String(stat.dev)
  );
}
