import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { backgroundWrites } from '../disk/background-writes';
import { replaceFileSync, writeChunksSync } from './replace-file';

/** Where a stage's outputs are kept, by entry id (a file, a route) and key (stage version + input digest). */
export interface Store<O> {
  get(id: string, key: string): O | undefined;
  set(id: string, key: string, value: O): void;
  /** Removes what this run did not use: earlier versions of edited entries, outputs of older code. */
  prune(): void;
  /** Writes what is only in memory (a pack file) to disk. */
  save(): void;
  /** Whether an entry for `key` is there, without reading it (a store without it is asked with `get`). */
  has?(key: string): boolean;
  /**
   * Resolves once the entries `set` queued for the disk leave room for more (see background-writes' `room`): a
   * caller that can wait does so after `set`, so a store set faster than the disk takes it stays bounded.
   */
  room?(): Promise<void>;
}

/** Entries in memory, one per id: an entry whose input changed replaces the old one. */
export function memoryStore<O>(): Store<O> {
  const entries = new Map<string, { key: string; value: O }>();
  return {
    get: (id, key) => {
      const entry = entries.get(id);
      return entry?.key === key ? entry.value : undefined;
    },
    set: (id, key, value) => void entries.set(id, { key, value }),
    prune: () => undefined,
    save: () => undefined,
  };
}

/**
 * Many small entries in one file (highlighted code blocks, front matter, page summaries): one read on first use
 * instead of thousands. The file is a log (see `readPack`): `save` appends the entries this run set that it lacks,
 * so a build that changed one page writes one page's entries, not the site's; it is written whole again, with only
 * the entries this run used (up to `maxChars` of values), when it would grow past twice their size or was found
 * damaged. An entry's key names its input, so an entry a run did not use is stale, never wrong.
 */
export function packStore(file: string, maxChars: number): Store<string> {
  let loaded: Pack | undefined;
  /** The pack as read from the file: the values `used` marks as read are its, whatever saves came after. */
  let read: Pack | undefined;
  /**
   * Each key this run used, with its value when this run set it, or null when the value is the file's as read: that
   * one is read again from the file's bytes if a save needs it, not held. A warm build reads tens of thousands of
   * values (every page's summary, every route's entry), and each held until the save lived through the young
   * generation's collections into the old one, for a save that then wrote nothing.
   */
  const used = new Map<string, string | null>();
  /** Keys whose value in `used` the file does not hold. */
  const unsaved = new Set<string>();
  let chars = 0;
  const usedValue = (key: string, held: string | null) => held ?? read?.value(key);
  const keep = (key: string, value: string, read: boolean) => {
    if (used.has(key) || chars + value.length > maxChars) return false;
    used.set(key, read ? null : value);
    chars += value.length;
    return true;
  };
  return {
    get(_id, key) {
      loaded ??= read = readPack(file);
      const held = used.get(key);
      if (held !== undefined) return usedValue(key, held);
      const value = loaded.value(key);
      if (value !== undefined) keep(key, value, true);
      return value;
    },
    set(_id, key, value) {
      // A value set again replaces what was read under its key (an entry a reader refused: see `pageSummaries`).
      const held = used.get(key);
      const before = held === undefined ? undefined : usedValue(key, held);
      if (before === value) return;
      if (held !== undefined) {
        used.delete(key);
        chars -= before?.length ?? 0;
      }
      // A key names its input: the file's entry under it is this value, unless it is the value replaced. Asked
      // before the key is kept: after a save, what the file holds is what this run used.
      const inFile = held === undefined && loaded?.has(key) === true;
      if (keep(key, value, false) && !inFile) unsaved.add(key);
    },
    prune: () => undefined,
    save() {
      // Unchanged since it was read, and nothing in it unused: nothing to write.
      if (unsaved.size === 0 && (!loaded || (loaded.whole && loaded.count === used.size))) return;
      // Only a whole file that holds entries is appended to: for any other the segment is not made at all.
      const appendTo = loaded?.whole && loaded.count > 0 ? loaded : undefined;
      const added = [...unsaved].map((key) => [key, used.get(key)!] as const);
      const segment = appendTo && added.length > 0 ? packSegment(added) : undefined;
      mkdirSync(path.dirname(file), { recursive: true });
      const appended = segment ? segmentBytes(segment) : 0;
      let size: number;
      // A few entries added to a whole file that stays under twice what this run used: appended (a large change,
      // a cold build, is written whole instead of doubling the file).
      if (appendTo && appended <= chars / 4 && appendTo.bytes + appended <= 2 * chars + compactFrom) {
        if (segment) writeChunksSync(file, segment, 'a');
        size = appendTo.bytes + appended;
      } else {
        const entries = [...used].map(([key, held]) => [key, usedValue(key, held)!] as const);
        const contents = packSegment(entries, packFormat);
        replaceFileSync(file, contents);
        size = segmentBytes(contents);
      }
      unsaved.clear();
      // What the file now holds as far as this run knows (entries it did not use, if kept, are not looked up); the
      // values read before are still read from the bytes they were read from (`read`: one pack, however many saves
      // a `dev` session makes, not a chain of them).
      loaded = { whole: true, count: used.size, bytes: size, has: (key) => used.has(key), value: () => undefined };
    },
  };
}

