/** What the build's thread and the file-writing thread (write-thread.ts) say to each other. */

/** Why a queued write failed: the error's code (ENOSPC, EACCES…) and message. */
export interface WriteFailure {
  code?: string;
  message: string;
}

/**
 * One file to write, add to (`append`: at the end of a file a `write` made), link or copy, or a spare folder to
 * take files from (see `BackgroundWrites.useSpare`).
 */
export interface WriteOp {
  id: number;
  kind: 'write' | 'append' | 'link' | 'copy' | 'spare';
  file: string;
  dir: string;
  data?: string | Uint8Array;
  from?: string;
  /** A new file that may take the place of a spare one. */
  recycle?: boolean;
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
  bytes: number;
  ms: number;
  failures: ({ id: number } & WriteFailure)[];
}
