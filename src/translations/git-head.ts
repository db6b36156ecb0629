import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** What git's history at a checkout's HEAD is, read from git's own files: what `git log` there depends on. */
export interface GitHead {
  /** The commit HEAD names. */
  commit: string;
  /** The commits a shallow clone's history stops at (its `shallow` file; empty when whole). */
  shallow: string;
}

// Variables that move the repository, its objects or its history elsewhere: only git can say where.
const movingVariables = [
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_COMMON_DIR',
  'GIT_CEILING_DIRECTORIES',
  'GIT_DISCOVERY_ACROSS_FILESYSTEM',
  'GIT_OBJECT_DIRECTORY',
  'GIT_ALTERNATE_OBJECT_DIRECTORIES',
  'GIT_REPLACE_REF_BASE',
  'GIT_NO_REPLACE_OBJECTS',
  'GIT_GRAFT_FILE',
  'GIT_SHALLOW_FILE',
];

const commitId = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

/**
 * The commit at HEAD of the checkout holding `root`, without starting git: found as git finds it (the nearest
 * `.git` folder or `gitdir:` file up from `root`, a worktree's `commondir`, a loose ref or `packed-refs`). Undefined
 * whenever the files say anything this reading does not follow (no `.git`, a variable that moves the repository,
 * the reftable format, replace refs or grafts, which change what `git log` shows, an unborn branch): the caller asks
 * git then, as it would without this.
 */
export function gitHeadOf(root: string, env: NodeJS.ProcessEnv = process.env): GitHead | undefined {
  if (movingVariables.some((name) => env[name] !== undefined)) return undefined;
  const gitDir = gitDirOf(path.resolve(root));
  if (!gitDir) return undefined;
  const common = textOf(path.join(gitDir, 'commondir'))?.trim();
  const commonDir = common ? path.resolve(gitDir, common) : gitDir;
  if (exists(path.join(commonDir, 'reftable')) || exists(path.join(commonDir, 'info', 'grafts'))) return undefined;
  const packed = textOf(path.join(commonDir, 'packed-refs')) ?? '';
  if (packed.includes(' refs/replace/') || hasEntries(path.join(commonDir, 'refs', 'replace'))) return undefined;
  let head = textOf(path.join(gitDir, 'HEAD'))?.trim();
  // A symbolic ref names another ref, which may name another (rarely more than one step).
  for (let step = 0; head?.startsWith('ref: ') && step < 5; step++) {
    const ref = head.slice('ref: '.length).trim();
    if (!ref.startsWith('refs/') || ref.split('/').includes('..')) return undefined;
    head = (textOf(path.join(perWorktree(ref) ? gitDir : commonDir, ref)) ?? packedRef(packed, ref))?.trim();
  }
  if (!head || !commitId.test(head)) return undefined;
  return { commit: head, shallow: textOf(path.join(commonDir, 'shallow')) ?? '' };
}

/** The git folder of the nearest `.git` up from `dir`: the folder itself, or where its `gitdir:` file points. */
function gitDirOf(dir: string): string | undefined {
  for (let at = dir; ; at = path.dirname(at)) {
    const dotGit = path.join(at, '.git');
    const stat = statSync(dotGit, { throwIfNoEntry: false });
    if (stat?.isDirectory()) return exists(path.join(dotGit, 'HEAD')) ? dotGit : undefined;
    if (stat?.isFile()) {
      const pointed = /^gitdir: (.+)$/m.exec(textOf(dotGit) ?? '')?.[1]?.trim();
      return pointed ? path.resolve(at, pointed) : undefined;
    }
    if (path.dirname(at) === at) return undefined;
  }
}

/** Refs each worktree has of its own (git's `refs/worktree`, `refs/bisect`, `refs/rewritten`); the rest are shared. */
function perWorktree(ref: string): boolean {
  return /^refs\/(?:worktree|bisect|rewritten)\//.test(ref);
}

/** The commit `packed-refs` gives `ref`. */
function packedRef(packed: string, ref: string): string | undefined {
  for (const line of packed.split('\n')) {
    const space = line.indexOf(' ');
    if (space > 0 && line.slice(space + 1).trim() === ref) return line.slice(0, space);
  }
  return undefined;
}

function textOf(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function exists(file: string): boolean {
  return statSync(file, { throwIfNoEntry: false }) !== undefined;
}

function hasEntries(dir: string): boolean {
  try {
    return readdirSync(dir).length > 0;
  } catch {
    return false;
  }
}
