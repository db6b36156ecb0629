import type { Browser, BrowserContext, Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { releaseChromium, sharedChromium } from './browser';
import { fetchesOf, installClock, pauseClock, recordFetches } from './page-time';
import { hydrated } from './reader';
import { serveBuiltSite } from './site-server';

let browser: Browser;
let site: Awaited<ReturnType<typeof serveBuiltSite>>;
const desktop = { width: 1280, height: 800 };
const mobile = { width: 390, height: 800 };
const doc = '/it/v1/guides/getting-started/prerequisites';

test.before(async () => {
  site = await serveBuiltSite();
  browser = await sharedChromium();
});
test.after(async () => {
  await releaseChromium();
  await site.close();
});

async function open(
  path: string,
  options: {
    viewport?: { width: number; height: number };
    context?: BrowserContext;
    colorScheme?: 'light' | 'dark' | 'no-preference';
  } = {},
): Promise<{ page: Page; messages: string[] }> {
  const context =
    options.context ??
    (await browser.newContext({
      viewport: options.viewport ?? desktop,
      colorScheme: options.colorScheme ?? 'no-preference',
    }));
  const page = await context.newPage();
  const messages: string[] = [];
  page.on(
    'console',
    (m) => (m.type() === 'error' || m.type() === 'warning') && messages.push(`${m.type()}: ${m.text()}`),
  );
  page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
  await page.goto(site.origin + path);
  // Hydrated and its effects run (the app marks <html> then).
  await hydrated(page);
  return { page, messages };
}

const hasRouteAnnouncer = (page: Page) => page.evaluate(() => document.querySelector('.route-announcer') !== null);

test('hydrates a doc page, a blog post, the home page and the 404 page without console errors', async () => {
  for (const path of [doc, '/it/blog/2023/06/14/tauri-1-4', '/it/', '/it/pagina-inesistente']) {
    const { page, messages } = await open(path);
    assert.ok(await hasRouteAnnouncer(page), path);
    // This sandbox has no network: external author avatars fail to resolve, which says nothing about the app.
    const offline = messages.filter((m) => !m.includes('ERR_NAME_NOT_RESOLVED'));
    const expected = path === '/it/pagina-inesistente' ? offline.filter((m) => !m.includes('404')) : offline;
    assert.equal(expected, [], path);
    await page.context().close();
  }
});

test('in-app links: URL, title, content and focus change without a reload; back restores the scroll', async () => {
  for (const viewport of [desktop, mobile]) {
    const { page } = await open(doc, { viewport });
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.locator('.pagination-next').click();
    await page.waitForURL('**/getting-started/setup');
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent !== 'Prerequisiti');
    assert.is(await page.evaluate(() => (window as unknown as { marker?: number }).marker), 42, 'no full reload');
    assert.match(await page.title(), / \| Tauri Apps$/);
    assert.is(
      await page.locator('main h1').innerText(),
      await page.evaluate(() => document.title.replace(/ \| Tauri Apps$/, '')),
    );
    assert.is(await page.evaluate(() => window.scrollY), 0);
    assert.ok(
      await page.evaluate(() => document.activeElement?.classList.contains('route-announcer')),
      'focus moves to the top',
    );
    await page.goBack();
    await page.waitForURL(`**${doc}`);
    await page.waitForFunction(
      () => document.querySelector('main h1')?.textContent === 'Prerequisiti' && window.scrollY > 500,
    );
    assert.is(await page.locator('main h1').innerText(), 'Prerequisiti');
    await page.context().close();
  }
});

test('a link with a hash scrolls to its target; an unknown path shows the 404 page', async () => {
  const { page } = await open('/it/v1/guides');
  await page.evaluate(() => {
    const a = document.createElement('a');
    a.href = '/it/v1/guides/getting-started/prerequisites#linux';
    a.id = 'test-hash';
    a.textContent = 'linux';
    document.querySelector('main')!.prepend(a);
    const b = document.createElement('a');
    b.href = '/it/v1/non-esiste';
    b.id = 'test-404';
    b.textContent = 'manca';
    document.querySelector('main')!.prepend(b);
  });
  await page.click('#test-hash');
  await page.waitForURL('**/prerequisites#linux');
  // The URL changes as the navigation starts: the target is looked for until the new page has it.
  await page.waitForFunction(() => {
    const target = document.getElementById('linux');
    return target !== null && Math.abs(target.getBoundingClientRect().top) < 120;
  });
  await page.evaluate(() => history.back());
  await page.waitForURL('**/it/v1/guides');
  await page.waitForSelector('#test-404');
  await page.click('#test-404');
  await page.waitForURL('**/it/v1/non-esiste');
  await page.waitForSelector('main h1:has-text("Pagina non trovata")');
  await page.context().close();
});

