import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../src/pipeline/build-site';
import { copyFixture, removeDir, repoRoot } from './helpers';

// The fixture written in the Docusaurus 2 dialect builds as it is, and renders what Docusaurus would.
const dir = copyFixture('docusaurus');
const out = path.join(dir, 'build');
const html = (route: string) => readFileSync(path.join(out, route, 'index.html'), 'utf8');
let warnings = '';

test.before(async () => {
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string) => {
    warnings += chunk;
    return true;
  }) as typeof process.stderr.write;
  try {
    await buildSite({ packageRoot: repoRoot, config: path.join(dir, 'site.config.ts'), out, quiet: true });
  } finally {
    process.stderr.write = write;
  }
});
test.after(() => removeDir(dir));

test("the site's components render into the page; components of the components module as islands", () => {
  const page = html('lanterna/docs/avvio/introduzione');
  assert.match(page, '<p class="avviso-locale">Questa guida segue la versione 1.</p>');
  assert.match(page, '<docs-it-island data-component="Command" data-props="{&quot;name&quot;:&quot;dev&quot;}">');
  assert.match(page, '<code>npm run tauri dev</code>');
  assert.match(page, '<docs-it-slot>La prima versione con il nuovo gestore degli aggiornamenti.</docs-it-slot>');
  const config = html('lanterna/docs/guide/configurazione');
  assert.match(config, 'data-component="Command" data-props="{&quot;name&quot;:&quot;info&quot;}"');
  assert.match(config, '<div class="code-title">lanterna.conf.json</div>');
  assert.match(config, '<pre class="shiki line-numbers"');
  assert.match(config, '<img src="/lanterna/img/logo.svg" alt="Logo di Lanterna"/>');
  const content = config.slice(config.indexOf('class="content"'), config.indexOf('</article>'));
  assert.not.match(content, 'rel="preload"', 'React 19 puts an image preload in front of the markup it renders');
});

test('a fragment gets the props the page passed, and its links are relative to its own file', () => {
  const page = html('lanterna/docs/avvio/requisiti');
  assert.match(page, '<h2 id="su-linux" class="anchor">Su Linux');
  assert.match(page, '<h2 id="su-macos" class="anchor">Su macOS');
  assert.match(page, 'Installate libwebkit2gtk-4.0-dev build-essential.');
  assert.match(page, '<a href="/lanterna/docs/guide/configurazione">configurazione</a>');
});

test('_category_ files and sidebar front matter order, label and style the sidebar', () => {
  const page = html('lanterna/docs/avvio/requisiti');
  const sidebar = page.slice(
    page.indexOf('docs-sidebar-menu'),
    page.indexOf('</nav>', page.indexOf('docs-sidebar-menu')),
  );
  const labels = [...sidebar.matchAll(/class="menu-link[^"]*"[^>]*>([^<]+)</g)].map((m) => m[1]);
  assert.equal(labels, ['Per cominciare', 'Introduzione', 'Requisiti', 'Guide pratiche', 'Configurazione']);
  // collapsible: false → no toggle; className on the category and, from sidebar_class_name, on the doc.
  assert.match(sidebar, '<li class="menu-item menu-category categoria-avvio"><div class="menu-category-header"><span');
  assert.match(sidebar, '<li class="menu-item voce-requisiti">');
  // link: {type: doc} → the category's label opens that doc.
  assert.match(sidebar, '<a class="menu-link" href="/lanterna/docs/guide/panoramica">Guide pratiche</a>');
});

test('navbar and footer links written without the base URL get it; unknown front matter keys are warnings', () => {
  const page = html('lanterna/docs/avvio/introduzione');
  assert.match(page, 'href="/lanterna/blog"');
  assert.match(page, '<a class="footer-link" href="/lanterna/docs/avvio/introduzione">Introduzione</a>');
  assert.match(warnings, 'content/docs/avvio/requisiti.mdx:6:1: unknown front matter key "autore_originale"');
  assert.not.match(warnings, 'sidebar_custom_props');
});

test.run();
