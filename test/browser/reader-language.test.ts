/*
 * One language in the interface, read as a reader meets it: every page type and every state of the search
 * modal, their texts and accessible names compared with the site's catalogue and checked for English words
 * outside the allow-list (test/interface-language.ts).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { interfaceTextOf } from '../../src/shared/i18n/catalogues';
import { type TranslationId, translatorOf } from '../../src/shared/i18n/interface-text';
import { englishWordsIn } from '../interface-language';
import { releaseChromium, sharedChromium } from './browser';
import { hydrated } from './reader';
import { serveBuiltSite } from './site-server';

let browser: Browser;
let context: BrowserContext;
let site: Awaited<ReturnType<typeof serveBuiltSite>>;
const { t } = translatorOf(interfaceTextOf('it'));

test.before(async () => {
  site = await serveBuiltSite();
  browser = await sharedChromium();
  // The site's service worker would answer requests before page.route sees them.
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
});
test.after(async () => {
  await releaseChromium();
  await site.close();
});

/** One page of each type, with catalogue strings a reader finds on it. */
const pageTypes: Record<string, { path: string; shows: TranslationId[] }> = {
  home: { path: '/it/', shows: ['theme.SearchBar.label'] },
  doc: {
    path: '/it/v1/guides/getting-started/prerequisites',
    shows: [
      'theme.docs.sidebar.navAriaLabel',
      'theme.docs.breadcrumbs.navAriaLabel',
      'theme.docs.breadcrumbs.home',
      'theme.TOC.title',
      'theme.admonition.note',
      'theme.CodeBlock.copyButtonAriaLabel',
      'theme.common.editThisPage',
      'theme.docs.paginator.previous',
      'theme.docs.paginator.next',
    ],
  },
  API: {
    path: '/it/v1/api/cli',
    shows: ['theme.docs.breadcrumbs.navAriaLabel', 'theme.common.editThisPage', 'theme.docs.paginator.next'],
  },
  'blog list': {
    path: '/it/blog',
    shows: [
      'theme.blog.sidebar.title',
      'theme.blog.post.readMore',
      'theme.blog.paginator.olderEntries',
      'theme.blog.archive.linkLabel',
    ],
  },
  post: {
    path: '/it/blog/2023/05/03/tauri-1-3',
    shows: ['theme.blog.post.paginator.newerPost', 'theme.blog.post.paginator.olderPost', 'theme.tags.tagsListLabel'],
  },
  archive: { path: '/it/blog/archive', shows: ['theme.blog.archive.title'] },
  '404': { path: '/it/pagina-inesistente', shows: ['theme.SearchBar.label'] },
};

interface Shown {
  /** Where: the element's tag and class, and the attribute for an accessible name. */
  where: string;
  text: string;
}

/**
 * The page's interface text: every text and every accessible name (`aria-label`, `title`, `placeholder`, `alt`)
 * outside what the site's authors wrote (the page's content and its headings in the TOC, excerpts, tags, code,
 * search hits), but for the theme's
 * own parts inside content (admonition titles, heading links, copy buttons). Hidden parts count too: a
 * dropdown's items, the modal's Cancel on a wide screen.
 */
function interfaceTexts(page: Page): Promise<Shown[]> {
  // No named functions inside: the test runner's transform would wrap them in a helper the page does not have.
  return page.evaluate(() => {
    const authored = [
      ...['.content', '.blog-summary > .markdown', '.home-content', '.toc-list', '.post-tags > li', '.search-hit'],
      ...['pre', 'code', 'script', 'style'],
    ].join(', ');
    const themeInContent = '.admonition-heading, .hash-link, .copy-button';
    const shown: { where: string; text: string }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node instanceof Text ? node.parentElement! : (node as Element);
      if ((el.closest(authored) && !el.closest(themeInContent)) || el.closest('template')) continue;
      const where = `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`;
      if (node instanceof Text) {
        if (node.data.trim()) shown.push({ where, text: node.data.trim() });
        continue;
      }
      for (const attribute of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = el.getAttribute(attribute)?.trim();
        if (value) shown.push({ where: `${where}[${attribute}]`, text: value });
      }
    }
    return shown;
  });
}

/** What of `shown` is English outside the allow-list, as `where: text (words)`. */
const englishIn = (shown: Shown[]) =>
  shown.flatMap(({ where, text }) => {
    const words = englishWordsIn(text);
    return words.length ? [`${where}: ${text} (${words.join(', ')})`] : [];
  });

