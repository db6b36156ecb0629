import { closeSync, mkdirSync, openSync, readFileSync, readSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { backgroundWrites } from '../disk/background-writes';
import { jsonTextOf } from './json-text';
import { replaceFileSync } from './replace-file';
import { readdirOrNone, type Store } from './stores';

/**
 * Entries of a few kilobytes, one per page (compiled pages, search parts), kept in a folder as a few large data
 * files and an index: a build of 10,000 pages used to make 20,000 cache files, and on this kind of disk making a
 * file costs many times writing its bytes (docs/measurements.md, "The cache's page entries in blob files").
 *
 * - Each run appends what it sets to data files of its own (`<run>-<n>.blobs`), never to another run's: two
 *   processes sharing the folder (`dev` and a build) cannot interleave their bytes. Each entry is handed to the
 *   file-writing thread as it is set.
 * - The index (`index`) names each entry's file, offset and length; it is written whole (a temporary file and a
 *   rename) when a run saves. An entry is read with one positioned read, and is a miss when the file is gone or
 *   holds fewer bytes than its length (a run killed before its appends reached the disk, or an entry of this run
 *   still on its way there): an appended file only ever grows, so a read of the whole length is the entry's bytes.
 * - `prune` forgets what the run did not use, and removes the data files no entry is left in; a file mostly
 *   forgotten, or small beside what the run wrote, is copied into the run's file first. Any other file of the
 *   folder (an older layout, a killed run's data) is removed then too.
 */
export interface BlobStore {
  /** The entry's bytes (kept through `prune`), or undefined. */
  get(key: string): Buffer | undefined;
  /**
   * The entry as UTF-8 text (kept through `prune`), or undefined: read through one buffer the store reuses, so a
   * build that reads back thousands of entries allocates no buffer for each.
   */
  text(key: string): string | undefined;
  /** The entry's bytes, without keeping it through `prune` (an entry read to be replaced). */
  peek(key: string): Buffer | undefined;
  /** Whether the index has the entry (its bytes are not read). */
  has(key: string): boolean;
  /**
   * Stores an entry (kept through `prune`); its bytes reach the disk through the file-writing thread (until they
   * are there, the entry is a miss).
   */
  set(key: string, contents: string | Uint8Array): void;
  /** Keeps an entry through `prune` without reading it. */
  use(key: string): void;
  /** Resolves once the writing thread has room (see background-writes' `room`). */
  room(): Promise<void>;
  /** Writes the index if it changed (the entries' bytes may still be on their way: see `get`). */
  save(): void;
  /** `save`, after forgetting what this run did not use and removing the files no entry is left in. */
  prune(): void;
}

export interface BlobStoreOptions {
  /** A data file past this size is followed by a new one. */
  fileBytes?: number;
}

/** Where an entry's bytes are: a data file of the folder, from `offset`, `length` bytes. */
export interface BlobEntry {
  file: string;
  offset: number;
  length: number;
}
type Entry = BlobEntry;

/** The index's first line; an index with another is of another layout, and read as empty. */
const indexFormat = 'docs-it blobs 1';
const indexName = 'index';
const dataExt = '.blobs';

const defaultFileBytes = 64 * 1024 * 1024;

/** A file copied down to its live entries when they are under this share of it. */
const liveShareToKeep = 0.5;
/** A file whose live entries are under this many times what the run wrote is folded into the run's. */
const foldBelow = 4;

/** How old another process's temporary index must be before it is taken for a killed run's. */
const staleTemporaryMs = 60_000;

let runs = 0;

export function blobStore(dir: string, options: BlobStoreOptions = {}): BlobStore {
  const fileBytes = options.fileBytes ?? defaultFileBytes;
  const indexFile = path.join(dir, indexName);
  // Unique to this store in this process and to the moment: another process's files never take the name.
  const run = `${Date.now().toString(36)}-${process.pid.toString(36)}-${(runs++).toString(36)}`;
  let index: Map<string, Entry> | undefined;
  const indexOf = () => {
    index ??= readIndex(indexFile);
    return index;
  };
  const used = new Set<string>();
  let changed = false;
  /** The data file this run appends to, and how many bytes went into it. */
  let current: { file: string; bytes: number } | undefined;
  /** The data files this run made, and the bytes it put in them. */
  const own = new Set<string>();
  let written = 0;
  const fds = new Map<string, number>();

  let scratch = Buffer.alloc(0);
  /** Reads an entry into `into(length)` (a buffer of at least that length); undefined when it is not all there. */
  const readInto = (entry: Entry, into: (length: number) => Buffer): Buffer | undefined => {
    let fd = fds.get(entry.file);
    if (fd === undefined) {
      try {
        fd = openSync(path.join(dir, entry.file), 'r');
      } catch {
        // Gone, or not made yet (this run's file, its first entry still on its way): looked for again next time.
        return undefined;
      }
      fds.set(entry.file, fd);
    }
    const bytes = into(entry.length);
    try {
      if (readSync(fd, bytes, 0, entry.length, entry.offset) !== entry.length) return undefined;
    } catch {
      return undefined;
    }
    return bytes;
  };

  const read = (key: string): Buffer | undefined => {
    const entry = indexOf().get(key);
    return entry && readInto(entry, (length) => Buffer.allocUnsafe(length));
  };

  const text = (key: string): string | undefined => {
    const entry = indexOf().get(key);
    if (!entry) return undefined;
    const into = (length: number) => {
      if (scratch.length < length) scratch = Buffer.allocUnsafeSlow(Math.max(length, 2 * scratch.length, 64 * 1024));
      return scratch;
    };
    return readInto(entry, into)?.toString('utf8', 0, entry.length);
  };

  const closeFiles = () => {
    for (const fd of fds.values()) closeSync(fd);
    fds.clear();
  };

  function set(key: string, contents: string | Uint8Array): void {
    used.add(key);
    // A text goes as it is: cloning it costs this thread less than encoding it to hand its bytes over would
    // (docs/measurements.md, "bytes nobody else holds transferred").
    const length = typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
    const writes = backgroundWrites();
    // Handed to the writing thread at once, never held here: an entry kept a while outlives the young generation,
    // and a build's worth of them was old garbage that raised the peak (docs/measurements.md).
    if (!current || (current.bytes > 0 && current.bytes + length > fileBytes)) {
      current = { file: `${run}-${own.size.toString(36)}${dataExt}`, bytes: 0 };
      own.add(current.file);
      void writes.write(path.join(dir, current.file), contents);
    } else void writes.append(path.join(dir, current.file), contents);
    indexOf().set(key, { file: current.file, offset: current.bytes, length });
    current.bytes += length;
    written += length;
    changed = true;
  }

  const save = () => {
    // Not held open past a run: a file a prune removes is let go, and `dev`'s next run opens each anew.
    closeFiles();
    if (!changed) return;
    mkdirSync(dir, { recursive: true });
    replaceFileSync(indexFile, indexText(indexOf()));
    changed = false;
  };

  return {
    get(key) {
      used.add(key);
      return read(key);
    },
    text(key) {
      used.add(key);
      return text(key);
    },
    peek: read,
    has: (key) => indexOf().has(key),
    set,
    use: (key) => void used.add(key),
    room: () => backgroundWrites().room(),
    save,
    prune() {
      const entries = indexOf();
      for (const key of entries.keys()) {
        if (!used.has(key)) {
          entries.delete(key);
          changed = true;
        }
      }
      // What each data file still holds.
      const live = new Map<string, [key: string, length: number][]>();
      for (const [key, entry] of entries) {
        const list = live.get(entry.file) ?? [];
        list.push([key, entry.length]);
        live.set(entry.file, list);
      }
      const wrote = written;
      for (const [file, list] of live) {
        if (own.has(file)) continue;
        const size = sizeOf(path.join(dir, file));
        const liveBytes = list.reduce((sum, [, length]) => sum + length, 0);
        // A file small beside what this run wrote is folded into this run's: one-page edits do not leave a file
        // each behind, and a large file is not copied again for a small edit (files grow as a binary counter does).
        const small = size !== undefined && liveBytes < foldBelow * wrote;
        if (size !== undefined && liveBytes >= size * liveShareToKeep && !small) continue;
        // Mostly forgotten, small or gone: its live entries are copied into this run's file, and it goes below.
        for (const [key] of list) {
          const bytes = read(key);
          if (bytes) set(key, bytes);
          else entries.delete(key);
        }
        changed = true;
      }
      save();
      const keep = new Set([indexName, ...[...entries.values()].map((entry) => entry.file)]);
      for (const file of own) keep.add(file);
      for (const name of readdirOrNone(dir)) {
        if (keep.has(name) || (name.startsWith(`${indexName}.`) && !stale(path.join(dir, name)))) continue;
        rmSync(path.join(dir, name), { recursive: true, force: true });
      }
    },
  };
}

/**
 * A stage's outputs as JSON in a blob store (the compiled pages): only those a build asks for are read. An entry
 * that does not parse (damaged) is a miss.
 */
export function blobJsonStore<O>(blobs: BlobStore): Store<O> & { use(key: string): void } {
  return {
    get(_id, key) {
      const text = blobs.text(key);
      if (text === undefined) return undefined;
      try {
        return JSON.parse(text) as O;
      } catch {
        return undefined;
      }
    },
    // A page a compile worker sent comes with its JSON (see json-text): this thread does not make it again.
    set: (_id, key, value) => blobs.set(key, jsonTextOf(value)),
    room: () => blobs.room(),
    has: (key) => blobs.has(key),
    use: (key) => blobs.use(key),
    prune: () => blobs.prune(),
    save: () => blobs.save(),
  };
}

function stale(file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs > staleTemporaryMs;
  } catch {
    return false;
  }
}