/** The first line of a pack (see `readPack`); a file of any other is of another layout and read as empty. */
const packFormat = 'docs-it pack 2\n';

/** Dead entries a pack may hold before it is written whole again, besides twice the size of the live ones. */
const compactFrom = 256 * 1024;

/** A pack file as read. */
interface Pack {
  /** Whether every segment read whole (else the next save writes the file again). */
  whole: boolean;
  /** Entries (keys) it holds. */
  count: number;
  /** Its size on disk. */
  bytes: number;
  has(key: string): boolean;
  value(key: string): string | undefined;
}

interface SegmentHead {
  keys: string[];
  /** Each value's length in bytes. */
  lengths: number[];
  /** SHA-256 (base64url) of the values' bytes. */
  digest: string;
}

/**
 * A segment of a pack: a line of JSON (keys, lengths, digest), then the values' bytes, one after the other, behind
 * `before` (the format line of a pack written whole); the head and the values as two chunks, written one after the
 * other. The values are encoded straight into one buffer, never copied: a cold build's pack holds tens of thousands
 * of them (tens of MB), and a buffer each, concatenated, cost several times the encoding.
 */
function packSegment(entries: readonly (readonly [string, string])[], before = ''): [head: Buffer, body: Buffer] {
  const keys = entries.map(([key]) => key);
  const lengths = entries.map(([, value]) => Buffer.byteLength(value));
  let total = 0;
  for (const length of lengths) total += length;
  const body = Buffer.allocUnsafe(total);
  let at = 0;
  for (const [, value] of entries) at += body.write(value, at);
  const head: SegmentHead = { keys, lengths, digest: segmentDigest(keys, lengths, body) };
  return [Buffer.from(`${before}${JSON.stringify(head)}\n`), body];
}

const segmentBytes = (chunks: readonly Uint8Array[]) => chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);

/**
 * A pack: its format line, then segments, each appended by one save. A segment cut short (a run killed while it
 * appended), or whose bytes are not those its digest names, ends the reading: the entries before it are whole,
 * its own and any after it are misses. A later segment's value replaces an earlier one's. Values are decoded when
 * asked for.
 */
function readPack(file: string): Pack {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return { whole: true, count: 0, bytes: 0, has: () => false, value: () => undefined };
  }
  // Each key's entry number; entry `i`'s bytes are `bounds[2i]` to `bounds[2i + 1]`. Numbers, not a pair per key:
  // a warm build holds the index of every pack it read (tens of thousands of keys) to its end.
  const index = new Map<string, number>();
  const bounds: number[] = [];
  let whole = bytes.toString('latin1', 0, packFormat.length) === packFormat;
  let at = packFormat.length;
  while (whole && at < bytes.length) {
    const headEnd = bytes.indexOf(10, at);
    let head: SegmentHead | undefined;
    try {
      head = headEnd === -1 ? undefined : (JSON.parse(bytes.toString('utf8', at, headEnd)) as SegmentHead);
    } catch {
      head = undefined;
    }
    const total = head && isSegmentHead(head) ? head.lengths.reduce((sum, length) => sum + length, 0) : -1;
    const end = headEnd + 1 + total;
    if (
      !head ||
      total < 0 ||
      end > bytes.length ||
      segmentDigest(head.keys, head.lengths, bytes.subarray(headEnd + 1, end)) !== head.digest
    ) {
      whole = false;
      break;
    }
    let start = headEnd + 1;
    for (let i = 0; i < head.keys.length; i++) {
      const length = head.lengths[i]!;
      index.set(head.keys[i]!, bounds.length >> 1);
      bounds.push(start, start + length);
      start += length;
    }
    at = end;
  }
  return {
    whole,
    count: index.size,
    bytes: bytes.byteLength,
    has: (key) => index.has(key),
    value(key) {
      const i = index.get(key);
      return i === undefined ? undefined : bytes.toString('utf8', bounds[2 * i], bounds[2 * i + 1]);
    },
  };
}

