/*
 * Same-page navigation as a reader meets it, on a wide screen with a mouse and on a phone with touch: each kind
 * of link to a section lands the section at the top of the visible area (below the navbar), without loading
 * the page again or moving focus to the route announcer; Back and Forward return to each place; the edge cases
 * (an unknown hash, encoded and accented ids, a section in a closed <details> or another tab, a repeated id)
 * on a page of a fixture site written for them.
 */
import type { Browser } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFixture } from '../helpers';
import {
  assertLanded,
  assertStayedOnPage,
  dataOf,
  desktop,
  hydrated,
  openReader,
  phone,
  placement,
  screens,
  settled,
} from './reader';
import { openFixtureSite, serveBuiltSite } from './site-server';

const doc = '/it/v1/guides/getting-started/prerequisites';
const cli = '/it/v1/api/cli';

const filler = Array.from(
  { length: 12 },
  (_, i) =>
    `Paragrafo di riempimento numero ${i}: serve a dare alla pagina l'altezza che permette a ogni sezione ` +
    'di arrivare in cima alla finestra quando la si raggiunge con un collegamento.',
).join('\n\n');
const edgePage = `---
title: Casi limite
---

import Ripetuto from './_ripetuto.mdx';

Collegamenti: [prérequis](#prérequis), [una lettera accentata](#%C3%A8), [nei dettagli](#nei-dettagli),
[nella scheda](#nella-scheda).

${filler}

## Prérequis

${filler}

## È

${filler}

<details>
<summary>Apri i dettagli</summary>

### Nei dettagli

${filler}

</details>

<Tabs groupId="os">
<TabItem value="linux" label="Linux">

Testo per Linux.

</TabItem>
<TabItem value="windows" label="Windows">

### Nella scheda

${filler}

</TabItem>
</Tabs>

<Ripetuto />

${filler}

<Ripetuto />

${filler}
`;
const fixture = copyFixture('basic', {
  'content/docs/guides/casi-limite.mdx': edgePage,
  // A heading with a fixed id in a fragment included twice: the id appears twice on the page.
  'content/docs/guides/_ripetuto.mdx': '<h2 id="ripetuto">Ripetuto</h2>\n\nUn frammento incluso due volte.\n',
  'content/docs/guides/collegamenti.md': `---
title: Collegamenti
---

- [È](./casi-limite.mdx#%C3%A8)
- [Nella scheda](./casi-limite.mdx#nella-scheda)
- [Nei dettagli](./casi-limite.mdx#nei-dettagli)
`,
});
const edges = '/it/v1/guides/casi-limite';

let browser: Browser;
let site: Awaited<ReturnType<typeof serveBuiltSite>>;
let edgeSite: Awaited<ReturnType<typeof openFixtureSite>>;

test.before(async () => {
  site = await serveBuiltSite();
  edgeSite = await openFixtureSite(fixture);
  browser = edgeSite.browser;
});
test.after(async () => {
  await site.close();
  await edgeSite.close();
});

