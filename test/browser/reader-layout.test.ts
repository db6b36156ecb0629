/*
 * The layout as a reader meets it, on a 390 px phone and on a wide screen: nothing wider than the screen, tables
 * and code that read well, what sticks while scrolling, the copy button, the translation notice, avatars (offline
 * under the service worker: offline.test.ts, whose site the worker precaches in a fraction of this one's time), and
 * axe-core's serious and critical findings in both colour modes.
 */

import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { interfaceTextOf } from '../../src/shared/i18n/catalogues';
import { translatorOf } from '../../src/shared/i18n/interface-text';
import { releaseChromium, sharedChromium } from './browser';
import { hydrated } from './reader';
import { serveBuiltSite } from './site-server';

let browser: Browser;
let site: Awaited<ReturnType<typeof serveBuiltSite>>;
const { t } = translatorOf(interfaceTextOf('it'));
let axeServer: { url: string; close(): void };

const phone: BrowserContextOptions = { viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true };
const desktop: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const pages = {
  home: '/it/',
  doc: '/it/v1/guides/getting-started/prerequisites',
  API: '/it/v1/api/config',
  'blog list': '/it/blog',
  post: '/it/blog/2023/05/03/tauri-1-3',
  archive: '/it/blog/archive',
  '404': '/it/pagina-inesistente',
};

test.before(async () => {
  site = await serveBuiltSite();
  browser = await sharedChromium();
  axeServer = await serveAxe();
});
test.after(async () => {
  for (const tab of tabs.values()) await (await tab).context().close();
  await releaseChromium();
  await site.close();
  axeServer.close();
});

/**
 * axe-core's script (650 kB) from a loopback server of its own with a long cache lifetime: Chromium then compiles it
 * once per tab and takes it from its code cache on the next pages, where a script injected as text was compiled
 * again on every page (most of what injecting it cost).
 */
async function serveAxe(): Promise<{ url: string; close(): void }> {
  const script = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'));
  const server = createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'text/javascript',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    response.end(script);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/axe.min.js`,
    close: () => server.close(),
  };
}

/** A page in a fresh browser profile (no service worker: requests reach the server and `page.route`). */
async function open(path: string, options: BrowserContextOptions = desktop): Promise<Page> {
  const context = await browser.newContext({ serviceWorkers: 'block', ...options });
  const page = await context.newPage();
  await page.goto(site.origin + path);
  if (options.javaScriptEnabled !== false) await hydrated(page);
  return page;
}
const close = (page: Page) => page.context().close();

/**
 * A tab per kind of screen, kept for the tests that only look at a page (no pointer, key, storage or permission
 * a later test would meet): each goes to its page by a full load, as a fresh tab would, without the cost of a new
 * profile and renderer.
 */
const tabs = new Map<string, Promise<Page>>();
async function view(path: string, options: BrowserContextOptions = desktop): Promise<Page> {
  const key = JSON.stringify(options);
  let tab = tabs.get(key);
  if (!tab) {
    tab = browser.newContext({ serviceWorkers: 'block', ...options }).then((context) => context.newPage());
    tabs.set(key, tab);
  }
  const page = await tab;
  await page.goto(site.origin + path);
  await hydrated(page);
  return page;
}
const box = async (locator: Locator) => (await locator.boundingBox())!;

/**
 * Elements that stick out of the screen and are not inside a box of their own that scrolls or clips them (and
 * fits the screen), as `tag.class right-edge`; and whether the page itself scrolls sideways.
 */
function overflowing(page: Page): Promise<{ offenders: string[]; pageScrollsSideways: boolean }> {
  // No named functions inside: the test runner's transform would wrap them in a helper the page does not have.
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const offenders: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || (r.right <= width + 0.5 && r.left >= -0.5)) continue;
      let contained = false;
      for (let up = el.parentElement; up && up !== document.body && !contained; up = up.parentElement) {
        const b = up.getBoundingClientRect();
        contained = getComputedStyle(up).overflowX !== 'visible' && b.right <= width + 0.5 && b.left >= -0.5;
      }
      if (!contained)
        offenders.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${Math.round(r.right)}`);
    }
    return { offenders, pageScrollsSideways: document.documentElement.scrollWidth > width };
  });
}

