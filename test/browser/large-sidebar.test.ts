import type { Browser } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFixture } from '../helpers';
import { hydrated } from './reader';
import { openFixtureSite } from './site-server';

// Over the 200-link threshold: closed categories are rendered without their links (and, on the server, once
// per build), and the list of 50 categories only near its top and the current page, with gaps of the same
// height. The reader must not notice: the page hydrates, the gaps fill in without moving anything, a closed
// category opens with its links.
const files: Record<string, string> = {
  'content/docs/index.md': '---\ntitle: Documentazione\n---\n\nLa pagina iniziale della documentazione di prova.\n',
};
for (let c = 0; c < 50; c++) {
  files[`content/docs/guides/sezione-${c}/_category_.json`] = JSON.stringify({
    label: `Sezione ${c}`,
    position: 10 + c,
  });
  for (let i = 0; i < 6; i++)
    files[`content/docs/guides/sezione-${c}/pagina-${i}.md`] =
      `---\ntitle: Pagina ${c}.${i}\nsidebar_position: ${i}\n---\n\nTesto della pagina ${i} della sezione ${c}.\n`;
}
const dir = copyFixture('basic', files);
let site: Awaited<ReturnType<typeof openFixtureSite>>;
let browser: Browser;

test.before(async () => {
  site = await openFixtureSite(dir);
  browser = site.browser;
});
test.after(() => site.close());

test('large sidebar: a page hydrates, closed categories open with their links, navigating into one works', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
  const origin = site.origin;
  await page.goto(`${origin}/it/v1/guides/sezione-3/pagina-5`);
  await hydrated(page);
  assert.ok(await page.locator('.docs-sidebar a[aria-current="page"]:has-text("Pagina 3.5")').isVisible());
  // A closed category is in the HTML without its links.
  assert.is(await page.locator('.docs-sidebar a[href="/it/v1/guides/sezione-8/pagina-2"]').count(), 0);
  const caret = page.locator('.docs-sidebar').getByRole('button', { name: 'Sezione 8', exact: true });
  assert.is(await caret.getAttribute('aria-expanded'), 'false');
  await caret.click();
  const link = page.locator('.docs-sidebar a[href="/it/v1/guides/sezione-8/pagina-2"]');
  await link.waitFor({ state: 'visible' });
  await link.click();
  await page.waitForURL('**/sezione-8/pagina-2');
  await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Pagina 8.2');
  assert.is(
    await page
      .locator('.docs-sidebar')
      .getByRole('button', { name: 'Sezione 8', exact: true })
      .getAttribute('aria-expanded'),
    'true',
  );
  assert.equal(errors, []);
  await page.close();
});

test('large sidebar: a category whose links are in a part file opens with them, one leads to its page', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const parts: string[] = [];
  page.on('request', (r) => /\/__docs-it\/sidebars\/[^/]+\/\d+\.json$/.test(r.url()) && parts.push(r.url()));
  await page.goto(`${site.origin}/it/v1/guides/sezione-3/pagina-5`);
  await hydrated(page);
  // The whole sidebar arrives: the last categories' links are not in its file (over 200 entries).
  const sidebar = page.locator('.docs-sidebar');
  const toggle = sidebar.getByRole('button', { name: 'Sezione 40', exact: true });
  await toggle.waitFor({ state: 'visible' });
  const before = parts.length;
  await toggle.click();
  const link = sidebar.locator('a[href="/it/v1/guides/sezione-40/pagina-2"]');
  await link.waitFor({ state: 'visible' });
  assert.is(parts.length, before + 1, "the category's links came from a part file");
  assert.is(await sidebar.locator('a[href^="/it/v1/guides/sezione-40/"]').count(), 6);
  await link.click();
  await page.waitForURL('**/sezione-40/pagina-2');
  await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Pagina 40.2');
  assert.ok(await sidebar.locator('a[aria-current="page"]:has-text("Pagina 40.2")').isVisible());
  assert.is(
    await sidebar.getByRole('button', { name: 'Sezione 40', exact: true }).getAttribute('aria-expanded'),
    'true',
  );
  await page.close();
});

const activeLink = '.docs-sidebar a[aria-current="page"]';

test('large sidebar: the gaps of a page fill in when the whole sidebar arrives, and nothing in it moves', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  // The whole sidebar is held back until the page as served has been measured.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/__docs-it/sidebars/*.json', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${site.origin}/it/v1/guides/sezione-30/pagina-4`);
  await hydrated(page);
  const sidebar = page.locator('.docs-sidebar');
  assert.ok((await page.locator('.menu-gap').count()) > 0, 'the page as served has gaps');
  assert.is(await sidebar.getByRole('button', { name: 'Sezione 16', exact: true }).count(), 0);
  // Scrolled so the current page is in view, as a reader would.
  await sidebar.evaluate((el, selector) => {
    const link = el.querySelector<HTMLElement>(selector)!;
    el.scrollTop = link.offsetTop - 200;
  }, activeLink);
  const before = await page.locator(activeLink).boundingBox();
  const heightBefore = await sidebar.evaluate((el) => el.scrollHeight);
  release();
  await page.waitForFunction(() => document.querySelectorAll('.menu-gap').length === 0);
  await sidebar.getByRole('button', { name: 'Sezione 16', exact: true }).waitFor({ state: 'attached' });
  const after = await page.locator(activeLink).boundingBox();
  assert.ok(before && after);
  assert.ok(Math.abs(after.y - before.y) < 1, `the current page's link moved from ${before.y} to ${after.y}`);
  const heightAfter = await sidebar.evaluate((el) => el.scrollHeight);
  // Rows are laid out on whole pixels, a gap's height is not: a pixel apart over dozens of rows.
  assert.ok(Math.abs(heightAfter - heightBefore) <= 2, `the sidebar was ${heightBefore} px tall, then ${heightAfter}`);
  assert.is(await sidebar.getByRole('button', { name: /^Sezione \d+$/ }).count(), 50);
  await page.close();
});

test('large sidebar without JavaScript: the path to the page, without empty space for the gaps', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${site.origin}/it/v1/guides/sezione-30/pagina-4`);
  assert.ok(await page.locator(`${activeLink}:has-text("Pagina 30.4")`).isVisible());
  assert.ok(await page.locator('.docs-sidebar a[href="/it/v1/guides/sezione-30/pagina-0"]').isVisible());
  // Right under the twelve categories at the top and the eight before it: no blank rows in between.
  const rows = await page.locator('.docs-sidebar .menu-category-header').count();
  const box = await page.locator(activeLink).boundingBox();
  const header = await page.locator('.docs-sidebar .menu-category-header').first().boundingBox();
  assert.ok(box && header);
  assert.ok(box.y < header.height * (rows + 8), `the current page's link is ${box.y} px down`);
  for (const gap of await page.locator('.menu-gap').all()) assert.not.ok(await gap.isVisible());
  await context.close();
});

test.run();
