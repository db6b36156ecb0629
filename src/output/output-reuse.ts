import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { digestOf } from '../cache/digest';
import { replaceFileSync } from '../cache/replace-file';
import type { FileStamp, FolderTimes, SpareFound } from '../disk/background-writes';
import { insideFolder } from '../disk/inside-folder';
import {
  decodeManifest,
  encodeManifestColumns,
  type ManifestColumns,
  type ManifestData,
  type ManifestView,
  readManifestFile,
} from '../disk/manifest-file';
import type { WrittenFile } from './written-file';

/** The previous build's files the new build can take as they are, instead of producing them again. */
export interface OutputReuse {
  /** The previous build's file for `file` when it was made from `key` and has not been changed since. */
  reusable(file: string, key: string): { path: string; written: WrittenFile } | undefined;
  /** Notes that `file` of the new build was made from `key`. */
  record(file: string, key: string, written: WrittenFile): void;
  /** Whether the previous build has a group of that name (then its key is worth finding before making it). */
  hasGroup(group: string): boolean;
  /**
   * The previous build's files of a group made together (the search files) when all can be kept: each either the
   * spare's own file, left in place (`kept`: see `keptInSpare`, when `spareDir` is the spare folder being updated),
   * or the published build's (`path`, to link).
   */
  reusableGroup(group: string, key: string, spareDir?: string): KeptGroupFile[] | undefined;
  /** Notes that the files of a group were made together from `key`. */
  recordGroup(group: string, key: string, files: string[]): void;
  /**
   * Whether the spare build folder `folder` (the one before the published build) is the one the manifest of the
   * build before last describes, so that it can be brought up to date in place.
   */
  describesSpare(folder: string): boolean;
  /**
   * The stamp of the spare's file `file` when it holds these bytes (by size and content hash), as the build before
   * last wrote them; the file is then left in place if its stamp is still that (see background-writes' `update`).
   */
  spareHolds(file: string, written: WrittenFile): FileStamp | undefined;
  /**
   * The spare's file `file` (in the spare folder `dir`, absolute and normalized) when it holds what `key` makes,
   * the bytes of the published build's file of that key, and is still as the build before last left it (one
   * `lstat`): it then stays in place, neither the published file looked at nor anything written. Its stamp goes into
   * the next manifest as it is.
   */
  keptInSpare(file: string, key: string, dir: string): { written: WrittenFile; stamp: FileStamp } | undefined;
  /**
   * Forgets what the spare holds, before its first change: a build interrupted while it updates the spare leaves
   * no manifest that describes it, and the next build writes a new folder instead.
   */
  distrustSpare(): void;
  /**
   * Takes what a check of the spare folder `folder` made while the build went on found (see background-writes'
   * `check`: the spare's files not as its manifest lists them) instead of an `lstat` of each file `keptInSpare` is
   * asked about, when it checked against this very manifest. Says whether it did.
   */
  trustCheck(found: SpareFound | undefined, folder: string): boolean;
  /**
   * Saves what the build just swapped into place (the build folder named `folder`) was made from and holds (every
   * file's size and hash, the keyed ones' included); the replaced build's manifest becomes the spare's. Call after
   * the swap. `held` lists every file of the build, `heldFile` gives the size and hash of one no key made (asked for
   * those only). `stamps` holds the modification times already known of files of the build (kept as they were),
   * which are not looked at again; `folders`, the folder's folders and their times, when known.
   */
  save(
    folder: string,
    held: Iterable<string>,
    heldFile?: (file: string) => WrittenFile | undefined,
    stamps?: ReadonlyMap<string, number>,
    folders?: FolderTimes,
  ): void;
}

/** A file of a group kept from the previous builds (see `OutputReuse.reusableGroup`). */
export type KeptGroupFile = { file: string; key: string; written: WrittenFile } & (
  | { kept: FileStamp; path?: undefined }
  | { path: string; kept?: undefined }
);

/**
 * Output manifests kept: two per folder built into (the published build's and the spare's), the most recently
 * built first.
 */
const keptManifests = 16;

/** A manifest's file name (see manifest-file): a name of another ending is of an older layout. */
const manifestExt = '.manifest';

/** No manifest: nothing to reuse. */
const noManifest: ManifestView = {
  groups: {},
  file: () => undefined,
  held: () => undefined,
  listing: () => undefined,
  stamps: () => ({ files: [], sizes: [], mtimes: [] }),
};

/** Where the manifests of output folders are kept, and whether their files may be reused (not `--no-cache`). */
export interface ReuseOptions {
  /** A folder of the site's cache (the manifest of each output folder is named after its path). */
  manifests: string;
  enabled: boolean;
}

