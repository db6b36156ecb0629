/*
 * npm run bench:lighthouse — Lighthouse (mobile preset) on the home page, a doc page and the blog list of
 * the built site, served by `docs-it serve` on loopback and audited in Chromium or Chrome (as the browser
 * tests find it: test/browser/browser.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { serve } from '../src/cli/serve-command';
import { browserPath } from '../test/browser/browser';

const repo = path.resolve(import.meta.dirname, '..');
const dir = path.join(repo, 'build');
if (!existsSync(path.join(dir, 'it/index.html'))) throw new Error('Run `npm run build` first.');
const server = await serve({ dir, port: 0, host: '127.0.0.1' });
const chrome = await launch({
  chromePath: browserPath(),
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
});
const pages = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/it/', '/it/v1/guides/features/command', '/it/blog'];
try {
  console.log('page                                    perf  a11y  best  seo');
  for (const page of pages) {
    const result = await lighthouse(`${server.url.replace(/\/$/, '')}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      formFactor: 'mobile',
      screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
    });
    const c = result!.lhr.categories;
    const score = (k: string) => String(Math.round((c[k]?.score ?? 0) * 100)).padStart(5);
    console.log(
      `${page.padEnd(38)} ${score('performance')} ${score('accessibility')} ${score('best-practices')} ${score('seo')}`,
    );
    for (const [id, audit] of Object.entries(result!.lhr.audits)) {
      if (audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary') {
        console.log(`    ✖ ${id}: ${audit.title}`);
        const items =
          (
            audit.details as
              | {
                  items?: {
                    node?: { selector?: string; snippet?: string; explanation?: string };
                    description?: string;
                    source?: string;
                  }[];
                }
              | undefined
          )?.items ?? [];
        for (const item of items.slice(0, 6))
          console.log(
            `        ${item.node?.selector ?? item.source ?? ''} ` +
              (item.node?.explanation?.split('\n')[1] ?? item.description ?? ''),
          );
      }
    }
  }
} finally {
  await chrome.kill();
  await server.close();
}
