import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { DocsItError } from '../errors';
import { GitLogParser, historyFormat, type UpstreamCommit } from './git-log';

/** The history of an upstream repository, as far as translations need it. */
export interface UpstreamHistory {
  /** The revision read (`main`, `origin/main`, `HEAD`…) and the commit it names. */
  ref: string;
  head: string;
  /** Every commit reachable from `head`, parents before children. */
  commits: UpstreamCommit[];
  /** Every file at `head`. */
  files: string[];
}

export interface ReadHistoryOptions {
  /** Folder of a local git checkout. */
  repo: string;
  /** Revision to read (default `HEAD`); a branch missing locally is looked up on `origin`. */
  ref?: string;
  /** Called as commits are read, with how many there are in all. */
  onProgress?: (read: number, total: number) => void;
}

export interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs git in `repo` and collects its output; `onStdout` sees it as it comes. */
export function git(repo: string, args: string[], onStdout?: (chunk: string) => void): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['-C', repo, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      // A reader's own git config must not change what is parsed (pagers, colours, quoted paths).
      env: { ...process.env, GIT_PAGER: 'cat', GIT_CONFIG_NOSYSTEM: '1', LC_ALL: 'C' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (onStdout) onStdout(chunk);
      else stdout += chunk;
    });
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new DocsItError('git is not installed', undefined, 'Install git: the upstream history is read with it.')
          : error,
      );
    });
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

const notACheckout = (repo: string) =>
  new DocsItError(
    `${repo} is not a git checkout`,
    undefined,
    'Pass --upstream the top folder of a clone of the upstream repository (git clone <url>), not a copy of its files.',
  );

/** The commit a revision names, trying `origin/<ref>` for a branch that was never checked out. */
async function resolveRef(repo: string, ref: string): Promise<{ ref: string; head: string }> {
  for (const candidate of ref === 'HEAD' || ref.includes('/') ? [ref] : [ref, `origin/${ref}`]) {
    const found = await git(repo, ['rev-parse', '--verify', '--quiet', `${candidate}^{commit}`]);
    if (found.code === 0) return { ref: candidate, head: found.stdout.trim() };
  }
  throw new DocsItError(
    `the upstream checkout ${repo} has no revision "${ref}"`,
    undefined,
    'Fetch it (git fetch origin), or pass the branch the pages follow with --upstream-ref.',
  );
}

/**
 * Reads the whole history of `ref` in one `git log` pass (with renames and changed lines), plus the list of
 * files at its tip: two processes whatever the number of pages.
 */
export async function readUpstreamHistory(options: ReadHistoryOptions): Promise<UpstreamHistory> {
  const { repo } = options;
  if (!existsSync(repo) || !statSync(repo).isDirectory()) {
    throw new DocsItError(`${repo} does not exist`, undefined, 'Pass --upstream the folder of a local git checkout.');
  }
  const inside = await git(repo, ['rev-parse', '--is-inside-work-tree']);
  const top = await git(repo, ['rev-parse', '--show-prefix']);
  if (inside.code !== 0 || top.code !== 0) throw notACheckout(repo);
  // A folder inside some other repository (say, a copy of the docs in this site's own repo) is not one.
  if (top.stdout.trim() !== '') throw notACheckout(repo);
  const { ref, head } = await resolveRef(repo, options.ref ?? 'HEAD');
  const count = await git(repo, ['rev-list', '--count', head]);
  const total = Number(count.stdout.trim()) || 0;

  const parser = new GitLogParser();
  const newestFirst: UpstreamCommit[] = [];
  let lastReport = 0;
  // Thrown inside git's output handler, a parse error would end the process: it is kept for after git exits.
  let parseError: unknown;
  const log = await git(
    repo,
    [
      '-c',
      'diff.renameLimit=10000',
      'log',
      '--topo-order',
      '-M',
      '--raw',
      '--numstat',
      '-z',
      '--no-abbrev',
      '--no-color',
      `--format=${historyFormat}`,
      head,
      '--',
    ],
    (chunk) => {
      if (parseError) return;
      try {
        for (const commit of parser.push(chunk)) newestFirst.push(commit);
      } catch (error) {
        parseError = error;
      }
      if (options.onProgress && newestFirst.length - lastReport >= 250) {
        lastReport = newestFirst.length;
        options.onProgress(newestFirst.length, total);
      }
    },
  );
  if (log.code !== 0) {
    throw new DocsItError(`git log failed in ${repo}: ${log.stderr.trim().split('\n')[0]}`, undefined, undefined);
  }
  try {
    if (parseError) throw parseError;
    for (const commit of parser.end()) newestFirst.push(commit);
  } catch (error) {
    throw new DocsItError(
      `the history of ${repo} could not be read: ${(error as Error).message}`,
      undefined,
      'Check that git runs as usual there (git log -z); this is a bug of docs-it if it does: please report it.',
    );
  }
  options.onProgress?.(newestFirst.length, total);
  const tree = await git(repo, ['ls-tree', '-r', '-z', '--name-only', head]);
  if (tree.code !== 0) throw new DocsItError(`git ls-tree failed in ${repo}: ${tree.stderr.trim()}`);
  return {
    ref,
    head,
    commits: newestFirst.reverse(),
    files: tree.stdout.split('\0').filter((f) => f !== ''),
  };
}
