// A site's overrides of theme components as its reader meets them: the French fixture site wraps the theme's
// doc card (a badge over each card) and admonitions (a button folds them), and replaces its footer with one of its
// own, whose button works once the page has hydrated; no hydration error on the console, on first load or after
// in-app navigation. Overrides that break in the browser show the theme's crash box in their place.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { RunningDev } from '../../src/cli/dev-command';
import { copyFixture, removeDir } from '../helpers';
import { openFixtureSite, openLive, startDevSite } from './site-server';

let french: Awaited<ReturnType<typeof openFixtureSite>>;

test.before(async () => {
  // A category with a generated index: a page of the category's cards.
  french = await openFixtureSite(
    copyFixture('other-site', {
      'content/docs/premiers-pas/mise-en-page/_category_.json': JSON.stringify({
        label: 'Mise en page',
        position: 3,
        description: 'Gabarits des pages et couvertures du livre.',
        link: { type: 'generated-index' },
      }),
      // A doc footer that asks readers for their opinion, once the page has hydrated.
      'src/theme/DocItem/Footer.tsx': [
        "import Original from '@theme-original/DocItem/Footer';",
        "import type { DocItemFooterProps } from 'docs-it';",
        "import { useState } from 'react';",
        '',
        'export default function DocItemFooter(props: DocItemFooterProps) {',
        '  const [thanked, setThanked] = useState(false);',
        '  return (',
        '    <>',
        '      <Original {...props} />',
        '      {thanked ? <p>Merci de votre avis !</p> : (',
        '        <button type="button" onClick={() => setThanked(true)}>Cette page m’a aidé</button>',
        '      )}',
        '    </>',
        '  );',
        '}',
        '',
      ].join('\n'),
      // A code block (the installation page's) that breaks in the browser: the reader must see the crash box, not a
      // blank page.
      'src/theme/CodeBlock.tsx': [
        "import Original from '@theme-original/CodeBlock';",
        "import type { CodeBlockProps } from 'docs-it';",
        '',
        'export default function CodeBlock(props: CodeBlockProps) {',
        "  const inBrowser = typeof window !== 'undefined';",
        "  if (inBrowser && props.title === 'terminal') throw new Error('le bloc de code est en panne');",
        '  return <Original {...props} />;',
        '}',
        '',
      ].join('\n'),
      // A search button that breaks when it is used: its crash must not blank the page.
      'src/theme/SearchBar.tsx': [
        "import { useState } from 'react';",
        '',
        'export default function SearchBar() {',
        '  const [broken, setBroken] = useState(false);',
        "  if (broken) throw new Error('la recherche est en panne');",
        '  return (',
        '    <button type="button" onClick={() => setBroken(true)}>',
        '      Chercher',
        '    </button>',
        '  );',
        '}',
        '',
      ].join('\n'),
    }),
  );
});
test.after(async () => {
  await french.close();
});

/** Errors and warnings the page logs, as the reader's console shows them. */
function consoleOf(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') messages.push(`${m.type()}: ${m.text()} ${m.location().url}`);
  });
  page.on('pageerror', (e) => messages.push(`uncaught: ${e.message}`));
  return messages;
}

/**
 * Waits until the page's islands (the admonitions its overrides draw) have hydrated: they load after the page, and a
 * reader's click before that is lost.
 */
const islandsHydrated = (page: Page) =>
  page.waitForFunction(() => document.querySelectorAll('docs-it-island:not([data-hydrated])').length === 0);

async function open(url: string): Promise<{ page: Page; messages: string[] }> {
  const page = await french.browser.newPage({ viewport: { width: 1280, height: 800 } });
  const messages = consoleOf(page);
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.classList.contains('hydrated'));
  return { page, messages };
}

test('the wrapped doc card: a badge over the theme’s card, which still leads to its page', async () => {
  const { page, messages } = await open(`${french.origin}/docs/manuel/category/mise-en-page`);
  const cards = page.locator('.doc-cards .atelier-card');
  assert.equal(await cards.count(), 2, 'one wrapped card per page of the category');
  const first = cards.first();
  assert.equal(await first.locator('.atelier-badge').innerText(), 'Fiche');
  assert.ok(await first.locator('.atelier-badge').isVisible());
  const link = first.getByRole('link');
  assert.match(await link.innerText(), /Couvertures|Gabarits/);
  await link.click();
  await page.waitForURL(/\/docs\/manuel\/premiers-pas\/mise-en-page\/(couvertures|gabarits)$/);
  assert.ok(await page.locator('main h1').isVisible());
  assert.equal(messages, []);
  await page.close();
});

