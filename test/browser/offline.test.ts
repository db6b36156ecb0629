import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, ConsoleMessage, Frame, Page, Request } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/build/build-site';
import { serve } from '../../src/cli/serve-command';
import { copyFixture, removeDir, repoRoot } from '../helpers';
import { releaseChromium, sharedChromium } from './browser';
import { installClock, pauseClock } from './page-time';
import { startDevSite } from './site-server';

/** The fixture's author with a picture from another origin: no network here, and none offline. */
const authors = `mario:
  name: Mario Rossi
  title: Manutentore
  url: https://github.com/mario
  image_url: https://github.com/mario.png
`;
const dir = copyFixture('basic', { 'content/blog/authors.yml': authors });
const out = path.join(dir, 'build');
const build = () => buildSite({ packageRoot: repoRoot, config: path.join(dir, 'site.config.ts'), out });
let browser: Browser;
let server: Awaited<ReturnType<typeof serve>>;
let origin: string;

/**
 * The same site with 60 more pages, in a category after the others, and a precache budget of 60 files: the
 * shell, the bundle, the first search's files and the first pages in sidebar order fit, the last pages do not.
 * Of the files the precache left out, the worker keeps the last 4 a reader used.
 */
const budgetFiles = 60;
const keptFiles = 4;
const extraPages: Record<string, string> = {
  'content/docs/guides/altre/_category_.json': JSON.stringify({ label: 'Altre pagine', position: 99 }),
};
for (let i = 0; i < 60; i++)
  extraPages[`content/docs/guides/altre/pagina-${i}.md`] =
    `---\ntitle: Pagina ${i}\nsidebar_position: ${i}\n---\n\nTesto della pagina ${i}, da leggere anche senza rete.\n`;
const largeDir = copyFixture('basic', extraPages);
const largeConfig = readFileSync(path.join(largeDir, 'site.config.ts'), 'utf8');
writeFileSync(
  path.join(largeDir, 'site.config.ts'),
  largeConfig.replace(
    /\n\}\);\s*$/,
    `\n  pwa: { precache: { maxFiles: ${budgetFiles} }, keep: { maxFiles: ${keptFiles} } },\n});\n`,
  ),
);
const largeOut = path.join(largeDir, 'build');
let largeServer: Awaited<ReturnType<typeof serve>>;
let largeOrigin: string;

test.before(async () => {
  await build();
  await buildSite({ packageRoot: repoRoot, config: path.join(largeDir, 'site.config.ts'), out: largeOut });
  server = await serve({ dir: out, port: 0, host: '127.0.0.1' });
  origin = server.url.replace(/\/$/, '');
  largeServer = await serve({ dir: largeOut, port: 0, host: '127.0.0.1' });
  largeOrigin = largeServer.url.replace(/\/$/, '');
  browser = await sharedChromium();
});
test.after(async () => {
  await releaseChromium();
  await server.close();
  await largeServer.close();
  removeDir(dir);
  removeDir(largeDir);
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

/** A hang guard for the service worker's steps, far above the few seconds they take on a loaded machine. */
const workerGuardMs = 60_000;

/** `promise`, or an error naming `what` once the hang guard has passed. */
function guarded<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`hang guard: ${what} after ${workerGuardMs} ms`)), workerGuardMs);
  });
  return Promise.race([promise, hang]).finally(() => clearTimeout(timer));
}

/**
 * Waits for the page to reach `url` (a glob) after a person's action; if it never does (a hang guard), the error
 * says what the page did meanwhile: its URLs, failed requests and console messages, so a failure under load says why.
 */
async function reaches(page: Page, url: string, act: () => Promise<void>): Promise<void> {
  const seen: string[] = [];
  const note = (what: string) => seen.push(`${new Date().toISOString().slice(11, 23)} ${what}`);
  const onNavigated = (frame: Frame) => note(`at ${frame.url()}`);
  const onFailed = (request: Request) => note(`failed ${request.url()} (${request.failure()?.errorText})`);
  const onConsole = (message: ConsoleMessage) => note(`${message.type()}: ${message.text()}`);
  page.on('framenavigated', onNavigated);
  page.on('requestfailed', onFailed);
  page.on('console', onConsole);
  try {
    await act();
    note('acted');
    await page.waitForURL(url);
  } catch (error) {
    throw new Error(`${(error as Error).message}\nwhat the page did:\n${seen.join('\n')}`);
  } finally {
    page.off('framenavigated', onNavigated);
    page.off('requestfailed', onFailed);
    page.off('console', onConsole);
  }
}

/** Waits until a service worker controls the page (and, in offline mode, the precache is filled). */
async function waitForWorker(page: Page): Promise<void> {
  // `ready` settles once a worker of the page's scope is active, that is installed: precached in offline mode.
  await guarded(
    page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined)),
    'no active service worker',
  );
  await page.reload();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: workerGuardMs });
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

