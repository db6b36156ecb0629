import { hash as oneShotHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { backgroundWrites, type WriteFailure } from '../disk/background-writes';
import { DocsItError } from '../errors';
import { lockOutput } from './output-lock';
import type { WrittenFile } from './written-file';

const tmpPrefix = '.docs-it-tmp-';
const oldPrefix = '.docs-it-old-';
/**
 * The build the last commit replaced, kept beside the output: the next build's new files take the place of its
 * files (see `useSpare`) rather than being created, and the commit renames a folder instead of deleting one.
 */
const sparePrefix = '.docs-it-spare-';

/**
 * Writes a build into a temporary folder beside the output folder and swaps it in only on `commit()`,
 * so a failed or interrupted build never leaves a half-written `build/`.
 */
export class OutputWriter {
  readonly out: string;
  readonly tmp: string;
  bytes = 0;
  files = 0;

  private readonly unlock: () => void;

  private constructor(out: string, tmp: string, unlock: () => void) {
    this.out = out;
    this.tmp = tmp;
    this.unlock = unlock;
  }

  /**
   * Locks the output folder (one build at a time writes beside it), then creates the temporary folder after
   * removing the ones interrupted builds left behind: with the lock held, none of them belongs to a live build.
   */
  static async open(out: string): Promise<OutputWriter> {
    const parent = path.dirname(out);
    const base = path.basename(out);
    await mkdir(parent, { recursive: true });
    const unlock = lockOutput(out);
    try {
      await removeStale(parent, base);
      const tmp = path.join(parent, `${tmpPrefix}${base}-${process.pid}-${Date.now()}`);
      await mkdir(tmp, { recursive: true });
      backgroundWrites().useSpare(spareOf(out));
      return new OutputWriter(out, tmp, unlock);
    } catch (error) {
      unlock();
      throw error;
    }
  }

  /** What was written where, for the service worker's precache manifest (no second read of the output). */
  private readonly written = new Map<string, { size: number; revision?: string; source?: string }>();

  /** The first write that failed, reported by `flush` (writes happen on another thread, after `write` returns). */
  private failure: { error: WriteFailure; relPath: string } | undefined;

  private failed(relPath: string): (error: WriteFailure) => void {
    return (error) => {
      this.failure ??= { error, relPath };
    };
  }

  // The file-writing thread creates the files (and their folders), beside the rendering; see background-writes.
  async write(relPath: string, contents: string | Uint8Array): Promise<void> {
    const target = this.resolve(relPath);
    // Encoded once for the file, its size and its hash (each would encode the string again).
    const data = typeof contents === 'string' ? Buffer.from(contents) : contents;
    const size = data.byteLength;
    this.written.set(relPath, { size, revision: revisionOf(data) });
    this.files++;
    this.bytes += size;
    await backgroundWrites().write(target, data, this.failed(relPath), true);
  }

  async copy(from: string, relPath: string): Promise<void> {
    const target = this.resolve(relPath);
    let size: number;
    try {
      size = statSync(from).size;
    } catch (error) {
      throw writeFailure(error, path.join(path.basename(this.out), relPath));
    }
    // Copied files are hashed only if the service worker asks for them (from the original: the same bytes).
    this.written.set(relPath, { size, source: from });
    this.files++;
    this.bytes += size;
    await backgroundWrites().copy(target, from, this.failed(relPath), true);
  }

  /**
   * Puts a file of the previous build into this one without copying its bytes: a hard link, which survives the
   * previous build's removal on commit (a copy where links are not possible).
   */
  async link(relPath: string, from: string, written: WrittenFile): Promise<void> {
    const target = this.resolve(relPath);
    this.written.set(relPath, { size: written.size, revision: written.revision });
    this.files++;
    this.bytes += written.size;
    await backgroundWrites().link(target, from, this.failed(relPath));
  }

  /** Waits for every file queued so far to be on disk; throws the first that could not be written. */
  async flush(): Promise<void> {
    await backgroundWrites().flush();
    if (!this.failure) return;
    const { error, relPath } = this.failure;
    throw writeFailure(
      Object.assign(new Error(error.message), { code: error.code }),
      path.join(path.basename(this.out), relPath),
    );
  }

  /** Size and content hash of a file this writer wrote or linked. */
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
   * Replaces the output folder with the finished build. The replaced build becomes the spare folder of the next
   * one; what this build left of its own spare (folders, files it did not need) is removed.
   */
  async commit(): Promise<void> {
    await this.flush();
    const parent = path.dirname(this.out);
    const old = path.join(parent, `${oldPrefix}${path.basename(this.out)}-${process.pid}-${Date.now()}`);
    const spare = spareOf(this.out);
    try {
      const hadOld = existsSync(this.out);
      if (hadOld) await rename(this.out, old);
      await rename(this.tmp, this.out);
      await rm(spare, { recursive: true, force: true });
      if (hadOld) await rename(old, spare);
    } finally {
      this.unlock();
    }
  }

  /** Throws the temporary folder away; the previous build stays as it was. */
  async abort(): Promise<void> {
    try {
      // Nothing may still be writing into the folder while it is removed.
      await backgroundWrites().flush();
      await rm(this.tmp, { recursive: true, force: true });
    } finally {
      this.unlock();
    }
  }

  private resolve(relPath: string): string {
    const target = path.resolve(this.tmp, relPath);
    if (!target.startsWith(this.tmp + path.sep))
      throw new Error(`refusing to write outside the output folder: ${relPath}`);
    return target;
  }
}

/**
 * A failed write as the person running the build needs it: which file, and what to do. A full disk, a
 * read-only folder or missing permissions are not bugs; anything else is passed on as it is.
 */
export function writeFailure(error: unknown, file: string): Error {
  const code = (error as NodeJS.ErrnoException)?.code;
  const reasons: Record<string, [string, string]> = {
    ENOSPC: ['no space left on the device', 'Free some disk space and build again.'],
    EDQUOT: ['the disk quota is exhausted', 'Free some disk space and build again.'],
    EROFS: ['the file system is read-only', 'Build into a writable folder (--out).'],
    EACCES: ['permission denied', 'Build into a folder you may write to (--out), or fix its permissions.'],
    EPERM: ['operation not permitted', 'Build into a folder you may write to (--out), or fix its permissions.'],
  };
  const reason = code ? reasons[code] : undefined;
  if (!reason) return error as Error;
  return new DocsItError(
    `cannot write ${file}: ${reason[0]}`,
    undefined,
    `${reason[1]} The previous build is untouched.`,
  );
}

/** A content hash for precache revisions (SHA-256, not MD5: CPUs hash it in hardware, so it is the faster one). */
function revisionOf(contents: Uint8Array): string {
  return oneShotHash('sha256', contents, 'hex').slice(0, 32);
}

/** A written entry's revision; a copied file is read and hashed the first time it is asked for. */
function revisionOfEntry(file: { revision?: string; source?: string }): string {
  file.revision ??= revisionOf(readFileSync(file.source!));
  return file.revision;
}

/** The spare folder of an output folder (see `sparePrefix`). */
function spareOf(out: string): string {
  return path.join(path.dirname(out), `${sparePrefix}${path.basename(out)}`);
}

/** Temporary and old folders of earlier runs that were killed before they finished. */
async function removeStale(parent: string, base: string): Promise<void> {
  const entries = await readdir(parent).catch(() => [] as string[]);
  const stale = entries.filter((e) => e.startsWith(`${tmpPrefix}${base}-`) || e.startsWith(`${oldPrefix}${base}-`));
  // A run killed between its two renames leaves only the old folder: put it back first.
  if (!existsSync(path.join(parent, base))) {
    const old = stale
      .filter((e) => e.startsWith(oldPrefix))
      .sort()
      .pop();
    if (old) {
      await rename(path.join(parent, old), path.join(parent, base));
      stale.splice(stale.indexOf(old), 1);
    }
  }
  await Promise.all(stale.map((e) => rm(path.join(parent, e), { recursive: true, force: true })));
}