/** A segment's digest: of its keys and lengths too, so that a byte changed in its head is no other entry. */
function segmentDigest(keys: readonly string[], lengths: readonly number[], body: Uint8Array): string {
  return createHash('sha256')
    .update(JSON.stringify([keys, lengths]))
    .update(body)
    .digest('base64url');
}

function isSegmentHead(value: unknown): value is SegmentHead {
  const head = value as Partial<SegmentHead> | null;
  return (
    typeof head === 'object' &&
    head !== null &&
    Array.isArray(head.keys) &&
    Array.isArray(head.lengths) &&
    head.keys.length === head.lengths.length &&
    head.keys.every((key) => typeof key === 'string') &&
    head.lengths.every((length) => Number.isInteger(length) && length >= 0) &&
    typeof head.digest === 'string'
  );
}

/**
 * One entry in one JSON file, taken again only while the files it was made from (`watched`, absolute paths) and
 * their folders are as they were when it was stored (size and time of change; a folder's change is a file added
 * or removed there, which a lookup of a module may now find): for an output whose input is files the stage reads
 * itself, not its key's input (the browser bundle esbuild makes from the client's sources and packages). Only
 * the last entry is kept.
 */
export function watchedFileStore<O extends { watched: string[] }>(file: string): Store<O> {
  type Seen = [string, number, number][];
  const seenNow = (paths: string[]): Seen | undefined => {
    const seen: Seen = [];
    for (const where of paths) {
      const stat = statSync(where, { throwIfNoEntry: false });
      if (!stat) return undefined;
      seen.push([where, stat.size, stat.mtimeMs]);
    }
    return seen;
  };
  return {
    get(_id, key) {
      let entry: { key: string; seen: Seen; value: O };
      try {
        entry = JSON.parse(readFileSync(file, 'utf8')) as typeof entry;
      } catch {
        return undefined;
      }
      if (entry.key !== key) return undefined;
      const now = seenNow(entry.seen.map(([where]) => where));
      const same = now?.every(([, size, mtime], i) => size === entry.seen[i]![1] && mtime === entry.seen[i]![2]);
      return same ? entry.value : undefined;
    },
    set(_id, key, value) {
      const { watched } = value;
      const seen = seenNow([...new Set([...watched, ...watched.map((f) => path.dirname(f))])].sort());
      // The old entry goes first: a run stopped before the new one is on disk leaves none, never a stale one.
      rmSync(file, { force: true });
      // A file gone already: nothing worth keeping.
      if (seen) backgroundWrites().writeLater(file, JSON.stringify({ key, seen, value }));
    },
    prune: () => undefined,
    save: () => undefined,
  };
}

/**
 * Values of any structured-cloneable kind (a YAML date, `.nan`, a Map) kept in a store of strings, each by V8's
 * serializer: read back as a fresh copy with the same kinds, which JSON would not give.
 */
export function serializedStore<O>(strings: Store<string>): Store<O> {
  return {
    get(id, key) {
      const stored = strings.get(id, key);
      if (stored === undefined) return undefined;
      try {
        return deserialize(Buffer.from(stored, 'base64')) as O;
      } catch {
        // Written by a newer V8 (the cache folder shared with another Node) or cut short: a miss, computed again.
        return undefined;
      }
    },
    set: (id, key, value) => strings.set(id, key, serialize(value).toString('base64')),
    prune: () => strings.prune(),
    save: () => strings.save(),
  };
}

/** A memory layer over a disk store: `dev` keeps what it computed and shares the disk with builds. */
export function layeredStore<O>(disk: Store<O>): Store<O> {
  const memory = memoryStore<O>();
  return {
    get(id, key) {
      const hit = memory.get(id, key);
      if (hit !== undefined) return hit;
      const stored = disk.get(id, key);
      if (stored !== undefined) memory.set(id, key, stored);
      return stored;
    },
    set(id, key, value) {
      memory.set(id, key, value);
      disk.set(id, key, value);
    },
    ...(disk.room ? { room: () => disk.room!() } : {}),
    prune: () => undefined,
    save: () => disk.save(),
  };
}

export function readdirOrNone(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
