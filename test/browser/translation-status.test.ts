import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TranslationReport } from '../../src/translations/translation-status';
import { copyFixture } from '../helpers';
import { hydrated } from './reader';
import { openFixtureSite } from './site-server';

// The status page a maintainer opens: every page with its state, sortable by a click on a column.
const commit = (date: string, subject: string) => ({ sha: 'a'.repeat(40), date: `${date}T09:00:00+00:00`, subject });
const report: TranslationReport = {
  version: 1,
  ref: 'main',
  head: commit('2025-06-01', 'Newest upstream commit'),
  pages: [
    {
      file: 'content/docs/guides/faq.md',
      route: '/it/v1/guides/faq',
      title: 'FAQ',
      state: 'changed',
      upstream: { path: 'docs/faq.md', commit: 'b'.repeat(40) },
      currentPath: 'docs/faq.md',
      commits: 2,
      added: 10,
      deleted: 3,
      newest: commit('2025-05-02', 'Answer one more question'),
    },
    {
      file: 'content/docs/guides/intro/primo.md',
      route: '/it/v1/guides/intro/primo',
      title: 'Primo passo',
      state: 'changed',
      upstream: { path: 'docs/intro/first.md', commit: 'b'.repeat(40) },
      currentPath: 'docs/intro/first.md',
      commits: 7,
      added: 40,
      deleted: 12,
      newest: commit('2025-04-20', 'Rewrite the first steps'),
    },
    {
      file: 'content/docs/guides/readme.md',
      route: '/it/v1/guides',
      title: 'Guide',
      state: 'up-to-date',
      upstream: { path: 'docs/readme.md', commit: 'b'.repeat(40) },
      currentPath: 'docs/readme.md',
      commits: 0,
      added: 0,
      deleted: 0,
    },
  ],
  untranslated: [{ path: 'docs/new.md', newest: commit('2025-05-30', 'Add a page') }],
};

const dir = copyFixture('basic');
let site: Awaited<ReturnType<typeof openFixtureSite>>;
let browser: Browser;

test.before(async () => {
  writeFileSync(path.join(dir, 'status.json'), JSON.stringify(report));
  site = await openFixtureSite(dir, { translationStatus: path.join(dir, 'status.json') });
  browser = site.browser;
});
test.after(() => site.close());

test('the status page sorts its table by the column a reader clicks', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${site.origin}/it/stato-traduzioni`);
  await hydrated(page);
  const titles = () => page.locator('.translation-table tbody tr td:first-child').allInnerTexts();
  // Most urgent state first, then by title.
  assert.equal(await titles(), ['FAQ', 'Primo passo', 'Guide']);
  const changes = page.getByRole('button', { name: 'Modifiche' });
  await changes.click();
  assert.equal(await titles(), ['Primo passo', 'FAQ', 'Guide']);
  assert.is(await page.locator('th', { has: changes }).getAttribute('aria-sort'), 'descending');
  await changes.click();
  assert.equal(await titles(), ['Guide', 'FAQ', 'Primo passo']);
  await page.getByRole('button', { name: 'Pagina' }).click();
  assert.equal(await titles(), ['FAQ', 'Guide', 'Primo passo']);
  assert.ok(await page.getByText('docs/new.md').isVisible());
  // A page whose upstream changed says so under its title.
  await page.getByRole('link', { name: 'FAQ' }).click();
  await page.waitForURL(/\/it\/v1\/guides\/faq$/);
  // The URL changes as the new page's data arrives, a moment before it is drawn: wait for the notice to be shown.
  const notice = page.getByText("L'originale inglese è stato aggiornato il 2 maggio 2025 dopo questa traduzione.");
  await notice.waitFor({ state: 'visible' });
  assert.ok(await notice.isVisible());
  assert.equal(errors, []);
  await page.close();
});

test.run();