/** Besides the page types: a heading that is one long name, and release notes with long inline code. */
const narrowCases = {
  ...pages,
  'doc with a long name in a heading': '/it/v1/references/security',
  releases: '/it/releases',
};
for (const [name, path] of Object.entries(narrowCases)) {
  test(`390 px, ${name} page: nothing is wider than the screen outside a scroll box of its own`, async () => {
    const page = await view(path, phone);
    assert.equal(await overflowing(page), { offenders: [], pageScrollsSideways: false }, path);
  });
}

test('390 px: with a query typed, the search header keeps Cancel on screen next to the clear button', async () => {
  const page = await open(pages.doc, phone);
  await page.locator('.search-button').tap();
  await page.locator('.search-modal-input').fill('finestra');
  await page.locator('.search-modal-reset').waitFor();
  const cancel = await box(page.locator('.search-modal-cancel'));
  assert.ok(cancel.x >= 0 && cancel.x + cancel.width <= 390, `Cancel from ${cancel.x} to ${cancel.x + cancel.width}`);
  assert.equal(await overflowing(page), { offenders: [], pageScrollsSideways: false });
  await page.locator('.search-modal-cancel').tap();
  await page.locator('.search-modal').waitFor({ state: 'detached' });
  await close(page);
});

test('390 px: a wide table of the configuration scrolls in its own box, its key column staying in view', async () => {
  const page = await open(pages.API, phone);
  const table = page.locator('table', { has: page.locator('th', { hasText: 'Descrizione' }) }).nth(1);
  await table.scrollIntoViewIfNeeded();
  const key = table.locator('tbody tr:first-child > :first-child');
  const type = table.locator('tbody tr:first-child > :nth-child(2)');
  const [keyBefore, typeBefore] = [await box(key), await box(type)];
  // A sideways swipe over the table, as a thumb does (a wheel with a horizontal delta).
  const area = await box(table);
  await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
  await page.mouse.wheel(200, 0);
  await page.waitForFunction((el) => el!.scrollLeft > 0, await table.elementHandle());
  assert.ok((await box(type)).x < typeBefore.x - 50, 'the other columns moved');
  assert.is((await box(key)).x, keyBefore.x, 'the key column stayed');
  assert.is(await page.evaluate(() => window.scrollX), 0, 'the page did not move sideways');
  await close(page);
});

