import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startDev } from '../../src/cli/dev-command';
import { serve } from '../../src/cli/serve-command';
import { buildSite } from '../../src/pipeline/build-site';
import { copyFixture, removeDir, repoRoot } from '../helpers';
import { launchChromium } from './browser';

const dir = copyFixture('basic');
const out = path.join(dir, 'build');
const build = () => buildSite({ packageRoot: repoRoot, config: path.join(dir, 'site.config.ts'), out });
let browser: Browser;
let server: Awaited<ReturnType<typeof serve>>;
let origin: string;

test.before(async () => {
  await build();
  server = await serve({ dir: out, port: 0, host: '127.0.0.1' });
  origin = server.url.replace(/\/$/, '');
  browser = await launchChromium();
});
test.after(async () => {
  await browser.close();
  await server.close();
  removeDir(dir);
});

/** A browser profile in offline mode (save-data on), or a plain one. */
async function newContext(offlineMode: boolean): Promise<BrowserContext> {
  const context = await browser.newContext();
  if (offlineMode)
    await context.addInitScript({
      content: "Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } });",
    });
  return context;
}

/** Waits until a service worker controls the page (and, in offline mode, the precache is filled). */
/** Polls an async check in the page (waitForFunction does not await promises). */
async function until(page: Page, check: () => Promise<boolean>, timeout = 20_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await page.evaluate(check))) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the service worker');
    await page.waitForTimeout(100);
  }
}

async function waitForWorker(page: Page): Promise<void> {
  await until(page, async () => !!(await navigator.serviceWorker.getRegistration())?.active);
  await page.reload();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 20_000 });
}

/** How many responses the page's caches hold (all cache names together). */
function cachedEntries(page: Page): Promise<number> {
  return page.evaluate(async () =>
    (await Promise.all((await caches.keys()).map(async (k) => (await (await caches.open(k)).keys()).length))).reduce(
      (a, b) => a + b,
      0,
    ),
  );
}

test('offline: every page loads with no network, in-app navigation works, unknown paths show the 404', async () => {
  const context = await newContext(true);
  const page = await context.newPage();
  await page.goto(`${origin}/it/`);
  await waitForWorker(page);
  const cached = await cachedEntries(page);
  assert.ok(cached > 20, `precached ${cached}`);
  await context.setOffline(true);
  for (const route of ['/it/v1/guides/faq', '/it/blog/2023/01/05/post-05', '/it/v1/guides/intro/primo/']) {
    await page.goto(origin + route);
    assert.ok(await page.locator('main h1').isVisible(), route);
  }
  await page.waitForFunction(() => document.querySelector('.route-announcer') !== null);
  await page.click('.docs-sidebar a[href="/it/v1/guides/faq"]');
  await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'FAQ');
  const missing = await page.goto(`${origin}/it/non-esiste`);
  assert.is(missing?.status(), 404);
  assert.match(await page.locator('main h1').innerText(), 'Pagina non trovata');
  // Search works offline through the local index.
  await page.goto(`${origin}/it/v1/guides`);
  await page.waitForFunction(() => document.querySelector('.route-announcer') !== null);
  await page.keyboard.press('Control+k');
  await page.locator('.search-modal-input').fill('rustup');
  const hit = page.locator('.search-modal a[href*="/it/v1/guides/intro/primo"]').first();
  await hit.waitFor({ state: 'visible', timeout: 10_000 });
  await context.close();
});

test('without offline mode the worker precaches nothing and pages come from the network', async () => {
  const context = await newContext(false);
  const page = await context.newPage();
  await page.goto(`${origin}/it/`);
  await waitForWorker(page);
  const cached = await cachedEntries(page);
  assert.is(cached, 0);
  await context.close();
});

test('a new version: a reload popup in offline mode, an automatic update otherwise', async () => {
  const offline = await (await newContext(true)).newPage();
  const online = await (await newContext(false)).newPage();
  for (const page of [offline, online]) {
    await page.goto(`${origin}/it/v1/guides/faq`);
    await waitForWorker(page);
  }
  const faq = path.join(dir, 'content/docs/guides/faq.md');
  writeFileSync(faq, readFileSync(faq, 'utf8').replace('Risposte brevi.', 'Risposte della versione due.'));
  await build();
  const onlineReloaded = online.waitForEvent('load', { timeout: 20_000 });
  for (const page of [offline, online])
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  await onlineReloaded;
  await online.waitForSelector('text=Risposte della versione due.');
  const popup = offline.locator('.sw-reload-popup');
  await popup.waitFor({ timeout: 20_000 });
  assert.match(await popup.innerText(), 'nuova versione');
  await popup.locator('button:has-text("Aggiorna")').click();
  await offline.waitForSelector('text=Risposte della versione due.', { timeout: 20_000 });
  await offline.context().close();
  await online.context().close();
});

test('docs-it dev never registers the service worker', async () => {
  const dev = await startDev({
    packageRoot: repoRoot,
    config: path.join(dir, 'site.config.ts'),
    port: 0,
    host: '127.0.0.1',
    open: false,
  });
  const page = await browser.newPage();
  await page.goto(`${dev.url}v1/guides/faq`);
  await page.waitForFunction(() => document.querySelector('.route-announcer') !== null);
  await page.waitForTimeout(500);
  assert.is(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), 0);
  await page.close();
  await dev.close();
});

test.run();
