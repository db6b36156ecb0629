import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { isRefusal, publishableSync, type Refusal, specialKindOf, specialRefusal } from '../config/publishable';

/** A file left out of the site, named relative to the site folder, with why and what to do. */
export interface LeftOut {
  file: string;
  message: string;
  hint: string;
}

/**
 * Which entries of a folder's tree a listing takes. Hidden names (a leading `.`) are never taken nor walked
 * into, `node_modules` is never walked into, and a link is never walked into (it may lead out of the site).
 */
export interface Listing {
  /** Whether the walk goes into the folder of path `rel` (its segments, `/`-joined) named `name`. */
  enter(rel: string, name: string): boolean;
  /** Whether the entry of path `rel` named `name` is listed (a folder listed is then left out as no file). */
  take(rel: string, name: string): boolean;
}

/**
 * Files under `dir` that `listing` takes, relative to it, as the publishing rule allows (`config/publishable`):
 * a link is listed only when it leads to a regular file inside `roots` (the content folders) whose real path
 * hides nothing (`.env`, `.git`, `node_modules`); a link out of them, to a folder (which could loop or walk half
 * the disk), to a hidden file, or a special file (FIFO, socket, device: opening one blocks) is left out with a
 * warning naming it and saying what to do. Build and dev both list content this way. A plain walk of the folders:
 * the content's few listings took a glob library's matchers and walks several times as long (docs/measurements.md).
 */
export async function listSiteFiles(
  dir: string,
  listing: Listing,
  options: { site: string; roots: readonly string[]; warn(leftOut: LeftOut): void },
): Promise<string[]> {
  const entries: { dirent: Dirent; rel: string }[] = [];
  const walk = async (folder: string, prefix: string): Promise<void> => {
    let dirents: Dirent[];
    try {
      dirents = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      // A folder that is not there (a site without `content/pages`) lists nothing.
      if (prefix === '' && (error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    const inner: Promise<void>[] = [];
    for (const dirent of dirents) {
      const { name } = dirent;
      if (name.startsWith('.')) continue;
      const rel = prefix + name;
      if (listing.take(rel, name)) entries.push({ dirent, rel });
      if (dirent.isDirectory() && name !== 'node_modules' && listing.enter(rel, name))
        inner.push(walk(path.join(folder, name), `${rel}/`));
    }
    await Promise.all(inner);
  };
  await walk(dir, '');
  const shown = (rel: string) => path.relative(options.site, path.join(dir, rel)).split(path.sep).join('/');
  const warn = (file: string, refusal: Refusal) =>
    // A refusal's problem starts with the file's name, which the warning carries as its place.
    options.warn({ file, message: refusal.problem.replace(`${file}: `, ''), hint: refusal.hint });
  const files: string[] = [];
  for (const { dirent, rel } of entries) {
    if (dirent.isFile()) files.push(rel);
    else if (dirent.isSymbolicLink()) {
      const verdict = publishableSync(path.join(dir, rel), options.roots, shown(rel));
      if (isRefusal(verdict)) warn(shown(rel), verdict);
      else files.push(rel);
    } else if (!dirent.isDirectory()) warn(shown(rel), specialRefusal(shown(rel), specialKindOf(dirent)));
  }
  return files.sort();
}

const markdownFile = /\.mdx?$/;
const everywhere = () => true;

/** The content's listings (see `discoverContent`). */
export const contentListings = {
  /** A section's pages: `.md` and `.mdx` files, none named `_…` nor under a folder so named (fragments, metadata). */
  pages: {
    enter: (_rel, name) => !name.startsWith('_'),
    take: (_rel, name) => markdownFile.test(name) && !name.startsWith('_'),
  },
  /** The sidebar categories' metadata files. */
  categories: {
    enter: everywhere,
    take: (_rel, name) => name === '_category_.json' || name === '_category_.yml' || name === '_category_.yaml',
  },
  /** From the content folder: the fragments pages import, `_…` markdown files anywhere under the three sections. */
  fragments: {
    enter: (rel, name) => rel.includes('/') || name === 'docs' || name === 'blog' || name === 'pages',
    take: (rel, name) => rel.includes('/') && name.startsWith('_') && markdownFile.test(name),
  },
  /** From the blog folder: its authors file. */
  authors: { enter: () => false, take: (_rel, name) => name === 'authors.yml' },
  /** Every file of a folder (the static files). */
  all: { enter: everywhere, take: everywhere },
} satisfies Record<string, Listing>;
