/*
 * The file-writing thread (see background-writes): it creates folders and files for the build's thread, which
 * goes on compiling and rendering meanwhile. It needs the file system only, and loads nothing else.
 */
import {
  closeSync,
  constants,
  copyFileSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { parentPort } from 'node:worker_threads';
import type { WriteBatch, WriteDone, WriteFailure, WriteOp } from './write-protocol';

const port = parentPort!;
const dirs = new Set<string>();
const spare: string[] = [];
let recycled = 0;

/**
 * Lists a spare folder's files. A file another folder links to (a build's unchanged page: see output-reuse) is
 * left alone: writing into it would change that folder too. So is anything but a plain file, and a link to a
 * folder is never walked into.
 */
function addSpare(dir: string): void {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) addSpare(file);
    else if (entry.isFile()) spare.push(file);
  }
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
// Only at the end of a file a write made: a missing one is an error, not a new file.
const appendFlags = constants.O_WRONLY | constants.O_APPEND | constants.O_NOFOLLOW;

class SpecialFile extends Error {
  readonly code = 'ESPECIAL';
}

function apply(op: WriteOp): void {
  if (op.kind === 'spare') {
    // A build's spare folder replaces whatever an earlier build in this process was given.
    spare.length = 0;
    addSpare(op.file);
    return;
  }
  if (op.kind === 'copy') {
    // Reading a FIFO or a device would wait forever (or never end): only plain files are copied.
    if (!statSync(op.from!).isFile()) throw new SpecialFile(`${op.from} is not a plain file`);
  }
  const took = op.recycle ? takeSpare(op.file) : false;
  if (op.kind === 'write' || op.kind === 'append') {
    const fd = openSync(op.file, op.kind === 'write' ? writeFlags : appendFlags, 0o666);
    try {
      writeFileSync(fd, op.data!);
    } finally {
      closeSync(fd);
    }
  } else if (op.kind === 'copy') {
    // A recycled file is the spare's own plain file; any other target must not exist yet (not even a link).
    copyFileSync(op.from!, op.file, took ? 0 : constants.COPYFILE_EXCL);
  } else {
    try {
      linkSync(op.from!, op.file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
      copyFileSync(op.from!, op.file, constants.COPYFILE_EXCL);
    }
  }
}

port.on('message', ({ ops, bytes }: WriteBatch) => {
  const start = performance.now();
  recycled = 0;
  const failures: ({ id: number } & WriteFailure)[] = [];
  for (const op of ops) {
    try {
      if (op.kind !== 'spare' && !dirs.has(op.dir)) {
        mkdirSync(op.dir, { recursive: true });
        dirs.add(op.dir);
      }
      try {
        apply(op);
      } catch (error) {
        // A folder removed since it was made (a cache emptied between two builds of dev): make it again, once.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        mkdirSync(op.dir, { recursive: true });
        apply(op);
      }
    } catch (error) {
      const { code, message } = error as NodeJS.ErrnoException;
      failures.push({ id: op.id, ...(code ? { code } : {}), message });
    }
  }
  const files = ops.filter((op) => op.kind !== 'spare' && op.kind !== 'append').length;
  const ms = performance.now() - start;
  port.postMessage({ ids: ops.map((op) => op.id), files, recycled, bytes, ms, failures } satisfies WriteDone);
});