async function open(path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(site.origin + path);
  await hydrated(page);
  return page;
}

for (const [name, { path, shows }] of Object.entries(pageTypes)) {
  test(`${name} page: says what the catalogue says, and no English word outside the allow-list`, async () => {
    const page = await open(path);
    const shown = await interfaceTexts(page);
    assert.equal(englishIn(shown), [], path);
    const texts = new Set(shown.map((s) => s.text));
    assert.equal(
      shows.filter((id) => !texts.has(t(id))),
      [],
      `catalogue strings missing from ${path}`,
    );
    await page.close();
  });
}

const input = (page: Page) => page.locator('.search-modal-input');
const body = (page: Page) => page.locator('.search-modal-body');

/** Opens the modal with the keyboard, as a reader does, and types a query (none: the empty state). */
async function searchFor(page: Page, query: string, state: string): Promise<Shown[]> {
  await page.keyboard.press('Control+k');
  await input(page).waitFor();
  if (query) await input(page).fill(query);
  await page.locator(`.search-modal-body[data-search-state="${state}"]`).waitFor();
  return interfaceTexts(page);
}

test('search modal, empty: the help text, the keys and the credit, in Italian but for the quoted strings', async () => {
  const page = await open('/it/v1/guides/faq');
  const shown = await searchFor(page, '', 'initial');
  assert.equal(englishIn(shown), []);
  const text = await body(page).innerText();
  assert.ok(text.startsWith(t('theme.SearchModal.startScreen.helpText')), text);
  assert.match(text, t('theme.SearchModal.startScreen.sectionsTitle'));
  assert.is(await input(page).getAttribute('placeholder'), t('theme.SearchModal.placeholder'));
  const footer = await page.locator('.search-modal-footer').innerText();
  for (const id of ['selectText', 'navigateText', 'closeText', 'searchByText'] as const)
    assert.match(footer, t(`theme.SearchModal.footer.${id}`));
  await page.close();
});

test('search modal, results: grouped hits under Italian section names, nothing English around them', async () => {
  const page = await open('/it/v1/guides/faq');
  const shown = await searchFor(page, 'finestra', 'results');
  assert.equal(englishIn(shown), []);
  assert.is(
    await page.locator('.search-modal-results').getAttribute('aria-label'),
    t('theme.SearchModal.results.ariaLabel'),
  );
  const categories = await page.locator('.search-hit-category').allInnerTexts();
  assert.ok(categories.length > 0);
  assert.equal(englishIn(categories.map((text) => ({ where: 'category', text }))), []);
  await page.close();
});

test("search modal, no results: the site's sections, which fill the query and find their pages", async () => {
  const page = await open('/it/v1/guides/faq');
  const shown = await searchFor(page, 'zzqqxyw', 'no-results');
  assert.equal(englishIn(shown), []);
  assert.match(await body(page).innerText(), 'No results for "zzqqxyw"');
  assert.match(await body(page).innerText(), t('theme.SearchModal.noResultsScreen.suggestedQueryText'));
  // The site's sections, as its sidebars and blog name them: the categories search files pages under.
  assert.equal(await page.locator('.search-modal-suggestion').allInnerTexts(), [
    '"Guide"',
    '"Riferimenti"',
    '"API"',
    '"API JavaScript"',
    '"Blog"',
  ]);
  await page.locator('.search-modal-suggestion', { hasText: '"Riferimenti"' }).click();
  assert.is(await input(page).inputValue(), 'Riferimenti');
  await page.locator('.search-modal-body[data-search-state="results"]').waitFor();
  assert.is(await page.locator('.search-hit-category').first().innerText(), 'Riferimenti');
  await page.close();
});

test('search modal, error: the quoted error message and nothing English besides', async () => {
  const page = await context.newPage();
  await page.route('**/search/local-index.json', (route) => route.fulfill({ status: 500, body: 'rotto' }));
  await page.goto(`${site.origin}/it/v1/guides/faq`);
  await hydrated(page);
  const shown = await searchFor(page, 'finestra', 'error');
  assert.equal(englishIn(shown), []);
  assert.is(await body(page).innerText(), t('theme.SearchModal.errorScreen.titleText'));
  await page.close();
});

test.run();
