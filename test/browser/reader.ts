/*
 * What the reader-journey tests share: a page opened as a reader opens it (mouse on a wide screen, touch on a
 * phone), the page-data files it asks for, what it logs, and where things end up once the page is still.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import * as assert from 'uvu/assert';
import { browserHangGuardMs } from './browser';

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
 * The app has hydrated the page and run its effects (it marks <html> then). The page tells when the mark comes (a
 * MutationObserver) rather than being asked on every animation frame: such a poll keeps the renderer drawing frames
 * for as long as the load takes, which on a loaded machine costs more than the load. The page is asked again each
 * second, so that a wait begun in a document being replaced (a reload, a redirect) goes on in the new one.
 */
export async function hydrated(page: Page): Promise<void> {
  const deadline = Date.now() + browserHangGuardMs;
  while (!(await markedWithin(page, 1000))) {
    if (Date.now() > deadline) {
      const state = await page
        .evaluate(() => `${document.readyState}, <html class="${document.documentElement.className}">`)
        .catch((error: unknown) => String(error));
      throw new Error(`${page.url()} never hydrated: nothing after ${browserHangGuardMs / 1000} s (${state})`);
    }
  }
}

/** Whether the page marks itself hydrated within `ms` (false too when its document is replaced meanwhile). */
function markedWithin(page: Page, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const marked = page
    .evaluate(
      () =>
        new Promise<true>((resolve) => {
          const root = document.documentElement;
          if (root.classList.contains('hydrated')) return resolve(true);
          const observer = new MutationObserver(() => {
            if (!root.classList.contains('hydrated')) return;
            observer.disconnect();
            resolve(true);
          });
          observer.observe(root, { attributes: true, attributeFilter: ['class'] });
        }),
    )
    // The document went away (a navigation): the next question goes to the new one. Any other failure (the page
    // crashed or closed) shows in the hang guard's message.
    .catch(() => false as const);
  const waited = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  return Promise.race([marked, waited]).finally(() => clearTimeout(timer));
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