for (const viewport of screens) {
  const size = `${viewport.width} px`;

  test(`${size}: a table-of-contents entry lands its section below the navbar, without a reload`, async () => {
    const reader = await openReader(browser, site.origin + doc, { viewport });
    const { page } = reader;
    if (viewport === phone) {
      // On a phone the table of contents is a closed box above the text.
      await reader.press(page.locator('.toc-mobile summary'));
      await reader.press(page.locator('.toc-mobile a[href="#rust"]'));
    } else await reader.press(page.locator('.toc a[href="#rust"]'));
    await assertLanded(page, 'rust', 'TOC entry');
    assert.is(new URL(page.url()).hash, '#rust');
    await assertStayedOnPage(reader, doc, 'TOC entry');
    assert.equal(reader.messages, []);
    await reader.close();
  });

  test(`${size}: an in-text link, a heading's # anchor and the skip link land where they point`, async () => {
    const reader = await openReader(browser, site.origin + cli, { viewport });
    const { page } = reader;
    // The command summary links to each command's section.
    await reader.press(page.locator('.markdown .content a[href="#build"]:not(.hash-link)').first());
    await assertLanded(page, 'build', 'in-text link');
    // A heading further down, reached by its own # anchor (shown when the pointer is on the heading).
    const heading = page.locator('h2#signer');
    await heading.scrollIntoViewIfNeeded();
    if (viewport === desktop) await heading.hover();
    await reader.press(heading.locator('a.hash-link'));
    await assertLanded(page, 'signer', "heading's # anchor");
    assert.is(new URL(page.url()).hash, '#signer');
    await assertStayedOnPage(reader, cli, 'same-page links');
    assert.equal(reader.messages, []);
    await reader.close();

    // The skip link is the first thing Tab reaches on a page; it takes the reader to the main content.
    const keyboard = await openReader(browser, site.origin + cli, { viewport });
    await keyboard.page.keyboard.press('Tab');
    assert.ok(await keyboard.page.locator('.skip-link').evaluate((a) => a === document.activeElement));
    await keyboard.page.keyboard.press('Enter');
    await assertLanded(keyboard.page, '__docusaurus_skipToContent_fallback', 'skip link');
    await assertStayedOnPage(keyboard, cli, 'skip link');
    await keyboard.close();
  });

  test(`${size}: a link to a section of another page, and a URL opened with a hash, land at the section`, async () => {
    const reader = await openReader(browser, `${site.origin}/it/v1/guides/building/cross-platform`, { viewport });
    const { page } = reader;
    await reader.press(page.locator('.markdown a[href="/it/v1/guides/building/linux#glibc"]'));
    await page.waitForURL('**/building/linux#glibc');
    await page.waitForFunction(() => document.getElementById('glibc') !== null);
    await assertLanded(page, 'glibc', 'link to another page with a hash');
    assert.ok(reader.pageData.includes(dataOf('/it/v1/guides/building/linux')), 'an in-app navigation');
    await reader.close();

    const opened = await openReader(browser, `${site.origin + doc}#rust`, { viewport });
    await assertLanded(opened.page, 'rust', 'URL opened with a hash');
    assert.equal(
      opened.pageData.filter((p) => p === dataOf(doc)),
      [],
      'the page opened is not loaded again',
    );
    assert.equal(opened.messages, []);
    await opened.close();
  });

  test(`${size}: Back and Forward between sections of a page return to each place`, async () => {
    const reader = await openReader(browser, site.origin + cli, { viewport });
    const { page } = reader;
    const y = () => page.evaluate(() => window.scrollY);
    const announced = () => page.evaluate(() => document.activeElement?.classList.contains('route-announcer'));
    // Where the reader was when they followed each link (the link in view, as they saw it).
    const inText = page.locator('.markdown .content a[href="#dev"]:not(.hash-link)').first();
    await inText.scrollIntoViewIfNeeded();
    await settled(page);
    const start = await y();
    await reader.press(inText);
    await assertLanded(page, 'dev', 'in-text link');
    // The reader reads on, then follows the TOC (on a phone, a heading's anchor) further down.
    await page.evaluate(() => window.scrollBy(0, 150));
    const second =
      viewport === desktop ? page.locator('.toc a[href="#plugin"]') : page.locator('h2#plugin a.hash-link');
    await second.scrollIntoViewIfNeeded();
    await settled(page);
    const reading = await y();
    await reader.press(second);
    await assertLanded(page, 'plugin', 'second link');
    // Then scrolls a little past the heading.
    await page.evaluate(() => window.scrollBy(0, 60));
    await settled(page);
    const atPlugin = await y();
    await page.goBack();
    await settled(page);
    assert.is(new URL(page.url()).hash, '#dev');
    assert.is(await y(), reading, 'Back returns to where the reader left #dev');
    await page.goBack();
    await settled(page);
    assert.is(new URL(page.url()).hash, '');
    assert.is(await y(), start, 'Back again returns to where the first link was followed');
    await page.goForward();
    await settled(page);
    assert.is(new URL(page.url()).hash, '#dev');
    await page.goForward();
    await settled(page);
    assert.is(new URL(page.url()).hash, '#plugin');
    assert.is(await y(), atPlugin, 'Forward returns to #plugin');
    assert.not.ok(await announced(), 'focus stays where it was');
    await assertStayedOnPage(reader, cli, 'Back and Forward');
    assert.equal(reader.messages, []);
    await reader.close();
  });
}

test('Back and Forward to a page left for another come back to where it was left', async () => {
  const reader = await openReader(browser, site.origin + doc);
  const { page } = reader;
  await page.locator('h2#rust').scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 40));
  const next = page.locator('.pagination-next');
  await next.scrollIntoViewIfNeeded();
  await settled(page);
  const left = await page.evaluate(() => window.scrollY);
  await reader.press(next);
  await page.waitForFunction(() => document.getElementById('rust') === null);
  await settled(page);
  assert.is(await page.evaluate(() => window.scrollY), 0, 'a new page opens at its top');
  await page.evaluate(() => window.scrollTo(0, 300));
  await settled(page);
  await page.goBack();
  await page.waitForFunction(() => document.getElementById('rust') !== null);
  await settled(page);
  assert.is(await page.evaluate(() => window.scrollY), left, 'Back');
  await page.goForward();
  await page.waitForFunction(() => document.getElementById('rust') === null);
  await settled(page);
  assert.is(await page.evaluate(() => window.scrollY), 300, 'Forward');
  await reader.close();
});

