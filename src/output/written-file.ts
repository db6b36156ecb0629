/** What the writer knows of a file it wrote: its size and a content hash (a precache revision, `revisionOf`). */
export interface WrittenFile {
  size: number;
  revision: string;
}

// Bytes a caller gives up as it hands them to the writer (disk/handed-over), named here for the same callers.
export { handedOverText, handOver } from '../disk/handed-over';
// Made where the bytes are (disk/revision); named here too for the writer's callers, which do not reach the disk.
export { revisionOf } from '../disk/revision';
