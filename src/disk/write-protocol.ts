/** What the build's thread and the file-writing thread (write-thread.ts) say to each other. */

/** Why a queued write failed: the error's code (ENOSPC, EACCES…) and message. */
export interface WriteFailure {
  code?: string;
  message: string;
}

/**
 * One file to write, add to (`append`: at the end of a file a `write` made), link or copy; a spare folder to
 * take files from (see `BackgroundWrites.useSpare`), or one to bring up to date in place (`update`, then `prune`:
 * see `BackgroundWrites.update`); a file of that folder the build found holding what it wants (`keep`: left as it
 * is, and not pruned).
 */
export interface WriteOp {
  id: number;
  kind: 'write' | 'append' | 'link' | 'copy' | 'keep' | 'spare' | 'update' | 'prune' | 'check';
  file: string;
  dir: string;
  data?: string | Uint8Array;
  from?: string;
  /** A new file that may take the place of a spare one. */
  recycle?: boolean;
  /**
   * Of a `write`: its bytes' revision (written-file's `revisionOf`) is wanted, made here from the bytes written and
   * handed back with the batch's answer (`WriteDone.revisions`), not by the build's thread.
   */
  revision?: boolean;
  /** In a folder being updated: the file there is left as it is when it is a plain file of this size and time. */
  keep?: FileStamp;
  /**
   * Of a `keep`: every file it keeps (`file` is the first). A one-page edit keeps tens of thousands, and one op each
   * cost more to send to the thread than anything the thread does with them.
   */
  files?: string[];
  /**
   * Of a `check` (see `BackgroundWrites.check`, `file` the folder of the builds): the output manifest that says what
   * the build folder to check held when the build that made it ended, with each file's stamp then.
   */
  manifest?: string;
  /**
   * Of an `update`: the `check` of the same folder whose findings it takes (what the folder holds), instead of
   * walking it; without one, or when that check found a folder changed, the folder is walked.
   */
  check?: number;
}

/**
 * What a build folder held when the build that made it ended: its files (and anything else but folders), and each
 * of its folders with its change time then (`''` the folder itself), paths relative to it with `/`. A folder's change
 * time moves whenever an entry is added to it, removed or renamed, so folders whose times are unchanged hold the
 * entries listed; a file changed in place moves only its own times, which each file's check looks at.
 */
export interface FolderListing {
  files: string[];
  folders: string[];
  times: number[];
}

/** A `FolderListing` with each file's size and modification time (`sizes[i]`, `mtimes[i]` of `files[i]`). */
export interface CheckedListing extends FolderListing {
  sizes: number[];
  mtimes: number[];
}

/** What a file held in a build folder is recognised by: its size and modification time. */
export interface FileStamp {
  size: number;
  mtimeMs: number;
}

/** A batch of operations, in order, and the bytes they carry. */
export interface WriteBatch {
  ops: WriteOp[];
  bytes: number;
}

/** What the thread did with a batch. */
export interface WriteDone {
  ids: number[];
  files: number;
  recycled: number;
  /** Files of a folder being updated that were left as they were (see `WriteOp.keep` and the `keep` kind). */
  kept: number;
  bytes: number;
  ms: number;
  failures: ({ id: number } & WriteFailure)[];
  /** Each written file's revision that was asked for (`WriteOp.revision`), by its op's id. */
  revisions?: [id: number, revision: string][];
  /**
   * Of a `prune` (its `id`): the folders the updated folder holds now and their change times (its files are the
   * build's to list), or none when they are not known (the next update then walks it).
   */
  pruned?: { id: number; folders: FolderTimes | undefined };
  /**
   * Of a `check` (its `id`): what it found, or none when one of the folders changed (something was added, removed
   * or renamed: the folder is walked) or the manifest lists none.
   */
  checked?: { id: number; found: SpareFound | undefined };
}

/**
 * What a `check` found: the build folder (a name in the folder of the builds) its manifest describes, that
 * manifest's identity when read (see manifest-file's `identityOf`), and the listed files no longer as listed
 * (changed, gone, no longer plain files).
 */
export interface SpareFound {
  folder: string;
  identity: string;
  changed: string[];
}

/** Folders of a build folder and their change times (see `FolderListing`). */
export type FolderTimes = Pick<FolderListing, 'folders' | 'times'>;
