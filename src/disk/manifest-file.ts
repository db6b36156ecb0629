import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { CheckedListing, FolderTimes } from './write-protocol';

/*
 * An output manifest on disk (see output-reuse): tens of thousands of files' key, size, time and hash. As JSON it
 * was 5.7 MB at 10,000 pages, parsed twice (the published build's and the spare's) and written again by every
 * build, however few files changed. Here each column is one block: the paths, keys and hashes as lines of text
 * (never parsed: the paths split, a key or hash decoded where it lies when its file is looked up), the sizes and
 * times as 64-bit floats; only a file looked up is made an object.
 *
 * Layout: a first line naming the format, a line of JSON (the folder, the groups, the counts, each block's length
 * and a SHA-256 of all that and the blocks), then the blocks. A build that brought its folder up to date in place
 * also lists that folder's folders with their change times (see `FolderListing`), so that the build that next
 * updates it need not walk it. A file of another format, cut short, grown or changed
 * in any byte reads as none (the build then makes its files again: slower, never wrong).
 */

/** A file of the build made from a key (see `OutputReuse.record`). */
export interface ManifestEntry {
  key: string;
  size: number;
  mtimeMs: number;
  revision: string;
}

/** A file of the folder that no key made (a copied file, the service worker): size, time and hash. */
export interface HeldEntry {
  size: number;
  mtimeMs: number;
  revision?: string;
}

export type ManifestGroups = Record<string, { key: string; files: string[] }>;

/** What a manifest says, as the build asks it: by file. */
export interface ManifestView {
  /** The build folder it describes. */
  folder?: string | undefined;
  groups: ManifestGroups;
  file(path: string): ManifestEntry | undefined;
  held(path: string): HeldEntry | undefined;
  /** Every file of the folder with its stamp, and its folders with their times, when the build recorded them. */
  listing(): CheckedListing | undefined;
  /** Every file of the folder with its stamp (a build into a new folder records no folders: see `listing`). */
  stamps(): Omit<CheckedListing, 'folders' | 'times'>;
}

/** What a build writes. */
export interface ManifestData {
  folder?: string;
  groups: ManifestGroups;
  files: Map<string, ManifestEntry>;
  held: Map<string, HeldEntry>;
  /** The folder's folders and their change times, when known (see `FolderListing`). */
  folders?: FolderTimes | undefined;
}

/** The first line: a manifest of any other line is of another layout, and is not read. */
const format = 'docs-it output manifest 3\n';

interface Head {
  folder?: string;
  groups: ManifestGroups;
  files: number;
  held: number;
  /** Folders listed with their times (none: not recorded). */
  folders: number;
  /** Byte lengths of the blocks, in the order `blocksOf` gives them. */
  lengths: number[];
  /** SHA-256 (hex) of the rest of the head and of the blocks. */
  digest: string;
}

/** Paths never hold a NUL character; keys and hashes are base64url or hex. */
const separator = '\0';

/** Files of a manifest as columns, one line a file in each (see `ManifestColumns`). */
export interface FileColumns {
  paths: string[];
  sizes: number[];
  mtimes: number[];
  /** Each file's hash ('' when its bytes are not known: a held file only). */
  revisions: string[];
}

/**
 * What a build writes, as the manifest's blocks lay it out: a build saving tens of thousands of files fills these as
 * it goes, instead of maps it would then spread into the same columns.
 */
export interface ManifestColumns {
  folder?: string;
  groups: ManifestGroups;
  files: FileColumns & { keys: string[] };
  held: FileColumns;
  folders?: FolderTimes | undefined;
}

export function encodeManifest(data: ManifestData): Buffer {
  const columnsOf = <E extends HeldEntry>(entries: Map<string, E>) => {
    const columns: FileColumns = { paths: [], sizes: [], mtimes: [], revisions: [] };
    for (const [path, entry] of entries) {
      columns.paths.push(path);
      columns.sizes.push(entry.size);
      columns.mtimes.push(entry.mtimeMs);
      columns.revisions.push(entry.revision ?? '');
    }
    return columns;
  };
  return encodeManifestColumns({
    ...(data.folder !== undefined ? { folder: data.folder } : {}),
    groups: data.groups,
    files: { ...columnsOf(data.files), keys: [...data.files.values()].map((entry) => entry.key) },
    held: columnsOf(data.held),
    folders: data.folders,
  });
}

