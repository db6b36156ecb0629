import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';

/**
 * Files under `dir` matching `patterns`, relative to it, without following a link anywhere the site does not
 * own: a link to a file inside the site folder is listed; a link out of it, or to a folder (which could loop
 * or walk half the disk), is left out with a warning naming it. Build and dev both list content this way.
 */
export async function listSiteFiles(
  dir: string,
  patterns: string[],
  options: { root: string; ignore?: string[]; dot?: boolean; warn(file: string, message: string): void },
): Promise<string[]> {
  const entries = await fg(patterns, {
    cwd: dir,
    ignore: options.ignore ?? [],
    dot: options.dot ?? false,
    followSymbolicLinks: false,
    onlyFiles: false,
    objectMode: true,
  });
  const root = realOrNone(options.root) ?? options.root;
  const shown = (rel: string) => path.relative(options.root, path.join(dir, rel)).split(path.sep).join('/');
  const files: string[] = [];
  for (const entry of entries) {
    if (entry.dirent.isFile()) files.push(entry.path);
    if (!entry.dirent.isSymbolicLink()) continue;
    const target = realOrNone(path.join(dir, entry.path));
    if (target === undefined) {
      options.warn(shown(entry.path), `link to a missing file (a loop, or a deleted target), left out`);
    } else if (target !== root && !target.startsWith(root + path.sep)) {
      options.warn(shown(entry.path), `link to ${target}, outside the site folder, not published`);
    } else if (statSync(target).isDirectory()) {
      options.warn(shown(entry.path), `link to a folder, not followed (link the files, or copy the folder)`);
    } else if (!statSync(target).isFile()) {
      // Reading a FIFO waits for a writer forever; a device may never end.
      options.warn(shown(entry.path), `link to a special file (FIFO, socket or device), left out`);
    } else files.push(entry.path);
  }
  return files.sort();
}

function realOrNone(file: string): string | undefined {
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
}
