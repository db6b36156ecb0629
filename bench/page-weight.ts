/*
 * npm run bench:weight — what a reader downloads: JavaScript and CSS of a doc page's first load (gzipped),
 * and the bytes of an in-app navigation between two doc pages. Measured in Chromium against the build.
 */

import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { serve } from '../src/cli/serve-command';
import { launchChromium } from '../test/browser/browser';

const repo = path.resolve(import.meta.dirname, '..');
const server = await serve({ dir: path.join(repo, 'build'), port: 0, host: '127.0.0.1' });
const origin = server.url.replace(/\/$/, '');
const browser = await launchChromium();
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
try {
  const page = await browser.newPage();
  const bodies: { url: string; type: string; gz: number }[] = [];
  page.on('response', async (res) => {
    const body = await res.body().catch(() => undefined);
    if (body)
      bodies.push({
        url: res.url(),
        type: res.headers()['content-type'] ?? '',
        gz: gzipSync(body, { level: 9 }).length,
      });
  });
  await page.goto(`${origin}/it/v1/guides/features/command`, { waitUntil: 'networkidle' });
  const js = bodies.filter((b) => b.type.includes('javascript') && !b.url.includes('page-data'));
  const css = bodies.filter((b) => b.type.includes('css'));
  const html = bodies.find((b) => b.url.endsWith('/features/command'));
  console.log(
    `prima visita di una pagina doc: JS ${kb(js.reduce((n, b) => n + b.gz, 0))} gzip ` +
      `(${js.length} file), CSS ${kb(css.reduce((n, b) => n + b.gz, 0))} gzip, HTML ` +
      `${kb(html?.gz ?? 0)} gzip`,
  );
  bodies.length = 0;
  await page.evaluate(() => {
    for (const a of document.querySelectorAll('a')) a.replaceWith(a.cloneNode(true));
  });
  await page.click('.docs-sidebar a[href="/it/v1/guides/features/events"]');
  await page.waitForFunction(() => document.title.startsWith('Eventi') || location.pathname.endsWith('/events'));
  await page.waitForLoadState('networkidle');
  const nav = bodies.filter((b) => !b.url.includes('/assets/'));
  console.log(
    `navigazione command → events: ${kb(nav.reduce((n, b) => n + b.gz, 0))} gzip ` +
      `(${nav.map((b) => new URL(b.url).pathname).join(', ')})`,
  );
} finally {
  await browser.close();
  await server.close();
}