test('edge cases: accented and encoded ids, a closed <details>, another tab, from this page and another', async () => {
  for (const viewport of screens) {
    const reader = await openReader(edgeSite.browser, edgeSite.origin + edges, { viewport });
    const { page } = reader;
    const link = (href: string) => page.locator(`.markdown .content a[href="${href}"]:not(.hash-link)`);
    const tab = page.locator('[role="tab"][data-value="windows"]');
    const details = page.locator('.markdown details');
    // Written `#prérequis` in the text: the browser sends it encoded.
    await reader.press(link('#pr%C3%A9requis'));
    await assertLanded(page, 'prérequis', 'accented id');
    await reader.press(link('#%C3%A8'));
    await assertLanded(page, 'è', 'encoded id');
    assert.is(await details.evaluate((d: HTMLDetailsElement) => d.open), false);
    await reader.press(link('#nei-dettagli'));
    await assertLanded(page, 'nei-dettagli', 'section in a closed <details>');
    assert.is(await details.evaluate((d: HTMLDetailsElement) => d.open), true);
    assert.is(await tab.getAttribute('aria-selected'), 'false');
    await reader.press(link('#nella-scheda'));
    await assertLanded(page, 'nella-scheda', 'section in another tab');
    assert.is(await tab.getAttribute('aria-selected'), 'true');
    await assertStayedOnPage(reader, edges, 'edge-case links');

    // From another page, in-app: the page loads, then what hides the section opens.
    for (const [href, id] of [
      ['#%C3%A8', 'è'],
      ['#nei-dettagli', 'nei-dettagli'],
      ['#nella-scheda', 'nella-scheda'],
    ] as const) {
      await page.goto(`${edgeSite.origin}/it/v1/guides/collegamenti`);
      await hydrated(page);
      await reader.press(page.locator(`.markdown a[href="${edges}${href}"]`));
      await page.waitForURL(`**${edges}${href}`);
      await page.waitForFunction(() => document.getElementById('nella-scheda') !== null);
      await assertLanded(page, id, `link from another page to ${href}`);
    }
    // A tab choice remembered for the group hides the section on arrival; the page opened with its hash shows it.
    await page.evaluate(() => localStorage.setItem('docusaurus.tab.os', 'linux'));
    await page.goto(`${edgeSite.origin}/it/v1/guides/collegamenti`);
    await page.goto(`${edgeSite.origin + edges}#nella-scheda`);
    await hydrated(page);
    await assertLanded(page, 'nella-scheda', 'URL opened with a hash in another tab');
    assert.equal(reader.messages, []);
    await reader.close();
  }
});

test('edge cases: an unknown hash leaves the scroll alone, silently; a repeated id lands on its first', async () => {
  const reader = await openReader(edgeSite.browser, edgeSite.origin + edges);
  const { page } = reader;
  await page.locator('#prérequis').scrollIntoViewIfNeeded();
  await settled(page);
  const before = await page.evaluate(() => window.scrollY);
  // Typed in the address bar: the same page, another hash.
  for (const hash of ['#niente-di-simile', '#%E0%A4%A']) {
    await page.goto(`${edgeSite.origin + edges}${hash}`);
    await settled(page);
    assert.is(await page.evaluate(() => window.scrollY), before, hash);
  }
  await page.goto(`${edgeSite.origin + edges}#ripetuto`);
  await settled(page);
  const { top, below } = await placement(page, 'ripetuto');
  assert.ok(top - below >= 0 && top - below <= 12, `the first #ripetuto at the top, not at ${top}`);
  assert.equal(reader.messages, []);
  assert.not.ok(reader.pageData.includes(dataOf(edges)));
  await reader.close();

  const opened = await openReader(edgeSite.browser, `${edgeSite.origin + edges}#ripetuto`);
  await assertLanded(opened.page, 'ripetuto', 'URL opened with a repeated id');
  await opened.close();
});

test('a same-page link in the mobile menu closes it and lands at its section', async () => {
  const reader = await openReader(browser, `${site.origin}/it/`, { viewport: phone });
  const { page } = reader;
  await reader.press(page.locator('.navbar-toggle'));
  const panel = page.locator('.mobile-menu-panel');
  await reader.press(panel.getByRole('button', { name: 'Comunità' }));
  await reader.press(panel.locator('a[href="/it/#sponsors"]'));
  await page.waitForSelector('.mobile-menu-panel', { state: 'detached' });
  await assertLanded(page, 'sponsors', 'Sponsor from the mobile menu');
  await assertStayedOnPage(reader, '/it', 'Sponsor from the mobile menu');
  await reader.close();
});

test.run();
