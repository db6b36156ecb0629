/*
 * The real site (site.config.ts and content/), built once per test run and read by the test files that check it
 * (test/site.test.ts, the browser tests through browser/site-server.ts), in every test process of the run: the
 * first process that asks builds it, the others wait for it. No test writes into it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildSite } from '../src/build/build-site';
import { sharedBuildOnce } from './build-outputs';
import { repoRoot } from './helpers';

let built: Promise<string> | undefined;

/** The output folder of the real site's build, built by this process or another of the run. */
export function builtRealSite(): Promise<string> {
  built ??= sharedBuildOnce(
    'real-site',
    async (out) => {
      await buildSite({ packageRoot: repoRoot, config: path.join(repoRoot, 'site.config.ts'), out });
    },
    // The output link appears when a build is whole (see src/output/output-store.ts).
    (out) => existsSync(path.join(out, 'it/index.html')),
  ).then(
    ({ out }) => out,
    (error: unknown) => {
      built = undefined;
      throw error;
    },
  );
  return built;
}
