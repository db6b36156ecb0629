import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { serve } from '../../src/cli/serve-command';
import { buildSite } from '../../src/pipeline/build-site';
import { copyFixture, removeDir, repoRoot } from '../helpers';
import { launchChromium } from './browser';

// The Docusaurus-dialect fixture site as a reader uses it: the site's own components work in the browser.
const dir = copyFixture('docusaurus');
let browser: Browser;
let running: Awaited<ReturnType<typeof serve>>;

test.before(async () => {
  await buildSite({
    packageRoot: repoRoot,
    config: path.join(dir, 'site.config.ts'),
    out: path.join(dir, 'build'),
    quiet: true,
  });
  running = await serve({ dir: path.join(dir, 'build'), port: 0, host: '127.0.0.1' });
  browser = await launchChromium();
});
test.after(async () => {
  await browser.close();
  await running.close();
  removeDir(dir);
});

async function open(path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${running.url.replace(/\/$/, '')}${path}`);
  await page.waitForFunction(() => document.documentElement.classList.contains('hydrated'));
  return { page, errors };
}

test("a component of the site's components module works in the browser, after navigating too", async () => {
  const { page, errors } = await open('/lanterna/docs/avvio/introduzione');
  assert.ok(await page.getByText('npm run tauri dev').isVisible());
  await page.getByRole('button', { name: 'cargo' }).click();
  assert.ok(await page.getByText('cargo tauri dev').isVisible());
  assert.is(await page.getByRole('button', { name: 'cargo' }).getAttribute('aria-pressed'), 'true');
  // What the page put inside a component is still there once it is hydrated.
  assert.ok(await page.getByText('La prima versione con il nuovo gestore degli aggiornamenti.').isVisible());
  await page.getByRole('button', { name: 'Espandi la categoria «Guide pratiche»' }).click();
  await page.getByRole('link', { name: 'Configurazione', exact: true }).click();
  await page.waitForURL(/\/docs\/guide\/configurazione$/);
  await page.getByRole('button', { name: 'pnpm' }).click();
  assert.ok(await page.getByText('pnpm tauri info').isVisible());
  assert.equal(errors, []);
  await page.close();
});

test.run();
