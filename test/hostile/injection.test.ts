/*
 * Nothing injected: hostile values from a contributor (front matter, config), a search server or an upstream
 * repository must not become script, links that run script, unparseable XML or terminal escape sequences.
 * The browser part serves the build without its `_headers` (CSP bypassed), as a host that ignores them would.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SaxesParser } from 'saxes';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/build/build-site';
import { serve } from '../../src/cli/serve-command';
import { toSearchHit } from '../../src/client/search/meilisearch-provider';
import { hitHref } from '../../src/client/search/SearchResults';
import type { SearchHit } from '../../src/client/search/types';
import { jsonForScript } from '../../src/render/escape';
import { indexSettingsOf } from '../../src/search/meilisearch-push';
import { searchWordsOf } from '../../src/search/search-words';
import { renderAtom, renderRss } from '../../src/site/files/feeds';
import { renderSitemap } from '../../src/site/files/sitemap';
import { formatReport } from '../../src/translations/format-report';
import { readUpstreamHistory } from '../../src/translations/read-history';
import { translationStatus } from '../../src/translations/translation-status';
import { releaseChromium, sharedChromium } from '../browser/browser';
import { copyFixture, quietly, removeDir, repoRoot } from '../helpers';
import { type MeilisearchDouble, startMeilisearchDouble } from '../meilisearch-double';
import { readRecordsOf } from '../records-files';

/** XML parse errors of a document, as a conforming XML 1.0 parser reports them (none: well-formed). */
function xmlErrors(xml: string): string[] {
  const errors: string[] = [];
  const parser = new SaxesParser({ xmlns: true });
  parser.on('error', (error) => errors.push(error.message));
  try {
    parser.write(xml).close();
  } catch (error) {
    errors.push((error as Error).message);
  }
  return errors;
}

/** Every character class XML 1.0 forbids, and allowed ones around them (tab, line feed, an astral emoji). */
const forbidden = 'a\u0000b\u0001c\u0008d\u000be\u000cf\u001bg\u001fh\ud800i\udfffj\ufffek\uffffl';
const allowed = 'tab\there, line\nfeed, emoji 😀, accent è';

// ——— search hits ———

