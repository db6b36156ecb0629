import { execSync } from 'node:child_process';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium, started the way this workplace allows (no network beyond loopback, no sandbox as root). */
export async function launchChromium(): Promise<Browser> {
  const executablePath = execSync('command -v chromium', { encoding: 'utf8' }).trim();
  return chromium.launch({
    executablePath,
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
