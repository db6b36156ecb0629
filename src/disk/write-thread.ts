/*
 * The file-writing thread (see background-writes): it creates folders and files for the build's thread, which
 * goes on compiling and rendering meanwhile. It needs the file system only, and loads nothing else.
 */
import {
  closeSync,
  constants,
  copyFileSync,
  type Dirent,
  existsSync,
  ftruncateSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { isBuildFolderName, readManifestFile } from './manifest-file';
import { revisionOf } from './revision';
import type { CheckedListing, FolderTimes, WriteBatch, WriteDone, WriteFailure, WriteOp } from './write-protocol';

const port = parentPort!;
const dirs = new Set<string>();
const spare: string[] = [];
let recycled = 0;
/** Files left as they were because their stamp matched (`WriteOp.keep`), and files the build said to keep. */
let kept = 0;
let keptAsIs = 0;

/**
 * The folder being brought up to date in place (see background-writes' `update`): what it held when it was
 * given (every entry but its folders), and which of those the new build has put or kept there since. `times` holds
 * each of its folders' change time as it was looked at, and `touched` the folders this build has changed since (their
 * times are looked at again once it ends); `times` is dropped when what it holds can no longer be told that way.
 */
let updating:
  | {
      dir: string;
      held: Set<string>;
      folders: Set<string>;
      placed: Set<string>;
      times: Map<string, number> | undefined;
      touched: Set<string>;
    }
  | undefined;
let nextTemporary = 0;
/** What the last `prune` of a batch found (see `WriteDone`). */
let pruned: WriteDone['pruned'];

/**
 * Walks a folder's tree: `folder` for it and each folder in it, `other` for every other entry (a link to a folder
 * is never walked into). A folder that cannot be listed (gone since) is skipped.
 */
function walkTree(dir: string, folder: (dir: string) => void, other: (file: string, entry: Dirent) => void): void {
  folder(dir);
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) walkTree(file, folder, other);
    else other(file, entry);
  }
}

/** A folder's change time, or undefined when it is not a folder (or is gone). */
function folderTime(dir: string): number | undefined {
  const stat = lstatSync(dir, { throwIfNoEntry: false });
  return stat?.isDirectory() ? stat.ctimeMs : undefined;
}

/** What a folder holds: every entry but its folders in `held`, its folders in `folders` with their times. */
interface Held {
  held: Set<string>;
  folders: Set<string>;
  times: Map<string, number>;
}

/** What a folder holds, by walking it: each folder's time is taken before it is listed. */
function walked(dir: string): Held {
  const held = new Set<string>();
  const times = new Map<string, number>();
  walkTree(
    dir,
    (folder) => {
      const time = folderTime(folder);
      if (time !== undefined) times.set(folder, time);
    },
    (file) => held.add(file),
  );
  return { held, folders: new Set(times.keys()), times };
}

/**
 * A `check` under way or done (see `check`): looked at a slice at a time between the thread's messages, so that the
 * writes queued meanwhile (the cache's) are not held up by it; `found` once it is done (undefined: a folder changed).
 */
interface Check extends Held {
  id: number;
  dir: string;
  listing: CheckedListing;
  /** The manifest's build folder and identity (see `SpareFound`). */
  folder: string;
  identity: string;
  /** The next folder, then the next file, to look at. */
  atFolder: number;
  atFile: number;
  /**
   * A folder whose manifest lists no folders (a build into a new folder records none) is walked instead: the
   * folders still to list, each listed file's place in the listing, and those found.
   */
  walk?: { pending: string[]; places: Map<string, number>; found: Set<number> };
  changed: string[];
  done: boolean;
  /** Set when a folder was not as listed: what the folder holds is then not known. */
  failed: boolean;
  ms: number;
}

let current: Check | undefined;
/** Entries looked at in one slice of a check (a few milliseconds). */
const checkSlice = 500;

/**
 * Starts checking the build folder that the output manifest `manifest` describes (in the folder of the builds
 * `store`) against what it held when the build that made it ended: each of its folders still has the time it had
 * then (one `lstat` a folder: nothing was added to any of them, removed or renamed since), and each file its stamp
 * (one `lstat` a file). A manifest that lists no folders (that build made a new folder) has the folder walked
 * instead, its files looked at against their stamps all the same. Only reads. What it found is posted once done
 * (`WriteDone.checked`): none when a folder changed (the update then walks the folder) or the manifest is not
 * there. Read here, not by the build's thread, which would hold what it lists for the rest of the build and send it
 * here.
 */