test('page data is prefetched on hover, and not with save-data on', async () => {
  const { page } = await open('/it/v1/guides');
  const prefetched = page.waitForRequest((r) => new URL(r.url()).pathname === '/it/v1/guides/faq/page-data.json');
  await page.hover('.docs-sidebar a[href="/it/v1/guides/faq"]');
  await prefetched.catch(() => assert.unreachable('hovering a link fetches its page data'));
  await page.context().close();

  const context = await browser.newContext({ viewport: desktop });
  await context.addInitScript({
    content: "Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } });",
  });
  await recordFetches(context);
  const saver = await open('/it/v1/guides', { context });
  await saver.page.hover('.docs-sidebar a[href="/it/v1/guides/faq"]');
  // A prefetch starts in the task that handles the pointer: it would be listed by now.
  assert.equal(await fetchesOf(saver.page, 'page-data.json'), []);
  await context.close();
});

test('page data of links that scroll into view is prefetched when the browser is idle', async () => {
  const context = await browser.newContext({ viewport: desktop });
  const page = await context.newPage();
  await page.goto(site.origin + doc);
  await hydrated(page);
  const next = await page.locator('.pagination-next').getAttribute('href');
  const fetched = (pathname: string) => page.waitForRequest((r) => new URL(r.url()).pathname === pathname);
  const prefetched = fetched(`${next}/page-data.json`);
  // A link in the text of the page (the app finds them inside <main>, by its id), near the end of the page.
  const faqData = fetched('/it/v1/guides/faq/page-data.json');
  await page.locator('main .content a[href="/it/v1/guides/faq"]').last().scrollIntoViewIfNeeded();
  await faqData.catch(() => assert.unreachable("a link of the page's text in view has its page data fetched"));
  await page.locator('.pagination-next').scrollIntoViewIfNeeded();
  await prefetched.catch(() => assert.unreachable('a link in view has its page data fetched'));
  await context.close();
});

test('a route change shows the progress bar after 200 ms of loading, then the new page at its top', async () => {
  // The page's clock is the test's: "200 ms" is the page's time, however slow the machine is.
  const context = await browser.newContext({ viewport: desktop });
  await installClock(context);
  const { page } = await open('/it/v1/guides', { context });
  // The page data is held back until the test has looked at the bar.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/faq/page-data.json', async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  await page.evaluate(() => window.scrollTo(0, 400));
  await pauseClock(page);
  // The click is handled (and the bar's timer set) by the time click() returns.
  await page.click('.docs-sidebar a[href="/it/v1/guides/faq"]');
  const bar = () => page.evaluate(() => document.getElementById('docs-it-progress') !== null);
  await page.clock.runFor(199);
  assert.not.ok(await bar(), 'no bar 199 ms after the click');
  await page.clock.runFor(1);
  assert.ok(await bar(), 'the bar 200 ms after the click');
  release();
  await page.clock.resume();
  await page.waitForURL('**/faq');
  await page.waitForSelector('#docs-it-progress', { state: 'detached' });
  assert.is(await page.evaluate(() => window.scrollY), 0);
  await context.close();
});

test('a failed page-data load logs a warning and falls back to a full page load', async () => {
  const { page, messages } = await open('/it/v1/guides');
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.route('**/faq/page-data.json', (route) =>
    route.fulfill({ status: 500, body: 'no' }).catch(() => undefined),
  );
  await page.click('.docs-sidebar a[href="/it/v1/guides/faq"]');
  await page.waitForURL('**/faq');
  await page.waitForFunction(() => (window as unknown as { marker?: number }).marker === undefined);
  assert.ok(
    messages.some((m) => m.startsWith('warning:') && m.includes('/it/v1/guides/faq')),
    messages.join('\n'),
  );
  await page.context().close();
});

