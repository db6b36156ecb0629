/*
 * npm run bench:weight [-- --no-peers] — what a reader downloads, measured in Chromium (gzip -9 of each body):
 * 1. the site's build (`build/`, run `npm run build` first): JavaScript and CSS of a doc page's first load, and
 *    the bytes of an in-app navigation between two doc pages;
 * 2. the corpus of `npm run bench:peers` (100 docs) built with docs-it and with Docusaurus 3 (installed on first
 *    use, see bench/peer-install.ts): the same doc page's first load and the navigation to the next doc, and
 *    the budgets of issue 28: docs-it ships at most half of Docusaurus's JavaScript, and a navigation < 8 KB.
 */

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { serve } from '../src/cli/serve-command';
import { launchChromium } from '../test/browser/browser';
import { writePeerSite } from './peer-corpus';
import { install, peersDir } from './peer-install';

const repo = path.resolve(import.meta.dirname, '..');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

interface Body {
  url: string;
  type: string;
  /** Playwright's resource type: `script` for what the page runs, `other` for prefetches and preloads. */
  resource: string;
  gz: number;
}

interface Weight {
  /** JavaScript the page runs on its first load (each file once). */
  js: Body[];
  /** Every JavaScript file downloaded by the first load, prefetches of other pages included. */
  allJs: Body[];
  css: Body[];
  html: Body | undefined;
  /** What the navigation to the next page downloaded. */
  navigation: Body[];
  /** Data of further pages the next page prefetched once shown. */
  prefetched: Body[];
}

const sum = (bodies: Body[]) => bodies.reduce((n, b) => n + b.gz, 0);
const once = (bodies: Body[]) => [...new Map(bodies.map((b) => [b.url, b])).values()];

/** Opens `first` in a new page, waits until it is idle, then clicks the link to `next` (an in-app navigation). */
async function weigh(browser: Browser, dir: string, first: string, next: string, link: string): Promise<Weight> {
  const server = await serve({ dir, port: 0, host: '127.0.0.1' });
  const origin = server.url.replace(/\/$/, '');
  const page = await browser.newPage();
  let bodies: Body[] = [];
  let reading: Promise<void>[] = [];
  page.on('response', (res) => {
    reading.push(
      res.body().then(
        (body) => {
          const type = res.headers()['content-type'] ?? '';
          bodies.push({
            url: res.url(),
            type,
            resource: res.request().resourceType(),
            gz: gzipSync(body, { level: 9 }).length,
          });
        },
        () => undefined,
      ),
    );
  });
  const settle = async () => {
    await page.waitForLoadState('networkidle');
    // Work started when the page is idle (prefetching the links it shows) is part of the first load.
    await page.waitForTimeout(1500);
    await page.waitForLoadState('networkidle');
    await Promise.all(reading);
  };
  try {
    await page.goto(origin + first);
    await settle();
    const js = bodies.filter((b) => b.type.includes('javascript'));
    const loaded = {
      js: once(js.filter((b) => b.resource === 'script')),
      allJs: once(js),
      css: once(bodies.filter((b) => b.type.includes('css'))),
      html: bodies.find((b) => new URL(b.url).pathname === first),
    };
    bodies = [];
    reading = [];
    const marker = await page.evaluate(() => ((window as unknown as { weighed: number }).weighed = 1));
    await page.click(link);
    await page.waitForURL(`**${next}`);
    await page.waitForLoadState('networkidle');
    await Promise.all(reading);
    const reloaded = (await page.evaluate(() => (window as unknown as { weighed?: number }).weighed)) !== marker;
    if (reloaded) throw new Error(`${first} → ${next} reloaded the page: not an in-app navigation`);
    // The browser's own favicon requests, and the data of other pages the new page prefetches (the cost of the
    // next navigation, not of this one), are left out.
    const prefetched = (b: Body) => /page-data\.json$/.test(b.url) && !b.url.includes(`${next}/page-data.json`);
    const navigation = bodies.filter((b) => !/favicon/.test(b.url) && !prefetched(b));
    return { ...loaded, navigation, prefetched: bodies.filter(prefetched) };
  } finally {
    await page.close();
    await server.close();
  }
}