function startCheck(id: number, store: string, manifest: string): void {
  abandonCheck();
  const start = performance.now();
  const read = readManifestFile(manifest);
  const listed = read?.view.listing();
  // No folders recorded: the folder is walked, its files looked at against their stamps all the same.
  const listing = listed ?? (read && { ...read.view.stamps(), folders: [], times: [] });
  const folder = read?.view.folder;
  const failed =
    !listing ||
    !isBuildFolderName(folder) ||
    listing.folders.length !== listing.times.length ||
    listing.files.length !== listing.sizes.length ||
    listing.files.length !== listing.mtimes.length;
  current = {
    id,
    dir: `${store}/${folder}`,
    listing: listing ?? { files: [], sizes: [], mtimes: [], folders: [], times: [] },
    folder: folder ?? '',
    identity: read?.identity ?? '',
    atFolder: 0,
    atFile: 0,
    held: new Set(),
    folders: new Set(),
    times: new Map(),
    changed: [],
    done: false,
    failed,
    ms: performance.now() - start,
    ...(listing && !listed
      ? {
          walk: {
            pending: [`${store}/${folder}`],
            places: new Map(listing.files.map((f, i) => [f, i])),
            found: new Set(),
          },
        }
      : {}),
  };
  const check = current;
  const step = () => {
    if (current !== check || check.done) return;
    checkSome(check, checkSlice);
    if (check.done) postChecked(check);
    else setImmediate(step);
  };
  setImmediate(step);
}

/** Whether `file` is the plain file the listing's `i`th entry stamps (its size and modification time). */
function asListed(file: string, listing: CheckedListing, i: number): boolean {
  const stat = lstatSync(file, { throwIfNoEntry: false });
  return !!stat?.isFile() && stat.size === listing.sizes[i] && stat.mtimeMs === listing.mtimes[i];
}

/** Looks at up to `count` more entries of a check (all: `Infinity`). */
function checkSome(check: Check, count: number): void {
  if (check.walk) {
    walkSome(check, check.walk, count);
    return;
  }
  const start = performance.now();
  const { dir, listing } = check;
  const full = (rel: string) => (rel ? `${dir}/${rel}` : dir);
  let left = count;
  while (!check.failed && check.atFolder < listing.folders.length && left-- > 0) {
    const folder = full(listing.folders[check.atFolder]!);
    const time = folderTime(folder);
    if (time === undefined || time !== listing.times[check.atFolder]) check.failed = true;
    else check.times.set(folder, time);
    check.atFolder++;
  }
  if (!check.failed && check.atFolder === listing.folders.length && !check.times.has(dir)) check.failed = true;
  while (!check.failed && check.atFile < listing.files.length && left-- > 0) {
    const i = check.atFile++;
    const file = full(listing.files[i]!);
    check.held.add(file);
    if (!asListed(file, listing, i)) check.changed.push(listing.files[i]!);
  }
  check.done = check.failed || check.atFile === listing.files.length;
  if (check.done) check.folders = new Set(check.times.keys());
  check.ms += performance.now() - start;
}

/**
 * Looks at up to `count` more folders of a check that walks its folder: each folder's time (taken before it is
 * listed, as `walked` does), each file in it against its listed stamp (a file the listing lacks is held, never taken
 * for a kept one); once every folder is listed, the listed files not found are changed.
 */
function walkSome(check: Check, walk: NonNullable<Check['walk']>, count: number): void {
  const start = performance.now();
  const { dir, listing } = check;
  let left = count;
  while (!check.failed && walk.pending.length > 0 && left-- > 0) {
    const folder = walk.pending.pop()!;
    const time = folderTime(folder);
    let entries: Dirent[] = [];
    try {
      if (time !== undefined) entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      // Gone since: as if it were not there.
    }
    if (time === undefined) {
      if (folder === dir) check.failed = true;
      continue;
    }
    check.times.set(folder, time);
    for (const entry of entries) {
      const file = `${folder}/${entry.name}`;
      if (entry.isDirectory()) {
        walk.pending.push(file);
        continue;
      }
      check.held.add(file);
      const rel = file.slice(dir.length + 1);
      const i = walk.places.get(rel);
      if (i === undefined) continue;
      walk.found.add(i);
      if (!asListed(file, listing, i)) check.changed.push(rel);
    }
  }
  check.done = check.failed || walk.pending.length === 0;
  if (check.done && !check.failed) {
    for (let i = 0; i < listing.files.length; i++) if (!walk.found.has(i)) check.changed.push(listing.files[i]!);
    check.folders = new Set(check.times.keys());
  }
  check.ms += performance.now() - start;
}