test("a rendering error shows 'This page crashed.' with 'Try again' and the message", async () => {
  const { page } = await open('/it/v1/guides');
  await page.route('**/faq/page-data.json', async (route) => {
    // A late prefetch may arrive after the page closed: nothing to answer then.
    try {
      const res = await route.fetch();
      const data = await res.json();
      await route.fulfill({ response: res, json: { ...data, toc: null } });
    } catch {
      // page already gone
    }
  });
  await page.click('.docs-sidebar a[href="/it/v1/guides/faq"]');
  await page.waitForSelector('text=This page crashed.');
  assert.ok(await page.locator('button:has-text("Try again")').isVisible());
  assert.ok((await page.locator('.page-crashed-message').innerText()).length > 0);
  await page.context().close();
});

test('the wrong base URL shows the banner until the app hydrates', async () => {
  const context = await browser.newContext({ viewport: desktop });
  const page = await context.newPage();
  const home = await (await fetch(`${site.origin}/it/`)).text();
  await page.route('**/sbagliato/', (route) => route.fulfill({ contentType: 'text/html', body: home }));
  await page.route('**/assets/app.*.js', (route) => route.abort());
  await page.goto(`${site.origin}/sbagliato/`);
  const banner = page.locator('#__docs-it-base-url-issue-banner');
  assert.ok(await banner.isVisible());
  assert.match(await banner.innerText(), 'Your Docusaurus site did not load properly.');
  assert.match(await banner.innerText(), '/it/');
  await page.unroute('**/assets/app.*.js');
  await page.reload();
  await hydrated(page);
  assert.is(await banner.count(), 0);
  await context.close();
});

