import type { BigIntStats } from 'node:fs';
import { packStore } from './stores';

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
 * Content files as the last build saw them (`content-record.pack` in the cache folder): per file its size, mtime,
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

type Entry = [size: string, mtimeNs: string, ctimeNs: string, ino: string, dev: string, facts: TextFacts];

/** The record's values together are capped far above any site's (about 330 bytes a file). */
const maxRecordChars = 512 * 1024 * 1024;

/**
 * The record kept in `file`, under `version` (the code deriving the facts): a pack (see `packStore`) of each file's
 * entry by its name and that version, so a record of other code has none of its keys, and a build that read a few
 * files appends their entries instead of writing every file's again.
 */
export function contentRecord(file: string, version: string | undefined, options: { reuse: boolean }): ContentRecord {
  const pack = packStore(file, maxRecordChars);
  const keyOf = (name: string) => `${version}\0${name}`;
  /**
   * This build's files: a file read with its stamp; a file taken from the record with how many facts it had, its
   * stamp left in the record (read again only if facts were added to it). A warm build takes every file: a stamp
   * each (five BigInts) held to the save would be tens of thousands of objects living through the young
   * generation's collections, for a save that then writes nothing.
   */
  const now = new Map<
    string,
    { stamp: FileStamp; facts: TextFacts } | { stamp?: undefined; facts: TextFacts; keys: number }
  >();
  /** A taken file's stamp as the record holds it (its entry is this run's: read again from the pack's bytes). */
  const recordedStamp = (name: string): string[] | undefined => {
    const stored = pack.get(name, keyOf(name));
    try {
      const entry: unknown = stored === undefined ? undefined : JSON.parse(stored);
      return isEntry(entry) ? (entry.slice(0, 5) as string[]) : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    take(name, stat) {
      if (!options.reuse || version === undefined) return undefined;
      const stored = pack.get(name, keyOf(name));
      let entry: unknown;
      try {
        entry = stored === undefined ? undefined : JSON.parse(stored);
      } catch {
        return undefined;
      }
      if (!isEntry(entry) || !matches(entry, stat)) return undefined;
      const facts = entry[5];
      now.set(name, { facts, keys: Object.keys(facts).length });
      return facts;
    },
    keep(name, stat, readAt, facts) {
      const newest = stat.mtimeNs > stat.ctimeNs ? stat.mtimeNs : stat.ctimeNs;
      if (readAt - newest <= granularityNs) {
        now.delete(name);
        return;
      }
      now.set(name, { stamp: stampOf(stat), facts });
    },
    save() {
      if (version === undefined) return;
      // Facts are added after `take`/`keep` (never changed: each is derived from the same text): an entry taken
      // whose facts are as many as when it was taken is the pack's already.
      for (const [name, file] of now) {
        const { facts } = file;
        if (file.stamp === undefined && file.keys === Object.keys(facts).length) continue;
        const stamp = file.stamp
          ? [file.stamp.size, file.stamp.mtimeNs, file.stamp.ctimeNs, file.stamp.ino, file.stamp.dev].map(String)
          : recordedStamp(name);
        if (!stamp) continue;
        const entry = [...stamp, facts] as Entry;
        pack.set(name, keyOf(name), JSON.stringify(entry));
        now.set(name, { facts, keys: Object.keys(facts).length });
      }
      pack.save();
    },
  };
}

/**
 * Whether a value read back has an entry's layout. Its stamp's parts are only said to be strings: `matches` takes
 * an entry only when each equals a number of the file's stat written in decimal, so one that is not digits is a
 * miss there (without a pattern tested on each of a large site's 50,000 parts).
 */
function isEntry(value: unknown): value is Entry {
  if (!Array.isArray(value) || value.length !== 6) return false;
  for (let i = 0; i < 5; i++) if (typeof value[i] !== 'string') return false;
  const facts: unknown = value[5];
  return typeof facts === 'object' && facts !== null && !Array.isArray(facts);
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
