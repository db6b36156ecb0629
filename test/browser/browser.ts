import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium as playwrightChromium } from 'playwright-core';
import { sharedInProcess } from '../runner/per-process';

const ensureScript = fileURLToPath(new URL('../../scripts/ensure-chromium.sh', import.meta.url));
let found: string | undefined;

/**
 * The Chromium or Chrome the browser tests drive: CHROME_PATH, else the first one on PATH (Chromium's headless shell
 * first), as scripts/ensure-chromium.sh finds it. Without one, an error that says what to install (never a skipped
 * test).
 */
export function browserPath(): string {
  if (found === undefined) {
    const result = spawnSync('bash', [ensureScript, '--find'], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(result.stderr.trim() || `${ensureScript} failed`);
    found = result.stdout.trim();
  }
  return found;
}

/**
 * How long an action, a navigation or a wait may take before the test calls it a hang: ten times what a slow one
 * takes on an idle machine, since a loaded one (a dev server compiling a page on demand, two test processes, other
 * work) can take many times Playwright's default of 30 s without anything being wrong.
 */
export const browserHangGuardMs = 120_000;

/** The browser, started the way this workplace allows (no network beyond loopback, no sandbox as root). */
export async function launchChromium(): Promise<Browser> {
  const browser = await launchBare();
  // Every context (`browser.newPage` opens one too) waits up to the hang guard, not Playwright's 30 s.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(browserHangGuardMs);
    return context;
  };
  return browser;
}

function launchBare(): Promise<Browser> {
  return playwrightChromium.launch({
    executablePath: browserPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

const chromium = sharedInProcess(
  launchChromium,
  (browser) => browser.close(),
  (browser) => browser.isConnected(),
);

/**
 * The Chromium the browser test files of this process share (launched by the first): a file opens its pages in
 * contexts of its own, and gives it back with `releaseChromium` in its `after`.
 */
export function sharedChromium(): Promise<Browser> {
  return chromium.acquire();
}

/**
 * A file is done with the shared Chromium. Once no file of this process holds it, what they left open (contexts,
 * pages) is closed, so that the next file starts clean.
 */
export function releaseChromium(): Promise<void> {
  return chromium.release(async (browser) => {
    if (browser.isConnected()) await Promise.all(browser.contexts().map((context) => context.close()));
  });
}
