/*
 * The site with a keyboard only, as a reader who does not use a pointer goes through it: the skip link, the
 * navbar and its dropdowns, the mobile menu (its groups, its focus trap, Escape and where focus goes back), the
 * search modal, the colour-mode toggle, and a focus indicator that can be seen on every element Tab reaches.
 */
import type { Browser, Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { releaseChromium, sharedChromium } from './browser';
import {
  type FocusRing,
  pressTabs,
  readBorderRing,
  ringContrast,
  startTabWalk,
  tabWalkRings,
  tabWalkSoFar,
} from './focus-ring';
import { desktop, hydrated, openReader, phone, type Reader, settled } from './reader';
import { serveBuiltSite } from './site-server';

const doc = '/it/v1/guides/getting-started/prerequisites';
/** The id of <main>: Docusaurus's, so that a site's CSS written for Docusaurus applies to it. */
const skipTarget = '__docusaurus_skipToContent_fallback';

let browser: Browser;
let site: Awaited<ReturnType<typeof serveBuiltSite>>;

test.before(async () => {
  site = await serveBuiltSite();
  browser = await sharedChromium();
});
test.after(async () => {
  await releaseChromium();
  await site.close();
});

/** A description of the focused element, for comparing and for messages. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
    return `${el.tagName.toLowerCase()}${el.className ? `.${el.className.split(' ').join('.')}` : ''} ${name}`;
  });

/** Presses Tab until the focused element matches `test` (at most `limit` presses); fails otherwise. */
async function tabTo(page: Page, selector: string, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  assert.unreachable(`Tab never reached ${selector}; focus is on ${await focused(page)}`);
}

const isFocused = (page: Page, selector: string) =>
  page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);

/** Waits for focus to come to the element (it moves once a closed dialog is gone); fails if it never does. */
async function focusComesTo(page: Page, selector: string, what: string): Promise<void> {
  await page
    .waitForFunction((s) => document.activeElement?.matches(s) ?? false, selector)
    .catch(async () => assert.unreachable(`${what}: focus is on ${await focused(page)}, not ${selector}`));
}

/**
 * How many Tabs the walk presses between two looks at how far it got (past its end, focus goes round again, and the
 * walk notes nothing more): a page's walk takes 60–100, and each look costs about as much as ten Tabs.
 */
const tabsBetweenLooks = 40;

/**
 * Every element Tab reaches, in order, with its focus ring: Tab is pressed until focus comes back to an element
 * already met (the page's end goes round through the browser's own controls to its start).
 */
async function tabWalk(page: Page, limit = 400): Promise<FocusRing[]> {
  await startTabWalk(page);
  for (let pressed = 0; pressed < limit; ) {
    const tabs = Math.min(tabsBetweenLooks, limit - pressed);
    await pressTabs(page, tabs);
    pressed += tabs;
    const walk = await tabWalkSoFar(page);
    assert.is(walk.steps, pressed, 'every Tab pressed was released in the page');
    if (walk.cameRound) return tabWalkRings(page);
  }
  assert.unreachable(`Tab went through ${limit} elements without coming back to the first`);
  return [];
}

for (const viewport of [desktop, phone]) {
  test(`${viewport.width} px: the skip link puts focus in <main>, and the next Tab stays in the content`, async () => {
    const reader = await openReader(browser, site.origin + doc, { viewport });
    const { page } = reader;
    await page.keyboard.press('Tab');
    assert.ok(await isFocused(page, '.skip-link'), 'the skip link comes first');
    assert.ok(await page.locator('.skip-link').isVisible(), 'and shows when focused');
    await page.keyboard.press('Enter');
    assert.ok(await isFocused(page, `main#${skipTarget}`), `focus is on ${await focused(page)}`);
    await page.keyboard.press('Tab');
    assert.ok(await isFocused(page, `main#${skipTarget} *`), `the next Tab went to ${await focused(page)}`);
    // The first control of the content: the breadcrumbs' link to the docs' home.
    assert.ok(await isFocused(page, 'main .breadcrumbs a'), await focused(page));
    await reader.close();
  });
}

