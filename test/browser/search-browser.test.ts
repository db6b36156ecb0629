import { readdirSync } from 'node:fs';
import path from 'node:path';
import { build as esbuild } from 'esbuild';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/build/build-site';
import { serve } from '../../src/cli/serve-command';
import { indexSettingsOf } from '../../src/search/meilisearch-push';
import { searchWordsOf } from '../../src/search/search-words';
import { clientConfigFor, copyFixture, removeDir, repoRoot } from '../helpers';
import { type MeilisearchDouble, startMeilisearchDouble } from '../meilisearch-double';
import { readRecordsOf } from '../records-files';
import { releaseChromium, sharedChromium } from './browser';
import { fetchesOf, installClock, pauseClock, recordFetches } from './page-time';

const ricerca = `---
title: Ricerca delle finestre
---

Questa pagina parla di finestre trasparenti e di \`<img src=x onerror="window.__pwned=1">\` scritto come testo.

## Finestre trasparenti {#trasparenti}

Una finestra trasparente mostra solo ciò che disegna la webview.

## Perché una finestra senza bordi {#senza-bordi}

Perché così la barra del titolo si disegna in HTML.
`;
const dir = copyFixture('basic', { 'content/docs/guides/ricerca.md': ricerca });
const config = path.join(dir, 'site.config.ts');
const localOut = path.join(dir, 'build-local');
const meiliOut = path.join(dir, 'build-meili');
/** Strings only the modal, the local search (its index check) and the meilisearch client contain. */
const localSearchMarker = 'non supportato (atteso';
const firstLoadMarkers = ['search-modal-backdrop', localSearchMarker, 'Meilisearch JavaScript'];

let browser: Browser;
/** One context for every test: the HTTP cache keeps the site's assets between pages, as for a reader. */
let context: BrowserContext;
let local: Awaited<ReturnType<typeof serve>>;
let meili: Awaited<ReturnType<typeof serve>>;
let double: MeilisearchDouble;

/** The test harness bundle (installSearch) next to the site's own assets, built with the site's client config. */
async function buildHarness(out: string, env: Record<string, string>) {
  await esbuild({
    entryPoints: { harness: path.join(repoRoot, 'test/browser/search-harness.ts') },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    outdir: path.join(out, 'it/assets/search-harness'),
    entryNames: '[name]',
    chunkNames: '[name].[hash]',
    logLevel: 'silent',
    jsx: 'automatic',
    define: {
      'process.env.NODE_ENV': '"production"',
      __DOCS_IT_CONFIG__: JSON.stringify(JSON.stringify(await clientConfigFor(config, env))),
    },
  });
}

test.before(async () => {
  double = await startMeilisearchDouble({ masterKey: 'chiave-admin', searchKey: 'chiave-ricerca' });
  const meiliEnv = { DOCS_IT_SEARCH_HOST: double.url, DOCS_IT_SEARCH_KEY: 'chiave-ricerca' };
  await buildSite({ packageRoot: repoRoot, config, out: localOut, env: {} });
  await buildSite({ packageRoot: repoRoot, config, out: meiliOut, env: meiliEnv });
  await Promise.all([buildHarness(localOut, {}), buildHarness(meiliOut, meiliEnv)]);
  const records = readRecordsOf(localOut);
  const settings = indexSettingsOf(searchWordsOf({ lang: 'it', htmlLang: 'it', synonyms: [] }));
  double.seed('docs-v1', records, settings as Record<string, unknown>);
  [local, meili] = await Promise.all([
    serve({ dir: localOut, port: 0, host: '127.0.0.1' }),
    serve({ dir: meiliOut, port: 0, host: '127.0.0.1' }),
  ]);
  browser = await sharedChromium();
  // The site's service worker would answer requests before page.route sees them.
  context = await browser.newContext({ viewport: { width: 1000, height: 600 }, serviceWorkers: 'block' });
});
test.after(async () => {
  await releaseChromium();
  await local?.close();
  await meili?.close();
  await double?.close();
  removeDir(dir);
});

interface Opened {
  page: Page;
}

/** A built page with the search installed (by the site's entry or, until it is wired there, the harness). */
async function openPage(
  route = 'v1/guides/faq',
  base = local.url,
  setup?: (page: Page) => Promise<unknown>,
  pages: BrowserContext = context,
): Promise<Opened> {
  const page = await pages.newPage();
  // Routes set before the first request: the page then bypasses the HTTP cache.
  await setup?.(page);
  await page.goto(`${base}it/${route}`);
  await page.addScriptTag({ type: 'module', url: '/it/assets/search-harness/harness.js' });
  await page.waitForFunction(() => (window as { __searchHarness?: boolean }).__searchHarness === true);
  return { page };
}

