import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/build/build-site';
import { sharedDocusaurusBuild } from '../docusaurus-fixture';
import { copyFixture, removeDir, repoRoot } from '../helpers';
import { hydrated } from './reader';
import { openBuild } from './site-server';

// The Docusaurus-dialect fixture site as a reader uses it: the site's own components work in the browser.
let site: Awaited<ReturnType<typeof openBuild>>;
let browser: Browser;
/** The copy of the fixture this file built, when it was the first of the run to ask for the fixture's build. */
let copy: string | undefined;

test.before(async () => {
  const { out } = await sharedDocusaurusBuild(async (into) => {
    copy = copyFixture('docusaurus');
    await buildSite({ packageRoot: repoRoot, config: path.join(copy, 'site.config.ts'), out: into });
  });
  site = await openBuild(out);
  browser = site.browser;
});
test.after(async () => {
  await site.close();
  if (copy) removeDir(copy);
});

async function open(path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${site.origin}${path}`);
  await hydrated(page);
  return { page, errors };
}

test("a component of the site's components module works in the browser, after navigating too", async () => {
  const { page, errors } = await open('/lanterna/docs/avvio/introduzione');
  assert.ok(await page.getByText('npm run tauri dev').isVisible());
  // The site's components hydrate once their chunk has loaded, after the page: a reader's click before that is lost.
  const hydrated = (button: string) =>
    page
      .locator('docs-it-island[data-hydrated]', { has: page.getByRole('button', { name: button }) })
      .first()
      .waitFor({ state: 'attached' });
  await hydrated('cargo');
  await page.getByRole('button', { name: 'cargo' }).click();
  assert.ok(await page.getByText('cargo tauri dev').isVisible());
  assert.is(await page.getByRole('button', { name: 'cargo' }).getAttribute('aria-pressed'), 'true');
  // What the page put inside a component is still there once it is hydrated.
  assert.ok(await page.getByText('La prima versione con il nuovo gestore degli aggiornamenti.').isVisible());
  await page.getByRole('button', { name: 'Espandi la categoria «Guide pratiche»' }).click();
  await page.getByRole('link', { name: 'Configurazione', exact: true }).click();
  await page.waitForURL(/\/docs\/guide\/configurazione$/);
  await hydrated('pnpm');
  await page.getByRole('button', { name: 'pnpm' }).click();
  assert.ok(await page.getByText('pnpm tauri info').isVisible());
  assert.equal(errors, []);
  await page.close();
});

test('a hydrated component reads useDocusaurusContext and useBaseUrl; useColorMode follows the toggle', async () => {
  const { page, errors } = await open('/lanterna/comunita');
  const greeting = page.locator('.benvenuto');
  await greeting.getByText('Modalità light').waitFor({ state: 'visible' });
  await page.getByRole('button', { name: 'Modalità scura', pressed: false }).click();
  await greeting.getByText('Modalità dark').waitFor({ state: 'visible' });
  // Rendered again in the browser, the component still has the site's config and base URL, and its CSS module's
  // class: the browser's bundle names it as the server did, so the site's stylesheet colours it.
  const title = greeting.getByText('Lanterna: Applicazioni desktop leggere, spiegate passo passo');
  assert.ok(await title.isVisible());
  assert.is(await title.evaluate((e) => getComputedStyle(e).color), 'rgb(164, 19, 60)');
  assert.is(
    await greeting.getByRole('link', { name: 'Il forum' }).getAttribute('href'),
    'https://forum.lanterna.example',
  );
  assert.is(await greeting.getByRole('link', { name: 'Il logo' }).getAttribute('href'), '/lanterna/img/logo.svg');
  assert.equal(errors, []);
  await page.close();
});

test('a hydrated component of a category index page gets its category from useCurrentSidebarCategory', async () => {
  const { page, errors } = await open('/lanterna/docs/strumenti');
  const button = page.getByRole('button', { name: 'Le pagine di «Gli strumenti di Lanterna»' });
  await page.locator('docs-it-island[data-component="Categoria"][data-hydrated]').waitFor({ state: 'attached' });
  await button.click();
  assert.is(await button.getAttribute('aria-expanded'), 'true');
  assert.ok(await page.locator('.categoria li').getByText('Estensioni per gli editor').isVisible());
  assert.equal(errors, []);
  await page.close();
});

test("a CSS module styles its component before and after hydration; another file's .titolo is apart", async () => {
  const { page, errors } = await open('/lanterna/comunita');
  const style = (text: string, property: 'color' | 'borderTopColor' | 'fontStyle') =>
    page.getByText(text, { exact: true }).evaluate((el, p) => getComputedStyle(el)[p], property);
  // Two files' `.titolo`, each in its own colour.
  assert.is(await style('Lanterna in breve', 'color'), 'rgb(30, 110, 60)');
  assert.is(await style('Da sapere', 'color'), 'rgb(20, 60, 160)');
  // A plain stylesheet the component imports styles the whole site.
  const note = page.locator('.scheda-nota');
  assert.is(await note.evaluate((el) => getComputedStyle(el).fontStyle), 'italic');
  const card = page.locator('docs-it-island[data-component="Scheda"]');
  await page.locator('docs-it-island[data-component="Scheda"][data-hydrated]').waitFor({ state: 'attached' });
  const border = () => card.locator('> div').evaluate((el) => getComputedStyle(el).borderTopColor);
  assert.is(await border(), 'rgb(30, 110, 60)');
  // Drawn again in the browser, with the names the browser's bundle gave it: the site stylesheet's.
  await card.getByRole('button', { name: 'Dettagli' }).click();
  assert.is(await card.getByRole('button', { name: 'Dettagli' }).getAttribute('aria-pressed'), 'true');
  assert.is(await border(), 'rgb(180, 40, 40)');
  assert.ok(
    await card
      .getByRole('img', { name: 'Logo nella scheda' })
      .evaluate((img) => (img as HTMLImageElement).naturalWidth > 0),
  );
  assert.equal(errors, []);
  await page.close();
});

test('a mermaid fence is drawn, and again in the other colour mode; images for one colour mode follow it', async () => {
  const { page, errors } = await open('/lanterna/docs/guide/panoramica');
  const diagram = page.locator('.mermaid-diagram');
  await diagram.locator('svg').waitFor({ state: 'visible' });
  const drawing = diagram.locator('svg');
  assert.ok(await drawing.getByText('Finestra').isVisible());
  assert.ok(await drawing.getByText('invoke').isVisible());
  assert.not.ok(await diagram.locator('.mermaid-source').isVisible(), 'the source gives way to the drawing');
  const light = page.locator('img[src$="#gh-light-mode-only"]');
  const dark = page.locator('img[src$="#gh-dark-mode-only"]');
  assert.ok(await light.isVisible());
  assert.not.ok(await dark.isVisible());
  // Mermaid's default theme fills nodes with this lavender; its dark theme does not.
  assert.match(await drawing.innerHTML(), '#ECECFF');
  await page.getByRole('button', { name: 'Modalità scura', pressed: false }).click();
  await page.waitForFunction(
    () => document.querySelector<HTMLElement>('.mermaid-diagram')?.dataset.rendered === 'dark',
  );
  assert.not.match(await drawing.innerHTML(), '#ECECFF');
  assert.ok(await dark.isVisible());
  assert.not.ok(await light.isVisible());
  assert.equal(errors, []);
  await page.close();
});

test('tabs: the chosen one goes in the URL and is kept, per groupId, on other pages and after a reload', async () => {
  const { page, errors } = await open('/lanterna/docs/riferimenti/cli');
  const origin = site.origin;
  const tab = (name: string) => page.getByRole('tab', { name, exact: true });
  const reload = async (path: string) => {
    await page.goto(`${origin}${path}`);
    await hydrated(page);
  };
  assert.is(await tab('Cargo').getAttribute('aria-selected'), 'true', 'the TabItem marked default');
  assert.ok(await page.getByText('cargo install lanterna-cli --locked').isVisible());
  await tab('npm').click();
  assert.ok(await page.getByText('npm install --save-dev @lanterna/cli').isVisible());
  assert.not.ok(await page.getByText('cargo install lanterna-cli --locked').isVisible());
  await page.waitForURL(/\?gestore=npm/);
  await reload('/lanterna/docs/riferimenti/cli');
  assert.is(await tab('npm').getAttribute('aria-selected'), 'true', 'kept over the default after a reload');
  // Another page of the same groupId, reached by a link: its own default is npm, so Cargo must be kept.
  await tab('Cargo').click();
  await page.getByRole('button', { name: 'Espandi la categoria «Interfacce JavaScript»' }).click();
  await page.getByRole('link', { name: 'finestra', exact: true }).click();
  await page.waitForURL(/\/api\/finestra/);
  // The new page's content is shown, then its tabs take the group's choice.
  await page.getByText('Con Cargo si usa il crate').waitFor({ state: 'visible' });
  assert.is(await tab('Cargo').getAttribute('aria-selected'), 'true');
  assert.not.ok(await page.getByText('Con npm il modulo si importa').isVisible());
  await reload('/lanterna/docs/riferimenti/api/finestra');
  assert.is(await tab('Cargo').getAttribute('aria-selected'), 'true');
  assert.equal(errors, []);
  await page.close();
});

test('a page without a diagram loads none of Mermaid', async () => {
  const page = await browser.newPage();
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto(`${site.origin}/lanterna/docs/guide/configurazione`);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  const mermaidChunks = scripts.filter((url) => /mermaid|flowDiagram|render-diagrams/i.test(url));
  assert.equal(mermaidChunks, []);
  assert.ok(scripts.length > 0);
  await page.close();
});

test.run();
