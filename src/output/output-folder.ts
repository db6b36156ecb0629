import { closeSync, existsSync, lstatSync, mkdirSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { backgroundWrites, type FolderTimes, type SpareCheck, type WriteFailure } from '../disk/background-writes';
import { handedOverText } from '../disk/handed-over';
import { insideFolder } from '../disk/inside-folder';
import type { CopiedFile, OutputFile, OutputGroup, WriteCounts } from './output-file';
import { type Lock, takeLock } from './output-lock';
import { noReuse, type OutputReuse, outputReuse, type ReuseOptions, spareManifestOf } from './output-reuse';
import {
  ensureStore,
  lockOf,
  newBuildFolder,
  type OutputState,
  outputState,
  publish,
  shownPath,
  storeOf,
  tidyStore,
} from './output-store';
import { fileFailure, writeFailure } from './write-failure';
import { revisionOf, type WrittenFile } from './written-file';

/**
 * The output folder of a build: the new build is written into a folder of its own (see output-store) and
 * published on `commit()` in one step, so a failed or interrupted build never shows a half-written one. One
 * build at a time: the folder's lock is held from `open` to `commit` or `abort`. It owns what writing a build
 * takes: the lock, the files the file-writing thread writes for it, and the manifest of what the published build
 * was made from (`reuse`), so that the next build keeps unchanged files instead of producing them again.
 */
export class OutputFolder {
  readonly out: string;
  /** The folder the new build is written into, published by `commit`. */
  readonly tmp: string;
  /** The previous build's files this one can keep, and what this one's are made from (see output-reuse). */
  readonly reuse: OutputReuse;
  bytes = 0;
  files = 0;

  private readonly store: string;
  private readonly state: OutputState;
  private readonly spare: string | undefined;
  /** Whether the build is written by bringing the spare folder up to date in place (`tmp` is then the spare). */
  private readonly inPlace: boolean;
  private readonly lock: Lock;
  /** The site's folder, which sources are shown relative to. */
  private readonly root: string;

  private constructor(
    out: string,
    parts: {
      tmp: string;
      store: string;
      state: OutputState;
      spare: string | undefined;
      inPlace: boolean;
      lock: Lock;
      root: string;
      reuse: OutputReuse;
    },
  ) {
    this.out = out;
    this.tmp = parts.tmp;
    this.reuse = parts.reuse;
    this.store = parts.store;
    this.state = parts.state;
    this.spare = parts.spare;
    this.inPlace = parts.inPlace;
    this.lock = parts.lock;
    this.root = parts.root;
  }

  /**
   * Refuses an output path docs-it did not make (see `outputState`), locks it (one build at a time), clears what
   * interrupted builds left, and chooses the new build's folder. The build the published one replaced is the
   * spare: when the manifest of the build before last describes it, it is brought up to date in place (only what
   * differs from what it holds is written, see background-writes' `update`), its manifest forgotten before its first
   * change, so an interrupted update is never taken for a build; else the new build gets a new folder, whose files
   * take the place of the spare's (see background-writes' `useSpare`).
   */
  static async open(
    out: string,
    options: { root?: string; reuse?: ReuseOptions; check?: SpareCheck | undefined } = {},
  ): Promise<OutputFolder> {
    const shown = shownPath(out);
    const fail = (error: unknown) => fileFailure(error, `prepare the output folder ${shown}`);
    try {
      mkdirSync(path.dirname(out), { recursive: true });
    } catch (error) {
      // Making the folders of a path answers EEXIST when a file stands where one of them goes.
      const code = (error as NodeJS.ErrnoException).code;
      throw fail(code === 'EEXIST' ? Object.assign(error as Error, { code: 'ENOTDIR' }) : error);
    }
    let store: string;
    let lock: Lock;
    try {
      outputState(out);
      store = ensureStore(out);
      lock = takeLock(lockOf(store), `${shown}/`);
    } catch (error) {
      throw fail(error);
    }
    try {
      // Looked at again with the lock held: another build may have published meanwhile.
      const state = outputState(out);
      const spare = await tidyStore(out, store, state.kind === 'ours' ? state.live : undefined);
      const reuse = options.reuse ? outputReuse(out, options.reuse) : noReuse;
      const inPlace = spare !== undefined && reuse.describesSpare(path.basename(spare));
      let tmp: string;
      if (inPlace) {
        // Checked while the build went on (see `checkSpare`): what it holds is then known, each file's state too.
        const check = options.check;
        const trusted = check !== undefined && reuse.trustCheck(await check.found, path.basename(spare));
        reuse.distrustSpare();
        tmp = spare;
        backgroundWrites().update(spare, trusted ? check.id : undefined);
      } else {
        tmp = newBuildFolder(store);
        // A build without a spare reuses nothing (a missing folder hands the thread none).
        backgroundWrites().useSpare(spare ?? path.join(store, 'none'));
      }
      const root = options.root ?? process.cwd();
      return new OutputFolder(out, { tmp, store, state, spare, inPlace, lock, root, reuse });
    } catch (error) {
      lock.release();
      throw fail(error);
    }
  }

  /**
   * Starts looking at the spare build folder of `out` on the file-writing thread, while the build goes on, so that
   * `open` need not: against the list of what it held and each file's stamp, which the build that last updated it in
   * place left in its manifest (see background-writes' `check`). Only reads, without the lock: `open` takes what it
   * found only if the spare's manifest is still the same file. Undefined when the build keeps nothing.
   */
  static checkSpare(out: string, reuse: ReuseOptions): SpareCheck | undefined {
    if (!reuse.enabled || !existsSync(spareManifestOf(out, reuse))) return undefined;
    return backgroundWrites().check(storeOf(out), spareManifestOf(out, reuse));
  }

  /** What was written where, for the service worker's precache manifest (no second read of the output). */
  private readonly written = new Map<string, WrittenEntry>();
  /**
   * The key each keyed file was made from, for the next build's manifest: given to `reuse` as the build is saved,
   * once every file's revision is known (see `write`).
   */
  private readonly keys = new Map<string, string>();
  /** The modification time of each file kept as the spare held it (`keep`): the manifest takes it without an lstat. */
  private readonly stamps = new Map<string, number>();
  /** The folders of the folder updated in place and their times once it was pruned (see background-writes). */
  private folders: FolderTimes | undefined;
  /** The source of each file written from one (a page), named when its file cannot be written. */
  private readonly sources = new Map<string, string>();

  /** The first write that failed, reported by `flush` (writes happen on another thread, after `write` returns). */
  private failure: { error: WriteFailure; relPath: string } | undefined;

  private failed(relPath: string): (error: WriteFailure) => void {
    return (error) => {
      this.failure ??= { error, relPath };
    };
  }

  /**
   * Queues a file of the build (the file-writing thread creates it and its folders, beside the rendering; see
   * background-writes). `source` names what it is made from, for a located error when it cannot be written. Bytes
   * handed over (written-file's `handOver`) reach that thread without a copy, and read as empty here after.
   */
  async write(relPath: string, contents: string | Uint8Array, source?: string): Promise<void> {
    const target = this.resolve(relPath);
    // Encoded once for the file, its size and its hash (each would encode the string again), into bytes nothing
    // else holds: the writing thread takes them without a copy (see handed-over).
    const data = typeof contents === 'string' ? handedOverText(contents) : contents;
    const size = data.byteLength;
    const entry: WrittenEntry = { size };
    this.written.set(relPath, entry);
    if (source) this.sources.set(relPath, source);
    this.files++;
    this.bytes += size;
    if (!this.inPlace) {
      // Hashed by the file-writing thread, which has the bytes as it writes them: the revision is needed only once
      // the files are flushed (the manifest, the precache list), and the build's thread has better to do.
      const hashed = (revision: string) => {
        entry.revision = revision;
      };
      await backgroundWrites().write(target, data, this.failed(relPath), true, undefined, hashed);
      return;
    }
    // The folder updated in place: whether it holds these bytes already decides what is written.
    entry.revision = revisionOf(data);
    const keep = this.reuse.spareHolds(relPath, { size, revision: entry.revision });
    await backgroundWrites().write(target, data, this.failed(relPath), true, keep);
  }

  /**
   * Queues a file made from the list of the others (the service worker, which precaches them): in the build like
   * any, but not counted among the files and bytes the build reports (the list is taken).
   */
  async writeLast(relPath: string, contents: string): Promise<void> {
    const { files, bytes } = this;
    await this.write(relPath, contents);
    this.files = files;
    this.bytes = bytes;
  }

  /** Queues a copy of a file of the site (`from`); anything but a plain file is refused, never read. */
  async copy(from: string, relPath: string, revision?: string): Promise<void> {
    const target = this.resolve(relPath);
    let size: number;
    try {
      const stat = statSync(from);
      if (!stat.isFile()) throw Object.assign(new Error(`${from} is not a plain file`), { code: 'ESPECIAL' });
      size = stat.size;
    } catch (error) {
      const source = this.shownSource(from);
      throw fileFailure(error, `copy ${source} into the build`, source);
    }
    // Copied files are hashed only if the service worker or the manifest asks for them (from the original: the
    // same bytes), or to know whether the folder updated in place holds them already; never when `revision` is known.
    const entry: { size: number; source: string; revision?: string } = {
      size,
      source: from,
      ...(revision === undefined ? {} : { revision }),
    };
    this.written.set(relPath, entry);
    this.sources.set(relPath, this.shownSource(from));
    this.files++;
    this.bytes += size;
    const keep = this.inPlace ? this.reuse.spareHolds(relPath, { size, revision: revisionOfEntry(entry) }) : undefined;
    await backgroundWrites().copy(target, from, this.failed(relPath), true, keep);
  }

  /**
   * Puts a file of the previous build into this one without copying its bytes: a hard link, which survives the
   * previous build's removal (a copy where links are not possible).
   */
  async link(relPath: string, from: string, written: WrittenFile): Promise<void> {
    const target = this.resolve(relPath);
    this.written.set(relPath, { size: written.size, revision: written.revision });
    this.files++;
    this.bytes += written.size;
    const keep = this.inPlace ? this.reuse.spareHolds(relPath, written) : undefined;
    await backgroundWrites().link(target, from, this.failed(relPath), keep);
  }

  /**
   * Leaves a file of the folder updated in place as it is: it holds the bytes this build wants (see
   * `OutputReuse.keptInSpare`).
   */
  private keep(relPath: string, written: WrittenFile, mtimeMs: number): void {
    this.written.set(relPath, { size: written.size, revision: written.revision });
    this.stamps.set(relPath, mtimeMs);
    this.files++;
    this.bytes += written.size;
    backgroundWrites().keep(this.resolve(relPath));
  }

  /**
   * Writes files into the build, keeping the previous build's copy of each file whose key is unchanged (a hard
   * link: no bytes copied, nothing produced). Files are produced a few at a time (`ahead`, default 1: one at a
   * time), so memory stays flat on large sites; with more, the next files are being produced elsewhere (a render
   * worker) while this thread writes one. Files are written in their order whatever `ahead` is.
   */
  async writeFiles(
    files: readonly OutputFile[],
    onProgress?: (done: number, total: number) => void,
    ahead = 1,
  ): Promise<WriteCounts> {
    const counts: WriteCounts = { written: 0, reused: 0 };
    type Started = {
      file: OutputFile;
      key: string | undefined;
      kept: ReturnType<OutputReuse['keptInSpare']>;
      contents: Promise<string | Uint8Array> | undefined;
    };
    const start = async (file: OutputFile): Promise<Started> => {
      const key = file.key ? await file.key() : undefined;
      // In the folder updated in place, a file whose key is unchanged is most often there already.
      const kept = key !== undefined && this.inPlace ? this.reuse.keptInSpare(file.path, key, this.tmp) : undefined;
      const reusable = kept !== undefined || (key !== undefined && this.reuse.reusable(file.path, key) !== undefined);
      return { file, key, kept, contents: reusable ? undefined : file.contents() };
    };
    const window: Promise<Started>[] = [];
    let next = 0;
    const fill = () => {
      while (window.length < ahead && next < files.length) {
        const started = start(files[next++]!);
        // Awaited in its turn; a failure meanwhile is not unhandled.
        started.then(
          (s) => s.contents?.catch(() => undefined),
          () => undefined,
        );
        window.push(started);
      }
    };
    fill();
    while (window.length > 0) {
      const { file, key, kept, contents } = await window.shift()!;
      const previous = key === undefined || kept ? undefined : this.reuse.reusable(file.path, key);
      if (kept) {
        this.keep(file.path, kept.written, kept.stamp.mtimeMs);
        counts.reused++;
      } else if (previous && !contents) {
        await this.link(file.path, previous.path, previous.written);
        counts.reused++;
      } else {
        await this.write(file.path, await (contents ?? file.contents()), file.source);
        counts.written++;
      }
      fill();
      if (key !== undefined) this.keys.set(file.path, key);
      onProgress?.(counts.written + counts.reused, files.length);
    }
    return counts;
  }

  /**
   * Writes a group of files made together, or keeps all of the previous build's when its key is unchanged. Its key
   * is asked for first only when the previous build has the group (else the files are made, and their key with
   * them). A group made is in the new build's folder, which a failure throws away whole.
   */
  async writeGroup(group: OutputGroup): Promise<WriteCounts> {
    const known = this.reuse.hasGroup(group.name) ? await group.key() : undefined;
    const previous =
      known === undefined
        ? undefined
        : this.reuse.reusableGroup(group.name, known, this.inPlace ? this.tmp : undefined);
    const files: string[] = [];
    /** The files with a key of their own (`GroupWriter.keyed`); the others are made from the group's. */
    const fileKeys = new Map<string, string>();
    let kept = 0;
    let key: string;
    if (previous) {
      key = known!;
      for (const file of previous) {
        if (file.kept) this.keep(file.file, file.written, file.kept.mtimeMs);
        else await this.link(file.file, file.path, file.written);
        files.push(file.file);
        if (file.key !== key) fileKeys.set(file.file, file.key);
      }
    } else {
      key = await group.make({
        file: async (file, contents) => {
          await this.write(file, contents);
          files.push(file);
        },
        keyed: async (file, fileKey, contents) => {
          const keptFile = this.inPlace ? this.reuse.keptInSpare(file, fileKey, this.tmp) : undefined;
          const previousFile = keptFile ? undefined : this.reuse.reusable(file, fileKey);
          if (keptFile) {
            this.keep(file, keptFile.written, keptFile.stamp.mtimeMs);
            kept++;
          } else if (previousFile) {
            await this.link(file, previousFile.path, previousFile.written);
            kept++;
          } else await this.write(file, await contents());
          files.push(file);
          fileKeys.set(file, fileKey);
        },
        previous: (file, fileKey) => {
          const found = this.reuse.reusable(file, fileKey);
          return found && this.readBack(found.path, found.written.size);
        },
      });
    }
    for (const file of files) this.keys.set(file, fileKeys.get(file) ?? key);
    this.reuse.recordGroup(group.name, key, files);
    return previous ? { written: 0, reused: files.length } : { written: files.length - kept, reused: kept };
  }

  /** Copies files of the site into the build as they are. */
  async copyFiles(copies: readonly CopiedFile[]): Promise<void> {
    await Promise.all(copies.map((copy) => this.copy(copy.from, copy.path, copy.revision)));
  }

  /** Waits for every file queued so far to be on disk; throws the first that could not be written. */
  async flush(): Promise<void> {
    await backgroundWrites().flush();
    if (!this.failure) return;
    const { error, relPath } = this.failure;
    const file = path.join(shownPath(this.out), relPath);
    throw writeFailure(Object.assign(new Error(error.message), { code: error.code }), file, this.sources.get(relPath));
  }

  /** Size and content hash of a file this build wrote (once flushed: see `write`), copied, linked or kept. */
  fileInfo(relPath: string): WrittenFile | undefined {
    const file = this.written.get(relPath);
    return file && { size: file.size, revision: revisionOfEntry(file) };
  }

  /** Written files (output-relative paths with `/`) that `include` accepts, each with its size and a content hash. */
  filesWithRevisions(include: (relPath: string) => boolean): (WrittenFile & { path: string })[] {
    const files: (WrittenFile & { path: string })[] = [];
    for (const [relPath, file] of this.written) {
      if (include(relPath)) files.push({ path: relPath, size: file.size, revision: revisionOfEntry(file) });
    }
    return files.sort((a, b) => (a.path < b.path ? -1 : 1));
  }

  /**
   * Publishes the finished build (one rename of a link onto the output path). The replaced build stays in the
   * store as the next build's spare; what this build left of its own spare is removed. `keep` then saves what the
   * next builds take (`saveManifest`, the cache) before the lock is given up: a build started in between would read
   * the manifests of the builds before, and keep less. A failure after the build is published is only a warning
   * (`keep` gives its own): the build is in place. `meanwhile` runs while the writing thread finishes the build's
   * files (work that needs none of them, which would otherwise wait for that thread); what it throws is ignored.
   */
  async commit(
    warn: (message: string) => void = () => undefined,
    keep: () => void = () => undefined,
    meanwhile: () => void = () => undefined,
  ): Promise<void> {
    // What the updated folder held and this build has not goes before it is published.
    const pruned = this.inPlace ? backgroundWrites().prune(this.tmp) : undefined;
    const flushed = this.flush();
    try {
      meanwhile();
    } catch {
      // `keep` does it again, and warns.
    }
    await flushed;
    this.folders = await pruned;
    try {
      publish(this.out, this.store, this.tmp, this.state);
    } catch (error) {
      throw fileFailure(error, `publish the build at ${shownPath(this.out)}`);
    }
    try {
      // Asynchronous: the deletions run side by side on libuv's threads, several times faster than one by one.
      if (this.spare && !this.inPlace) await rm(this.spare, { recursive: true, force: true });
    } catch (error) {
      warn(`${shownPath(this.spare!)} not removed (${(error as Error).message}); the next build tries again.`);
    }
    try {
      keep();
    } finally {
      this.lock.release();
    }
  }

  /** Keeps what the published build was made from and holds, for the next builds (in `commit`'s `keep`). */
  saveManifest(): void {
    for (const [relPath, key] of this.keys) this.reuse.record(relPath, key, this.fileInfo(relPath)!);
    this.reuse.save(
      path.basename(this.tmp),
      this.written.keys(),
      (relPath) => this.heldFile(relPath),
      this.stamps,
      this.folders,
    );
  }

  /** The buffer files are read back into (`GroupWriter.previous`): one for all, their bytes made text at once. */
  private readBuffer = Buffer.alloc(0);

  /**
   * The text of a previous build's file of `size` bytes; undefined when it is gone or no longer that size since its
   * stamp was looked at (the group then makes that part). Read into one buffer: at 10,000 pages an edit reads back
   * hundreds of postings files, whose buffers of their own were memory outside the heap until a collection.
   */
  private readBack(file: string, size: number): string | undefined {
    if (this.readBuffer.length < size + 1) this.readBuffer = Buffer.allocUnsafeSlow(Math.max(size + 1, 64 * 1024));
    let fd: number | undefined;
    try {
      fd = openSync(file, 'r');
      // One byte more than expected: a file that grew reads more than `size`.
      let read = 0;
      for (let n = -1; n !== 0 && read <= size; read += n)
        n = readSync(fd, this.readBuffer, read, size + 1 - read, read);
      return read === size ? this.readBuffer.toString('utf8', 0, size) : undefined;
    } catch {
      return undefined;
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }

  /** Size and hash of a file of the build (a copied file is read for it, the first time it is asked for). */
  private heldFile(relPath: string): WrittenFile | undefined {
    try {
      return this.fileInfo(relPath);
    } catch {
      // A copied file gone since (its copy is in the build): the next build writes it again.
      return undefined;
    }
  }

  /** Throws the new build away (after a failure, `commit`'s included); the previous one stays as it was. */
  async abort(): Promise<void> {
    try {
      // Nothing may still be writing into the folder while it is removed.
      await backgroundWrites().flush();
      // The link is the published build: the folder is removed only while it is not the one published. A spare
      // updated in part stays the spare (its manifest is gone: the next build takes only its files' places).
      if (this.inPlace) backgroundWrites().useSpare(path.join(this.store, 'none'));
      else if (!isPublished(this.out, this.tmp)) await rm(this.tmp, { recursive: true, force: true });
    } finally {
      this.lock.release();
    }
  }

  private shownSource(file: string): string {
    return path.relative(this.root, file).split(path.sep).join('/');
  }

  private resolve(relPath: string): string {
    // `tmp` is absolute and normalized (else no target would start with it below).
    const target = insideFolder(this.tmp, relPath);
    if (!target.startsWith(this.tmp + path.sep))
      throw new Error(`refusing to write outside the output folder: ${relPath}`);
    return target;
  }
}

/** Whether `out` is a link to `dir` (the build was published before a later step failed). */
function isPublished(out: string, dir: string): boolean {
  try {
    return lstatSync(out).isSymbolicLink() && statSync(out).ino === statSync(dir).ino;
  } catch {
    return false;
  }
}

/**
 * A file of the build as its writer knows it: its size, its revision once known (a written file's is made by the
 * file-writing thread: known once the writes are flushed), and, for a copied file, where it was copied from.
 */
interface WrittenEntry {
  size: number;
  revision?: string;
  source?: string;
}

/** A written entry's revision; a copied file is read and hashed the first time it is asked for. */
function revisionOfEntry(file: WrittenEntry): string {
  if (file.revision !== undefined) return file.revision;
  if (file.source === undefined) throw new Error("a written file's revision was asked for before it was flushed");
  file.revision = revisionOf(readFileSync(file.source));
  return file.revision;
}