const scriptBodies = new Map<string, Promise<string>>();
/**
 * The scripts the page has loaded so far, with their text. The page lists them itself (resource timing
 * has an entry once a file has arrived, before it runs), so a chunk whose code shows on screen is listed.
 */
async function loadedScripts(page: Page): Promise<{ url: string; body: string }[]> {
  const urls = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => new URL(name).pathname.endsWith('.js')),
  );
  return Promise.all(
    [...new Set(urls)].map(async (url) => {
      if (!scriptBodies.has(url))
        scriptBodies.set(
          url,
          fetch(url).then((r) => r.text()),
        );
      return { url, body: await scriptBodies.get(url)! };
    }),
  );
}

const modal = (page: Page) => page.locator('.search-modal');
/** The modal is open and ready for keys: its input has focus (set once its effects have run). */
async function opened(page: Page) {
  await modal(page).waitFor();
  await page.waitForFunction(() => document.activeElement?.id === 'docs-it-search-input');
}
const input = (page: Page) => page.locator('#docs-it-search-input');
const hits = (page: Page) => page.locator('.search-hit');
const selectedText = (page: Page) => page.locator('.search-hit[aria-selected="true"] .search-hit-title').innerText();

/** Types a query and waits until the modal shows what that query found. */
async function search(page: Page, query: string) {
  await input(page).fill(query);
  await page.locator(`.search-modal-body[data-search-query=${JSON.stringify(query)}]`).waitFor();
}

test('first load has no search JS; the navbar button loads the modal and the local index on first use', async () => {
  const { page } = await openPage();
  const requests: string[] = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  await page.waitForLoadState('networkidle');
  for (const script of await loadedScripts(page))
    for (const marker of firstLoadMarkers)
      assert.not.ok(script.body.includes(marker), `${script.url} contains ${marker}`);
  assert.not.ok(
    requests.some((r) => r.includes('/search/')),
    'no search data before the modal opens',
  );
  await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/it/search/local-index.json')),
    page.click('[data-search-button]'),
  ]);
  await modal(page).waitFor();
  const scripts = await loadedScripts(page);
  assert.ok(
    scripts.some((s) => s.body.includes('search-modal-backdrop')),
    'the modal came as its own chunk',
  );
  assert.ok(
    scripts.some((s) => s.body.includes(localSearchMarker)),
    'and the local search',
  );
  await search(page, 'finestra');
  assert.ok(
    requests.some((r) => /^\/it\/search\/stemmer\.[0-9a-f]{8}\.js$/.test(r)),
    'and, with the index, the stemmer module beside it',
  );
  assert.not.ok(
    scripts.some((s) => s.body.includes('Meilisearch JavaScript')),
    'but not the meilisearch client',
  );
  assert.is(await page.evaluate(() => document.activeElement?.id), 'docs-it-search-input');
  await page.close();
});

test('hotkeys: ctrl+k and meta+k toggle, s and / open (not while typing in a field), Escape closes', async () => {
  const { page } = await openPage();
  await page.keyboard.press('Control+k');
  await opened(page);
  await page.keyboard.press('Escape');
  await modal(page).waitFor({ state: 'detached' });
  await page.keyboard.press('Meta+k');
  await opened(page);
  await page.keyboard.press('Control+k');
  await modal(page).waitFor({ state: 'detached' });
  for (const key of ['s', '/']) {
    await page.keyboard.press(key);
    await opened(page);
    assert.is(await input(page).inputValue(), '', `${key} is not typed into the query`);
    await page.keyboard.press('Escape');
    await modal(page).waitFor({ state: 'detached' });
  }
  await page.evaluate(() => document.body.insertAdjacentHTML('afterbegin', '<input id="campo">'));
  await page.focus('#campo');
  await page.keyboard.type('s/');
  // The modal's code is loaded: a hotkey would have shown it in the same task as the key, before this check.
  assert.is(await modal(page).count(), 0, 'typing in a field does not open the search');
  assert.is(await page.inputValue('#campo'), 's/');
  await page.close();
});