test('navbar dropdowns by keyboard: Enter opens, Tab goes in, Escape closes and gives focus back', async () => {
  const reader = await openReader(browser, site.origin + doc);
  const { page } = reader;
  const api = page.getByRole('button', { name: 'API', exact: true });
  const menu = page.locator('.navbar-dropdown', { has: api }).locator('.dropdown-menu');
  await tabTo(page, '.navbar-dropdown > button');
  assert.ok(await api.evaluate((b) => b === document.activeElement), await focused(page));
  assert.is(await api.getAttribute('aria-expanded'), 'false');
  assert.not.ok(await menu.isVisible(), 'closed until asked');
  await page.keyboard.press('Enter');
  assert.is(await api.getAttribute('aria-expanded'), 'true');
  assert.ok(await menu.isVisible());
  await page.keyboard.press('Tab');
  assert.ok(await isFocused(page, '.dropdown-link[href="/it/v1/api/config"]'), await focused(page));
  await page.keyboard.press('Escape');
  assert.not.ok(await menu.isVisible(), 'Escape closes it');
  assert.is(await api.getAttribute('aria-expanded'), 'false');
  assert.ok(await api.evaluate((b) => b === document.activeElement), `focus is on ${await focused(page)}`);
  // Open again, and Tab out past its last link: it closes behind the reader.
  await page.keyboard.press('Enter');
  for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
  assert.ok(await isFocused(page, '.dropdown-link[href="https://docs.rs/tauri/1/"]'), await focused(page));
  await page.keyboard.press('Tab');
  assert.ok(await isFocused(page, '.navbar-link[href="/it/v1/references"]'), await focused(page));
  assert.not.ok(await menu.isVisible(), 'leaving it closes it');
  // Escape on the button itself closes too.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  assert.ok(await menu.isVisible());
  await page.keyboard.press('Escape');
  assert.not.ok(await menu.isVisible());
  assert.ok(await api.evaluate((b) => b === document.activeElement));
  await reader.close();
});

test('mobile menu by keyboard: focus is held inside, groups open and close, Escape gives focus back', async () => {
  const reader = await openReader(browser, `${site.origin}/it/blog`, { viewport: phone });
  const { page } = reader;
  const panel = page.locator('.mobile-menu-panel');
  await tabTo(page, '.navbar-toggle');
  await page.keyboard.press('Enter');
  await panel.waitFor();
  await focusComesTo(page, '.mobile-menu-panel *', 'the menu opened');
  // The header shows the logo as the navbar does.
  const logo = panel.locator('.mobile-menu-header img.logo-light');
  assert.ok(await logo.isVisible());
  assert.is(await logo.getAttribute('src'), await page.locator('.navbar img.logo-light').getAttribute('src'));
  // Language and version switchers are in view without scrolling the panel.
  for (const name of ['Lingua: Italiano', 'v1']) {
    const box = await panel.getByRole('button', { name, exact: true }).boundingBox();
    assert.ok(box && box.y + box.height <= phone.height, `${name} is below the fold (${box?.y})`);
  }
  assert.is(await panel.evaluate((p) => p.scrollTop), 0);

  // Tab goes round the menu, never to the page behind it.
  const first = await focused(page);
  const seen: string[] = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    assert.ok(await isFocused(page, '.mobile-menu-panel *'), `Tab left the menu for ${await focused(page)}`);
    const now = await focused(page);
    if (now === first) break;
    seen.push(now);
  }
  assert.is(await focused(page), first, `Tab did not come back to the first control: ${seen.join(' | ')}`);
  await page.keyboard.press('Shift+Tab');
  assert.is(await focused(page), seen[seen.length - 1], 'Shift+Tab from the first goes to the last');
  await page.keyboard.press('Tab');

  // A group expands and collapses, and says so.
  const api = panel.getByRole('button', { name: 'API', exact: true });
  const config = panel.locator('a[href="/it/v1/api/config"]');
  assert.is(await api.getAttribute('aria-expanded'), 'false');
  assert.not.ok(await config.isVisible(), 'a closed group hides its links');
  await api.focus();
  await page.keyboard.press('Enter');
  assert.is(await api.getAttribute('aria-expanded'), 'true');
  await settled(page);
  assert.ok(await config.isVisible());
  await page.keyboard.press('Tab');
  assert.ok(await config.evaluate((a) => a === document.activeElement), await focused(page));
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  assert.is(await api.getAttribute('aria-expanded'), 'false');
  await settled(page);
  assert.not.ok(await config.isVisible(), 'collapsed again');
  await page.keyboard.press('Tab');
  assert.not.ok(await config.evaluate((a) => a === document.activeElement), 'and its links out of the Tab order');

  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
  await focusComesTo(page, '.navbar-toggle', 'Escape');
  // The close button gives focus back too.
  await page.keyboard.press('Enter');
  await focusComesTo(page, '.mobile-menu-panel *', 'the menu opened again');
  await panel.getByRole('button', { name: 'Chiudi il menu' }).focus();
  await page.keyboard.press('Enter');
  await panel.waitFor({ state: 'detached' });
  await focusComesTo(page, '.navbar-toggle', 'the close button');
  await reader.close();
});

