import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { RunningDev } from '../../src/cli/dev-command';
import { afterChangeThrottle, copyFixture, removeDir } from '../helpers';
import { releaseChromium, sharedChromium } from './browser';
import { hydrated, settled } from './reader';
import { openLive, startDevSite } from './site-server';

const sections = Array.from(
  { length: 60 },
  (_, i) => `## Sezione ${i}\n\nTesto della sezione ${i}, abbastanza lungo da scorrere.\n`,
);
const longPage = `---\ntitle: Pagina lunga\n---\n\n${sections.join('\n')}`;
const dir = copyFixture('basic', { 'content/docs/guides/lunga.md': longPage });
const file = path.join(dir, 'content/docs/guides/lunga.md');
let dev: RunningDev;
let browser: Browser;

test.before(async () => {
  dev = await startDevSite(path.join(dir, 'site.config.ts'), { compiled: true });
  browser = await sharedChromium();
});
test.after(async () => {
  await releaseChromium();
  await dev?.close();
  removeDir(dir);
});

/** Opens a page of the dev server once it is hydrated and its live-reload stream is connected. */
async function open(page: Page, route: string): Promise<void> {
  await openLive(page, `${dev.url}${route}`);
  await hydrated(page);
}

test('an edit reloads the open page and keeps the reader where they were', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await open(page, 'v1/guides/lunga');
  await page.evaluate(() => window.scrollTo(0, 1500));
  await settled(page);
  assert.is(await page.evaluate(() => window.scrollY), 1500);
  const reloaded = page.waitForEvent('load');
  writeFileSync(file, longPage.replace('Testo della sezione 30,', 'Testo cambiato della sezione 30,'));
  await reloaded;
  await hydrated(page);
  await settled(page);
  assert.ok(await page.getByText('Testo cambiato della sezione 30').isVisible(), 'the page shows the edit');
  const y = await page.evaluate(() => window.scrollY);
  assert.ok(Math.abs(y - 1500) < 5, `scroll position ${y}`);
  await page.close();
});

test('a broken page shows the error overlay with file:line:column; fixing it removes the overlay', async () => {
  const page = await browser.newPage();
  await open(page, 'v1/guides/lunga');
  // The previous test changed this file: the watcher takes a new change of it only after its throttle.
  await afterChangeThrottle();
  writeFileSync(file, `${longPage}\n\n[rotto](./manca.md)\n`);
  const overlay = page.locator('#docs-it-overlay');
  await overlay.waitFor({ state: 'visible' });
  const text = await overlay.innerText();
  // In the site's language (Italian here), like every string of its interface.
  assert.match(text, /^docs-it: 1 errore \(la pagina si ricarica da sola quando sono corretti\)/);
  assert.match(text, /content\/docs\/guides\/lunga\.md:\d+:1/);
  assert.match(text, 'broken link');
  await afterChangeThrottle();
  writeFileSync(file, longPage);
  await overlay.waitFor({ state: 'detached' });
  await page.close();
});

test('a warning shows folded in a corner that leaves the page usable; removing its cause removes it', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await open(page, 'v1/guides/lunga');
  writeFileSync(file, longPage.replace('title: Pagina lunga', 'title: Pagina lunga\nsidebar_positon: 2'));
  const box = page.locator('#docs-it-warnings');
  await box.waitFor({ state: 'visible' });
  assert.is(await page.locator('#docs-it-overlay').count(), 0, 'no overlay over the page for a warning');
  const summary = box.locator('summary');
  assert.is(await summary.innerText(), 'docs-it: 1 avviso');
  assert.not.ok(await box.getByText('unknown front matter key').isVisible(), 'folded at first');
  // The page under it still takes clicks: a link of the sidebar opens its page.
  await page.getByRole('link', { name: 'FAQ' }).first().click();
  await page.waitForURL(/\/v1\/guides\/faq$/);
  await box.waitFor({ state: 'visible' });
  await summary.click();
  const warning = box.getByText(/^content\/docs\/guides\/lunga\.md:3:1\nunknown front matter key "sidebar_positon"/);
  await warning.waitFor({ state: 'visible' });
  assert.match(await warning.innerText(), 'Did you mean "sidebar_position"?');
  // The watcher takes a new change of this file only after its throttle.
  await afterChangeThrottle();
  writeFileSync(file, longPage);
  await box.waitFor({ state: 'detached' });
  await page.close();
});

test.run();