function sizeOf(file: string): number | undefined {
  try {
    return statSync(file).size;
  } catch {
    return undefined;
  }
}

/** The entries a blob store's folder holds as its index names them (what `get` would look for). */
export function blobEntriesOf(dir: string): Map<string, BlobEntry> {
  return readIndex(path.join(dir, indexName));
}

/**
 * The index: its format line, the data files' names (one line, tab-separated), then one line per entry: key, the
 * file's number in that line, offset, length. A line that does not read so ends it (the entries before it stand).
 */
function readIndex(file: string): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return entries;
  }
  const lines = text.split('\n');
  if (lines[0] !== indexFormat || lines.length < 2) return entries;
  const names = lines[1]!.split('\t');
  for (let i = 2; i < lines.length; i++) {
    const [key, at, offset, length] = lines[i]!.split('\t');
    const name = names[Number(at)];
    const start = Number(offset);
    const size = Number(length);
    if (!key || name === undefined || !Number.isSafeInteger(start) || !Number.isSafeInteger(size)) break;
    entries.set(key, { file: name, offset: start, length: size });
  }
  return entries;
}

function indexText(entries: Map<string, Entry>): string {
  const numbers = new Map<string, number>();
  const lines: string[] = [];
  for (const [key, entry] of entries) {
    let at = numbers.get(entry.file);
    if (at === undefined) {
      at = numbers.size;
      numbers.set(entry.file, at);
    }
    lines.push(`${key}\t${at}\t${entry.offset}\t${entry.length}`);
  }
  return `${indexFormat}\n${[...numbers.keys()].join('\t')}\n${lines.join('\n')}`;
}