test('a click on the backdrop or on Cancel closes; a click inside does not; focus returns to the button', async () => {
  const { page } = await openPage();
  await page.click('[data-search-button]');
  await modal(page).waitFor();
  await page.click('.search-modal-footer');
  assert.is(await modal(page).count(), 1);
  await page.mouse.click(5, 590);
  await modal(page).waitFor({ state: 'detached' });
  assert.ok(await page.evaluate(() => document.activeElement?.hasAttribute('data-search-button')));
  await page.setViewportSize({ width: 600, height: 600 });
  await page.click('[data-search-button]');
  await page.click('.search-modal-cancel');
  await modal(page).waitFor({ state: 'detached' });
  await page.close();
});

test('labels: placeholder, dialog, Clear the query, Cancel, select / navigate / close hints, Powered by', async () => {
  const { page } = await openPage();
  await page.keyboard.press('Control+k');
  await modal(page).waitFor();
  assert.is(await input(page).getAttribute('placeholder'), 'Search');
  assert.is(await modal(page).getAttribute('aria-label'), 'Search');
  const footer = await page.locator('.search-modal-footer').innerText();
  for (const label of ['to select', 'to navigate', 'to close', 'Powered by']) assert.match(footer, label);
  // The local engine is docs-it's own: the credit names it, and links to no other project.
  assert.match(footer, 'Powered by docs-it');
  assert.not.match(footer, 'MiniSearch');
  assert.is(await page.locator('.search-modal-powered a').count(), 0);
  assert.is(await page.locator('.search-modal-cancel').innerText(), 'Cancel');
  await input(page).fill('finestra');
  assert.is(await page.locator('.search-modal-reset').getAttribute('title'), 'Clear the query');
  await page.close();
});

test('focus is trapped inside the modal (Tab and Shift+Tab cycle)', async () => {
  const { page } = await openPage();
  await page.keyboard.press('Control+k');
  await modal(page).waitFor();
  await input(page).fill('finestra');
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    assert.ok(await page.evaluate(() => !!document.activeElement?.closest('.search-modal')), `Tab ${i}`);
  }
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Shift+Tab');
    assert.ok(await page.evaluate(() => !!document.activeElement?.closest('.search-modal')), `Shift+Tab ${i}`);
  }
  await page.close();
});

test(
  'results: grouped by category, lvl1 as subcategory, lvl2–lvl6 as the title, <mark> ' +
    'highlights, links to url#anchor',
  async () => {
    const { page } = await openPage();
    await page.keyboard.press('Control+k');
    await search(page, 'trasparenti');
    const first = hits(page).first();
    assert.is(await page.locator('.search-hit-category').first().innerText(), 'Guide');
    assert.is(await first.locator('.search-hit-title').innerText(), 'Finestre trasparenti');
    assert.is(await first.locator('.search-hit-path').innerText(), 'Ricerca delle finestre');
    assert.is(await first.locator('a').getAttribute('href'), '/it/v1/guides/ricerca#trasparenti');
    assert.equal(await first.locator('.search-hit-title mark').allInnerTexts(), ['trasparenti']);
    assert.ok(
      (await first.locator('.search-hit-content mark').allInnerTexts()).includes('trasparente'),
      'one typo away: the singular matches too',
    );
    await page.close();
  },
);

test('a loading icon shows while a request runs (the index is still downloading)', async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const { page } = await openPage(undefined, undefined, (p) =>
    p.route('**/it/search/local-index.json', async (route) => {
      await held;
      await route.continue();
    }),
  );
  await page.keyboard.press('Control+k');
  await input(page).fill('finestra');
  await page.locator('[data-search-loading]').waitFor();
  release();
  await page.locator('.search-modal-body[data-search-state="results"]').waitFor();
  assert.is(await page.locator('[data-search-loading]').count(), 0);
  await page.close();
});

test('arrow keys move the selection and wrap; the selected hit scrolls into view; hovering selects', async () => {
  const { page } = await openPage();
  await page.keyboard.press('Control+k');
  await search(page, 'articolo');
  const count = await hits(page).count();
  assert.ok(count >= 10, `${count} hits`);
  const titles = await page.locator('.search-hit .search-hit-title').allInnerTexts();
  assert.is(await selectedText(page), titles[0]);
  await page.keyboard.press('ArrowDown');
  assert.is(await selectedText(page), titles[1]);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  assert.is(await selectedText(page), titles[count - 1], 'up from the first wraps to the last');
  const inView = () =>
    page.evaluate(() => {
      const item = document.querySelector('.search-hit[aria-selected="true"]')!.getBoundingClientRect();
      const box = document.querySelector('.search-modal-body')!.getBoundingClientRect();
      return item.top >= box.top - 1 && item.bottom <= box.bottom + 1;
    });
  assert.ok(await inView(), 'the last hit scrolled into view');
  await page.keyboard.press('ArrowDown');
  assert.is(await selectedText(page), titles[0], 'down from the last wraps to the first');
  assert.ok(await inView());
  await hits(page).nth(2).hover();
  assert.is(await selectedText(page), titles[2]);
  await page.close();
});

