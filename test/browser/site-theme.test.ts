// The theme as a second site's reader sees it: the French fixture site speaks French from the theme's catalogue
// and wears its custom.css (a Docusaurus one: Infima's tokens), and the Italian site keeps its own look.
import type { Browser, Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFixture } from '../helpers';
import { releaseChromium, sharedChromium } from './browser';
import { hydrated } from './reader';
import { openFixtureSite, serveBuiltSite } from './site-server';

/** A wordmark, four times as wide as it is high, in place of the fixture's square logo. */
const wordmark =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 16"><title>Atelier</title>' +
  '<rect width="64" height="16" fill="#a4133c"/></svg>';

let french: Awaited<ReturnType<typeof openFixtureSite>>;
let italian: Awaited<ReturnType<typeof serveBuiltSite>>;
let browser: Browser;

test.before(async () => {
  french = await openFixtureSite(copyFixture('other-site', { 'content/static/img/atelier-logo.svg': wordmark }));
  italian = await serveBuiltSite();
  browser = await sharedChromium();
});
test.after(async () => {
  await releaseChromium();
  await french.close();
  await italian.close();
});

/** A page in a fresh context (no colour mode chosen before), in the system's light or dark mode. */
async function open(url: string, colourScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'block',
    colorScheme: colourScheme,
  });
  const page = await context.newPage();
  page.on('close', () => void context.close().catch(() => undefined));
  await page.goto(url);
  await hydrated(page);
  return page;
}

/** The colour and font a reader sees on the first link of the page's text, and the text's font. */
const looks = (page: Page) =>
  page.evaluate(() => {
    const link = document.querySelector('.markdown p a')!;
    return {
      link: getComputedStyle(link).color,
      font: getComputedStyle(document.querySelector('.markdown p')!).fontFamily,
    };
  });

test('the French site: its interface in French, from the theme’s catalogue', async () => {
  const page = await open(`${french.origin}/docs/manuel/premiers-pas/premier-livre`);
  // The first Tab reaches the skip link, which then shows.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Aller au contenu principal' });
  assert.ok(await skip.isVisible(), 'the skip link, focused');
  assert.ok(await page.getByRole('navigation', { name: 'Principale' }).isVisible());
  const toc = page.getByRole('navigation', { name: 'Sur cette page' });
  assert.ok(await toc.getByText('Sur cette page', { exact: true }).isVisible(), 'the table of contents');
  assert.ok(await page.getByText('Remarque', { exact: true }).isVisible(), "the admonition's default title");
  assert.ok(await page.locator('.pagination-nav').getByText('Précédent').isVisible());
  assert.ok(await page.locator('.pagination-nav').getByText('Suivant').isVisible());
  assert.ok(await page.getByRole('button', { name: 'Mode sombre' }).isVisible(), 'the colour mode toggle');
  // The language dropdown says what it is to a screen reader, in French.
  assert.ok(await page.getByRole('button', { name: 'Langue : Français' }).isVisible());
  await page.getByRole('button', { name: 'Mode sombre' }).hover();
  assert.is(await page.getByRole('button', { name: 'Mode sombre' }).getAttribute('title'), 'Passer en mode sombre');
  await page.getByRole('button', { name: 'Mode sombre' }).click();
  assert.is(await page.getByRole('button', { name: 'Mode sombre' }).getAttribute('title'), 'Passer en mode clair');
  await page.close();
});

test('the French site on a phone: the menu, its buttons and its dialog in French', async () => {
  const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
  await page.goto(`${french.origin}/docs/manuel/premiers-pas/premier-livre`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Ouvrir le menu de navigation' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu de navigation' });
  await menu.waitFor({ state: 'visible' });
  await menu.getByRole('button', { name: '← Retour au menu principal' }).click();
  assert.ok(await menu.getByRole('button', { name: 'Menu de la documentation →' }).isVisible());
  await menu.getByRole('button', { name: 'Fermer le menu' }).click();
  await menu.waitFor({ state: 'detached' });
  await page.close();
});

test('the French site wears its custom.css: the brand colour on links, in both modes, and its serif font', async () => {
  const light = await open(`${french.origin}/docs/manuel/premiers-pas/premier-livre`);
  // Links take the darkest shade of the primary colour (the theme's rule), the site's own shade here.
  assert.equal(await looks(light), { link: 'rgb(114, 11, 42)', font: 'Georgia, "Times New Roman", serif' });
  await light.close();
  const dark = await open(`${french.origin}/docs/manuel/premiers-pas/premier-livre`, 'dark');
  assert.is((await looks(dark)).link, 'rgb(255, 155, 174)', "the dark palette's lighter shade");
  await dark.close();
});

test("Infima's classes in the home page's content: two columns that stack on a phone, a button, a badge", async () => {
  const page = await open(`${french.origin}/docs/`);
  const layout = () =>
    page.evaluate(() => {
      const [first, second] = [...document.querySelectorAll('.row > .col')].map((c) => c.getBoundingClientRect());
      const button = document.querySelector('.button--primary')!;
      const centred = document.querySelector('.text--center')!;
      return {
        sideBySide: Math.abs(first!.top - second!.top) < 1 && Math.abs(first!.width - second!.width) < 1,
        halfRow: Math.round((first!.width / document.querySelector('.row')!.getBoundingClientRect().width) * 100),
        button: getComputedStyle(button).backgroundColor,
        centred: getComputedStyle(centred).textAlign,
        marginTop: getComputedStyle(centred).marginTop,
        badgeRadius: getComputedStyle(document.querySelector('.badge')!).borderRadius,
        cardBodyPadding: getComputedStyle(document.querySelector('.card__body')!).paddingLeft,
      };
    });
  assert.equal(await layout(), {
    sideBySide: true,
    halfRow: 50,
    button: 'rgb(164, 19, 60)',
    centred: 'center',
    marginTop: '32px',
    badgeRadius: '4px',
    cardBodyPadding: '20px',
  });
  await page.setViewportSize({ width: 390, height: 800 });
  const phone = await layout();
  assert.equal({ sideBySide: phone.sideBySide, halfRow: phone.halfRow }, { sideBySide: false, halfRow: 100 });
  await page.close();
});

test('a wordmark logo keeps its proportions, 2rem high', async () => {
  const page = await open(`${french.origin}/docs/manuel/premiers-pas/premier-livre`);
  const box = await page.locator('.navbar .logo-light').boundingBox();
  assert.equal({ width: box!.width, height: box!.height }, { width: 128, height: 32 });
  await page.close();
});

test('the Italian site keeps its look: the same link colours, system font and square logo', async () => {
  const light = await open(`${italian.origin}/it/v1/guides/getting-started/prerequisites`);
  const seen = await looks(light);
  assert.is(seen.link, 'rgb(11, 110, 123)');
  assert.match(seen.font, /^system-ui, -apple-system/);
  const box = await light.locator('.navbar .logo-light').boundingBox();
  assert.equal({ width: box!.width, height: box!.height }, { width: 32, height: 32 });
  await light.close();
  const dark = await open(`${italian.origin}/it/v1/guides/getting-started/prerequisites`, 'dark');
  assert.is((await looks(dark)).link, 'rgb(79, 214, 230)');
  await dark.close();
});

test.run();
