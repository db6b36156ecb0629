import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { replaceFileSync } from './replace-file';

/** Where a stage's outputs are kept, by entry id (a file, a route) and key (stage version + input digest). */
export interface Store<O> {
  get(id: string, key: string): O | undefined;
  set(id: string, key: string, value: O): void;
  /** Removes what this run did not use: earlier versions of edited entries, outputs of older code. */
  prune(): void;
  /** Writes what is only in memory (a pack file) to disk. */
  save(): void;
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
 * One JSON file per entry (`<dir>/<key[0,2]>/<key>.json`): thousands of pages are read one by one, only
 * those a build asks for. Reads and writes are synchronous: thousands of queued async writes were slower
 * and held every page in memory until they drained (README, benchmarks).
 */
export function jsonFileStore<O>(dir: string): Store<O> {
  const used = new Set<string>();
  const dirs = new Set<string>();
  const fileOf = (key: string) => path.join(dir, key.slice(0, 2), `${key}.json`);
  return {
    get(_id, key) {
      used.add(key);
      try {
        return JSON.parse(readFileSync(fileOf(key), 'utf8')) as O;
      } catch {
        return undefined;
      }
    },
    set(_id, key, value) {
      used.add(key);
      const file = fileOf(key);
      const parent = path.dirname(file);
      if (!dirs.has(parent)) {
        mkdirSync(parent, { recursive: true });
        dirs.add(parent);
      }
      try {
        replaceFileSync(file, JSON.stringify(value));
      } catch {
        // A cache that cannot be written only makes the next build slower.
      }
    },
    prune() {
      for (const bucket of readdirOrNone(dir)) {
        for (const name of readdirOrNone(path.join(dir, bucket))) {
          if (!used.has(name.replace(/\.json$/, ''))) rmSync(path.join(dir, bucket, name), { force: true });
        }
      }
    },
    save: () => undefined,
  };
}

/**
 * Many small entries in one JSON file (highlighted code blocks): one read on first use instead of thousands,
 * rewritten on `save` with the entries this run used, up to `maxChars` of values.
 */
export function packStore(file: string, maxChars: number): Store<string> {
  let loaded: Map<string, string> | undefined;
  const used = new Map<string, string>();
  let chars = 0;
  let added = 0;
  const keep = (key: string, value: string) => {
    if (used.has(key) || chars + value.length > maxChars) return false;
    used.set(key, value);
    chars += value.length;
    return true;
  };
  const read = () => {
    try {
      return new Map(Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>));
    } catch {
      return new Map<string, string>();
    }
  };
  return {
    get(_id, key) {
      loaded ??= read();
      const value = used.get(key) ?? loaded.get(key);
      if (value !== undefined) keep(key, value);
      return value;
    },
    set(_id, key, value) {
      if (keep(key, value)) added++;
    },
    prune: () => undefined,
    save() {
      // Unchanged since it was read: nothing to write.
      if (added === 0 && (!loaded || loaded.size === used.size)) return;
      mkdirSync(path.dirname(file), { recursive: true });
      replaceFileSync(file, JSON.stringify(Object.fromEntries(used)));
      loaded = new Map(used);
      added = 0;
    },
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
