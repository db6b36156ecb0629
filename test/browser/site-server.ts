import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { type BuildOptions, buildSite } from '../../src/build/build-site';
import { type RunningDev, startDev } from '../../src/cli/dev-command';
import { serve } from '../../src/cli/serve-command';
import { removeDir, repoRoot } from '../helpers';
import { builtRealSite } from '../real-site';
import { releaseChromium, sharedChromium } from './browser';

/** The real site, built once for the whole test run (see ../real-site.ts), served on loopback. */
export async function serveBuiltSite(): Promise<{ origin: string; close(): Promise<void> }> {
  const running = await serve({ dir: await builtRealSite(), port: 0, host: '127.0.0.1' });
  return { origin: running.url.replace(/\/$/, ''), close: running.close };
}

/**
 * A copy of a fixture site (see `copyFixture`) built into its `build/` folder, served on loopback, with the
 * shared Chromium to read it; `close` stops the server, gives the browser back and removes the copy.
 */
export async function openFixtureSite(
  dir: string,
  options: Partial<BuildOptions> = {},
): Promise<{ browser: Browser; origin: string; close(): Promise<void> }> {
  const out = path.join(dir, 'build');
  await buildSite({ packageRoot: repoRoot, config: path.join(dir, 'site.config.ts'), out, ...options });
  const opened = await openBuild(out);
  return {
    ...opened,
    close: async () => {
      await opened.close();
      removeDir(dir);
    },
  };
}

/**
 * A finished build served on loopback, with the shared Chromium to read it; `close` stops the server and gives the
 * browser back.
 */
export async function openBuild(out: string): Promise<{ browser: Browser; origin: string; close(): Promise<void> }> {
  const running = await serve({ dir: out, port: 0, host: '127.0.0.1' });
  const browser = await sharedChromium();
  return {
    browser,
    origin: running.url.replace(/\/$/, ''),
    close: async () => {
      await releaseChromium();
      await running.close();
    },
  };
}

/**
 * `docs-it dev` of the site whose config is `config`, on loopback. With `compiled`, it has compiled every page
 * before it is returned (its search index then holds them all, and no page waits for its compilation).
 */
export async function startDevSite(config: string, { compiled = false } = {}): Promise<RunningDev> {
  const dev = await startDev({ packageRoot: repoRoot, config, port: 0, host: '127.0.0.1', open: false });
  if (compiled)
    await dev.site.compileEverything().catch(async (error: unknown) => {
      await dev.close();
      throw error;
    });
  return dev;
}

/**
 * Opens `url` of a dev server once its live-reload stream is connected (the server then sends the page what it
 * must know of an edit: a reload, an error, a warning).
 */
export async function openLive(page: Page, url: string): Promise<void> {
  const connected = page.waitForResponse((r) => new URL(r.url()).pathname === '/__docs-it/events');
  await page.goto(url);
  await connected;
}