test('the replaced footer: the site’s own, hydrated, on first load and after in-app navigation', async () => {
  const { page, messages } = await open(`${french.origin}/docs/manuel/premiers-pas/premier-livre`);
  const footer = page.locator('footer');
  assert.ok(await footer.getByText('Copyright © 2025 Atelier, reliure numérique').isVisible());
  // The theme's footer columns are gone.
  assert.equal(await footer.getByRole('link', { name: 'Raccourcis clavier' }).count(), 0);
  const legal = footer.getByRole('button', { name: 'Mentions légales' });
  assert.equal(await legal.getAttribute('aria-expanded'), 'false');
  await legal.click();
  assert.ok(await footer.getByText('Atelier SARL, 12 rue des Relieurs, Lyon.').isVisible());
  assert.equal(await legal.getAttribute('aria-expanded'), 'true');

  // In-app navigation through the navbar: the browser draws the same override.
  await page.locator('.navbar a[href="/docs/blog"]').first().click();
  await page.waitForURL('**/docs/blog');
  assert.ok(await page.locator('footer').getByText('Copyright © 2025 Atelier, reliure numérique').isVisible());
  assert.equal(await page.locator('footer').getByRole('link', { name: 'Raccourcis clavier' }).count(), 0);
  assert.equal(messages, []);
  await page.close();
});

test('an override that throws in the browser shows the crash box in its place, and the page stays', async () => {
  const { page, messages } = await open(`${french.origin}/docs/manuel/premiers-pas/premier-livre`);
  await page.getByRole('button', { name: 'Chercher' }).click();
  const crash = page.getByRole('alert').filter({ hasText: 'Cette page a planté.' });
  await crash.waitFor();
  assert.ok(await crash.getByText('la recherche est en panne').isVisible());
  assert.ok(await page.locator('main h1').isVisible(), 'the page’s text is still there');
  assert.ok(await page.locator('footer').getByText('Copyright © 2025 Atelier, reliure numérique').isVisible());
  assert.ok(
    messages.some((m) => m.includes('la recherche est en panne')),
    'the error is on the console',
  );
  await page.close();
});

// The dev test below once clicked the footer's button for nothing: scrolled down to it, the navbar hid, the sidebar
// grew by the navbar's height and pushed the footer down between the button's press and its release.
test('scrolled down to a short page’s footer: the navbar hides, the footer stays, its button answers', async () => {
  // A window taller than the page's text: the sidebar, as tall as the window, makes the page's height.
  const page = await french.browser.newPage({ viewport: { width: 1280, height: 1200 } });
  await page.goto(`${french.origin}/docs/manuel/reference/raccourcis`);
  await page.waitForFunction(() => document.documentElement.classList.contains('hydrated'));
  const legal = page.locator('footer').getByRole('button', { name: 'Mentions légales' });
  /** Where the button is in the page (not in the window), and how tall the page is. */
  const place = () =>
    legal.evaluate((button) => ({
      top: button.getBoundingClientRect().top + window.scrollY,
      page: document.documentElement.scrollHeight,
    }));
  const before = await place();
  await page.mouse.wheel(0, 1000);
  await page.locator('.navbar-hidden').waitFor();
  // The sidebar moved up under the hidden navbar: its transitions are over.
  await page.waitForFunction(() => document.querySelector('.docs-sidebar')!.getAnimations().length === 0);
  assert.ok(await page.evaluate(() => window.scrollY >= 120), 'scrolled far enough for the navbar to hide');
  assert.equal(await place(), before, 'the footer is where it was before the navbar hid');
  await legal.click();
  assert.ok(await page.getByText('Atelier SARL, 12 rue des Relieurs, Lyon.').isVisible());
  await page.close();
});