test('390 px: inline code breaks only where the build allows it (never between # and [tauri::command])', async () => {
  const page = await view('/it/v1/guides/features/command', phone);
  const split = await page.evaluate(() => {
    const found: string[] = [];
    for (const code of document.querySelectorAll('.markdown :not(pre) > code')) {
      // Between two <wbr>s a text runs on one line: all its characters on the same line box.
      for (const node of code.childNodes) {
        if (!(node instanceof Text) || node.length < 2) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) found.push(node.data);
      }
    }
    return found;
  });
  assert.equal(split, []);
  const attribute = page.locator('.markdown :not(pre) > code', { hasText: /^#\[tauri::command\]$/ }).first();
  assert.is(await attribute.evaluate((el) => el.getClientRects().length), 1);
});

test("a post's previous and next links say newer and older, and lead there", async () => {
  const page = await open(pages.post);
  const newer = page.locator('.pagination-prev');
  const older = page.locator('.pagination-next');
  assert.is(await newer.locator('.pagination-sublabel').innerText(), t('theme.blog.post.paginator.newerPost'));
  assert.is(await older.locator('.pagination-sublabel').innerText(), t('theme.blog.post.paginator.olderPost'));
  assert.match((await older.getAttribute('href'))!, /^\/it\/blog\/2023\/03\/20\//);
  await newer.click();
  await page.waitForURL('**/it/blog/2023/06/14/tauri-1-4');
  await close(page);
});

test('scrolling down hides the navbar: the sidebar and the TOC move up with it, no blank band above them', async () => {
  const page = await open(pages.API);
  for (let i = 0; i < 6 && !(await page.locator('.navbar-hidden').count()); i++) await page.mouse.wheel(0, 600);
  await page.locator('.navbar-hidden').waitFor();
  await page.waitForFunction(() => document.querySelector('.docs-sidebar')!.getBoundingClientRect().top <= 0.5);
  const toc = await box(page.locator('.toc'));
  assert.ok(toc.y < 30, `TOC at ${toc.y}`);
  // Scrolling up brings the navbar back, and the sidebar goes back under it once both have moved.
  await page.mouse.wheel(0, -300);
  await page.waitForFunction(() => {
    const navbar = document.querySelector('.navbar')!.getBoundingClientRect();
    const sidebar = document.querySelector('.docs-sidebar')!.getBoundingClientRect();
    return navbar.top >= -0.5 && Math.abs(sidebar.top - navbar.bottom) <= 1;
  });
  await close(page);
});

test("the blog's recent posts stay in view while a post scrolls, like its table of contents", async () => {
  const page = await open(pages.post);
  await page.mouse.wheel(0, 2500);
  await page.waitForFunction(() => window.scrollY > 2000);
  const recent = page.locator('.blog-sidebar-nav');
  await page.waitForFunction(() => {
    const top = document.querySelector('.blog-sidebar-nav')!.getBoundingClientRect().top;
    return top >= 0 && top < 100;
  });
  assert.ok(await recent.getByRole('link').first().isVisible());
  await close(page);
});

test('sidebar categories have one weight, whether their label is their page or only a toggle', async () => {
  const page = await view(pages.doc);
  const weights = await page
    .locator('.docs-sidebar .menu-category-header > .menu-link')
    .evaluateAll((els) =>
      els.map((el) => `${el.tagName === 'A' ? 'page' : 'label'} ${getComputedStyle(el).fontWeight}`),
    );
  assert.ok(weights.some((w) => w.startsWith('page')) && weights.some((w) => w.startsWith('label')), weights.join());
  assert.is(new Set(weights.map((w) => w.split(' ')[1])).size, 1, weights.join());
});

test('home cards: the same space above their title as below their text', async () => {
  const page = await view(pages.home);
  const cards = await page.locator('.home-content .card').evaluateAll((els) =>
    els.map((card) => {
      const outer = card.getBoundingClientRect();
      const first = card.firstElementChild!.getBoundingClientRect();
      const last = card.lastElementChild!.getBoundingClientRect();
      return { row: Math.round(outer.top), top: first.top - outer.top, bottom: outer.bottom - last.bottom };
    }),
  );
  assert.ok(cards.length >= 3);
  // In each row the tallest card sets the height; the others only have more room below.
  for (const row of new Set(cards.map((c) => c.row))) {
    const inRow = cards.filter((c) => c.row === row);
    const tightest = Math.min(...inRow.map((c) => c.bottom));
    assert.ok(Math.abs(tightest - inRow[0]!.top) <= 1, `row at ${row}: ${JSON.stringify(inRow)}`);
  }
});

test('blog list titles have the line height of post titles', async () => {
  const ratio = (el: Element) =>
    parseFloat(getComputedStyle(el).lineHeight) / parseFloat(getComputedStyle(el).fontSize);
  const list = await view(pages['blog list']);
  const listRatio = await list.locator('.blog-summary h2').first().evaluate(ratio);
  const post = await view(pages.post);
  const postRatio = await post.locator('.blog-post h1').evaluate(ratio);
  assert.ok(Math.abs(listRatio - postRatio) < 0.01, `${listRatio} against ${postRatio}`);
});

/** Pages with admonitions of every kind between them. */
const admonitionPages = [
  '/it/v1/guides/getting-started/prerequisites',
  '/it/v1/guides/getting-started/setup/sveltekit',
  '/it/v1/guides/getting-started/setup/next-js',
];
for (const mode of ['light', 'dark'] as const) {
  test(`${mode} mode: each kind of admonition has its icon and a background tinted with its colour`, async () => {
    const looks: { kind: string; icon: boolean; iconColour: string; background: string; page: string }[] = [];
    for (const path of admonitionPages) {
      const page = await view(path, { ...desktop, colorScheme: mode });
      assert.is(await page.evaluate(() => document.documentElement.dataset.theme), mode);
      looks.push(...(await lookOfAdmonitions(page)));
    }
    assert.equal(
      [...new Set(looks.map((l) => l.kind))].sort(),
      ['caution', 'danger', 'info', 'note', 'tip', 'warning'].map((k) => `admonition-${k}`),
    );
    for (const look of looks) {
      assert.ok(look.icon, `${look.kind}: no icon`);
      assert.is.not(look.background, look.page, `${look.kind}: not tinted`);
      assert.is.not(look.iconColour, look.page, `${look.kind}: an icon the colour of the page`);
    }
  });
}

/** Each admonition's kind, whether its title has an icon, the icon's colour, its background and the page's. */
function lookOfAdmonitions(page: Page) {
  return page.locator('.admonition').evaluateAll((els) =>
    els.map((el) => {
      const icon = getComputedStyle(el.querySelector('.admonition-heading')!, '::before');
      return {
        kind: [...el.classList].find((c) => c.startsWith('admonition-'))!,
        icon: icon.content !== 'none' && parseFloat(icon.width) > 8 && icon.maskImage.startsWith('url('),
        iconColour: icon.backgroundColor,
        background: getComputedStyle(el).backgroundColor,
        page: getComputedStyle(document.body).backgroundColor,
      };
    }),
  );
}

test('touch: the copy button is an icon at the top right, shown without hover; a tap copies, says so', async () => {
  const page = await open(pages.doc, phone);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.origin });
  const block = page.locator('.markdown .code-block:not(.has-title)').first();
  await block.scrollIntoViewIfNeeded();
  const button = block.locator('.copy-button');
  assert.is(await button.evaluate((el) => getComputedStyle(el).opacity), '1', 'visible without hover');
  const [b, c] = [await box(block), await box(button)];
  assert.ok(c.y - b.y < 12 && b.x + b.width - (c.x + c.width) < 12, 'at the top right');
  assert.is(await button.innerText(), '', 'an icon, no word');
  await button.tap();
  await button.locator('.copy-status', { hasText: t('theme.CodeBlock.copied') }).waitFor();
  assert.ok(await button.locator('.copied-icon').isVisible(), 'a check mark');
  assert.not.ok(await button.locator('.copy-icon').isVisible());
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.is(copied, await block.locator('pre').innerText());
  await close(page);
});

