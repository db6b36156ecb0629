import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';

const ensureScript = fileURLToPath(new URL('../../scripts/ensure-chromium.sh', import.meta.url));
let found: string | undefined;

/**
 * The Chromium or Chrome the browser tests drive: CHROME_PATH, else the first one on PATH, as
 * scripts/ensure-chromium.sh finds it. Without one, an error that says what to install (never a skipped test).
 */
export function browserPath(): string {
  if (found === undefined) {
    const result = spawnSync('bash', [ensureScript, '--find'], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(result.stderr.trim() || `${ensureScript} failed`);
    found = result.stdout.trim();
  }
  return found;
}

/** The browser, started the way this workplace allows (no network beyond loopback, no sandbox as root). */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
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