const hit = (url: string | null, anchor: string | null = null): SearchHit => ({
  id: 'x',
  hierarchy: { lvl0: 'Guide', lvl1: 'Pagina', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
  content: null,
  url,
  anchor,
  _formatted: {
    hierarchy: { lvl0: 'Guide', lvl1: 'Pagina', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    content: null,
  },
});

test('a hit url that would run script (any provider, any spelling) leads nowhere; site and web urls still lead', () => {
  for (const url of [
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' java\tscript:alert(1)',
    'java\u0000script:alert(1)',
    '\u0001javascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
  ]) {
    assert.is(hitHref(hit(url)), null, JSON.stringify(url));
    assert.is(hitHref(hit(url, 'sezione')), null, `${JSON.stringify(url)} with an anchor`);
  }
  assert.is(hitHref(hit('/it/v1/guida', 'passi')), '/it/v1/guida#passi');
  assert.is(hitHref(hit('https://example.org/x')), 'https://example.org/x');
  assert.is(hitHref(hit(null, 'passi')), '#passi');
  // As the Meilisearch provider shapes a server's hit.
  const fromServer = toSearchHit({ id: 'h', url: 'javascript:window.__pwned=1', anchor: null }, 0);
  assert.is(hitHref(fromServer), null);
});

// ——— inline scripts ———

test('jsonForScript: no value can end the script or open a comment; undefined is null', () => {
  for (const value of ['</script><script>alert(1)</script>', '<!--', '<script>', '\u2028\u2029', { a: '</SCRIPT>' }]) {
    const text = jsonForScript(value);
    assert.not.match(text, /<\/script|<!--|<script|[\u2028\u2029]/i, text);
    assert.equal(JSON.parse(text), value);
  }
  assert.is(jsonForScript(undefined), 'null');
});

// ——— XML writers ———

test('feeds and sitemap drop every character XML 1.0 forbids, keep the others, and parse', () => {
  const feed = {
    title: `Sito ${forbidden}`,
    description: `Notizie ${forbidden}`,
    siteUrl: 'https://example.org/it/blog',
    feedUrl: 'https://example.org/it/blog/rss.xml',
    language: `it${forbidden}`,
    copyright: `© ${allowed}`,
    items: [
      {
        title: `Titolo ${forbidden} ${allowed}`,
        url: `https://example.org/it/blog/${forbidden}`,
        date: '2024-02-01',
        description: `Riassunto ${forbidden}`,
        html: `<p>Testo ${forbidden} ]]> fine</p>`,
        authors: [`Autore ${forbidden}`],
      },
    ],
  };
  for (const [name, xml] of [
    ['rss', renderRss(feed)],
    ['atom', renderAtom(feed)],
    ['sitemap', renderSitemap('https://example.org', [`/it/${forbidden}`, '/it/a&b<c>'])],
  ] as const) {
    assert.equal(xmlErrors(xml), [], name);
    assert.ok(xml.includes('abcdefghijkl'), `${name}: forbidden characters left out, the rest kept`);
  }
  assert.ok(renderRss(feed).includes(`<title>Titolo abcdefghijkl ${allowed}</title>`));
  assert.ok(renderAtom(feed).includes(`<title type="text">Titolo abcdefghijkl ${allowed}</title>`));
});

// ——— translations ———

test('translations: \\x1e and \\x1f in subjects and file names do not corrupt the history', async () => {
  const repo = mkdtempSync(path.join(os.tmpdir(), 'docs-it-hostile-upstream-'));
  try {
    const git = (args: string[], date = '2025-01-01T10:00:00+00:00') => {
      const result = spawnSync('git', ['-c', 'user.name=U', '-c', 'user.email=u@example.org', ...args], {
        cwd: repo,
        encoding: 'utf8',
        env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date, GIT_CONFIG_NOSYSTEM: '1' },
      });
      assert.is(result.status, 0, result.stderr);
      return result.stdout.trim();
    };
    const write = (rel: string, text: string) => {
      mkdirSync(path.dirname(path.join(repo, rel)), { recursive: true });
      writeFileSync(path.join(repo, rel), text);
    };
    const weird = 'docs/we\x1eird\x1f.md';
    const tabbed = 'docs/a\tb\x1e.md';
    git(['init', '-q', '-b', 'main']);
    write('docs/a.md', 'uno\n');
    write(weird, 'due\n');
    write(tabbed, 'tre\n');
    git(['add', '-A']);
    const subjects = [
      'First\x1e pages\x1f with separators :1\t2\tx',
      'Clear\x1b[2J\x1b[1;1HAll pages up to date\x1b]0;pwned\x07\r',
      '\u202eevil\u202c order',
    ];
    git(['commit', '-q', '-m', subjects[0]!]);
    const start = git(['rev-parse', 'HEAD']);
    write('docs/a.md', 'uno\ndue\n');
    git(['commit', '-q', '-a', '-m', subjects[1]!], '2025-02-01T10:00:00+00:00');
    git(['mv', weird, 'docs/moved\x1e.md']);
    git(['commit', '-q', '-m', subjects[2]!], '2025-03-01T10:00:00+00:00');

    const history = await readUpstreamHistory({ repo });
    assert.equal(
      history.commits.map((c) => c.subject),
      // git keeps the subject as written but for the trailing carriage return it strips.
      [subjects[0], subjects[1]!.replace(/\r$/, ''), subjects[2]],
    );
    assert.equal(history.commits[0]!.changes.map((c) => c.path).sort(), ['docs/a.md', tabbed, weird].sort());
    assert.ok(history.commits[0]!.changes.every((c) => c.status === 'A' && c.added === 1));
    assert.equal(history.commits[2]!.changes, [
      { status: 'R', from: weird, path: 'docs/moved\x1e.md', added: 0, deleted: 0 },
    ]);
    assert.ok(history.files.includes(tabbed));

    const { report, errors } = translationStatus(
      [
        { file: 'docs/a.md', upstream: { path: 'docs/a.md', commit: start } },
        { file: 'docs/strano.md', upstream: { path: weird, commit: start } },
      ],
      history,
      { folders: ['docs'] },
    );
    assert.equal(errors, []);
    assert.equal(
      report.pages.map((p) => p.state),
      ['changed', 'moved'],
    );
    // What the terminal gets: every control character visible as an escape, none acted on.
    const printed = formatReport(report);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what must not be printed
    assert.not.match(printed, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    assert.match(printed, 'Clear\\x1b[2J\\x1b[1;1HAll pages up to date\\x1b]0;pwned\\x07');
    assert.match(printed, 'docs/we\\x1eird\\x1f.md, now docs/moved\\x1e.md');
    assert.match(printed, 'a\\x09b\\x1e.md');
    assert.match(printed, '\\u202eevil\\u202c order');
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
});

// ——— a built site in a browser ———

const hostileBarId = '</script><script>window.__pwned=1</script><!--';
const hostilePost = `---
title: "Titolo\\x01 con \\x1b[31mcontrollo\\x0b e \\uFFFF fine"
description: "Descrizione\\x02 \\x1f"
authors: [mario]
---

Testo con caratteri di controllo: \u001b[31m, \u000c e \u0002.
`;
const dir = copyFixture('basic', { 'content/blog/2024-02-01-controllo.md': hostilePost });
const config = path.join(dir, 'site.config.ts');
writeFileSync(
  config,
  readFileSync(config, 'utf8')
    .replace("id: 'annuncio-1'", `id: ${JSON.stringify(hostileBarId)}`)
    .replace(
      "blog: { title: 'Blog', description: 'Notizie' }",
      "blog: { title: 'Blog\\u0007', description: 'Not\\u0001izie' }",
    )
    .replace("copyright: 'Copyright © 2024 Prova'", "copyright: 'Copyright \\u001b[31m© 2024 Prova'"),
);
const meiliOut = path.join(dir, 'build-meili');
const localOut = path.join(dir, 'build-local');

let double: MeilisearchDouble;
let browser: Browser;
let context: BrowserContext;
let meili: Awaited<ReturnType<typeof serve>>;
let local: Awaited<ReturnType<typeof serve>>;

test.before(async () => {
  double = await startMeilisearchDouble({ masterKey: 'chiave-admin', searchKey: 'chiave-ricerca' });
  const env = { DOCS_IT_SEARCH_HOST: double.url, DOCS_IT_SEARCH_KEY: 'chiave-ricerca' };
  await quietly(() => buildSite({ packageRoot: repoRoot, config, out: meiliOut, env }));
  await quietly(() => buildSite({ packageRoot: repoRoot, config, out: localOut, env: {} }));
  const records = readRecordsOf(meiliOut);
  const trap = {
    id: 'trappola',
    hierarchy_lvl0: 'Guide',
    hierarchy_lvl1: 'Finestra pericolosa',
    content: 'Un risultato che porta a uno script.',
    url: 'javascript:window.__pwned=1',
    anchor: null,
    type: 'lvl1',
    rank: 90,
    lang: 'it',
    version: 'v1',
  };
  const settings = indexSettingsOf(searchWordsOf({ lang: 'it', htmlLang: 'it', synonyms: [] }));
  double.seed('docs-v1', [...records, trap], settings as Record<string, unknown>);
  [meili, local] = await Promise.all([
    serve({ dir: meiliOut, port: 0, host: '127.0.0.1' }),
    serve({ dir: localOut, port: 0, host: '127.0.0.1' }),
  ]);
  browser = await sharedChromium();
  // A host that does not apply `_headers`: no CSP to stop what the page itself would let through.
  context = await browser.newContext({
    bypassCSP: true,
    serviceWorkers: 'block',
    viewport: { width: 1000, height: 700 },
  });
});
test.after(async () => {
  await releaseChromium();
  await meili?.close();
  await local?.close();
  await double?.close();
  removeDir(dir);
});

test('every feed and the sitemap of a build with control characters in titles, texts and config parse as XML', () => {
  const xmlFiles: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.xml')) xmlFiles.push(path.relative(meiliOut, full));
    }
  };
  walk(meiliOut);
  assert.equal(xmlFiles.sort(), ['it/blog/atom.xml', 'it/blog/rss.xml', 'it/sitemap.xml']);
  for (const file of xmlFiles) assert.equal(xmlErrors(readFileSync(path.join(meiliOut, file), 'utf8')), [], file);
  const rss = readFileSync(path.join(meiliOut, 'it/blog/rss.xml'), 'utf8');
  assert.match(rss, 'Titolo con [31mcontrollo e  fine', 'the title, less what XML forbids');
  assert.match(rss, '<title>Sito di prova – Blog</title>');
});

const pwned = (page: Page) => page.evaluate(() => (window as { __pwned?: unknown }).__pwned);

test('an announcement bar id holding </script> stays a string: no script runs, a closed bar stays hidden', async () => {
  const page = await context.newPage();
  await page.goto(`${meili.url}it/`);
  assert.is(await pwned(page), undefined, 'the id did not open a script of its own');
  await page.locator('.announcement-bar').waitFor();
  await page.click('.announcement-close');
  await page.reload();
  await page.waitForLoadState('load');
  // Set before first paint by the inline script, which read the stored id and compared it with its own.
  assert.is(await page.evaluate(() => document.documentElement.dataset.announcementBarInitiallyDismissed), 'true');
  assert.not.ok(await page.locator('.announcement-bar').isVisible(), 'the bar the reader closed stays closed');
  assert.is(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.id')), hostileBarId);
  assert.is(await pwned(page), undefined);
  await page.close();
});

/** Opens the search with the keyboard, types a query, and waits for what it found. */
async function searchFor(page: Page, query: string) {
  await page.keyboard.press('Control+k');
  await page.locator('#docs-it-search-input').waitFor();
  await page.waitForFunction(() => document.activeElement?.id === 'docs-it-search-input');
  await page.keyboard.type(query);
  await page.locator(`.search-modal-body[data-search-query=${JSON.stringify(query)}]`).waitFor();
}

/**
 * The links the page's clicks followed so far: every click (the reader's, or one the search makes on a hit's
 * link for Enter) that reached the window inside a link without being cancelled, so the browser follows it.
 * A link's javascript: runs, and a navigation starts, only in a later task; this list is complete at once.
 */
async function recordFollowedLinks(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const followed: string[] = [];
    (window as { __followed?: string[] }).__followed = followed;
    window.addEventListener('click', (event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (link && !event.defaultPrevented) followed.push(link.getAttribute('href') ?? '');
    });
  });
  return () => page.evaluate(() => (window as { __followed?: string[] }).__followed ?? []);
}