test('keyboard: the copy button shows when Tab reaches it', async () => {
  const page = await open(pages.doc);
  const button = page.locator('.markdown .code-block .copy-button').first();
  assert.is(await button.evaluate((el) => getComputedStyle(el).opacity), '0', 'hidden until wanted');
  // Tab from the page's title onwards until the first copy button has focus.
  await page.locator('main h1').evaluate((h) => {
    h.setAttribute('tabindex', '-1');
    (h as HTMLElement).focus();
  });
  for (let i = 0; i < 40 && !(await button.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  assert.ok(await button.evaluate((el) => el === document.activeElement), 'Tab reaches the button');
  await page.waitForFunction((el) => getComputedStyle(el!).opacity === '1', await button.elementHandle());
  await close(page);
});

test('390 px: a long code line scrolled to its end keeps the block’s right padding', async () => {
  const page = await view(pages.doc, phone);
  const gaps = await page.locator('.code-block pre').evaluateAll((pres) =>
    pres
      .filter((pre) => pre.scrollWidth > pre.clientWidth)
      .map((pre) => {
        pre.scrollLeft = pre.scrollWidth;
        const range = document.createRange();
        let right = 0;
        const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          range.selectNodeContents(node);
          for (const r of range.getClientRects()) right = Math.max(right, r.right);
        }
        return pre.getBoundingClientRect().right - right;
      }),
  );
  assert.ok(gaps.length > 0, 'the page has long lines');
  for (const gap of gaps) assert.ok(gap >= 12, `${gap}px`);
});

test('the translation notice can be closed; it stays closed after a reload and on other pages', async () => {
  const page = await open(pages.doc, phone);
  const bar = page.locator('.translation-bar');
  assert.ok(await bar.isVisible());
  await page.locator('.translation-bar-close').tap();
  assert.not.ok(await bar.isVisible());
  await page.reload({ waitUntil: 'domcontentloaded' });
  // Hidden from the first paint on: the head script reads the dismissal before the page shows.
  assert.not.ok(await bar.isVisible(), 'closed after a reload');
  await page.goto(site.origin + pages.home);
  assert.not.ok(await page.locator('.translation-bar').isVisible(), 'closed on another page');
  await close(page);
});

/** The colour of a pixel of an element as it is drawn (decoded from a screenshot in a blank page). */
async function pixel(element: Locator, x: number, y: number): Promise<number[]> {
  const png = (await element.screenshot()).toString('base64');
  const blank = await browser.newPage();
  const rgb = await blank.evaluate(
    async ({ png, x, y }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${png}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(img, 0, 0);
      return [...context.getImageData(x, y, 1, 1).data.slice(0, 3)];
    },
    { png, x, y },
  );
  await blank.close();
  return rgb;
}
/** The avatars' circle colour. */
const circle = [0x0b, 0x6e, 0x7b];
const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) <= 12);

