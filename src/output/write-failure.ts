import { DocsItError } from '../errors';

/** What each file-system error means to the person running the build, and what to do about it. */
const reasons: Record<string, [what: string, whatToDo: string]> = {
  ENOSPC: ['no space left on the device', 'Free some disk space and build again.'],
  EDQUOT: ['the disk quota is exhausted', 'Free some disk space and build again.'],
  EROFS: ['the file system is read-only', 'Build into a writable folder (--out).'],
  EACCES: ['permission denied', 'Build into a folder you may write to (--out), or fix its permissions.'],
  EPERM: ['operation not permitted', 'Build into a folder you may write to (--out), or fix its permissions.'],
  ENAMETOOLONG: [
    'the name is too long for the file system',
    'Shorten the name: a page’s file name or its `slug`, or the --out path.',
  ],
  EBUSY: [
    'it is busy (a mount point, or held open by another program)',
    'Close the program that holds it, or build into another folder (--out).',
  ],
  ENOTDIR: ['a file stands where a folder is needed', 'Move that file away, or build into another folder (--out).'],
  EISDIR: ['a folder stands where a file goes', 'Move that folder away, or build into another folder (--out).'],
  EEXIST: ['something already stands where a file goes', 'Move it away and build again.'],
  ENOTEMPTY: ['a folder that is not empty stands there', 'Move it away and build again.'],
  ELOOP: [
    'a link stands where a file of the build goes, or links loop',
    'docs-it never writes through a link: remove the link and build again.',
  ],
  EMFILE: ['too many files are open', 'Raise the limit of open files (ulimit -n) and build again.'],
  ENFILE: ['too many files are open on this system', 'Close some programs and build again.'],
  EIO: ['the disk reported an input/output error', 'Check the disk, or build into a folder on another one (--out).'],
  EXDEV: ['it is on another file system', 'Build into a folder on one disk (--out).'],
  ESPECIAL: [
    'it is not a plain file (a FIFO, socket or device)',
    'Replace it with a plain file, or remove it from the site.',
  ],
};

/**
 * A file-system failure as the person running the build needs it: what could not be done (`doing`: "write
 * build/x.html"), why, and what to do, located at the source the file is made from when there is one. An error
 * without a known code is passed on as it is.
 */
export function fileFailure(error: unknown, doing: string, source?: string): Error {
  if (error instanceof DocsItError) return error;
  const code = (error as NodeJS.ErrnoException)?.code;
  const reason = code ? reasons[code] : undefined;
  if (!reason) return error as Error;
  return new DocsItError(
    `cannot ${doing}: ${reason[0]}`,
    source === undefined ? undefined : { file: source },
    `${reason[1]} The previous build is untouched.`,
  );
}

/** The same for a file of the build (`file` as shown: `build/x.html`). */
export const writeFailure = (error: unknown, file: string, source?: string): Error =>
  fileFailure(error, `write ${file}`, source);