test('Enter opens the selected hit in the same tab', async () => {
  const { page } = await openPage();
  await page.keyboard.press('Control+k');
  await search(page, 'trasparenti');
  await Promise.all([page.waitForURL('**/it/v1/guides/ricerca#trasparenti'), page.keyboard.press('Enter')]);
  await page.close();
});

test('ctrl+Enter, meta+Enter and shift+Enter open the hit in a new tab; the form is never submitted', async () => {
  const { page } = await openPage();
  const before = page.url();
  await page.keyboard.press('Control+k');
  await search(page, 'trasparenti');
  for (const combo of ['Control+Enter', 'Meta+Enter', 'Shift+Enter']) {
    const [popup] = await Promise.all([context.waitForEvent('page'), page.keyboard.press(combo)]);
    await popup.waitForLoadState('domcontentloaded');
    assert.match(popup.url(), '/it/v1/guides/ricerca#trasparenti', combo);
    await popup.close();
  }
  assert.is(page.url(), before);
  // Every submission of the form, and whether the modal cancelled it (then it navigates nowhere).
  await page.evaluate(() => {
    const submits: boolean[] = [];
    (window as { __submits?: boolean[] }).__submits = submits;
    document.addEventListener('submit', (event) => submits.push(event.defaultPrevented));
  });
  await input(page).fill('zzzqqqxx');
  await page.keyboard.press('Enter');
  await page.locator('.search-modal-body[data-search-query="zzzqqqxx"]').waitFor();
  await page.keyboard.press('Enter');
  // What Enter in a form's only field does when nothing stops it. The submit event, and whether it was
  // cancelled, come at once: no waiting for a navigation that might start.
  const submits = await page.evaluate(() => {
    document.querySelector<HTMLFormElement>('.search-modal-form')!.requestSubmit();
    return (window as { __submits?: boolean[] }).__submits;
  });
  assert.ok(submits?.length, 'the form was submitted');
  assert.ok(
    submits.every((cancelled) => cancelled),
    'every submission was cancelled: no navigation from the form',
  );
  assert.is(page.url(), before);
  await page.close();
});

test('an empty query resets to the initial state and sends nothing; Clear the query empties it', async () => {
  const { page } = await openPage();
  await page.keyboard.press('Control+k');
  await search(page, 'finestra');
  await input(page).fill('');
  await page.locator('.search-modal-body[data-search-state="initial"]').waitFor();
  assert.is(await page.locator('.search-hit-group').count(), 0, 'no results (recent searches may show)');
  await search(page, 'finestra');
  await page.click('.search-modal-reset');
  await page.locator('.search-modal-body[data-search-state="initial"]').waitFor();
  assert.is(await input(page).inputValue(), '');
  assert.is(await page.evaluate(() => document.activeElement?.id), 'docs-it-search-input');
  await page.close();
});

test('no results: the message with the query, category suggestions that fill the query when clicked', async () => {
  const { page } = await openPage();
  await page.keyboard.press('Control+k');
  await search(page, 'xyzzyplugh');
  const body = page.locator('.search-modal-body');
  assert.match(await body.innerText(), 'No results for "xyzzyplugh"');
  assert.match(await body.innerText(), 'Try searching for:');
  const suggestions = await page.locator('.search-modal-suggestion').allInnerTexts();
  assert.ok(suggestions.includes('"Blog"'), suggestions.join());
  await page.locator('.search-modal-suggestion', { hasText: 'Blog' }).click();
  assert.is(await input(page).inputValue(), 'Blog');
  await page.locator('.search-modal-body[data-search-state="results"]').waitFor();
  await page.close();
});

test('a failing index download shows the error state and logs the error', async () => {
  const { page } = await openPage(undefined, undefined, (p) =>
    p.route('**/it/search/local-index.json', (route) => route.fulfill({ status: 500, body: 'rotto' })),
  );
  const logged = page.waitForEvent('console', (m) => m.type() === 'error' && m.text().includes('Ricerca non riuscita'));
  await page.keyboard.press('Control+k');
  await search(page, 'finestra');
  assert.is(await page.locator('.search-modal-error').innerText(), 'An error has occured. Please try again...');
  await logged.catch(() => assert.unreachable('the error is logged'));
  await page.unroute('**/it/search/local-index.json');
  await input(page).fill('finestre');
  await page.locator('.search-modal-body[data-search-state="results"]').waitFor();
  await page.close();
});