function describe(weight: Weight): string {
  return (
    `JS ${kb(sum(weight.js))} gzip (${weight.js.length} files; with prefetches ${kb(sum(weight.allJs))}), ` +
    `CSS ${kb(sum(weight.css))}, HTML ${kb(weight.html?.gz ?? 0)}`
  );
}

const navigationLine = (weight: Weight) =>
  `${kb(sum(weight.navigation))} gzip (${weight.navigation.map((b) => new URL(b.url).pathname).join(', ')})` +
  (weight.prefetched.length ? `, then ${kb(sum(weight.prefetched))} of prefetches` : '');

function verdict(what: string, value: number, limit: number, format: (n: number) => string): string {
  const ok = value <= limit ? 'within budget' : `OVER by ${format(value - limit)}`;
  return `${what.padEnd(52)} ${format(value).padStart(9)}  budget ${format(limit).padStart(9)}  ${ok}`;
}

/** Builds the peer corpus with docs-it and with Docusaurus into their folders; returns the output folders. */
function buildCorpus(docs: number): { docsIt: string; docusaurus: string; version: string } {
  const version = install('docusaurus');
  const [major, minor] = version.split('.').map(Number) as [number, number];
  const fasterKey = major > 3 || minor >= 10 ? 'faster' : 'experimental_faster';
  const itDir = writePeerSite('docs-it', path.join(repo, 'bench/.sites', `weight-${docs}`), docs);
  const docuDir = writePeerSite('docusaurus', path.join(peersDir, 'docusaurus', `weight-${docs}`), docs, fasterKey);
  const run = (command: string[], cwd: string) => {
    const child = spawnSync(process.execPath, command, {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production', CI: 'true' },
      maxBuffer: 256 * 1024 * 1024,
    });
    if (child.status !== 0) throw new Error(`${command.join(' ')} failed:\n${child.stdout}\n${child.stderr}`);
  };
  console.log(`building the corpus (${docs} docs) with docs-it and Docusaurus ${version}…`);
  run([path.join(repo, 'bin/docs-it.mjs'), 'build', '--quiet'], itDir);
  run([path.join(peersDir, 'docusaurus/node_modules/@docusaurus/core/bin/docusaurus.mjs'), 'build', '.'], docuDir);
  return { docsIt: path.join(itDir, 'build'), docusaurus: path.join(docuDir, 'build'), version };
}

const browser = await launchChromium();
try {
  const site = await weigh(
    browser,
    path.join(repo, 'build'),
    '/it/v1/guides/features/command',
    '/it/v1/guides/features/events',
    '.docs-sidebar a[href="/it/v1/guides/features/events"]',
  );
  console.log(`site, first load of a doc page: ${describe(site)}`);
  console.log(`site, navigation command → events: ${navigationLine(site)}`);

  if (!process.argv.includes('--no-peers')) {
    const corpus = buildCorpus(100);
    const [first, next] = ['/docs/sezione-0/pagina-1', '/docs/sezione-0/pagina-2'];
    const link = `main a[href="${next}"], .pagination-nav a[href="${next}"]`;
    const docsIt = await weigh(browser, corpus.docsIt, first, next, link);
    const docusaurus = await weigh(browser, corpus.docusaurus, first, next, link);
    console.log(`\ncorpus, ${first}:`);
    console.log(`  docs-it:    ${describe(docsIt)}; navigation ${navigationLine(docsIt)}`);
    console.log(`  Docusaurus: ${describe(docusaurus)}; navigation ${navigationLine(docusaurus)}`);
    const ratio = (n: number) => `${(n * 100).toFixed(1)}%`;
    console.log('');
    console.log(verdict('JS of the first load, docs-it / Docusaurus', sum(docsIt.js) / sum(docusaurus.js), 0.5, ratio));
    console.log(verdict("  (with Docusaurus's prefetches)", sum(docsIt.allJs) / sum(docusaurus.allJs), 0.5, ratio));
    console.log(verdict('in-app navigation, corpus', sum(docsIt.navigation), 8 * 1024, kb));
  }
  console.log(verdict('in-app navigation, site', sum(site.navigation), 8 * 1024, kb));
} finally {
  await browser.close();
}