test("mobile menu on a docs page: the main menu's switchers are one step away; the page's group is open", async () => {
  const reader = await openReader(browser, site.origin + doc, { viewport: phone });
  const { page } = reader;
  const panel = page.locator('.mobile-menu-panel');
  const back = panel.getByRole('button', { name: '← Torna al menu principale' });
  await reader.press(page.locator('.navbar-toggle'));
  await reader.press(back);
  for (const name of ['Lingua: Italiano', 'v1']) {
    const box = await panel.getByRole('button', { name, exact: true }).boundingBox();
    assert.ok(box && box.y + box.height <= phone.height, `${name} is below the fold (${box?.y})`);
  }
  await reader.close();

  // An API page: the API group, which holds it, starts open (whether or not the page has a sidebar menu).
  const api = await openReader(browser, `${site.origin}/it/v1/api/config`, { viewport: phone });
  const menu = api.page.locator('.mobile-menu-panel');
  await api.press(api.page.locator('.navbar-toggle'));
  if (await menu.getByRole('button', { name: '← Torna al menu principale' }).count())
    await api.press(menu.getByRole('button', { name: '← Torna al menu principale' }));
  const group = menu.getByRole('button', { name: 'API', exact: true });
  assert.is(await group.getAttribute('aria-expanded'), 'true', 'the group that holds the page starts open');
  await api.press(group);
  assert.is(await group.getAttribute('aria-expanded'), 'false');
  await settled(api.page);
  assert.not.ok(await menu.getByRole('link', { name: 'Configurazione' }).isVisible());
  await api.close();
});

test('search by keyboard: Ctrl+K opens it, Escape closes it, focus goes back (over the mobile menu too)', async () => {
  const reader = await openReader(browser, site.origin + doc);
  const { page } = reader;
  await tabTo(page, '.navbar-link[href="/it/v1/guides"]');
  await page.keyboard.press('Control+k');
  await page.locator('.search-modal').waitFor();
  await focusComesTo(page, '.search-modal input', 'Ctrl+K');
  await page.keyboard.press('Tab');
  assert.ok(await isFocused(page, '.search-modal *'), `Tab left the search for ${await focused(page)}`);
  await page.keyboard.press('Escape');
  await page.locator('.search-modal').waitFor({ state: 'detached' });
  await focusComesTo(page, '.navbar-link[href="/it/v1/guides"]', 'Escape in the search');
  await reader.close();

  const mobile = await openReader(browser, site.origin + doc, { viewport: phone });
  const p = mobile.page;
  await tabTo(p, '.navbar-toggle');
  await p.keyboard.press('Enter');
  await focusComesTo(p, '.mobile-menu-panel *', 'the menu opened');
  await p.keyboard.press('Tab');
  const inMenu = await focused(p);
  await p.keyboard.press('Control+k');
  await p.locator('.search-modal').waitFor();
  await focusComesTo(p, '.search-modal input', 'Ctrl+K over the menu');
  await p.keyboard.press('Escape');
  await p.locator('.search-modal').waitFor({ state: 'detached' });
  assert.ok(await p.locator('.mobile-menu-panel').isVisible(), 'Escape closes the search only');
  await focusComesTo(p, '.mobile-menu-panel *', 'Escape in the search over the menu');
  assert.is(await focused(p), inMenu, 'focus is back where it was in the menu');
  await p.keyboard.press('Escape');
  await p.locator('.mobile-menu-panel').waitFor({ state: 'detached' });
  await focusComesTo(p, '.navbar-toggle', 'Escape in the menu');
  await mobile.close();
});

