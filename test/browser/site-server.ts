import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { type BuildOptions, buildSite } from '../../src/build/build-site';
import { serve } from '../../src/cli/serve-command';
import { removeBuildAtExit } from '../build-outputs';
import { removeDir, repoRoot } from '../helpers';
import { launchChromium } from './browser';

let built: Promise<string> | undefined;

/**
 * The real site, built once per test process into test/.tmp (for every test file of the run that serves it),
 * served on loopback; the build is removed when the process ends.
 */
export async function serveBuiltSite(): Promise<{ origin: string; close(): Promise<void> }> {
  built ??= (async () => {
    const out = path.join(repoRoot, 'test', '.tmp', `browser-site-${process.pid}`);
    removeBuildAtExit(out);
    if (!existsSync(path.join(out, 'it/index.html')))
      await buildSite({ packageRoot: repoRoot, config: path.join(repoRoot, 'site.config.ts'), out });
    return out;
  })();
  const running = await serve({ dir: await built, port: 0, host: '127.0.0.1' });
  return { origin: running.url.replace(/\/$/, ''), close: running.close };
}

/**
 * A copy of a fixture site (see `copyFixture`) built into its `build/` folder, served on loopback, with a
 * Chromium to read it; `close` stops both and removes the copy.
 */
export async function openFixtureSite(
  dir: string,
  options: Partial<BuildOptions> = {},
): Promise<{ browser: Browser; origin: string; close(): Promise<void> }> {
  const out = path.join(dir, 'build');
  await buildSite({ packageRoot: repoRoot, config: path.join(dir, 'site.config.ts'), out, ...options });
  const running = await serve({ dir: out, port: 0, host: '127.0.0.1' });
  const browser = await launchChromium();
  return {
    browser,
    origin: running.url.replace(/\/$/, ''),
    close: async () => {
      await browser.close();
      await running.close();
      removeDir(dir);
    },
  };
}
