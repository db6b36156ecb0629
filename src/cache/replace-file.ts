import { renameSync, writeFileSync } from 'node:fs';

/** Writes `file` whole or not at all (a temporary file, then a rename): a killed run never leaves it truncated. */
export function replaceFileSync(file: string, contents: string | Uint8Array): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, contents);
  renameSync(tmp, file);
}
