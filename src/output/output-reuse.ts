import { lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { digestOf } from '../cache/digest';
import { replaceFileSync } from '../cache/replace-file';
import type { WrittenFile } from './written-file';

interface Entry {
  key: string;
  size: number;
  mtimeMs: number;
  revision: string;
}

/** The previous build's files the new build can take as they are, instead of producing them again. */
export interface OutputReuse {
  /** The previous build's file for `file` when it was made from `key` and has not been changed since. */
  reusable(file: string, key: string): { path: string; written: WrittenFile } | undefined;
  /** Notes that `file` of the new build was made from `key`. */
  record(file: string, key: string, written: WrittenFile): void;
  /** Whether the previous build has a group of that name (then its key is worth finding before making it). */
  hasGroup(group: string): boolean;
  /** The previous build's files of a group made together (the search files) when all can be kept. */
  reusableGroup(
    group: string,
    key: string,
  ): { file: string; key: string; path: string; written: WrittenFile }[] | undefined;
  /** Notes that the files of a group were made together from `key`. */
  recordGroup(group: string, key: string, files: string[]): void;
  /** Saves what the build just swapped into place was made from (call after the swap). */
  save(): void;
}

/** Output folders whose manifests are kept: one per folder built into, the most recently built first. */
const keptManifests = 8;

interface Manifest {
  files: Record<string, Entry>;
  groups: Record<string, { key: string; files: string[] }>;
}

/** Where the manifests of output folders are kept, and whether their files may be reused (not `--no-cache`). */
export interface ReuseOptions {
  /** A folder of the site's cache (the manifest of each output folder is named after its path). */
  manifests: string;
  enabled: boolean;
}

/**
 * Reuse of the files of the last build into `outDir`, recorded in a manifest per output folder. A file is
 * reused when it was made from the same key and still has the size and modification time it had when it was
 * written: a file changed by hand is produced again.
 */
export function outputReuse(outDir: string, { manifests, enabled }: ReuseOptions): OutputReuse {
  const manifestFile = path.join(manifests, `${digestOf(path.resolve(outDir)).slice(0, 16)}.json`);
  let previous: Manifest = { files: {}, groups: {} };
  if (enabled) {
    try {
      const read = JSON.parse(readFileSync(manifestFile, 'utf8')) as Partial<Manifest>;
      previous = { files: read.files ?? {}, groups: read.groups ?? {} };
    } catch {
      // No manifest yet (first build, or a cleared cache): everything is produced.
    }
  }
  const next: Manifest = { files: {}, groups: {} };
  const reusable = (file: string, key: string) => {
    const entry = previous.files[file];
    if (!entry || entry.key !== key) return undefined;
    const full = path.join(outDir, file);
    // lstat: a link put there by hand is never taken for the file (nor linked into the next build).
    const stat = lstatSync(full, { throwIfNoEntry: false });
    if (!stat?.isFile() || stat.size !== entry.size || stat.mtimeMs !== entry.mtimeMs) return undefined;
    return { path: full, written: { size: entry.size, revision: entry.revision } };
  };
  return {
    reusable,
    record(file, key, written) {
      next.files[file] = { key, size: written.size, revision: written.revision, mtimeMs: 0 };
    },
    hasGroup: (group) => Object.hasOwn(previous.groups, group),
    reusableGroup(group, key) {
      const entry = previous.groups[group];
      if (!entry || entry.key !== key) return undefined;
      // A file of the group may have a key of its own (see `GroupWriter.keyed`).
      const files = entry.files.map((file) => {
        const fileKey = previous.files[file]?.key ?? key;
        return { file, key: fileKey, found: reusable(file, fileKey) };
      });
      if (files.some((f) => !f.found)) return undefined;
      return files.map(({ file, key: fileKey, found }) => ({ file, key: fileKey, ...found! }));
    },
    recordGroup(group, key, files) {
      next.groups[group] = { key, files };
    },
    save() {
      for (const [file, entry] of Object.entries(next.files)) {
        const stat = lstatSync(path.join(outDir, file), { throwIfNoEntry: false });
        if (stat) entry.mtimeMs = stat.mtimeMs;
        else delete next.files[file];
      }
      mkdirSync(path.dirname(manifestFile), { recursive: true });
      replaceFileSync(manifestFile, JSON.stringify(next));
      pruneManifests(path.dirname(manifestFile), keptManifests);
    },
  };
}

/** No reuse: nothing of an earlier build is kept, nothing is recorded (an output folder opened without a cache). */
export const noReuse: OutputReuse = {
  reusable: () => undefined,
  record: () => undefined,
  hasGroup: () => false,
  reusableGroup: () => undefined,
  recordGroup: () => undefined,
  save: () => undefined,
};

/**
 * Deletes all but the `keep` most recent output manifests. There is one per output folder ever built into (a
 * benchmark's, a test's); a folder that is gone leaves its manifest behind, and one pruned but still in use is
 * simply produced in full once.
 */
export function pruneManifests(dir: string, keep: number): void {
  const manifests = readdirSync(dir)
    .filter((name) => /^[0-9a-zA-Z_-]+\.json$/.test(name))
    // A manifest another build removes meanwhile is simply gone (no stat, no error).
    .flatMap((name) => {
      const stat = statSync(path.join(dir, name), { throwIfNoEntry: false });
      return stat ? [{ file: path.join(dir, name), mtimeMs: stat.mtimeMs }] : [];
    })
    .sort((a, b) => b.mtimeMs - a.mtimeMs);
  for (const { file } of manifests.slice(keep)) rmSync(file, { force: true });
}