/** The reader picks the hostile hit with Enter, then clicks it: nothing runs, the page stays where it is. */
async function pickTrap(page: Page, title: string) {
  const start = page.url();
  const followed = await recordFollowedLinks(page);
  const trap = page.locator('.search-hit', {
    has: page.locator('.search-hit-title', { hasText: new RegExp(`^${title}$`) }),
  });
  await trap.waitFor();
  await trap.hover();
  await page.keyboard.press('Enter');
  assert.equal(await followed(), [], 'Enter followed no link');
  assert.is(await pwned(page), undefined, 'Enter ran no script');
  assert.is(page.url(), start, 'Enter did not leave the page');
  await trap.click();
  assert.equal(await followed(), [], 'the click followed no link');
  assert.is(await pwned(page), undefined, 'the click ran no script');
  assert.is(page.url(), start, 'the click did not leave the page');
  assert.is(await trap.locator('a').count(), 0, 'the hit is not a link');
}

test('a Meilisearch hit whose url is javascript: shows as text: Enter and click run nothing', async () => {
  const page = await context.newPage();
  await page.goto(`${meili.url}it/v1/guides/faq`);
  await searchFor(page, 'pericolosa');
  await pickTrap(page, 'Finestra pericolosa');
  await page.close();
});

test('a local index whose page url was turned into javascript: (a tampered file) runs nothing either', async () => {
  const page = await context.newPage();
  let tampered = false;
  // A page's text file says where its hits lead.
  await page.route('**/it/search/text/*.json', async (route) => {
    const response = await route.fetch();
    const text = (await response.json()) as [string, string, string];
    if (text[2] === 'FAQ') {
      text[0] = 'javascript:window.__pwned=1';
      tampered = true;
    }
    await route.fulfill({ response, json: text });
  });
  await page.goto(`${local.url}it/v1/guides/readme`);
  await searchFor(page, 'FAQ');
  assert.ok(tampered, 'the FAQ page is among the hits');
  await pickTrap(page, 'FAQ');
  await page.close();
});

test.run();
