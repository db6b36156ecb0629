import { realpathSync, type Stats, statSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';

/*
 * The one rule of what a build may publish from the disk: static files, images, downloads, files pages import,
 * files the config names. A file is published only when it lies inside one of the site's content folders once
 * `..` and symbolic links are resolved, when no part of its path is hidden (a name starting with a dot: `.env`,
 * `.git`, `.npmrc`) or `node_modules`, and when it is a regular file (a FIFO would block the build that opens it).
 * Build and dev both ask this module.
 */

/** Why a file is not published, and what to do about it. */
export interface Refusal {
  kind: 'missing' | 'outside' | 'hidden' | 'folder' | 'special' | 'unreadable';
  problem: string;
  hint: string;
}

/** A file that may be published, by its real path (links resolved). */
export type Verdict = { real: string } | Refusal;

/** Whether a verdict refuses the file. */
export const isRefusal = (verdict: Verdict | Refusal | { url: string }): verdict is Refusal => 'problem' in verdict;

/** The first part of a relative path that is never published (`.env`, `.git`, `node_modules`), if any. */
export function hiddenPartOf(relPath: string): string | undefined {
  return relPath
    .split(/[\\/]/)
    .find((part) => (part.startsWith('.') && part !== '.' && part !== '..') || isPackages(part));
}

const isPackages = (part: string) => part === 'node_modules';

/** The refusal of a path with a hidden part, named as the reader wrote it (`shown`), or reached by a link. */
function hiddenRefusal(shown: string, part: string, real?: string): Refusal {
  const where = real === undefined ? `${shown}:` : `${shown}: its link leads to ${real}, and`;
  return isPackages(part)
    ? {
        kind: 'hidden',
        problem: `${where} files under node_modules are never published`,
        hint: 'Copy the file you need into content/static/ (or next to the page) and name that copy.',
      }
    : {
        kind: 'hidden',
        problem: `${where} ${part} starts with a dot, and hidden files and folders are never published`,
        hint:
          'Rename it without the leading dot if it is meant for readers; files such as .env, .npmrc or .git/config ' +
          'hold secrets and stay out of the site.',
      };
}

/** What kind of file a stat describes when it is neither a regular file nor a folder. */
export function specialKindOf(stats: Pick<Stats, 'isFIFO' | 'isSocket' | 'isBlockDevice' | 'isCharacterDevice'>) {
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isBlockDevice() || stats.isCharacterDevice()) return 'a device';
  return 'not a regular file';
}

/** The refusal of a special file (FIFO, socket, device): left out, never opened. */
export function specialRefusal(shown: string, kind: string): Refusal {
  return {
    kind: 'special',
    problem: `${shown}: ${kind}, not a regular file: left out (opening it could block the build)`,
    hint: 'Replace it with a regular file, or remove it from the content folder.',
  };
}

/**
 * The checks on the lexical path, before the disk is asked: the file must be named inside a root, and nothing
 * on the way there may be hidden. `roots` are absolute; `shown` is how messages name the file.
 */
function lexicalRefusal(file: string, roots: readonly string[], shown: string): Refusal | undefined {
  const inside = roots.map((root) => path.relative(root, file)).filter((rel) => !isOutside(rel));
  if (inside.length === 0) return outsideRefusal(shown, undefined, roots);
  const part = hiddenPartOf(inside.sort((a, b) => a.length - b.length)[0]!);
  return part === undefined ? undefined : hiddenRefusal(shown, part);
}

const isOutside = (rel: string) =>
  rel === '' || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel);

function outsideRefusal(shown: string, real: string | undefined, roots: readonly string[]): Refusal {
  // content/static lies inside content/: naming the outer folder says it all.
  const outer = roots.filter((r) => !roots.some((other) => other !== r && !isOutside(path.relative(other, r))));
  const names = outer.map((r) => `${path.basename(r)}/`).join(' or ');
  return {
    kind: 'outside',
    problem: real
      ? `${shown}: its link leads to ${real}, outside ${names}: not published`
      : `${shown}: outside ${names}: not published`,
    hint: `Only files under ${names} are published: copy the file there instead of linking to it or naming it with ..`,
  };
}

/** The checks on the real path and its stat, once links are resolved. */
function realRefusal(
  real: string,
  stats: Stats,
  realRoots: readonly string[],
  roots: readonly string[],
  shown: string,
): Refusal | undefined {
  const inside = realRoots.map((root) => path.relative(root, real)).filter((rel) => !isOutside(rel));
  if (inside.length === 0) return outsideRefusal(shown, real, roots);
  const part = hiddenPartOf(inside.sort((a, b) => a.length - b.length)[0]!);
  if (part !== undefined) return hiddenRefusal(shown, part, real);
  if (stats.isDirectory())
    return {
      kind: 'folder',
      problem: `${shown}: a folder, not a file: not published`,
      hint: 'Name a file; a link to a folder is not followed (it could loop): link the files, or copy the folder.',
    };
  if (!stats.isFile()) return specialRefusal(shown, specialKindOf(stats));
  return undefined;
}

const missingRefusal = (shown: string): Refusal => ({
  kind: 'missing',
  problem: `missing file ${shown} (or a link to a missing file, or a loop of links)`,
  hint: 'Fix the path (relative paths start at the file that names them), or add the file.',
});

/**
 * Whether `file` (absolute) may be published from `roots` (the content folders, absolute), and its real path.
 * Never opens the file: a FIFO is refused from its stat.
 */
export async function publishable(file: string, roots: readonly string[], shown: string): Promise<Verdict> {
  const lexical = lexicalRefusal(file, roots, shown);
  if (lexical) return lexical;
  let real: string;
  let stats: Stats;
  try {
    real = await realpath(file);
    stats = await stat(real);
  } catch {
    return missingRefusal(shown);
  }
  const realRoots = await Promise.all(roots.map((root) => realpath(root).catch(() => root)));
  return realRefusal(real, stats, realRoots, roots, shown) ?? { real };
}

/** `publishable`, for code that lists files synchronously. */
export function publishableSync(file: string, roots: readonly string[], shown: string): Verdict {
  const lexical = lexicalRefusal(file, roots, shown);
  if (lexical) return lexical;
  let real: string;
  let stats: Stats;
  try {
    real = realpathSync(file);
    stats = statSync(real);
  } catch {
    return missingRefusal(shown);
  }
  const realRoots = roots.map((root) => {
    try {
      return realpathSync(root);
    } catch {
      return root;
    }
  });
  return realRefusal(real, stats, realRoots, roots, shown) ?? { real };
}