test("an author's avatar that cannot load shows the author's initials, never a broken-image frame", async () => {
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ ...desktop, javaScriptEnabled, serviceWorkers: 'block' });
    await context.route(/^https:\/\/github\.com\/.*\.png$/, (route) => route.abort('internetdisconnected'));
    const page = await context.newPage();
    await page.goto(site.origin + pages.post);
    const author = page.locator('.post-author', { hasText: 'Lucas Nogueira' });
    if (javaScriptEnabled) {
      // Hydrated, the initials take the picture's place.
      await author.locator('.avatar-initials', { hasText: 'LN' }).waitFor();
      assert.is(await author.locator('img').count(), 0);
    } else {
      // Without JavaScript the stylesheet draws the initials' circle over the broken image.
      const img = author.locator('img.avatar');
      await page.waitForFunction((el) => (el as HTMLImageElement).complete, await img.elementHandle());
      const colour = await pixel(img, 6, 20);
      assert.ok(near(colour, circle), `the circle's colour at its edge, not a broken frame: ${colour}`);
    }
    await context.close();
  }
});

const axePages = ['home', 'doc', 'API', 'blog list', 'post', '404'] as const;
for (const mode of ['light', 'dark'] as const) {
  test(`axe-core, ${mode} mode: no serious or critical violation on ${axePages.join(', ')}`, async () => {
    const found: string[] = [];
    for (const name of axePages) {
      // axe is injected as a script: the site's Content-Security-Policy would refuse it.
      const page = await view(pages[name], { ...desktop, colorScheme: mode, bypassCSP: true });
      await page.addScriptTag({ url: axeServer.url });
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: {
              run(
                context: Document,
                options: { resultTypes: string[]; runOnly: { type: 'rule'; values: string[] } },
              ): Promise<AxeResults>;
              // axe's own table of its rules: each rule's impact is that of every violation it reports.
              _audit: {
                rules: { id: string; impact?: string; enabled: boolean; tags: string[] }[];
                tagExclude: string[];
              };
            };
          }
        ).axe;
        interface AxeResults {
          violations: { id: string; impact?: string; nodes: { target: unknown[]; failureSummary?: string }[] }[];
        }
        // Of the rules axe runs by default (enabled, and no tag it leaves out: experimental, deprecated), only
        // those whose violations can be serious or critical run: axe gives every check of a rule that has an
        // impact the rule's impact, so a minor or moderate rule reports nothing else. Only the violations are
        // aggregated: the passes and the rest are not read.
        const { rules, tagExclude } = axe._audit;
        const values = rules
          .filter((rule) => rule.enabled && !rule.tags.some((tag) => tagExclude.includes(tag)))
          .filter((rule) => rule.impact !== 'minor' && rule.impact !== 'moderate')
          .map((rule) => rule.id);
        const results = await axe.run(document, { resultTypes: ['violations'], runOnly: { type: 'rule', values } });
        return results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`);
      });
      found.push(...violations.map((v) => `${name}: ${v}`));
    }
    assert.equal(found, []);
  });
}

test.run();