test('no HTML from a hit can run: text is rendered as text, only <mark> becomes an element', async () => {
  const { page } = await openPage();
  await page.keyboard.press('Control+k');
  await search(page, 'onerror');
  const content = page.locator('.search-hit-content').first();
  assert.match(await content.innerText(), '<img src=x onerror="window.__pwned=1">');
  assert.is(await page.locator('.search-modal img').count(), 0);
  assert.equal(
    await page.evaluate(() => [...document.querySelectorAll('.search-hit-content *')].map((e) => e.tagName)),
    ['MARK'],
  );
  assert.is(await page.evaluate(() => (window as { __pwned?: number }).__pwned), undefined);
  await page.close();
});

test('a hit without url or anchor logs a warning and is not a link; an anchor alone links to #anchor', async () => {
  const { page } = await openPage(undefined, undefined, (p) =>
    // The page's text file says where its hits lead: its URL and each section's anchor.
    p.route('**/it/search/text/*.json', async (route) => {
      const text = (await (await route.fetch()).json()) as [string, string, string, number, [string, ...unknown[]][]];
      if (text[0] === '/it/v1/guides/ricerca') {
        text[0] = '';
        for (const section of text[4]) if (section[0] === 'senza-bordi') section[0] = '';
      }
      await route.fulfill({ json: text });
    }),
  );
  // Logged once the hits are on screen (an effect of the list): waited for, not looked up at one moment.
  const warned = page.waitForEvent(
    'console',
    (m) => m.type() === 'warning' && m.text().includes('A search result with neither url nor anchor'),
  );
  await page.keyboard.press('Control+k');
  await search(page, 'trasparenti');
  assert.is(await hits(page).first().locator('a').getAttribute('href'), '#trasparenti');
  await search(page, 'bordi');
  assert.is(await hits(page).first().locator('a').count(), 0);
  await warned.catch(() => assert.unreachable('a hit without url or anchor logs a warning'));
  await page.close();
});

test('queries are stemmed in the browser with the stemmer module the index was built with', async () => {
  const { page } = await openPage();
  await page.keyboard.press('Control+k');
  // «disegnando» is three letters from «disegna»: only their stem (disegn) joins them.
  await search(page, 'disegnando');
  const first = hits(page).first();
  assert.is(await first.locator('a').getAttribute('href'), '/it/v1/guides/ricerca#trasparenti');
  assert.equal(await first.locator('.search-hit-content mark').allInnerTexts(), ['disegna']);
  await page.close();
});

test('before a query: the sections are links to their pages, and a click opens one', async () => {
  const { page } = await openPage('v1/guides/faq');
  await page.keyboard.press('Control+k');
  await opened(page);
  const sections = page.locator('.search-modal-sections a');
  const links = await sections.evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
  assert.ok(links.length > 0 && links.every(([label, href]) => label && href?.startsWith('/it/')), String(links));
  assert.ok(
    links.some(([label, href]) => label === 'Blog' && href === '/it/blog'),
    String(links),
  );
  assert.is(await page.locator('.search-modal-suggestion').count(), 0, 'links, not words that look like queries');
  await Promise.all([page.waitForURL('**/it/blog'), sections.filter({ hasText: 'Blog' }).click()]);
  await modal(page).waitFor({ state: 'detached' });
  await page.close();
});

test('recent searches: an opened hit is offered as a link when the modal opens again, Enter opens it', async () => {
  const { page } = await openPage('v1/guides/faq');
  await page.evaluate(() => localStorage.clear());
  await page.keyboard.press('Control+k');
  await opened(page);
  assert.is(await page.locator('.search-modal-recent').count(), 0, 'nothing yet');
  await search(page, 'trasparenti');
  await Promise.all([page.waitForURL('**/it/v1/guides/ricerca#trasparenti'), page.keyboard.press('Enter')]);
  await modal(page).waitFor({ state: 'detached' });
  const stored = await page.evaluate(() => localStorage.getItem('docs-it-search-recent:/it/'));
  assert.match(stored ?? '', '/it/v1/guides/ricerca#trasparenti');
  await page.goto(`${local.url}it/v1/guides/faq`);
  await page.addScriptTag({ type: 'module', url: '/it/assets/search-harness/harness.js' });
  await page.keyboard.press('Control+k');
  await opened(page);
  const recent = page.locator('.search-modal-recent .search-hit');
  assert.is(await recent.count(), 1);
  assert.is(await recent.locator('.search-hit-title').innerText(), 'Finestre trasparenti');
  assert.is(await recent.locator('.search-hit-path').innerText(), 'Ricerca delle finestre');
  assert.is(await recent.locator('a').getAttribute('href'), '/it/v1/guides/ricerca#trasparenti');
  assert.is(await recent.getAttribute('aria-selected'), 'true');
  await Promise.all([page.waitForURL('**/it/v1/guides/ricerca#trasparenti'), page.keyboard.press('Enter')]);
  await page.close();
});

