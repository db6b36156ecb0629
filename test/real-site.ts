/*
 * The real site (site.config.ts and content/), built once per test run and read by the test files that check it
 * (test/site.test.ts, the browser tests through browser/site-server.ts), in every test process of the run: the
 * first process that asks builds it, the others wait for it. No test writes into it.
 */
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildSite } from '../src/build/build-site';
import { isAlive, sharedBuild } from './build-outputs';
import { repoRoot } from './helpers';

let built: Promise<string> | undefined;

/** The output folder of the real site's build, built by this process or another of the run. */
export function builtRealSite(): Promise<string> {
  built ??= buildOnce().catch((error: unknown) => {
    built = undefined;
    throw error;
  });
  return built;
}

/** Takes the lock file (made whole, with this process's id in it, or not at all); false when another holds it. */
function takeLock(lock: string): boolean {
  const mine = `${lock}.${process.pid}`;
  writeFileSync(mine, String(process.pid));
  try {
    linkSync(mine, lock);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  } finally {
    unlinkSync(mine);
  }
}

/** The process that holds the lock; undefined when none does now. */
function lockHolder(lock: string): number | undefined {
  try {
    return Number(readFileSync(lock, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function buildOnce(): Promise<string> {
  const { out, lock } = sharedBuild('real-site');
  mkdirSync(path.dirname(out), { recursive: true });
  // The output link appears when a build is whole (see src/output/output-store.ts).
  const done = () => existsSync(path.join(out, 'it/index.html'));
  for (;;) {
    if (done()) return out;
    if (takeLock(lock)) {
      try {
        if (!done()) await buildSite({ packageRoot: repoRoot, config: path.join(repoRoot, 'site.config.ts'), out });
        return out;
      } finally {
        rmSync(lock, { force: true });
      }
    }
    // Another process builds it. When its build fails, it gives the lock up and this one builds (and reports the
    // error); when it is killed, its lock is left, and this one takes over.
    const holder = lockHolder(lock);
    if (holder !== undefined && !isAlive(holder)) rmSync(lock, { force: true });
    else if (holder !== undefined) await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
