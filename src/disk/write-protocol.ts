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
  kind: 'write' | 'append' | 'link' | 'copy' | 'keep' | 'spare' | 'update' | 'prune';
  file: string;
  dir: string;
  data?: string | Uint8Array;
  from?: string;
  /** A new file that may take the place of a spare one. */
  recycle?: boolean;
  /** In a folder being updated: the file there is left as it is when it is a plain file of this size and time. */
  keep?: FileStamp;
  /**
   * Of a `keep`: every file it keeps (`file` is the first). A one-page edit keeps tens of thousands, and one op each
   * cost more to send to the thread than anything the thread does with them.
   */
  files?: string[];
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
}