test('Meilisearch provider: Bearer key, index docs-v1, language filter, highlights, crop, debouncing', async () => {
  // The page's clock is the test's: "within 100 ms" is the page's time, however slow the machine is.
  const timed = await browser.newContext({ viewport: { width: 1000, height: 600 }, serviceWorkers: 'block' });
  await installClock(timed);
  const { page } = await openPage('v1/guides/faq', meili.url, recordFetches, timed);
  await page.keyboard.press('Control+k');
  await opened(page);
  assert.match(await page.locator('.search-modal-footer').innerText(), 'Powered by Meilisearch');
  assert.is(await page.locator('.search-modal-powered a').getAttribute('href'), 'https://www.meilisearch.com/');
  await pauseClock(page);
  const searches = () => fetchesOf(page, '/indexes/docs-v1/search');
  const before = double.requests.length;
  // A key every 20 ms: each one starts the 100 ms wait again.
  for (const key of 'trasparent') {
    await page.keyboard.type(key);
    await page.clock.runFor(20);
  }
  assert.equal(await searches(), [], 'no query while the reader types');
  await page.clock.runFor(100 - 20 - 1);
  assert.equal(await searches(), [], 'none until 100 ms after the last key');
  await page.clock.runFor(1);
  assert.is((await searches()).length, 1, 'typing within 100 ms sends one query, 100 ms after the last key');
  await page.locator('.search-modal-body[data-search-state="results"]').waitFor();
  const received = double.requests.slice(before).filter((r) => r.path === '/indexes/docs-v1/search');
  assert.is(received.length, 1);
  const request = received[0]!;
  assert.is(request.headers.authorization, 'Bearer chiave-ricerca');
  assert.match(String(request.headers['x-meilisearch-client']), 'Meilisearch JavaScript (v0.35.0)');
  assert.equal(request.body, {
    q: 'trasparent',
    filter: 'lang = "it"',
    attributesToHighlight: ['*'],
    highlightPreTag: '<mark>',
    highlightPostTag: '</mark>',
    attributesToCrop: ['content'],
    cropLength: 30,
  });
  const first = hits(page).first();
  assert.is(await first.locator('.search-hit-title').innerText(), 'Finestre trasparenti');
  assert.equal(await first.locator('.search-hit-title mark').allInnerTexts(), ['trasparenti']);
  assert.is(await first.locator('a').getAttribute('href'), '/it/v1/guides/ricerca#trasparenti');
  await input(page).fill('');
  await page.locator('.search-modal-body[data-search-state="initial"]').waitFor();
  await page.clock.runFor(1000);
  assert.is((await searches()).length, 1, 'an empty query sends nothing, not even 1 s later');
  assert.not.ok(
    (await loadedScripts(page)).some((s) => s.body.includes(localSearchMarker)),
    'the local search is not downloaded for Meilisearch',
  );
  await timed.close();
});

test('the build writes the records, the local index, its shards and the text files', () => {
  const files = readdirSync(path.join(localOut, 'it/search'));
  assert.equal(
    files.sort().map((f) => f.replace(/^stemmer\.[0-9a-f]{8}\.js$/, 'stemmer.js')),
    ['local-index.json', 'postings', 'records', 'stemmer.js', 'terms', 'text'],
  );
  const records = readRecordsOf<{ url: string; anchor: string | null; hierarchy_lvl0: string }>(localOut);
  assert.ok(
    records.some(
      (r) => r.url === '/it/v1/guides/ricerca' && r.anchor === 'trasparenti' && r.hierarchy_lvl0 === 'Guide',
    ),
  );
  assert.not.ok(
    records.some((r) => r.url.includes('bozza')),
    'drafts are not searchable',
  );
});

test.run();