/** `encodeManifest` of a manifest given as its columns (the same bytes). */
export function encodeManifestColumns(data: ManifestColumns): Buffer {
  const { files, held } = data;
  const count = files.paths.length + held.paths.length;
  const numbers = new Float64Array(2 * count);
  numbers.set(files.sizes, 0);
  numbers.set(held.sizes, files.paths.length);
  numbers.set(files.mtimes, count);
  numbers.set(held.mtimes, count + files.paths.length);
  const blocks = [
    Buffer.from(numbers.buffer, numbers.byteOffset, numbers.byteLength),
    Buffer.from(files.paths.join(separator)),
    Buffer.from(files.keys.join(separator)),
    Buffer.from(files.revisions.join(separator)),
    Buffer.from(held.paths.join(separator)),
    Buffer.from(held.revisions.join(separator)),
    Buffer.from(new Float64Array(data.folders?.times ?? []).buffer),
    Buffer.from((data.folders?.folders ?? []).join(separator)),
  ];
  const body = Buffer.concat(blocks);
  const unsigned: Omit<Head, 'digest'> = {
    ...(data.folder !== undefined ? { folder: data.folder } : {}),
    groups: data.groups,
    files: files.paths.length,
    held: held.paths.length,
    folders: data.folders?.folders.length ?? 0,
    lengths: blocks.map((block) => block.byteLength),
  };
  const head: Head = { ...unsigned, digest: digestOf(unsigned, body) };
  return Buffer.concat([Buffer.from(`${format}${JSON.stringify(head)}\n`), body]);
}

/** The manifest `bytes` hold, or undefined when they are not a whole manifest of this format. */
export function decodeManifest(bytes: Buffer): ManifestView | undefined {
  if (bytes.toString('latin1', 0, format.length) !== format) return undefined;
  const headEnd = bytes.indexOf(10, format.length);
  if (headEnd === -1) return undefined;
  let head: Head;
  try {
    head = JSON.parse(bytes.toString('utf8', format.length, headEnd)) as Head;
  } catch {
    return undefined;
  }
  if (!isHead(head)) return undefined;
  const body = bytes.subarray(headEnd + 1);
  const total = head.lengths.reduce((sum, length) => sum + length, 0);
  const { digest, ...unsigned } = head;
  if (body.byteLength !== total || digestOf(unsigned, body) !== digest) return undefined;
  const count = head.files + head.held;
  if (head.lengths[0] !== 16 * count) return undefined;
  // Copied out: a Float64Array needs its offset aligned to 8 bytes, which the blocks' place in the file is not.
  const numbers = new Float64Array(2 * count);
  new Uint8Array(numbers.buffer).set(body.subarray(0, head.lengths[0]));
  let at = head.lengths[0];
  const lines = (index: number, expected: number): string[] | undefined => {
    const length = head.lengths[index]!;
    const text = body.toString('utf8', at, at + length);
    at += length;
    const list = expected === 0 ? [] : text.split(separator);
    return list.length === expected ? list : undefined;
  };
  /**
   * A column left in the file's bytes, a line decoded when a file is looked up: a string per line, made at once,
   * lived as long as the build (two manifests of 31,680 files at 10,000 pages: 126,000 strings of keys and hashes,
   * each surviving the young generation's collections into the old one).
   */
  const column = (index: number, expected: number): ((i: number) => string) | undefined => {
    const length = head.lengths[index]!;
    const from = at;
    at += length;
    if (expected === 0) return () => '';
    // Where each line starts, and one past the column's end.
    const starts = new Int32Array(expected + 1);
    starts[0] = from;
    let start = from;
    for (let i = 1; i < expected; i++) {
      const end = body.indexOf(0, start);
      if (end === -1 || end >= from + length) return undefined;
      starts[i] = start = end + 1;
    }
    const last = body.indexOf(0, start);
    if (last !== -1 && last < from + length) return undefined;
    starts[expected] = from + length + 1;
    return (i) => body.toString('utf8', starts[i]!, starts[i + 1]! - 1);
  };
  const paths = lines(1, head.files);
  const keys = column(2, head.files);
  const revisions = column(3, head.files);
  const heldPaths = lines(4, head.held);
  const heldRevisions = lines(5, head.held);
  if (head.lengths[6] !== 8 * head.folders) return undefined;
  const folderTimes = new Float64Array(head.folders);
  new Uint8Array(folderTimes.buffer).set(body.subarray(at, at + head.lengths[6]));
  at += head.lengths[6];
  // A folder's path may be empty (the build folder itself): `lines` would read one empty name as none.
  const folders = head.folders === 0 ? [] : body.toString('utf8', at, at + head.lengths[7]!).split(separator);
  if (!paths || !keys || !revisions || !heldPaths || !heldRevisions || folders.length !== head.folders)
    return undefined;
  const fileIndex = new Map<string, number>();
  for (let i = 0; i < paths.length; i++) fileIndex.set(paths[i]!, i);
  let heldIndex: Map<string, number> | undefined;
  return {
    folder: head.folder,
    groups: head.groups,
    file(path) {
      const i = fileIndex.get(path);
      if (i === undefined) return undefined;
      return { key: keys(i), size: numbers[i]!, mtimeMs: numbers[count + i]!, revision: revisions(i) };
    },
    held(path) {
      heldIndex ??= new Map(heldPaths.map((p, i) => [p, i]));
      const i = heldIndex.get(path);
      if (i === undefined) return undefined;
      const j = head.files + i;
      const revision = heldRevisions[i]!;
      return { size: numbers[j]!, mtimeMs: numbers[count + j]!, ...(revision ? { revision } : {}) };
    },
    listing() {
      if (head.folders === 0) return undefined;
      return { ...this.stamps(), folders, times: [...folderTimes] };
    },
    stamps: () => ({
      files: [...paths, ...heldPaths],
      sizes: [...numbers.subarray(0, count)],
      mtimes: [...numbers.subarray(count)],
    }),
  };
}