/**
 * Waits until the worker has kept `urls` (in its on-demand cache) and holds at most `pwa.keep` files: it keeps a
 * page as it answers it, in the background, so a page just shown may not be kept yet (a reader going offline in
 * the same instant would not find it either; `waitForFunction` takes a promise for a truthy value, hence the loop,
 * whose polls are the hang guard).
 */
async function waitUntilKept(page: Page, urls: string[]): Promise<void> {
  for (let poll = 0; ; poll++) {
    const kept = await page.evaluate(async () =>
      (await (await caches.open('docs-it-on-demand')).keys()).map((request) => request.url),
    );
    if (urls.every((url) => kept.includes(url)) && kept.length <= keptFiles) return;
    if (poll * 100 > workerGuardMs) assert.unreachable(`hang guard: ${kept.length} files kept: ${kept.join(', ')}`);
    await page.waitForTimeout(100);
  }
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
  await hit.waitFor({ state: 'visible' });
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

test('the installed site offline: the service worker leaves no broken avatar, the initials show', async () => {
  const context = await newContext(true);
  const page = await context.newPage();
  await page.goto(`${origin}/it/`);
  await waitForWorker(page);
  await context.setOffline(true);
  await page.goto(`${origin}/it/blog/2023/01/05/post-05`);
  const author = page.locator('.post-author', { hasText: 'Mario Rossi' });
  await author.locator('.avatar-initials', { hasText: 'MR' }).waitFor();
  assert.is(await author.locator('img').count(), 0);
  await context.close();
});

/** The URLs `sw.js` precaches (its manifest, between workbox's injection point's brackets). */
function precachedUrls(buildDir: string): string[] {
  const code = readFileSync(path.join(buildDir, 'it/sw.js'), 'utf8');
  const manifest = code.match(/\[\{"revision":.*?\}\]/)?.[0];
  assert.ok(manifest, 'sw.js holds a precache manifest');
  return (JSON.parse(manifest) as { url: string }[]).map((entry) => entry.url);
}

test('past the precache budget: a page visited once opens again offline, one never opened shows the 404', async () => {
  const precached = precachedUrls(largeOut);
  assert.ok(precached.length <= budgetFiles, `${precached.length} files precached`);
  assert.ok(precached.includes('/it/v1/guides/faq/index.html'), 'the first pages in sidebar order are precached');
  for (const i of [58, 59])
    assert.not.ok(precached.includes(`/it/v1/guides/altre/pagina-${i}/index.html`), `pagina-${i} is not precached`);
  const context = await newContext(true);
  const page = await context.newPage();
  await page.goto(`${largeOrigin}/it/`);
  await waitForWorker(page);
  // Online, the reader opens a page the precache left out.
  await page.goto(`${largeOrigin}/it/v1/guides/altre/pagina-59`);
  await page.locator('main h1', { hasText: 'Pagina 59' }).waitFor();
  await waitUntilKept(page, [`${largeOrigin}/it/v1/guides/altre/pagina-59`]);
  await context.setOffline(true);
  // Offline: that page opens again, as does a precached page never opened.
  const again = await page.goto(`${largeOrigin}/it/v1/guides/altre/pagina-59`);
  assert.is(again?.status(), 200);
  assert.is(await page.locator('main h1').innerText(), 'Pagina 59');
  assert.ok(await page.getByText('da leggere anche senza rete').isVisible());
  await page.goto(`${largeOrigin}/it/v1/guides/faq`);
  assert.is(await page.locator('main h1').innerText(), 'FAQ');
  // In the app, from the sidebar: the page kept without its data still opens.
  await page.waitForFunction(() => document.documentElement.classList.contains('hydrated'));
  await page.locator('.docs-sidebar').getByRole('button', { name: 'Altre pagine', exact: true }).click();
  await reaches(page, '**/altre/pagina-59', () =>
    page.locator('.docs-sidebar a[href="/it/v1/guides/altre/pagina-59"]').click(),
  );
  await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Pagina 59');
  // A page neither precached nor opened: the site's not-found page, with its navbar to go on reading.
  const never = await page.goto(`${largeOrigin}/it/v1/guides/altre/pagina-58`);
  assert.is(never?.status(), 404);
  assert.match(await page.locator('main h1').innerText(), 'Pagina non trovata');
  assert.ok(await page.locator('.navbar a', { hasText: 'Guide' }).first().isVisible());
  await context.close();
});

test('what the worker keeps is bounded: past pwa.keep, the page used longest ago is let go', async () => {
  const context = await newContext(true);
  const page = await context.newPage();
  await page.goto(`${largeOrigin}/it/`);
  await waitForWorker(page);
  const pageUrl = (i: number) => `${largeOrigin}/it/v1/guides/altre/pagina-${i}`;
  // Online, the reader opens six pages the precache left out, coming back to the first one before the last two.
  for (const i of [50, 51, 52, 50, 53, 54]) {
    await page.goto(pageUrl(i));
    await page.locator('main h1', { hasText: `Pagina ${i}` }).waitFor();
  }
  // The worker keeps each page as it answers it: wait until the pages looked for below are kept and the bound holds.
  await waitUntilKept(page, [54, 53, 50].map(pageUrl));
  await context.setOffline(true);
  // Offline: the pages used last open again; the one used longest ago shows the site's not-found page.
  for (const i of [54, 53, 50]) {
    const again = await page.goto(pageUrl(i));
    assert.is(again?.status(), 200, `pagina-${i}`);
    assert.is(await page.locator('main h1').innerText(), `Pagina ${i}`);
  }
  const dropped = await page.goto(pageUrl(51));
  assert.is(dropped?.status(), 404);
  assert.match(await page.locator('main h1').innerText(), 'Pagina non trovata');
  await context.close();
});

// The sidebar click above once went nowhere: the category's sixty links were still opening, the link had been brought
// into view inside the opening list, which then slid under the pointer between the button's press and release.
test('a category opening: a link brought into view stays where it is, and a click on it opens its page', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  // The page's clock is the test's: the opening is held at its start, however fast or slow the machine is.
  await installClock(context);
  const page = await context.newPage();
  await page.goto(`${largeOrigin}/it/v1/guides/faq`);
  await page.waitForFunction(() => document.documentElement.classList.contains('hydrated'));
  await pauseClock(page);
  await page.locator('.docs-sidebar').getByRole('button', { name: 'Altre pagine', exact: true }).click();
  const link = page.locator('.docs-sidebar a[href="/it/v1/guides/altre/pagina-59"]');
  // While the list opens, the link is brought into view, as the browser does for a link focused or aimed at.
  await link.scrollIntoViewIfNeeded();
  const before = await link.boundingBox();
  await page.clock.runFor(2_000);
  await page.clock.resume();
  await page.waitForFunction(
    () => !document.querySelector<HTMLElement>('.menu-category-items[style*="height"]'),
    undefined,
  );
  assert.equal(await link.boundingBox(), before, 'the link has not moved since it was brought into view');
  await link.click();
  await page.waitForURL('**/altre/pagina-59');
  // The address changes as the navigation starts; the page's content follows once it has arrived.
  await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Pagina 59');
  assert.is(await page.locator('main h1').innerText(), 'Pagina 59');
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
  const onlineReloaded = online.waitForEvent('load', { timeout: workerGuardMs });
  for (const page of [offline, online])
    await page
      .evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update())
      // The online page may already have found the new version and reloaded itself: what it shows is checked below.
      .catch((error: unknown) => {
        if (page !== online || !/context was destroyed/.test(String(error))) throw error;
      });
  await onlineReloaded;
  await online.waitForSelector('text=Risposte della versione due.');
  const popup = offline.locator('.sw-reload-popup');
  await popup.waitFor({ timeout: workerGuardMs });
  assert.match(await popup.innerText(), 'nuova versione');
  await popup.locator('button:has-text("Aggiorna")').click();
  await offline.waitForSelector('text=Risposte della versione due.', { timeout: workerGuardMs });
  await offline.context().close();
  await online.context().close();
});

test('docs-it dev never registers the service worker', async () => {
  const dev = await startDevSite(path.join(dir, 'site.config.ts'));
  const page = await browser.newPage();
  try {
    // Every call to register, noted as it is made (a registration of a file dev does not serve would fail and
    // leave no registration to count).
    await page.addInitScript(() => {
      const calls: string[] = [];
      (window as { __registered?: string[] }).__registered = calls;
      const register = ServiceWorkerContainer.prototype.register;
      ServiceWorkerContainer.prototype.register = function (this: ServiceWorkerContainer, url, options) {
        calls.push(String(url));
        return register.call(this, url, options);
      };
    });
    await page.goto(`${dev.url}v1/guides/faq`);
    await page.waitForFunction(() => document.querySelector('.route-announcer') !== null);
    // A build registers the worker after the load event, once its workbox chunk has come: the network then
    // goes quiet (no request for 500 ms) only after that chunk.
    await page.waitForLoadState('networkidle');
    assert.equal(await page.evaluate(() => (window as { __registered?: string[] }).__registered), []);
    assert.is(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), 0);
  } finally {
    // A failed check must not leave the dev server (and its watcher) keeping the test process alive.
    await page.close();
    await dev.close();
  }
});

test.run();