/** The name of the manifests of the builds into `outDir` (the published one's, and `-spare` the one before). */
function manifestNameOf(outDir: string): string {
  return digestOf(path.resolve(outDir)).slice(0, 16);
}

/**
 * Whether a build into `outDir` may keep files of the previous one: there is a manifest of it (a build that finds
 * none makes every file, so whatever it makes ahead of its output stage is never made for nothing).
 */
export function hasReusableOutput(outDir: string, { manifests, enabled }: ReuseOptions): boolean {
  return enabled && existsSync(path.join(manifests, `${manifestNameOf(outDir)}${manifestExt}`));
}

/** The manifest of the spare build folder of the builds into `outDir` (see `outputReuse`). */
export function spareManifestOf(outDir: string, { manifests }: ReuseOptions): string {
  return path.join(manifests, `${manifestNameOf(outDir)}-spare${manifestExt}`);
}

/**
 * Reuse of the files of the last build into `outDir`, recorded in a manifest per output folder. A file is
 * reused when it was made from the same key and still has the size and modification time it had when it was
 * written: a file changed by hand is produced again.
 */
export function outputReuse(outDir: string, options: ReuseOptions): OutputReuse {
  const { manifests, enabled } = options;
  const name = manifestNameOf(outDir);
  const manifestFile = path.join(manifests, `${name}${manifestExt}`);
  // The manifest of the build before the published one: the spare folder's.
  const spareFile = spareManifestOf(outDir, options);
  const previous: ManifestView = (enabled && readManifest(manifestFile)) || noManifest;
  const spareRead = enabled ? readManifestFile(spareFile) : undefined;
  const spare = spareRead?.view;
  /** The spare's files found not as listed by the check taken (see `trustCheck`); else each file is looked at. */
  let changed: ReadonlySet<string> | undefined;
  const next: ManifestData = { files: new Map(), held: new Map(), groups: {} };
  const reusable = (file: string, key: string) => {
    const entry = previous.file(file);
    if (!entry || entry.key !== key) return undefined;
    const full = path.join(outDir, file);
    // lstat: a link put there by hand is never taken for the file (nor linked into the next build).
    const stat = lstatSync(full, { throwIfNoEntry: false });
    if (!stat?.isFile() || stat.size !== entry.size || stat.mtimeMs !== entry.mtimeMs) return undefined;
    return { path: full, written: { size: entry.size, revision: entry.revision } };
  };
  const spareHolds = (file: string, written: WrittenFile): FileStamp | undefined => {
    const entry = spare?.file(file) ?? spare?.held(file);
    if (!entry || entry.size !== written.size || entry.revision !== written.revision || !entry.mtimeMs)
      return undefined;
    return { size: entry.size, mtimeMs: entry.mtimeMs };
  };
  const keptInSpare = (file: string, key: string, dir: string) => {
    const entry = previous.file(file);
    if (!entry || entry.key !== key) return undefined;
    const stamp = spareHolds(file, entry);
    if (!stamp) return undefined;
    if (changed) {
      // The check compared the file with the same stamp, the spare manifest's.
      if (changed.has(file)) return undefined;
    } else {
      // lstat, as the file-writing thread's own check (`stillHeld`): a link put there by hand is not the file.
      const stat = lstatSync(insideFolder(dir, file), { throwIfNoEntry: false });
      if (!stat?.isFile() || stat.size !== stamp.size || stat.mtimeMs !== stamp.mtimeMs) return undefined;
    }
    return { written: { size: entry.size, revision: entry.revision }, stamp };
  };
  return {
    reusable,
    keptInSpare,
    record(file, key, written) {
      next.files.set(file, { key, size: written.size, revision: written.revision, mtimeMs: 0 });
    },
    hasGroup: (group) => Object.hasOwn(previous.groups, group),
    reusableGroup(group, key, spareDir) {
      const entry = previous.groups[group];
      if (!entry || entry.key !== key) return undefined;
      const files: KeptGroupFile[] = [];
      for (const file of entry.files) {
        // A file of the group may have a key of its own (see `GroupWriter.keyed`).
        const fileKey = previous.file(file)?.key ?? key;
        // In the spare updated in place, a file the build before last left as this one wants stays (one lstat):
        // the published build's copy is not looked at, nor linked over it (the thread's lstat of it, a message).
        const kept = spareDir === undefined ? undefined : keptInSpare(file, fileKey, spareDir);
        if (kept) {
          files.push({ file, key: fileKey, written: kept.written, kept: kept.stamp });
          continue;
        }
        const found = reusable(file, fileKey);
        if (!found) return undefined;
        files.push({ file, key: fileKey, ...found });
      }
      return files;
    },
    recordGroup(group, key, files) {
      next.groups[group] = { key, files };
    },
    describesSpare: (folder) => spare?.folder === folder,
    spareHolds,
    trustCheck(found, folder) {
      // Only a check of this manifest's very file and folder (the lock is held from here: nothing replaces either).
      if (!found || found.identity !== spareRead?.identity || found.folder !== folder || spare?.folder !== folder)
        return false;
      changed = new Set(found.changed);
      return true;
    },
    distrustSpare() {
      // Only on disk: this build goes on using what it read.
      rmSync(spareFile, { force: true });
    },
    save(folder, held, heldFile, stamps, folders) {
      const stampOf = (file: string) =>
        stamps?.get(file) ?? lstatSync(path.join(outDir, file), { throwIfNoEntry: false })?.mtimeMs;
      // Straight into the manifest's columns: at 10,000 pages 31,680 files, which maps spread into the same columns
      // cost a map, an entry and a pair each.
      const files: ManifestColumns['files'] = { paths: [], keys: [], sizes: [], mtimes: [], revisions: [] };
      for (const [file, entry] of next.files) {
        const mtimeMs = stampOf(file);
        if (mtimeMs === undefined) continue;
        files.paths.push(file);
        files.keys.push(entry.key);
        files.sizes.push(entry.size);
        files.mtimes.push(mtimeMs);
        files.revisions.push(entry.revision);
      }
      const heldFiles: ManifestColumns['held'] = { paths: [], sizes: [], mtimes: [], revisions: [] };
      for (const file of held) {
        // A keyed file is listed as such (one whose stamp is gone is gone: not listed as held either).
        if (next.files.has(file)) continue;
        const mtimeMs = stampOf(file);
        if (mtimeMs === undefined) continue;
        const written = heldFile?.(file);
        heldFiles.paths.push(file);
        heldFiles.mtimes.push(mtimeMs);
        // A file whose bytes are not known is listed all the same (a size no file has: never taken as held), so
        // that the update of the folder that reads this list instead of walking it removes it if need be.
        heldFiles.sizes.push(written ? written.size : -1);
        heldFiles.revisions.push(written?.revision ?? '');
      }
      mkdirSync(path.dirname(manifestFile), { recursive: true });
      // The published build's manifest now describes the spare; one that describes no folder is of no use there.
      if (previous.folder && previous.folder !== folder) renameSync(manifestFile, spareFile);
      else rmSync(spareFile, { force: true });
      replaceFileSync(
        manifestFile,
        encodeManifestColumns({ folder, groups: next.groups, files, held: heldFiles, folders }),
      );
      pruneManifests(path.dirname(manifestFile), keptManifests);
    },
  };
}

