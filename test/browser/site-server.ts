import path from 'node:path';
import type { Browser } from 'playwright-core';
import { serve } from '../../src/cli/serve-command';
import { type BuildOptions, buildSite } from '../../src/pipeline/build-site';
import { removeDir, repoRoot } from '../helpers';
import { builtRealSite } from '../real-site';
import { launchChromium } from './browser';

/** The real site, built once for the whole test run (see ../real-site.ts), served on loopback. */
export async function serveBuiltSite(): Promise<{ origin: string; close(): Promise<void> }> {
  const running = await serve({ dir: await builtRealSite(), port: 0, host: '127.0.0.1' });
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
