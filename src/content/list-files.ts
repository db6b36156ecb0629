import path from 'node:path';
import fg from 'fast-glob';
import { isRefusal, publishableSync, type Refusal, specialKindOf, specialRefusal } from '../config/publishable';

/** A file left out of the site, named relative to the site folder, with why and what to do. */
export interface LeftOut {
  file: string;
  message: string;
  hint: string;
}

/**
 * Files under `dir` matching `patterns`, relative to it, as the publishing rule allows (`config/publishable`):
 * a link is listed only when it leads to a regular file inside `roots` (the content folders) whose real path
 * hides nothing (`.env`, `.git`, `node_modules`); a link out of them, to a folder (which could loop or walk half
 * the disk), to a hidden file, or a special file (FIFO, socket, device: opening one blocks) is left out with a
 * warning naming it and saying what to do. Hidden names and `node_modules` are never listed. Build and dev both
 * list content this way.
 */
export async function listSiteFiles(
  dir: string,
  patterns: string[],
  options: { site: string; roots: readonly string[]; ignore?: string[]; warn(leftOut: LeftOut): void },
): Promise<string[]> {
  const entries = await fg(patterns, {
    cwd: dir,
    ignore: [...(options.ignore ?? []), '**/node_modules/**'],
    dot: false,
    followSymbolicLinks: false,
    onlyFiles: false,
    objectMode: true,
  });
  const shown = (rel: string) => path.relative(options.site, path.join(dir, rel)).split(path.sep).join('/');
  const warn = (file: string, refusal: Refusal) =>
    // A refusal's problem starts with the file's name, which the warning carries as its place.
    options.warn({ file, message: refusal.problem.replace(`${file}: `, ''), hint: refusal.hint });
  const files: string[] = [];
  for (const { dirent, path: rel } of entries) {
    if (dirent.isFile()) files.push(rel);
    else if (dirent.isSymbolicLink()) {
      const verdict = publishableSync(path.join(dir, rel), options.roots, shown(rel));
      if (isRefusal(verdict)) warn(shown(rel), verdict);
      else files.push(rel);
    } else if (!dirent.isDirectory()) warn(shown(rel), specialRefusal(shown(rel), specialKindOf(dirent)));
  }
  return files.sort();
}
