/*
 * npm run bench:precache — the service worker's precache of the built site: files and size, and the time
 * from the first visit to a fully precached site in offline mode, on loopback.
 */
import path from 'node:path';
import { serve } from '../src/cli/serve-command';
import { launchChromium } from '../test/browser/browser';

const repo = path.resolve(import.meta.dirname, '..');
const server = await serve({ dir: path.join(repo, 'build'), port: 0, host: '127.0.0.1' });
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
    `precache: ${files} files, ${(bytes / 1024).toFixed(0)} KB; from the first visit to the whole site ` +
      `cached: ${ms.toFixed(0)} ms (loopback)`,
  );
} finally {
  await browser.close();
  await server.close();
}
