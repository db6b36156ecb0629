import type { Browser } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFixture } from '../helpers';
import { openFixtureSite } from './site-server';

// Over the 200-link threshold: closed categories are rendered without their links (and, on the server, once
// per build). The reader must not notice: the page hydrates, and a closed category opens with its links.
const files: Record<string, string> = {
  'content/docs/index.md': '---\ntitle: Documentazione\n---\n\nLa pagina iniziale della documentazione di prova.\n',
};
for (let c = 0; c < 12; c++) {
  files[`content/docs/guides/sezione-${c}/_category_.json`] = JSON.stringify({
    label: `Sezione ${c}`,
    position: 10 + c,
  });
  for (let i = 0; i < 20; i++)
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
  await page.waitForFunction(() => document.documentElement.classList.contains('hydrated'));
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

test.run();
