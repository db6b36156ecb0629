/*
 * What the reader-journey tests share: a page opened as a reader opens it (mouse on a wide screen, touch on a
 * phone), the page-data files it asks for, what it logs, and where things end up once the page is still.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import * as assert from 'uvu/assert';

export const desktop = { width: 1280, height: 800 };
export const phone = { width: 390, height: 800 };
export const screens = [desktop, phone];

export interface Reader {
  page: Page;
  /** Paths of the page-data files requested, in order. */
  pageData: string[];
  /** Console errors and warnings, and uncaught errors. */
  messages: string[];
  /** A tap on a phone, a click elsewhere. */
  press(target: Locator): Promise<void>;
  close(): Promise<void>;
}

export async function openReader(
  browser: Browser,
  url: string,
  options: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' } = {},
): Promise<Reader> {
  const viewport = options.viewport ?? desktop;
  const touch = viewport.width < 997;
  const context = await browser.newContext({ viewport, hasTouch: touch, colorScheme: options.colorScheme ?? 'light' });
  const page = await context.newPage();
  const pageData: string[] = [];
  const messages: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.endsWith('page-data.json')) pageData.push(pathname);
  });
  page.on(
    'console',
    (m) => (m.type() === 'error' || m.type() === 'warning') && messages.push(`${m.type()}: ${m.text()}`),
  );
  page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
  await page.goto(url);
  await hydrated(page);
  return {
    page,
    pageData,
    messages,
    press: (target) => (touch ? target.tap() : target.click()),
    close: () => context.close(),
  };
}

/**
 * The app has hydrated the page and run its effects (it marks <html> then). Asked every 50 ms rather than on every
 * animation frame (Playwright's default): a frame poll keeps the renderer drawing frames for as long as the load
 * takes, which on a loaded machine costs more than the load. Playwright asks again in the new document when a reload
 * or a redirect replaces the one the wait began in.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.classList.contains('hydrated'), undefined, {
    polling: 50,
  });
}

/**
 * The page is still: two animation frames have passed (scroll events and the effects they cause are out) and
 * nothing animates (the navbar sliding in, a category opening).
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForFunction(() => document.getAnimations().length === 0, undefined, { polling: 'raf' });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** Where the element with this id is, against the bottom of the navbar (0 when the navbar is hidden). */
export async function placement(page: Page, id: string): Promise<{ top: number; below: number; scrollY: number }> {
  return page.evaluate((id) => {
    const target = document.getElementById(id);
    if (!target) throw new Error(`no element #${id}`);
    const navbar = document.querySelector('.navbar')!.getBoundingClientRect();
    return { top: target.getBoundingClientRect().top, below: Math.max(navbar.bottom, 0), scrollY: window.scrollY };
  }, id);
}

/** Asserts that the section #id is at the top of the visible area: just below the navbar, or at 0 without it. */
export async function assertLanded(page: Page, id: string, what: string): Promise<void> {
  await settled(page);
  const { top, below, scrollY } = await placement(page, id);
  assert.ok(
    top - below >= 0 && top - below <= 12,
    `${what}: #${id} should start just below the top of the visible area (${below} px), not at ${top} px ` +
      `(scrollY ${scrollY})`,
  );
}

/** The page-data file of a page path. */
export const dataOf = (path: string) => `${path.replace(/\/$/, '')}/page-data.json`;

/** Asserts what a hash change must not do: load the page's data again, or move focus to the route announcer. */
export async function assertStayedOnPage(reader: Reader, path: string, what: string): Promise<void> {
  assert.not.ok(reader.pageData.includes(dataOf(path)), `${what}: the page's data was fetched again`);
  assert.not.ok(
    await reader.page.evaluate(() => document.activeElement?.classList.contains('route-announcer')),
    `${what}: focus went to the route announcer`,
  );
}