/** Gives up the check under way, if any: it says it found nothing (its build has no use for it any more). */
function abandonCheck(): void {
  const check = current;
  current = undefined;
  if (!check || check.done) return;
  check.failed = true;
  check.done = true;
  postChecked(check);
}

function postChecked(check: Check): void {
  const found = check.failed ? undefined : { folder: check.folder, identity: check.identity, changed: check.changed };
  postCheckResult(check.id, check.ms, found);
}

/** Tells the build what the check `id` found (undefined: nothing it can use). */
function postCheckResult(id: number, ms: number, found: NonNullable<WriteDone['checked']>['found']): void {
  port.postMessage({
    ids: [],
    files: 0,
    recycled: 0,
    kept: 0,
    bytes: 0,
    ms,
    failures: [],
    checked: { id, found },
  } satisfies WriteDone);
}

/**
 * What the check `id` of `dir` found the folder holds (finished now if it is still under way), or undefined when it
 * is another folder's, or found a folder changed.
 */
function checkedHeld(id: number | undefined, dir: string): Held | undefined {
  const check = current;
  if (!check || check.id !== id || check.dir !== dir) {
    abandonCheck();
    return undefined;
  }
  current = undefined;
  if (!check.done) {
    checkSome(check, Infinity);
    postChecked(check);
  }
  return check.failed ? undefined : check;
}

/** Notes that this build changed the entries of `dir` (a folder of the folder being updated). */
const touch = (dir: string) => updating!.touched.add(dir);

/** Whether `file` is the folder being updated or in it. */
const inUpdated = (file: string) => file === updating!.dir || file.startsWith(`${updating!.dir}/`);

/** Whether `file` of the folder being updated is the plain file `keep` describes (then it stays as it is). */
function stillHeld(file: string, keep: WriteOp['keep']): boolean {
  if (!keep || !updating!.held.has(file)) return false;
  const stat = lstatSync(file, { throwIfNoEntry: false });
  return !!stat?.isFile() && stat.size === keep.size && stat.mtimeMs === keep.mtimeMs;
}

/**
 * Writes over a file of the folder being updated that no other folder shares (one link: the published build does
 * not hold it), then cuts it to the new length, as a recycled file is written (see `overwriteFlags`): its folder's
 * entries stay as they were. False when the file is not such a file (then it is replaced).
 */