/** What a file is, by inode, size and times: another file, or the same one written again, is another identity. */
export function identityOf(file: string): string | undefined {
  try {
    const stat = statSync(file, { throwIfNoEntry: false });
    return stat && `${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;
  } catch {
    // Not only a missing file: a file where a folder of its path should be (ENOTDIR) reads as no manifest too.
    return undefined;
  }
}

/**
 * The manifest in `file` and the identity of the file it was read from (unchanged from before the read to after
 * it), or undefined when there is none, it cannot be read, or it changed meanwhile.
 */
export function readManifestFile(file: string): { view: ManifestView; identity: string } | undefined {
  const identity = identityOf(file);
  if (identity === undefined) return undefined;
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  const view = identityOf(file) === identity ? decodeManifest(bytes) : undefined;
  return view && { view, identity };
}

/** Whether a manifest's folder is a build folder's plain name (see output-store), safe to join to the store's path. */
export const isBuildFolderName = (name: string | undefined): name is string =>
  name !== undefined && /^b-[0-9a-z]+-[0-9a-f]+$/.test(name);

/** The digest of a manifest: of its head too, so that a byte changed there names no other folder or group. */
function digestOf(unsigned: Omit<Head, 'digest'>, body: Uint8Array): string {
  return createHash('sha256').update(JSON.stringify(unsigned)).update(body).digest('hex');
}

function isHead(value: unknown): value is Head {
  const head = value as Partial<Head> | null;
  return (
    typeof head === 'object' &&
    head !== null &&
    (head.folder === undefined || typeof head.folder === 'string') &&
    typeof head.groups === 'object' &&
    head.groups !== null &&
    Number.isInteger(head.files) &&
    Number.isInteger(head.held) &&
    Number.isInteger(head.folders) &&
    Array.isArray(head.lengths) &&
    head.lengths.length === 8 &&
    head.lengths.every((length) => Number.isInteger(length) && length >= 0) &&
    typeof head.digest === 'string'
  );
}
