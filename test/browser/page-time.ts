/*
 * What a browser test needs to decide "after N ms" or "nothing happened" the same way on an idle machine and
 * on a loaded one: the page's own clock, moved by the test (Playwright's clock), and the fetches the page
 * started, noted the moment it starts them (not when the network or Playwright sees them).
 */
import type { BrowserContext, Page } from 'playwright-core';

/** Where the pages' clock starts; any fixed time works. */
const clockStart = Date.UTC(2024, 0, 15, 9, 0, 0);
/** How far `pauseClock` moves the clock: far beyond any page load, so it is never in the past. */
const loadAllowance = 3_600_000;

/**
 * Gives the context's pages a clock the test controls (timers, animation frames, idle callbacks, Date). It runs
 * as usual until `pauseClock`; install it before the context opens a page.
 */
export function installClock(context: BrowserContext): Promise<void> {
  return context.clock.install({ time: clockStart });
}

/**
 * Stops the page's time (from now on only `page.clock.runFor` moves it): jumps an hour ahead, firing each timer
 * due by then once, and stays there. Call it once per context, when the page has settled.
 */
export function pauseClock(page: Page): Promise<void> {
  return page.clock.pauseAt(clockStart + loadAllowance);
}

interface FetchLog {
  __fetches?: string[];
}

/** Notes the URL of every fetch() the context's pages start, synchronously, in the order they start them. */
export async function recordFetches(target: BrowserContext | Page): Promise<void> {
  await target.addInitScript(() => {
    const started: string[] = [];
    (window as FetchLog).__fetches = started;
    const original = window.fetch;
    window.fetch = function (this: unknown, input: RequestInfo | URL, init?: RequestInit) {
      started.push(new URL(input instanceof Request ? input.url : String(input), location.href).href);
      return original.call(this, input, init);
    } as typeof fetch;
  });
}

/**
 * The fetches the page has started so far whose URL contains `part`. Every task the page ran before this call
 * has run to its end (this is a later task), so a fetch it started is in the list.
 */
export function fetchesOf(page: Page, part: string): Promise<string[]> {
  return page.evaluate((p) => ((window as FetchLog).__fetches ?? []).filter((url) => url.includes(p)), part);
}
