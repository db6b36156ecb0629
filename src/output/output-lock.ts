import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { DocsItError } from '../errors';

const lockPrefix = '.docs-it-lock-';

/** The lock file of an output folder: beside it, so two sites' builds never share one. */
export const lockFileOf = (out: string) => path.join(path.dirname(out), `${lockPrefix}${path.basename(out)}`);

/** Whether a process with this pid is running (signal 0 only checks). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is only someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the output folder for this process, or throws naming the build that holds it: two builds writing
 * beside one output folder would remove each other's temporary folders and swap in a partial build. A lock
 * left by a build that died is taken over. Returns the release function.
 */
export function lockOutput(out: string): () => void {
  const file = lockFileOf(out);
  let token: string | undefined;
  for (let attempt = 0; attempt < 2 && token === undefined; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      token = `${process.pid} ${Date.now()} ${Math.random()}`;
      writeSync(fd, token);
      closeSync(fd);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readOrEmpty(file), 10);
      if (Number.isInteger(owner) && owner > 0 && isRunning(owner)) {
        const where = path.relative(process.cwd(), out) || '.';
        throw new DocsItError(
          `another docs-it build (pid ${owner}) is writing ${where}/`,
          undefined,
          `Wait for it to end, or stop it; if no build is running, delete ${path.basename(file)}.`,
        );
      }
      // Its owner died (or it is half-written): take it over.
      rmSync(file, { force: true });
    }
  }
  if (token === undefined) throw new DocsItError(`cannot lock the output folder ${out}`);
  return () => {
    // Only our own lock: never one a later build took over.
    if (readOrEmpty(file) === token) rmSync(file, { force: true });
  };
}

function readOrEmpty(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