test(
  'colour mode (mobile viewport too): dark by default, the system preference without a ' +
    'stored choice, the toggle persists and syncs tabs',
  async () => {
    // A browser with no colour preference at all: matchMedia answers no to both schemes.
    const context = await browser.newContext({ viewport: desktop });
    await context.addInitScript({
      content:
        'const mm = window.matchMedia.bind(window); window.matchMedia = (q) => ' +
        '/prefers-color-scheme/.test(q) ? { matches: false, media: q, addEventListener() {}, ' +
        'removeEventListener() {} } : mm(q);',
    });
    const { page } = await open('/it/', { context });
    assert.is(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    const dark = await open('/it/', { colorScheme: 'dark' });
    assert.is(await dark.page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    await dark.page.context().close();
    const light = await open('/it/', { colorScheme: 'light' });
    assert.is(await light.page.evaluate(() => document.documentElement.dataset.theme), 'light');
    const other = await light.page.context().newPage();
    await other.goto(`${site.origin}/it/v1/guides`);
    await light.page.click('.color-mode-toggle');
    assert.is(await light.page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    assert.is(await light.page.evaluate(() => localStorage.getItem('theme')), 'dark');
    await other.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await light.page.reload();
    assert.is(await light.page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    await page.context().close();
    await light.page.context().close();
  },
);

test('the announcement bar closes, stays closed, and comes back when its id changes', async () => {
  for (const viewport of [desktop, mobile]) {
    const { page } = await open('/it/', { viewport });
    const bar = page.locator('.announcement-bar');
    assert.ok(await bar.isVisible());
    await page.click('.announcement-close');
    assert.not.ok(await bar.isVisible());
    await page.reload();
    assert.not.ok(await bar.isVisible());
    await page.evaluate(() => localStorage.setItem('docusaurus.announcement.id', 'un-altro-annuncio'));
    await page.reload();
    await hydrated(page);
    assert.ok(await bar.isVisible());
    assert.match(await page.locator('.translation-bar').innerText(), 'tradotta dalla comunità');
    await page.context().close();
  }
});

test(
  'mobile: the menu slides in with the docs sidebar, goes back to the main menu, closes on ' +
    'navigation and on desktop width',
  async () => {
    const { page } = await open(doc, { viewport: mobile });
    assert.not.ok(await page.locator('.docs-sidebar').isVisible());
    await page.click('.navbar-toggle');
    const panel = page.locator('.mobile-menu-panel');
    assert.ok(await panel.isVisible());
    assert.ok(await panel.locator('.docs-sidebar-menu a[aria-current="page"]').isVisible());
    await panel.locator('button:has-text("Torna al menu principale")').click();
    assert.ok(await panel.locator('.mobile-menu-primary').isVisible());
    await panel.locator('button:has-text("Menu della documentazione")').click();
    await panel.locator('.docs-sidebar-menu a[href="/it/v1/guides/faq"]').click();
    await page.waitForURL('**/faq');
    await page.waitForSelector('.mobile-menu-panel', { state: 'detached' });
    await page.click('.navbar-toggle');
    assert.ok(await page.locator('.mobile-menu-panel').isVisible());
    await page.setViewportSize(desktop);
    await page.waitForSelector('.mobile-menu-panel', { state: 'detached' });
    await page.context().close();
  },
);

test('the navbar hides on scroll down and shows on scroll up, never near the top', async () => {
  const { page } = await open(doc);
  await page.mouse.wheel(0, 1200);
  await page.waitForFunction(() => document.querySelector('.navbar')!.classList.contains('navbar-hidden'));
  await page.mouse.wheel(0, -300);
  await page.waitForFunction(() => !document.querySelector('.navbar')!.classList.contains('navbar-hidden'));
  await page.context().close();
});

test('dropdowns open on hover or Enter and close on an outside click', async () => {
  const { page } = await open('/it/');
  const api = page.locator('.navbar-dropdown', { has: page.locator('button:has-text("API")') });
  const menu = api.locator('.dropdown-menu');
  await api.locator('button').hover();
  await menu.waitFor({ state: 'visible' });
  await page.mouse.move(600, 600);
  await menu.waitFor({ state: 'hidden' }).catch(() => assert.unreachable('leaving the dropdown closes it'));
  await api.locator('button').focus();
  await page.keyboard.press('Enter');
  await menu.waitFor({ state: 'visible' });
  await page.mouse.click(600, 700);
  await menu.waitFor({ state: 'hidden' }).catch(() => assert.unreachable('an outside click closes it'));
  const languages = page.locator('.navbar-dropdown', { has: page.locator('button:has-text("Italiano")') });
  await languages.locator('button').hover();
  assert.is(await languages.locator('a:has-text("Français")').getAttribute('href'), '/fr/');
  await page.context().close();
});

test('sidebar categories expand and collapse with an animation; the current category is open', async () => {
  const { page } = await open(doc);
  const current = page.locator('.docs-sidebar a[aria-current="page"]');
  assert.ok(await current.isVisible());
  // A category without a page of its own is a single toggle named by its label.
  const caret = page.locator('.docs-sidebar').getByRole('button', { name: 'Sviluppo', exact: true });
  assert.is(await caret.getAttribute('aria-expanded'), 'false');
  assert.is(await page.locator('.docs-sidebar .menu-category-header:has-text("Sviluppo") button').count(), 1);
  const animated = page.waitForFunction(
    () =>
      document.querySelector<HTMLElement>('.docs-sidebar .menu-category-items[style*="transition"]')?.style
        .transition ?? '',
    undefined,
    { polling: 'raf' },
  );
  await caret.click();
  assert.match(String(await (await animated).jsonValue()), /height \d+ms/);
  await page.waitForSelector('.docs-sidebar a[href="/it/v1/guides/development/development-cycle"]', {
    state: 'visible',
  });
  assert.is(await caret.getAttribute('aria-expanded'), 'true');
  await caret.click();
  await page.waitForSelector('.docs-sidebar a[href="/it/v1/guides/development/development-cycle"]', {
    state: 'hidden',
  });
  assert.is(await caret.getAttribute('aria-expanded'), 'false');
  await page.context().close();
});

test('the table of contents highlights the section in view', async () => {
  const { page } = await open(doc);
  const active = () =>
    page.evaluate(() => [...document.querySelectorAll('.toc .toc-link.active')].map((a) => a.getAttribute('href')));
  assert.not.equal(await active(), ['#linux'], 'not the Linux section before scrolling to it');
  await page.evaluate(() => document.getElementById('linux')!.scrollIntoView());
  await page.waitForFunction(() => document.querySelector('.toc .toc-link.active')?.getAttribute('href') === '#linux');
  assert.equal(await active(), ['#linux'], 'one link is highlighted: the section in view');
  const label = await page.locator('.toc .toc-link.active').innerText();
  assert.is(label.trim(), await page.locator('#linux').evaluate((h) => h.textContent?.trim()));
  await page.context().close();
});

test('the preferred docs version is stored, and a stored version that no longer exists is deleted', async () => {
  const { page } = await open(doc);
  assert.is(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default')), 'current');
  await page.goto(`${site.origin}/it/blog`);
  await page.evaluate(() => localStorage.setItem('docs-preferred-version-default', 'v0-scomparsa'));
  await page.reload();
  await hydrated(page);
  assert.is(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default')), null);
  await page.context().close();
});

test('without storage the site warns once and keeps working', async () => {
  const context = await browser.newContext({ viewport: desktop });
  await context.addInitScript({
    content: "Object.defineProperty(window, 'localStorage', { get() { throw new Error('storage disabled'); } });",
  });
  const { page, messages } = await open(doc, { context });
  await page.click('.color-mode-toggle');
  await page.locator('.pagination-next').click();
  await page.waitForURL('**/getting-started/setup');
  assert.ok(
    messages.some((m) => m.startsWith('warning:') && m.includes('localStorage')),
    messages.join('\n'),
  );
  assert.not.ok(
    messages.some((m) => m.startsWith('pageerror')),
    messages.join('\n'),
  );
  await context.close();
});

test('content widgets: tabs switch and sync by group, code blocks can be copied, headings have anchors', async () => {
  for (const viewport of [desktop, mobile]) {
    const { page } = await open(doc, { viewport });
    const tabs = page.locator('.tabs').first();
    const second = tabs.locator('[role="tab"]').nth(1);
    const value = await second.getAttribute('data-value');
    await second.click();
    assert.is(await second.getAttribute('aria-selected'), 'true');
    assert.ok(await tabs.locator(`[role="tabpanel"][data-value="${value}"]`).isVisible());
    const group = await tabs.getAttribute('data-group-id');
    if (group) assert.is(await page.evaluate((g) => localStorage.getItem(`docusaurus.tab.${g}`), group), value);
    assert.ok((await page.locator('.code-block .copy-button').count()) > 0);
    assert.is(await page.locator('h2#linux a.hash-link').getAttribute('href'), '#linux');
    await page.context().close();
  }
});

test('tabs with a query string: the URL picks the tab, a click writes it to the URL and remembers it', async () => {
  const { page } = await open(`${doc}?os=Windows`);
  const tabs = page.locator('.tabs[data-query-string="os"]');
  await page.waitForFunction(
    () =>
      document
        .querySelector('.tabs[data-query-string="os"] [role="tab"][data-value="Windows"]')
        ?.getAttribute('aria-selected') === 'true',
  );
  assert.ok(await tabs.locator('[role="tabpanel"][data-value="Windows"]').isVisible());
  await tabs.locator('[role="tab"][data-value="macOS e Linux"]').click();
  assert.is(new URL(page.url()).searchParams.get('os'), 'macOS e Linux');
  assert.is(await page.evaluate(() => localStorage.getItem('docusaurus.tab.os')), 'macOS e Linux');
  await page.reload();
  assert.is(await tabs.locator('[role="tab"][data-value="macOS e Linux"]').getAttribute('aria-selected'), 'true');
  await page.context().close();
});

test("a lazy chunk that fails to load shows a red box with the error and a 'Retry' button", async () => {
  const { page } = await open('/it/v1/guides');
  await page.route('**/assets/chunks/mount-search.*.js', (route) => route.abort().catch(() => undefined));
  await page.click('[data-search-button]');
  const box = page.locator('#docs-it-chunk-error');
  await box.waitFor({ state: 'visible' });
  assert.match(await box.innerText(), 'Impossibile caricare');
  await page.unroute('**/assets/chunks/mount-search.*.js');
  await box.locator('button:has-text("Retry")').click();
  await page.locator('.search-modal').waitFor({ state: 'visible' });
  assert.is(await box.count(), 0);
  await page.context().close();
});

test('a navbar item that fails to render shows a message asking to check the navbar configuration', async () => {
  const context = await browser.newContext({ viewport: desktop });
  // Break one item in the compiled-in navbar config, as a bad config or a bug would.
  await context.route('**/assets/**/*.js', async (route) => {
    try {
      const res = await route.fetch();
      // The config is compiled in as JSON text (src/site/bundle/bundle-client.ts).
      const body = (await res.text()).replace(
        '{"type":"localeDropdown","itemsAfter":[',
        '{"type":"localeDropdown","itemsAfter":null,"unused":[',
      );
      await route.fulfill({ response: res, body });
    } catch {
      // context already closed
    }
  });
  const { page } = await open('/it/', { context });
  const message = page.locator('.navbar-item-error');
  await message.waitFor();
  assert.match(await message.innerText(), 'controlla la configurazione della navbar');
  assert.ok(await page.locator('.navbar-brand').isVisible(), 'the rest of the page still works');
  await context.close();
});

test.run();