/** A manifest, or undefined when there is none (first build, or a cleared cache) or it cannot be read. */
function readManifest(file: string): ManifestView | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  return decodeManifest(bytes);
}

/** No reuse: nothing of an earlier build is kept, nothing is recorded (an output folder opened without a cache). */
export const noReuse: OutputReuse = {
  reusable: () => undefined,
  record: () => undefined,
  hasGroup: () => false,
  reusableGroup: () => undefined,
  recordGroup: () => undefined,
  describesSpare: () => false,
  spareHolds: () => undefined,
  keptInSpare: () => undefined,
  distrustSpare: () => undefined,
  trustCheck: () => false,
  save: () => undefined,
};

/**
 * Deletes all but the `keep` most recent output manifests. There is one per output folder ever built into (a
 * benchmark's, a test's); a folder that is gone leaves its manifest behind, and one pruned but still in use is
 * simply produced in full once.
 */
export function pruneManifests(dir: string, keep: number): void {
  const names = readdirSync(dir);
  // Manifests of an older layout are never read again (a file being written, `.tmp`, is another build's).
  for (const name of names) {
    if (!name.endsWith(manifestExt) && !name.endsWith('.tmp')) rmSync(path.join(dir, name), { force: true });
  }
  const manifests = names
    .filter((name) => /^[0-9a-zA-Z_-]+\.manifest$/.test(name))
    // A manifest another build removes meanwhile is simply gone (no stat, no error).
    .flatMap((name) => {
      const stat = statSync(path.join(dir, name), { throwIfNoEntry: false });
      return stat ? [{ file: path.join(dir, name), mtimeMs: stat.mtimeMs }] : [];
    })
    .sort((a, b) => b.mtimeMs - a.mtimeMs);
  for (const { file } of manifests.slice(keep)) rmSync(file, { force: true });
}