test('the wrapped admonition: the theme’s box under the site’s button, which folds it, after navigation', async () => {
  const { page, messages } = await open(`${french.origin}/docs/manuel/premiers-pas/premier-livre`);
  const fold = page.getByRole('button', { name: "Replier l'encadré" });
  assert.ok(await fold.isVisible(), 'the override’s button above the admonition');
  await islandsHydrated(page);
  const note = page.getByRole('note');
  assert.ok(await note.getByText('Remarque', { exact: true }).isVisible(), 'the theme’s box and title, in French');
  assert.ok(await note.getByText('Atelier enregistre le livre à chaque modification').isVisible());
  await fold.click();
  assert.equal(await note.count(), 0, 'folded away: the page’s island hydrated');
  await page.getByRole('button', { name: "Déplier l'encadré" }).click();
  assert.ok(await page.getByRole('note').getByText('Remarque', { exact: true }).isVisible());

  // In-app navigation: the next page's admonition, drawn by the override too, works as well.
  await page.locator('.pagination-nav a[rel="prev"]').click();
  await page.waitForURL('**/premiers-pas/installation');
  const tip = page.getByRole('note').filter({ hasText: 'Un conseil' });
  await tip.waitFor();
  await islandsHydrated(page);
  await page.getByRole('button', { name: "Replier l'encadré" }).click();
  assert.equal(await tip.count(), 0);
  assert.equal(
    messages.filter((m) => !m.includes('le bloc de code est en panne')),
    [],
  );
  await page.close();
});

test('the doc footer: the theme’s edit link and last update, then the site’s question, which it answers', async () => {
  const { page, messages } = await open(`${french.origin}/docs/manuel/premiers-pas/premier-livre`);
  await page.getByRole('button', { name: 'Cette page m’a aidé' }).click();
  assert.ok(await page.getByText('Merci de votre avis !').isVisible());
  assert.equal(messages, []);
  await page.close();
});

test('a code block whose override breaks in the browser: the crash box in its place, the page stays', async () => {
  const { page, messages } = await open(`${french.origin}/docs/manuel/premiers-pas/installation`);
  const crash = page.getByRole('alert').filter({ hasText: 'Cette page a planté.' });
  await crash.waitFor();
  assert.ok(await crash.getByText('le bloc de code est en panne').isVisible());
  assert.ok(await crash.getByRole('button', { name: 'Réessayer' }).isVisible());
  assert.ok(await page.getByRole('heading', { name: 'Installer Atelier' }).isVisible(), 'the page’s title');
  assert.ok(await page.getByText('Placez la bibliothèque sur un disque rapide').isVisible(), 'the text after it');
  assert.ok(
    messages.some((m) => m.includes('le bloc de code est en panne')),
    'the error is on the console',
  );
  await page.close();
});

test('docs-it dev: the overrides are drawn and hydrated, and an edit of one reloads the page with it', async () => {
  const dir = copyFixture('other-site');
  let dev: RunningDev | undefined;
  try {
    dev = await startDevSite(path.join(dir, 'site.config.ts'));
    const page = await french.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const messages = consoleOf(page);
    await openLive(page, `${dev.url}manuel/premiers-pas/premier-livre`);
    await page.waitForFunction(() => document.documentElement.classList.contains('hydrated'));
    const legal = page.locator('footer').getByRole('button', { name: 'Mentions légales' });
    await legal.click();
    await page.getByText('Atelier SARL, 12 rue des Relieurs, Lyon.').waitFor({ state: 'visible' });
    assert.is(await legal.getAttribute('aria-expanded'), 'true');
    // The admonition's override, an island of the page's text, hydrated under dev too.
    await islandsHydrated(page);
    await page.getByRole('button', { name: "Replier l'encadré" }).click();
    assert.equal(await page.getByRole('note').count(), 0);

    const file = path.join(dir, 'src/theme/Footer.tsx');
    const reloaded = page.waitForEvent('load');
    writeFileSync(file, readFileSync(file, 'utf8').replace('Mentions légales', 'Informations légales'));
    await reloaded;
    await page.waitForFunction(() => document.documentElement.classList.contains('hydrated'));
    const edited = page.locator('footer').getByRole('button', { name: 'Informations légales' });
    await edited.click();
    assert.ok(await page.getByText('Atelier SARL, 12 rue des Relieurs, Lyon.').isVisible());

    // An edit of the admonition's override: the page's text is compiled again, drawn by the new one.
    const admonition = path.join(dir, 'src/theme/Admonition.tsx');
    const again = page.waitForEvent('load');
    writeFileSync(admonition, readFileSync(admonition, 'utf8').replace("Replier l'encadré", "Refermer l'encadré"));
    await again;
    await page.waitForFunction(() => document.documentElement.classList.contains('hydrated'));
    await islandsHydrated(page);
    await page.getByRole('button', { name: "Refermer l'encadré" }).click();
    await page.getByRole('button', { name: "Déplier l'encadré" }).waitFor();
    assert.equal(await page.getByRole('note').count(), 0);
    assert.equal(messages, []);
    await page.close();
  } finally {
    await dev?.close();
    removeDir(dir);
  }
});

test.run();
