/*
 * npm run bench:precache [-- --dir <build>] — the service worker of a built site (the repository's `build` by
 * default, whose pages are under /it/): the size of `sw.js` (what every reader downloads when it registers), the
 * files and bytes precached in offline mode, and the time from the first visit to the precache filled, on loopback.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { serve } from '../src/cli/serve-command';
import { launchChromium } from '../test/browser/browser';

const repo = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { dir: { type: 'string', default: path.join(repo, 'build') } } });
const dir = path.resolve(values.dir);
const sw = readFileSync(path.join(dir, 'it/sw.js'));
console.log(
  `sw.js: ${(sw.byteLength / 1024).toFixed(1)} KB, ${(gzipSync(sw).byteLength / 1024).toFixed(1)} KB gzipped`,
);
const server = await serve({ dir, port: 0, host: '127.0.0.1' });
const browser = await launchChromium();
try {
  const context = await browser.newContext();
  await context.addInitScript({
    content: "Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } });",
  });
  const page = await context.newPage();
  const started = performance.now();
  await page.goto(`${server.url}it/`);
  for (;;) {
    const active = await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.active);
    if (active) break;
    await page.waitForTimeout(20);
  }
  const ms = performance.now() - started;
  const { files, bytes } = await page.evaluate(async () => {
    let files = 0;
    let bytes = 0;
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        files++;
        bytes += (await (await cache.match(request))!.arrayBuffer()).byteLength;
      }
    }
    return { files, bytes };
  });
  console.log(
    `precache: ${files} files, ${(bytes / 1024).toFixed(0)} KB; from the first visit to the precache filled: ` +
      `cached: ${ms.toFixed(0)} ms (loopback)`,
  );
} finally {
  await browser.close();
  await server.close();
}
