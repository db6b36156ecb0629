import { closeSync, openSync, renameSync, writeFileSync, writeSync } from 'node:fs';

/**
 * Writes `file` whole or not at all (a temporary file, then a rename): a killed run never leaves it truncated. A list
 * of chunks is written one after the other (a large file's parts, not first copied into one buffer).
 */
export function replaceFileSync(file: string, contents: string | Uint8Array | readonly Uint8Array[]): void {
  const tmp = `${file}.${process.pid}.tmp`;
  if (typeof contents === 'string' || contents instanceof Uint8Array) writeFileSync(tmp, contents);
  else writeChunksSync(tmp, contents, 'w');
  renameSync(tmp, file);
}

/** Writes `chunks` one after the other into `file`, opened with `flags` (`w`: from its start, `a`: at its end). */
export function writeChunksSync(file: string, chunks: readonly Uint8Array[], flags: 'w' | 'a'): void {
  const fd = openSync(file, flags);
  try {
    for (const chunk of chunks) {
      let at = 0;
      while (at < chunk.byteLength) at += writeSync(fd, chunk, at);
    }
  } finally {
    closeSync(fd);
  }
}