test('the colour-mode toggle says which mode is on, and switches from the keyboard', async () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    const reader = await openReader(browser, site.origin + doc, { colorScheme });
    const { page } = reader;
    const toggle = page.getByRole('button', { name: 'Modalità scura', exact: true });
    const dark = colorScheme === 'dark';
    assert.is(await toggle.getAttribute('aria-pressed'), String(dark), colorScheme);
    assert.is(await toggle.getAttribute('title'), dark ? 'Passa alla modalità chiara' : 'Passa alla modalità scura');
    await tabTo(page, '.color-mode-toggle');
    await page.keyboard.press('Space');
    await page.waitForFunction((d) => document.documentElement.dataset.theme === (d ? 'light' : 'dark'), dark);
    assert.is(await toggle.getAttribute('aria-pressed'), String(!dark), 'the state follows');
    // Another tab switching the mode: this one follows, its toggle too.
    const other = await page.context().newPage();
    await other.goto(site.origin + doc);
    await other.getByRole('button', { name: 'Modalità scura', exact: true }).click();
    await page.waitForFunction((d) => document.documentElement.dataset.theme === (d ? 'dark' : 'light'), dark);
    assert.is(await toggle.getAttribute('aria-pressed'), String(dark));
    await reader.close();
  }
});

test('every focus indicator stands out 3:1 from what surrounds it, in light and dark, the bars included', async () => {
  const failures: string[] = [];
  let checked = 0;
  const check = (where: string, rings: FocusRing[]) => {
    for (const ring of rings) {
      const ratio = ringContrast(ring);
      checked++;
      if (typeof ratio === 'string' || ratio < 3)
        failures.push(`${where} ${ring.element}: ${typeof ratio === 'string' ? ratio : ratio.toFixed(2)}`);
    }
  };
  // One tab on a wide screen and one on a phone, each going from page to page as a reader does, the system's colour
  // preference switched between the two rounds: a new tab for each page cost more than its walk.
  let wide: Reader | undefined;
  let narrow: Reader | undefined;
  const visit = async (reader: Reader | undefined, path: string, colorScheme: 'light' | 'dark', viewport = desktop) => {
    if (!reader) reader = await openReader(browser, site.origin + path, { colorScheme, viewport });
    else {
      await reader.page.emulateMedia({ colorScheme });
      await reader.page.goto(site.origin + path);
      await hydrated(reader.page);
    }
    const theme = await reader.page.evaluate(() => document.documentElement.dataset.theme);
    assert.is(theme, colorScheme, `${path} opened in the ${colorScheme} mode`);
    return reader;
  };
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const path of ['/it/', doc, '/it/blog/2023/06/14/tauri-1-4']) {
      wide = await visit(wide, path, colorScheme);
      const rings = await tabWalk(wide.page);
      check(`${colorScheme} ${path}`, rings);
      if (path === '/it/') {
        // The announcement bar's link and close button are among them.
        const elements = rings.map((r) => r.element).join('\n');
        assert.match(elements, 'Leggi le novità');
        assert.match(elements, 'announcement-close');
      }
    }
    // The search: its form's border marks the focused input; Tab goes round the rest of the dialog.
    wide = await visit(wide, doc, colorScheme);
    await wide.page.keyboard.press('Control+k');
    await focusComesTo(wide.page, '.search-modal input', 'Ctrl+K');
    check(`${colorScheme} search`, [
      ...(await readBorderRing(wide.page, '.search-modal-form')),
      ...(await tabWalk(wide.page, 50)).filter((r) => !r.element.startsWith('<input')),
    ]);
    // On a phone: the menu button and the open mobile menu.
    narrow = await visit(narrow, doc, colorScheme, phone);
    await tabTo(narrow.page, '.navbar-toggle');
    await narrow.page.keyboard.press('Enter');
    await focusComesTo(narrow.page, '.mobile-menu-panel *', 'the menu opened');
    check(`${colorScheme} menu`, await tabWalk(narrow.page, 100));
  }
  await wide?.close();
  await narrow?.close();
  assert.ok(checked > 200, `only ${checked} elements reached`);
  assert.equal(failures, []);
});

test.run();