function overwriteOwn(file: string, data: string | Uint8Array): boolean {
  if (!updating!.held.has(file)) return false;
  const stat = lstatSync(file, { throwIfNoEntry: false });
  if (!stat?.isFile() || stat.nlink !== 1) return false;
  let fd: number;
  try {
    fd = openSync(file, overwriteFlags);
  } catch {
    return false;
  }
  try {
    writeOver(fd, data);
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Puts a new file at `file` of the folder being updated: made under a name of its own beside it (a new inode: the
 * old file may be shared with another build folder, see `overwriteOwn`), then renamed over what was there.
 */
function replace(file: string, make: (temporary: string) => void): void {
  const temporary = `${file}.docs-it-${process.pid}-${nextTemporary++}`;
  touch(path.dirname(file));
  make(temporary);
  try {
    renameSync(temporary, file);
    // Renaming a link onto a link of the same file does nothing: the new name is then left beside it.
    if (existsSync(temporary)) unlinkSync(temporary);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'ENOTEMPTY' && code !== 'EEXIST') {
      rmSync(temporary, { force: true });
      throw error;
    }
    // A folder where the new build has a file: the folder goes (it is in the folder being updated), and with it
    // folders whose times are not followed one by one: the next update walks the folder.
    updating!.times = undefined;
    rmSync(file, { recursive: true, force: true });
    renameSync(temporary, file);
  }
}

/** Makes the folders of `dir` inside the folder being updated, removing any file where one of them goes. */
function makeFolderIn(dir: string): void {
  const root = updating!.dir;
  let at = root;
  for (const part of path.relative(root, dir).split(path.sep).filter(Boolean)) {
    at = `${at}/${part}`;
    const stat = lstatSync(at, { throwIfNoEntry: false });
    if (stat && !stat.isDirectory()) unlinkSync(at);
    if (!stat?.isDirectory()) {
      mkdirSync(at);
      touch(path.dirname(at));
      touch(at);
    }
    updating!.folders.add(at);
  }
}

/**
 * Removes what the folder being updated held and the new build has not: files, then the folders they leave empty.
 * Returns the folders it holds then, with their change times (those this build changed looked at again), for the
 * check that will next look at it (see `check`); none when they are not known.
 */
function prune(): FolderTimes | undefined {
  const { held, placed, dir, times, touched } = updating!;
  updating = undefined;
  const emptied = new Set<string>();
  for (const file of held) {
    if (placed.has(file)) continue;
    rmSync(file, { force: true });
    emptied.add(path.dirname(file));
  }
  // Deepest first, each then its parents, up to (not including) the folder itself.
  for (const start of [...emptied].sort((a, b) => b.length - a.length)) {
    for (let at = start; at.length > dir.length && at.startsWith(`${dir}/`); at = path.dirname(at)) {
      try {
        rmdirSync(at);
        times?.delete(at);
        touched.add(path.dirname(at));
      } catch {
        break;
      }
    }
  }
  if (!times) return undefined;
  for (const folder of emptied) touched.add(folder);
  for (const folder of touched) {
    const time = folderTime(folder);
    if (time === undefined) times.delete(folder);
    else times.set(folder, time);
  }
  const folders: string[] = [];
  const folderTimes: number[] = [];
  for (const [folder, time] of times) {
    folders.push(folder === dir ? '' : folder.slice(dir.length + 1));
    folderTimes.push(time);
  }
  return { folders, times: folderTimes };
}

/**
 * Lists a spare folder's files. A file another folder links to (a build's unchanged page: see output-reuse) is
 * left alone: writing into it would change that folder too. So is anything but a plain file, and a link to a
 * folder is never walked into.
 */
function addSpare(dir: string): void {
  walkTree(
    dir,
    () => undefined,
    (file, entry) => {
      if (entry.isFile()) spare.push(file);
    },
  );
}

/** Moves a spare file to the new file's place, where writing truncates and fills it: no inode is created. */
function takeSpare(target: string): boolean {
  while (spare.length > 0) {
    const file = spare.pop()!;
    try {
      const stat = lstatSync(file);
      if (!stat.isFile() || stat.nlink !== 1) continue;
      renameSync(file, target);
      recycled++;
      return true;
    } catch {
      // Gone since it was listed: the next one.
    }
  }
  return false;
}

// Never through a link: a link where a file of the build goes is an error, not a way out of the folder.
const writeFlags = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW;
/**
 * A recycled file is written over, then cut to the new length, never truncated first: on ext4 (its default
 * `auto_da_alloc`) a file truncated to nothing and written again is flushed to the disk as it is closed, and the
 * blocks it let go are given back (and, on a disk mounted with `discard`, trimmed) one file at a time, which made
 * recycling several times slower than creating a file (docs/measurements.md). Overwritten, the file keeps its
 * blocks.
 */
const overwriteFlags = constants.O_WRONLY | constants.O_NOFOLLOW;

/** Writes `data` from the start of the file opened as `fd` (with `overwriteFlags`), then cuts what followed it. */
function writeOver(fd: number, data: string | Uint8Array): void {
  writeFileSync(fd, data);
  ftruncateSync(fd, typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength);
}
// Only at the end of a file a write made: a missing one is an error, not a new file.
const appendFlags = constants.O_WRONLY | constants.O_APPEND | constants.O_NOFOLLOW;
const newFlags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

class SpecialFile extends Error {
  readonly code = 'ESPECIAL';
}

function apply(op: WriteOp): void {
  if (op.kind === 'spare' || op.kind === 'update') {
    // A build's spare folder replaces whatever an earlier build in this process was given.
    spare.length = 0;
    updating = undefined;
    if (op.kind === 'spare') addSpare(op.file);
    else {
      const held = checkedHeld(op.check, op.file) ?? walked(op.file);
      updating = {
        dir: op.file,
        held: held.held,
        folders: held.folders,
        times: held.times,
        placed: new Set(),
        touched: new Set(),
      };
    }
    return;
  }
  if (op.kind === 'check') {
    try {
      startCheck(op.id, op.file, op.manifest!);
    } catch {
      // A manifest that cannot be looked at: nothing found (the update walks the folder).
      current = undefined;
      postCheckResult(op.id, 0, undefined);
    }
    return;
  }
  if (op.kind === 'prune') {
    if (updating?.dir === op.file) pruned = { id: op.id, folders: prune() };
    return;
  }
  if (op.kind === 'keep') {
    for (const file of op.files ?? [op.file]) {
      if (!updating || !inUpdated(file)) throw new Error(`${file} is not in the folder being updated`);
      updating.placed.add(file);
      keptAsIs++;
    }
    return;
  }
  if (op.kind === 'copy') {
    // Reading a FIFO or a device would wait forever (or never end): only plain files are copied.
    if (!statSync(op.from!).isFile()) throw new SpecialFile(`${op.from} is not a plain file`);
  }
  if (op.kind !== 'append' && updating && inUpdated(op.file)) {
    updating.placed.add(op.file);
    if (stillHeld(op.file, op.keep)) kept++;
    else if (op.kind === 'write') {
      if (!overwriteOwn(op.file, op.data!)) replace(op.file, (temporary) => writeNew(temporary, op.data!));
    } else if (op.kind === 'copy')
      replace(op.file, (temporary) => copyFileSync(op.from!, temporary, constants.COPYFILE_EXCL));
    else replace(op.file, (temporary) => linkOrCopy(op.from!, temporary));
    return;
  }
  const took = op.recycle ? takeSpare(op.file) : false;
  if (op.kind === 'write' || op.kind === 'append') {
    const flags = op.kind === 'append' ? appendFlags : took ? overwriteFlags : writeFlags;
    const fd = openSync(op.file, flags, 0o666);
    try {
      // A spare's file keeps its blocks: only what it held past the new bytes is cut.
      if (took) writeOver(fd, op.data!);
      else writeFileSync(fd, op.data!);
    } finally {
      closeSync(fd);
    }
  } else if (op.kind === 'copy') {
    // A recycled file is the spare's own plain file; any other target must not exist yet (not even a link).
    copyFileSync(op.from!, op.file, took ? 0 : constants.COPYFILE_EXCL);
  } else linkOrCopy(op.from!, op.file);
}

/** A new file (never an existing one opened: a name left by an interrupted build is removed first). */
function writeNew(file: string, data: string | Uint8Array): void {
  let fd: number;
  try {
    fd = openSync(file, newFlags, 0o666);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    unlinkSync(file);
    fd = openSync(file, newFlags, 0o666);
  }
  try {
    writeFileSync(fd, data);
  } finally {
    closeSync(fd);
  }
}

function linkOrCopy(from: string, file: string): void {
  try {
    linkSync(from, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
    copyFileSync(from, file, constants.COPYFILE_EXCL);
  }
}

port.on('message', ({ ops, bytes }: WriteBatch) => {
  const start = performance.now();
  recycled = 0;
  kept = 0;
  keptAsIs = 0;
  pruned = undefined;
  const failures: ({ id: number } & WriteFailure)[] = [];
  const revisions: [id: number, revision: string][] = [];
  for (const op of ops) {
    try {
      if (['spare', 'update', 'prune', 'keep', 'check'].includes(op.kind)) {
        // Not a file made: no folder to make.
      } else if (updating && inUpdated(op.dir)) {
        // Only what this folder holds now counts there (a link put where a folder goes is removed, never followed).
        if (!updating.folders.has(op.dir)) makeFolderIn(op.dir);
      } else if (!dirs.has(op.dir)) {
        mkdirSync(op.dir, { recursive: true });
        dirs.add(op.dir);
      }
      try {
        apply(op);
      } catch (error) {
        // A folder removed since it was made (a cache emptied between two builds of dev): make it again, once.
        // In a folder being updated, a file may also stand where a folder goes (a page became a section).
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'ENOENT' && !(code === 'ENOTDIR' && updating)) throw error;
        if (updating && inUpdated(op.dir)) makeFolderIn(op.dir);
        else mkdirSync(op.dir, { recursive: true });
        apply(op);
      }
      // Hashed once written: the bytes are here, and the build needs the revision only at its end.
      if (op.revision) revisions.push([op.id, revisionOf(op.data!)]);
    } catch (error) {
      const { code, message } = error as NodeJS.ErrnoException;
      failures.push({ id: op.id, ...(code ? { code } : {}), message });
    }
  }
  const files = ops.filter((op) => ['write', 'link', 'copy'].includes(op.kind)).length - kept;
  const ms = performance.now() - start;
  port.postMessage({
    ids: ops.map((op) => op.id),
    files,
    recycled,
    kept: kept + keptAsIs,
    bytes,
    ms,
    failures,
    ...(revisions.length > 0 ? { revisions } : {}),
    ...(pruned ? { pruned } : {}),
  } satisfies WriteDone);
});
