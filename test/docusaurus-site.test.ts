import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../src/build/build-site';
import { formatError } from '../src/errors';
import { collectingReporter } from '../src/site/reporter';
import { sharedDocusaurusBuild } from './docusaurus-fixture';
import { buildErrors, copyFixture, quietly, removeDir, repoRoot, siteBuildErrors, withFiles } from './helpers';

// The fixture written in the Docusaurus 2 dialect builds as it is, and renders what Docusaurus would.
const dir = copyFixture('docusaurus');
/** The build of the fixture as it is, which the tests read. */
let out = '';
const html = (route: string) => readFileSync(path.join(out, route, 'index.html'), 'utf8');
let warnings = '';

test.before(async () => {
  const config = path.join(dir, 'site.config.ts');
  const report = collectingReporter();
  const build = async (into: string) => {
    await buildSite({ packageRoot: repoRoot, config, out: into, reporter: report });
  };
  // The run's shared build of the fixture (browser/docusaurus-site.test.ts reads it too), when this file asks first:
  // made from this file's copy, whose cache the builds of it below then start from. Made by another file, it is
  // built again here, into this file's copy, for that cache and for its warnings.
  const shared = await sharedDocusaurusBuild(build);
  out = shared.made ? shared.out : path.join(dir, 'build');
  if (!shared.made) await build(out);
  warnings = report.found
    .filter((d) => d.severity === 'warning')
    .map((d) => formatError(d.error))
    .join('\n');
});
test.after(() => removeDir(dir));

/** A page linking to a route the site lacks (`onBrokenLinks`). */
const brokenRouteLink = {
  'content/docs/guide/altrove.md': '# Altrove\n\nVedi [la vecchia pagina](/lanterna/docs/vecchia).\n',
};
/** A site's `_headers` that sets Cache-Control for every file. */
const cacheControlHeaders = '/*\n  cache-control: public\n  cache-control: max-age=86400\n';

/**
 * Runs `run` with some files of the shared fixture (whose bundle is built already) added or replaced (`withFiles`):
 * for the tests that build the whole fixture with a change that concerns no other test.
 */
const withSharedFiles = <T>(files: Record<string, string>, run: () => Promise<T>): Promise<T> =>
  withFiles(dir, files, run);

/** The errors of building the shared fixture with some files added or replaced, into an output of its own. */
const sharedFixtureErrors = (files: Record<string, string>) =>
  withSharedFiles(files, () => siteBuildErrors(dir, { out: path.join(dir, 'build-errors') }));

/*
 * One more build, of the fixture with the files of several tests added at once (pages, packages, a post, the
 * site's _headers, `onBrokenLinks: 'ignore'`), that those tests only read: each file's pages are their test's,
 * so one build serves them all. Its warnings are kept for the tests that look for theirs.
 */
let additions: Promise<string> | undefined;
let additionsDir: string | undefined;
let additionsWarnings = '';
function builtWithAdditions(): Promise<string> {
  additions ??= (async () => {
    // docs/index.md listed in a sidebar.
    const sidebars = readFileSync(path.join(dir, 'sidebars.js'), 'utf8').replace(
      "'Per iniziare subito': [",
      "'Per iniziare subito': ['index', ",
    );
    const site = copyFixture('docusaurus', {
      'content/docs/index.md': '---\nid: index\ntitle: Cos’è Lanterna?\n---\n\nLanterna è un esempio.\n',
      'sidebars.js': sidebars,
      'node_modules/motore-disegni/package.json': '{ "name": "motore-disegni", "main": "index.js" }',
      'node_modules/motore-disegni/index.js': "exports.disegna = (testo) => 'disegno di ' + testo;\n",
      'node_modules/disegni/package.json': '{ "name": "disegni", "exports": { "./Disegno": "./lib/Disegno.cjs" } }',
      'node_modules/disegni/lib/Disegno.cjs':
        "const React = require('react');\nconst { disegna } = require('motore-disegni');\n" +
        "exports.Disegno = ({ testo }) => React.createElement('p', { className: 'disegno' }, disegna(testo));\n",
      'content/docs/guide/disegno.mdx':
        '# Disegno\n\nimport { Disegno } from \'disegni/Disegno\';\n\n<Disegno testo="un faro" />\n',
      // A second copy of React where Node would find it for this package: its hooks fail with another copy's.
      'node_modules/ganci/node_modules/react/package.json': '{ "name": "react", "main": "index.js" }',
      'node_modules/ganci/node_modules/react/index.js':
        "exports.useState = () => { throw new Error('una seconda copia di React'); };\n",
      'node_modules/ganci/package.json':
        '{ "name": "ganci", "type": "module", "exports": "./index.js", "peerDependencies": { "react": "*" } }',
      'node_modules/ganci/index.js':
        "import { useState } from 'react';\nexport const useSaluto = () => useState('ciao dal gancio')[0];\n",
      'node_modules/schede/package.json': '{ "name": "schede", "type": "module", "exports": "./index.js" }',
      'node_modules/schede/index.js':
        "import { createElement } from 'react';\nimport { useSaluto } from 'ganci';\n" +
        "export const Scheda = () => createElement('p', { className: 'scheda' }, useSaluto());\n",
      'content/docs/guide/scheda.mdx': "# Scheda\n\nimport { Scheda } from 'schede';\n\n<Scheda />\n",
      'node_modules/formato/package.json': '{ "name": "formato", "main": "index.js" }',
      'node_modules/formato/index.js': "exports.versione = 'quella del sito';\n",
      'node_modules/etichette/node_modules/formato/package.json': '{ "name": "formato", "main": "index.js" }',
      'node_modules/etichette/node_modules/formato/index.js': "exports.versione = 'quella del pacchetto';\n",
      'node_modules/etichette/package.json': '{ "name": "etichette", "type": "module", "exports": "./index.js" }',
      'node_modules/etichette/index.js':
        "import { createElement } from 'react';\nimport { versione } from 'formato';\n" +
        "export const Etichetta = () => createElement('p', { className: 'etichetta' }, versione);\n",
      'content/docs/guide/etichetta.mdx': "# Etichetta\n\nimport { Etichetta } from 'etichette';\n\n<Etichetta />\n",
      'node_modules/foglio/package.json':
        '{ "name": "foglio", "exports": { ".": "./index.js", "./css": "./dist/foglio.css" } }',
      'node_modules/foglio/index.js': 'module.exports = {};\n',
      'node_modules/foglio/dist/foglio.css': '.foglio-cerca { color: teal; }\n',
      'src/components/Cerca.js': "import 'foglio/css';\nexport default function Cerca() { return <p>Cerca</p>; }\n",
      'content/docs/guide/cerca.mdx': "# Cerca\n\nimport Cerca from '@site/src/components/Cerca';\n\n<Cerca />\n",
      'content/blog/versioni/1.5.md': '---\ntitle: Lanterna 1.5\ndate: 2025-06-01\n---\n\nLa versione 1.5.\n',
      // A page importing a fragment by a path escaped as Prettier escapes `_`.
      'content/docs/guide/escape.mdx':
        "import Piattaforme from '../\\_condivisi/\\_piattaforme.md';\n\n# Escape\n\n<Piattaforme />\n",
      // The site's _headers caching every file, docs-it's assets too.
      'content/static/_headers': cacheControlHeaders,
      // A link to a route the site lacks, which `onBrokenLinks: 'ignore'` lets through.
      ...brokenRouteLink,
      'site.config.ts': readFileSync(path.join(dir, 'site.config.ts'), 'utf8').replace(
        '  components:',
        "  onBrokenLinks: 'ignore',\n  components:",
      ),
    });
    additionsDir = site;
    const built = path.join(site, 'build');
    const report = collectingReporter();
    await quietly(() =>
      buildSite({ packageRoot: repoRoot, config: path.join(site, 'site.config.ts'), out: built, reporter: report }),
    );
    additionsWarnings = report.found
      .filter((d) => d.severity === 'warning')
      .map((d) => formatError(d.error))
      .join('\n');
    return built;
  })();
  return additions;
}
test.after(() => {
  if (additionsDir) removeDir(additionsDir);
});

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

test("a site's @theme/X module keeps its named exports: import Command, { InstallTauriCli } binds both", () => {
  const config = html('lanterna/docs/guide/configurazione');
  assert.match(config, 'data-component="Command" data-props="{&quot;name&quot;:&quot;info&quot;}"');
  assert.match(config, '<docs-it-island data-component="InstallTauriCli"');
  assert.match(config, '<pre class="installa-cli"><code>npm install --save-dev @lanterna/cli</code></pre>');
});

test('docs/index.md that a sidebar lists is a doc at the docs root, in that sidebar, as in Docusaurus', async () => {
  const built = await builtWithAdditions();
  const page = readFileSync(path.join(built, 'lanterna/docs/index.html'), 'utf8');
  assert.match(page, '<h1>Cos’è Lanterna?</h1>');
  assert.not.match(page, 'docs-home', 'not the docs home layout of docs-it');
  assert.match(page, /<a [^>]*href="\/lanterna\/docs"[^>]*>Cos’è Lanterna\?<\/a>/, 'listed in its sidebar');
});

test('a link to a Markdown file resolves from the docs folder when not from the page, and from the root', () => {
  const page = html('lanterna/docs/riferimenti/cli');
  assert.match(page, '<a href="/lanterna/docs/guide/configurazione">guida alla configurazione</a>');
  assert.match(page, '<a href="/lanterna/docs/guide/panoramica">panoramica</a>');
  assert.not.match(warnings, 'riferimenti/cli.md');
});

test("a component of the site's own in src/theme is what @theme/Name imports, named exports included", () => {
  const page = html('lanterna/docs/strumenti/estensioni');
  const stars = /<span class="valutazione (styles_[0-9a-f]{6}_stelle)">★★★★<\/span>/.exec(page)?.[1];
  const scale = /\(<span class="valutazione-scala (styles_[0-9a-f]{6}_scala)">da 1 a 5<\/span>\)/.exec(page)?.[1];
  assert.ok(stars && scale, 'the CSS module gives the component its scoped class names');
  // The CSS modules' rules, under the same names, are in the site's stylesheet every page loads.
  const sheet = /<link rel="stylesheet" href="\/lanterna\/assets\/(site\.[^"]+\.css)">/.exec(page)?.[1];
  const css = readFileSync(path.join(out, 'lanterna/assets', sheet ?? 'none'), 'utf8');
  assert.match(css, new RegExp(`\\.${stars}\\{color:#d4a017;letter-spacing:\\.1em\\}`));
  assert.match(css, /\.benvenuto_[0-9a-f]{6}_titolo\{color:#a4133c\}/);
});

test('MDX pages export toc, frontMatter, contentTitle and metadata; <TOCInline toc={toc} /> lists the headings', () => {
  const page = html('lanterna/docs/riferimenti/api/finestra');
  assert.match(
    page,
    'In questa pagina (finestra, «L&#x27;interfaccia finestra», /lanterna/docs/riferimenti/api/finestra):',
  );
  assert.match(
    page,
    '<div class="toc-inline"><ul><li><a href="#aprire-una-finestra">Aprire una finestra</a><ul><li>' +
      '<a href="#le-opzioni-di-apertura">Le opzioni di apertura</a></li></ul></li><li>' +
      '<a href="#chiudere-una-finestra">Chiudere una finestra</a></li></ul></div>',
  );
});

test('<DocCardList /> written as a component lists the cards of the category the page is the index of', () => {
  const page = html('lanterna/docs/strumenti');
  const content = page.slice(page.indexOf('class="content"'), page.indexOf('</article>'));
  const cards = [...content.matchAll(/<a class="card card-link" href="([^"]+)">/g)].map((m) => m[1]);
  assert.equal(cards, ['/lanterna/docs/strumenti/estensioni']);
  // useCurrentSidebarCategory() from @docusaurus/theme-common: the same category, in the page's own code.
  assert.match(content, 'In «Gli strumenti di Lanterna»: Estensioni per gli editor.');
  assert.not.match(content, 'data-docs-it-card-list');
});

test('useDocusaurusContext, useBaseUrl, Head, ExecutionEnvironment, theme-common work in pages and components', () => {
  const page = html('lanterna/comunita');
  assert.match(page, 'Questo sito si chiama Lanterna e vive su https://lanterna.example.');
  assert.match(
    page,
    '<docs-it-island data-component="Benvenuto" data-props="{}"><div class="benvenuto theme-doc-markdown">',
  );
  assert.match(
    page,
    /<p class="benvenuto-titolo benvenuto_[0-9a-f]{6}_titolo">Lanterna: Applicazioni desktop leggere, /,
  );
  assert.match(page, '<a class="benvenuto-forum" href="https://forum.lanterna.example">');
  assert.match(page, '<a class="benvenuto-logo" href="/lanterna/img/logo.svg">');
  assert.match(page, '<p class="benvenuto-ambiente">Nella build</p><span>Modalità sconosciuta</span>');
  assert.not.match(page, 'ignorata');
});

/** The rules of the site's own stylesheet (`assets/site.<hash>.css`), which pages load after the theme's. */
function siteStylesheet(): string {
  const sheet = readdirSync(path.join(out, 'lanterna/assets')).find((f) => /^site\..*\.css$/.test(f));
  assert.ok(sheet, "the site's stylesheet is published");
  return readFileSync(path.join(out, 'lanterna/assets', sheet), 'utf8');
}

/** The scoped name a CSS module gave one of its names in a page: `Scheda_3f9a1c_titolo`. */
const scopedName = (page: string, file: string, name: string) =>
  new RegExp(`class="(${file}_[0-9a-f]{6}_${name})"`).exec(page)?.[1];

test("JSX in a site component's .js file: the component renders, in an island of the components module", () => {
  const page = html('lanterna/comunita');
  assert.match(page, '<docs-it-island data-component="Scheda" data-props="{&quot;titolo&quot;:&quot;Lanterna in breve');
  assert.match(page, /<p class="Scheda_[0-9a-f]{6}_titolo">Lanterna in breve<\/p>/);
  // A page's own import of a .js component, rendered on the server only.
  assert.match(page, /<aside class="Nota_[0-9a-f]{6}_nota"><p class="Nota_[0-9a-f]{6}_titolo">Da sapere<\/p>/);
});

test('CSS modules are scoped to their file, and their rules and plain imported CSS are in the site stylesheet', () => {
  const page = html('lanterna/comunita');
  const scheda = scopedName(page, 'Scheda', 'titolo');
  const nota = scopedName(page, 'Nota', 'titolo');
  assert.ok(scheda && nota, 'both titles have scoped names');
  assert.is.not(scheda.replace('Scheda', ''), nota.replace('Nota', ''), "each file's hash of its own");
  const css = siteStylesheet();
  assert.match(css, `.${scheda}{color:#1e6e3c;font-weight:700}`);
  assert.match(css, `.${nota}{color:#143ca0}`);
  assert.match(css, '.scheda-nota{font-style:italic}');
  assert.not.match(css, /(^|[^_])titolo\{/, 'no rule of a module keeps its bare name');
  // Every page loads it after the theme's stylesheet.
  const links = [...html('lanterna/docs/avvio/introduzione').matchAll(/<link rel="stylesheet" href="([^"]+)"/g)];
  assert.equal(
    links.map((m) => m[1]!.replace(/\.[A-Z0-9]+\.css$/, '.css')),
    ['/lanterna/assets/styles.css', '/lanterna/assets/site.css'],
  );
});

test('images of the static folder imported by a page or a component are their published URLs', () => {
  const page = html('lanterna/comunita');
  assert.match(page, '<img src="/lanterna/img/logo.svg" alt="Logo importato" width="48"/>');
  assert.match(page, '<img src="/lanterna/img/favicon.svg" alt="Favicon importata" width="16"/>');
  assert.match(page, '<img src="/lanterna/img/logo.svg" alt="Logo richiesto" width="48"/>');
  assert.match(page, /<img class="Scheda_[0-9a-f]{6}_logo" src="\/lanterna\/img\/logo.svg" alt="Logo nella scheda"/);
});

test("an import path escaped as Prettier writes it ('../\\_x.md') is read as JavaScript reads it", () => {
  const source = readFileSync(path.join(dir, 'content/docs/guide/distribuzione.mdx'), 'utf8');
  assert.match(source, "from '../_condivisi/\\_piattaforme.md'");
  assert.match(html('lanterna/docs/guide/distribuire-app'), '<code>.msi</code> per Windows');
});

test("src/theme/Mermaid.js is what its pages import as @theme/Mermaid; mermaid fences stay docs-it's", () => {
  const page = html('lanterna/docs/riferimenti/api/eventi');
  assert.match(page, 'Nei diagrammi il core è <span class="colore-core">#1d81ee</span>.');
  assert.match(page, 'class="mermaid-diagram"');
  assert.match(page, 'Pagina-&gt;&gt;Core: emit(&quot;salva&quot;)');
  const component = html('lanterna/docs/avvio/introduzione');
  assert.match(component, '<p class="versione" style="border-color:#1d81ee"><strong>v1.4</strong>');
});

test('markdown.mdx1Compat.undefinedComponents: a component used without an import is an empty div, warned', () => {
  const page = html('lanterna/docs/guide/distribuire-app');
  assert.match(page, '<p>Per firmare il pacchetto:</p>\n<div></div>');
  assert.match(
    warnings,
    'content/docs/guide/distribuzione.mdx:35:1: <FirmaPacchetto> is neither imported nor provided: rendered as an ' +
      'empty div, as MDX 1 (Docusaurus 2) does\n  → Import it at the top of the page',
  );
});

test('without markdown.mdx1Compat.undefinedComponents, a component used without an import is an error', async () => {
  const config = readFileSync(path.join(repoRoot, 'test/fixtures/docusaurus/site.config.ts'), 'utf8');
  const errors = await sharedFixtureErrors({
    'site.config.ts': config.replace('undefinedComponents: true', 'undefinedComponents: false'),
  });
  assert.match(
    errors.join('\n'),
    'content/docs/guide/distribuzione.mdx:35:1: unknown component <FirmaPacchetto>: no component of that name',
  );
});

test('a CSS module that does not parse, a missing imported image, bad JSX in .js: errors at their lines', async () => {
  const errors = await buildErrors('docusaurus', {
    'src/components/Scheda.module.css': '.scheda {\n  border: 1px solid;\n\n.titolo { color: red; }\n',
    'src/components/Nota.js':
      "import immagine from '@site/static/img/manca.png';\n\nexport default function Nota() {\n" +
      '  return <aside><img src={immagine} /></div>;\n}\n',
  });
  const text = errors.join('\n');
  assert.match(text, 'src/components/Scheda.module.css:5:1: Expected "}" to go with "{"\n  → Fix the CSS module');
  assert.match(
    text,
    'src/components/Nota.js:1:22: missing image @site/static/img/manca.png: the static folder has no ' +
      'content/static/img/manca.png\n  → Add the file under content/static/ (it is published at ' +
      '/lanterna/img/manca.png)',
  );
  assert.match(text, 'src/components/Nota.js:4:41: Unexpected closing "div" tag does not match opening "aside" tag');
});

test('an image a page imports or requires from the static folder, if missing, is an error at its line', async () => {
  const errors = await sharedFixtureErrors({
    'content/docs/guide/immagini.mdx':
      "# Immagini\n\nimport manca from '@site/static/img/manca.svg';\n\n<img src={manca} />\n\n" +
      "<img src={require('/img/altra.svg').default} />\n",
  });
  assert.equal(errors, [
    'content/docs/guide/immagini.mdx:3:1: missing image /lanterna/img/manca.svg\n' +
      '  → Add the file under content/static/ (it is published under the base URL) or fix the path.',
    'content/docs/guide/immagini.mdx:7:11: missing image /lanterna/img/altra.svg\n' +
      '  → Add the file under content/static/ (it is published under the base URL) or fix the path.',
  ]);
});

test('a fragment gets the props the page passed, and its links are relative to its own file', () => {
  const page = html('lanterna/docs/avvio/requisiti');
  assert.match(page, '<h2 id="su-linux" class="anchor">Su Linux');
  assert.match(page, '<h2 id="su-macos" class="anchor">Su macOS');
  assert.match(page, 'Installate libwebkit2gtk-4.0-dev build-essential.');
  assert.match(page, '<a href="/lanterna/docs/guide/configurazione">configurazione</a>');
});

test('a fragment compiles as a page: titled admonitions, MDX 1 comments, tabs and magic comments', () => {
  const page = html('lanterna/docs/avvio/requisiti');
  const content = page.slice(page.indexOf('class="content"'), page.indexOf('</article>'));
  assert.is(content.split('<p class="admonition-heading">Prima di proseguire</p>').length, 3, 'once per use');
  assert.match(content, 'Controllate l&#x27;installazione su Linux con <code>lanterna <wbr/>info</code>');
  assert.not.match(content, ':::');
  assert.not.match(content, 'Nota per chi traduce');
  assert.match(content, '<div class="tabs" data-group-id="gestore">');
  assert.match(content, /<span class="line highlighted"><span [^>]*>npm<\/span>/);
  assert.not.match(content, 'highlight-next-line');
});

test('_category_ files and sidebar front matter order, label and style the sidebar', () => {
  const page = html('lanterna/docs/avvio/requisiti');
  const sidebar = page.slice(
    page.indexOf('docs-sidebar-menu'),
    page.indexOf('</nav>', page.indexOf('docs-sidebar-menu')),
  );
  const labels = [...sidebar.matchAll(/class="menu-link[^"]*"[^>]*>([^<]+)</g)].map((m) => m[1]);
  assert.equal(labels, [
    'Per cominciare',
    'Introduzione',
    'Requisiti',
    'Guide pratiche',
    'Configurazione',
    'Distribuire l&#x27;applicazione',
    'Riferimenti',
    'Riga di comando',
    'Il file lanterna.conf.json',
    'Interfacce JavaScript',
    'finestra',
    'eventi',
    'Gli strumenti di Lanterna',
    'Estensioni per gli editor',
  ]);
  // collapsible: false → no toggle; className on the category and, from sidebar_class_name, on the doc.
  assert.match(sidebar, '<li class="menu-item menu-category categoria-avvio"><div class="menu-category-header"><span');
  assert.match(sidebar, '<li class="menu-item voce-requisiti">');
  // link: {type: doc} → the category's label opens that doc.
  assert.match(sidebar, '<a class="menu-link" href="/lanterna/docs/guide/panoramica">Guide pratiche</a>');
});

test("an autogenerated folder's README is the first item of the sidebar that names the folder", () => {
  const page = html('lanterna/docs/strumenti/estensioni');
  const sidebar = page.slice(
    page.indexOf('docs-sidebar-menu'),
    page.indexOf('</nav>', page.indexOf('docs-sidebar-menu')),
  );
  const links = [...sidebar.matchAll(/class="menu-link[^"]*" href="([^"]+)"[^>]*>([^<]+)</g)].map((m) => [m[1], m[2]]);
  assert.equal(links, [
    ['/lanterna/docs/strumenti', 'Gli strumenti di Lanterna'],
    ['/lanterna/docs/strumenti/estensioni', 'Estensioni per gli editor'],
  ]);
});

test('navbar and footer links written without the base URL get it; unknown front matter keys are warnings', () => {
  const page = html('lanterna/docs/avvio/introduzione');
  assert.match(page, 'href="/lanterna/blog"');
  assert.match(page, '<a class="footer-link" href="/lanterna/docs/avvio/introduzione">Introduzione</a>');
  assert.match(warnings, 'content/docs/avvio/requisiti.mdx:6:1: unknown front matter key "autore_originale"');
  assert.not.match(warnings, 'sidebar_custom_props');
});

test('emoji shortcodes are emoji, as Docusaurus shows them', () => {
  assert.match(html('lanterna/docs/guide/panoramica'), 'segnato con ✅ nel registro.');
});

test('{…} in a .md page is text, with a warning at its place: Docusaurus reads it as an expression', () => {
  assert.match(html('lanterna/docs/guide/panoramica'), 'porta un oggetto vuoto, {}, e uno scritto');
  assert.match(warnings, 'content/docs/guide/panoramica.md:27:46: "{}" is shown as text in this .md page; Docusaurus');
  // Escaped, in code, `{#id}` headings and `{/* truncate */}` read the same in both: no warning.
  assert.is(warnings.match(/is shown as text in this \.md page/g)?.length, 1);
});

test("onBrokenAnchors, onBrokenMarkdownLinks 'warn': the site builds, each broken link a warning at its line", () => {
  assert.match(
    warnings,
    'content/docs/guide/panoramica.md:24:30: broken anchor: #certificati-scaduti does not exist on ' +
      '/lanterna/docs/guide/distribuire-app',
  );
  assert.match(warnings, 'content/docs/guide/panoramica.md:25:18: broken link: no page at content/docs/guide/note-di');
  assert.match(html('lanterna/docs/guide/panoramica'), '<a href="#">le note di rilascio</a>');
});

test("onBrokenLinks 'ignore' says nothing of a link to a route the site lacks; 'throw' stays an error", async () => {
  const errors = await sharedFixtureErrors(brokenRouteLink);
  assert.match(
    errors.join('\n'),
    'content/docs/guide/altrove.md:3:6: broken link: /lanterna/docs/vecchia is not a page',
  );
  // The build with the files of several tests added has `onBrokenLinks: 'ignore'` and this page.
  const built = await builtWithAdditions();
  assert.ok(existsSync(path.join(built, 'lanterna/docs/guide/altrove/index.html')));
  assert.not.match(additionsWarnings, 'vecchia');
});

test("the site's static _headers and _redirects join docs-it's; csp adds frame-src for video embeds", () => {
  const headers = readFileSync(path.join(out, '_headers'), 'utf8');
  const csp = /Content-Security-Policy: (.*)/.exec(headers)?.[1] ?? '';
  assert.match(csp, "frame-src 'self' https://www.youtube-nocookie.com");
  assert.match(headers, '/lanterna/assets/*\n  Cache-Control: public, max-age=31536000, immutable');
  assert.match(headers, 'Permissions-Policy: camera=()');
  // The site's rules first: hosts take the first that matches, and docs-it's sends every other path to the 404.
  assert.is(
    readFileSync(path.join(out, '_redirects'), 'utf8'),
    '# La vecchia guida, spostata.\n/lanterna/vecchia-guida /lanterna/docs/guide/panoramica 301\n' +
      '/lanterna/* /lanterna/404.html 404\n',
  );
  assert.not.ok(existsSync(path.join(out, 'lanterna/_headers')), 'not also published as a static file');
});

test("a site's _headers header docs-it sets otherwise, or docs-it's _redirects rule, is an error", async () => {
  const headers = await sharedFixtureErrors({
    'content/static/_headers': "/*\n  Content-Security-Policy: default-src 'self'\n",
  });
  const text = headers.join('\n');
  assert.match(text, 'content/static/_headers:2:1: content-security-policy: docs-it sets this header on every page');
  assert.match(text, 'add the sources the site needs with `csp` in site.config.ts');
  const redirects = await sharedFixtureErrors({
    'content/static/_redirects': '/lanterna/* /lanterna/index.html 200\n',
  });
  assert.match(
    redirects.join('\n'),
    "content/static/_redirects:1:1: /lanterna/*: docs-it's own rule sends these paths",
  );
});

test("a site's _headers that sets Cache-Control caches docs-it's assets too, with a warning at its line", async () => {
  // The build with the files of several tests added has this _headers.
  const built = await builtWithAdditions();
  const headers = readFileSync(path.join(built, '_headers'), 'utf8');
  assert.not.match(headers, 'immutable');
  assert.match(headers, cacheControlHeaders);
  assert.match(
    additionsWarnings,
    "content/static/_headers:2:1: cache-control: the site's rule caches every file it matches, docs-it's hashed",
  );
});

test("Mermaid's chunks are loaded on demand, not precached for offline reading with the rest of the site", () => {
  const chunks = readdirSync(path.join(out, 'lanterna/assets/chunks'));
  assert.ok(chunks.some((f) => /^flowDiagram.*\.js$/.test(f)));
  const sw = readFileSync(path.join(out, 'lanterna/sw.js'), 'utf8');
  assert.match(sw, /assets\/app\.[A-Z0-9]+\.js/);
  assert.not.match(sw, 'flowDiagram');
  assert.not.match(sw, 'render-diagrams');
});

test('images and files next to a page are published with a hash of their content', () => {
  const published = readdirSync(path.join(out, 'lanterna/assets/files')).sort();
  assert.equal(
    published.map((f) => f.replace(/-[0-9a-f]{8}\./, '-#.')),
    [
      'architettura-#.svg',
      'architettura-scura-#.svg',
      'copertina-#.svg',
      'esempio-#.json',
      'eventi-#.svg',
      'finestre-#.svg',
      'giulia-#.svg',
      'luca-#.svg',
      'schema-#.svg',
    ],
  );
  const url = (name: string) => `/lanterna/assets/files/${published.find((f) => f.startsWith(`${name}-`))}`;
  const overview = html('lanterna/docs/guide/panoramica');
  // Markdown images, with the colour-mode suffix kept for the stylesheet; a link to a file next to the page.
  assert.match(overview, `<img src="${url('architettura')}#gh-light-mode-only" alt="Architettura di Lanterna">`);
  assert.match(overview, `<img src="${url('architettura-scura')}#gh-dark-mode-only"`);
  assert.match(overview, `<a href="${url('esempio')}">`);
  // `import schema from './schema.svg'` and `require('../guide/img/architettura.svg').default` in JSX.
  const requirements = html('lanterna/docs/avvio/requisiti');
  assert.match(requirements, `<img src="${url('schema')}" alt="Schema dei comandi" width="240"/>`);
  assert.match(requirements, `<img src="${url('architettura')}" alt="Architettura" width="240"/>`);
  // A post's `image:` is the absolute og:image; an author's relative image_url is from authors.yml.
  const post = html('lanterna/blog/2025/03/04/lanterna-1-4');
  assert.match(post, `<meta property="og:image" content="https://lanterna.example${url('copertina')}">`);
  assert.match(post, `<img class="avatar" src="${url('giulia')}" alt=""`);
  const css = readdirSync(path.join(out, 'lanterna/assets')).find((f) => /^styles\..*\.css$/.test(f))!;
  assert.match(readFileSync(path.join(out, 'lanterna/assets', css), 'utf8'), 'img[src$="#gh-dark-mode-only"]');
});

test("a changed image gets a new URL on the next build, though the page's compile comes from the cache", async () => {
  // The shared fixture, built by `before` into `out`, built again with the image changed.
  const again = path.join(dir, 'build-image');
  const schemaUrl = (built: string) =>
    /<img src="([^"]+)" alt="Schema dei comandi"/.exec(
      readFileSync(path.join(built, 'lanterna/docs/avvio/requisiti/index.html'), 'utf8'),
    )?.[1];
  const before = schemaUrl(out);
  const summary = await withSharedFiles(
    { 'content/docs/avvio/schema.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n' },
    () => quietly(() => buildSite({ packageRoot: repoRoot, config: path.join(dir, 'site.config.ts'), out: again })),
  );
  assert.equal(summary.cache.compile, { hits: 16, misses: 0 }, 'every page, .mdx ones too, comes from the cache');
  assert.ok(before && schemaUrl(again) && schemaUrl(again) !== before, `${before} → ${schemaUrl(again)}`);
});

test('two docs given one id is an error at the id line', async () => {
  const errors = await sharedFixtureErrors({
    'content/docs/guide/doppia.md': '---\nid: distribuire\n---\n\n# Doppia\n',
  });
  assert.match(errors.join('\n'), 'content/docs/guide/doppia.md:2:1: two docs with the id "guide/distribuire"');
});

test('MDX import failures: a module that throws while it loads is an error at each import of it', async () => {
  const errors = await sharedFixtureErrors({
    'src/prove/Rompe.tsx': "throw new Error('rotto al caricamento');\nexport default () => null;\n",
    'content/docs/guide/rompe.mdx': "# Rompe\n\nimport Rompe from '@site/src/prove/Rompe';\n\n<Rompe />\n",
  });
  assert.match(
    errors.join('\n'),
    'content/docs/guide/rompe.mdx:3:1: importing @site/src/prove/Rompe failed: src/prove/Rompe.tsx threw ' +
      'while it loaded: rotto al caricamento\n  → Fix src/prove/Rompe.tsx: code at its top level',
  );
});

test('MDX import failures: a missing export and a component that throws are errors at their lines', async () => {
  const errors = await sharedFixtureErrors({
    'src/prove/Lancia.tsx': "export default function Lancia() {\n  throw new Error('rotto nel rendering');\n}\n",
    'content/docs/guide/lancia.mdx':
      "# Lancia\n\nimport Lancia from '@site/src/prove/Lancia';\n\nTesto.\n\n<Lancia />\n",
    'content/docs/guide/manca.mdx':
      "# Manca\n\nimport { Nessuno } from '@site/src/components/Avviso';\n\n<Nessuno />\n",
  });
  const text = errors.join('\n');
  assert.match(text, 'content/docs/guide/manca.mdx:3:1: cannot import @site/src/components/Avviso: the module has no');
  assert.match(text, 'export named Nessuno\n  → It exports default.');
  assert.match(
    text,
    "content/docs/guide/lancia.mdx:7:1: the page's code failed while it rendered: rotto nel rendering\n" +
      '  → A component or an expression of this page threw',
  );
});

test('every bad import of a page is an error, and a component that renders as undefined names its import', async () => {
  const errors = await sharedFixtureErrors({
    'src/prove/Registro.tsx':
      'const registro: Record<string, () => null> = {};\nexport const Pulsante = registro.Pulsante;\n',
    'content/docs/guide/imports.mdx':
      "# Imports\n\nimport Manca from '@site/src/components/Manca';\n" +
      "import { Nessuno } from '@site/src/components/Avviso';\nimport Altro from '@theme/Inesistente';\n\n<Manca />\n",
    'content/docs/guide/indefinito.mdx':
      "# Indefinito\n\nimport { Pulsante } from '@site/src/prove/Registro';\n\nTesto.\n\n<Pulsante />\n",
  });
  const text = errors.join('\n');
  assert.match(text, 'content/docs/guide/imports.mdx:3:1: cannot import @site/src/components/Manca');
  assert.match(text, 'content/docs/guide/imports.mdx:4:1: cannot import @site/src/components/Avviso');
  assert.match(text, 'content/docs/guide/imports.mdx:5:1: cannot import @theme/Inesistente');
  assert.match(
    text,
    'content/docs/guide/indefinito.mdx:3:1: <Pulsante> renders as undefined: the export Pulsante of ' +
      '@site/src/prove/Registro has no value',
  );
});

test("a package's CommonJS file that a page imports may require another package of the site", async () => {
  const built = await builtWithAdditions();
  const page = readFileSync(path.join(built, 'lanterna/docs/guide/disegno/index.html'), 'utf8');
  assert.match(page, '<p class="disegno">disegno di un faro</p>');
});

test('an import path with an escaped character (as Prettier escapes `_`) names the file it means', async () => {
  // The build with the files of several tests added has the page: it fails on any error.
  const built = await builtWithAdditions();
  const page = readFileSync(path.join(built, 'lanterna/docs/guide/escape/index.html'), 'utf8');
  assert.match(page, 'Lanterna produce pacchetti per tre sistemi');
});

test("a package that uses React, imported by a package a page imports, renders with docs-it's one React", async () => {
  const built = await builtWithAdditions();
  const page = readFileSync(path.join(built, 'lanterna/docs/guide/scheda/index.html'), 'utf8');
  assert.match(page, '<p class="scheda">ciao dal gancio</p>');
});

test("a package's own dependency is the version in its own node_modules, not the site's", async () => {
  const built = await builtWithAdditions();
  const page = readFileSync(path.join(built, 'lanterna/docs/guide/etichetta/index.html'), 'utf8');
  assert.match(page, '<p class="etichetta">quella del pacchetto</p>');
});

test("a package's stylesheet imported by a subpath its exports map to a CSS file is in the site's CSS", async () => {
  const built = await builtWithAdditions();
  const css = readdirSync(built, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.css'))
    .map((f) => readFileSync(path.join(built, f), 'utf8'))
    .join('\n');
  assert.match(css, /\.foglio-cerca\s*\{\s*color:\s*teal/);
});

test("a post's URL is made as Docusaurus makes it: its slug, the dated file name, or the file's path", async () => {
  const built = await builtWithAdditions();
  const exists = (route: string) => existsSync(path.join(built, route, 'index.html'));
  assert.ok(exists('lanterna/blog/benvenuti'), '`slug: benvenuti`, without the date');
  assert.not.ok(exists('lanterna/blog/2024/11/02/benvenuti'));
  assert.ok(exists('lanterna/blog/2025/03/04/lanterna-1-4'), 'the date and name of 2025-03-04-lanterna-1-4.md');
  assert.ok(exists('lanterna/blog/versioni/1.5'), 'a file without a date in its name: its path');
});

test('a relative image that does not exist is an error at its line', async () => {
  const errors = await sharedFixtureErrors({
    'content/docs/guide/rotta.md': '# Rotta\n\nTesto.\n\n![manca](./img/manca.png)\n',
  });
  assert.match(errors.join('\n'), 'content/docs/guide/rotta.md:5:1: missing file content/docs/guide/img/manca.png');
});

test('a generated-index category is a page of cards of its items, at category/<label> or at its slug', () => {
  const index = html('lanterna/docs/category/riferimenti');
  assert.match(index, '<h1>Riferimenti</h1>');
  assert.match(index, '<p>Tutte le opzioni, i comandi e le interfacce di Lanterna, una pagina per argomento.</p>');
  const cards = [...index.matchAll(/<a class="card card-link" href="([^"]+)"><span class="card-title">([^<]+)</g)];
  assert.equal(
    cards.map((m) => [m[1], m[2]]),
    [
      ['/lanterna/docs/riferimenti/cli', '📄 Riga di comando'],
      ['/lanterna/docs/riferimenti/configurazione-json', '📄 Il file lanterna.conf.json'],
      ['/lanterna/docs/riferimenti/interfacce', '🗂️ Interfacce JavaScript'],
    ],
  );
  assert.match(index, 'rel="next"><span class="pagination-sublabel">Successivo</span>');
  const nested = html('lanterna/docs/riferimenti/interfacce');
  assert.match(nested, '<h1>Le interfacce JavaScript di Lanterna</h1>');
  assert.match(nested, '<li><a href="/lanterna/docs/category/riferimenti">Riferimenti</a></li>');
});

test('Tabs in .md and .mdx: default, values labels, groupId and queryString reach the markup', () => {
  const cli = html('lanterna/docs/riferimenti/cli');
  assert.match(cli, '<div class="tabs" data-group-id="gestore" data-query-string="gestore">');
  assert.match(cli, /aria-selected="true"[^>]*data-value="cargo">Cargo<\/button>/);
  assert.match(cli, /data-value="npm" hidden=""/);
  const deploy = html('lanterna/docs/guide/distribuire-app');
  assert.match(deploy, 'data-value="win">Windows</button>');
  assert.match(deploy, 'data-value="linux">Linux</button>');
  // A .md fragment and an .mdx fragment with props, inside a tab.
  assert.match(deploy, '<code>.msi</code> per Windows');
  assert.match(deploy, '<h2 id="su-debian" class="anchor">Su Debian');
});

test('an npm2yarn code block is tabs for npm, Yarn and pnpm, synced by the npm2yarn group', () => {
  const page = html('lanterna/docs/guide/configurazione');
  const at = page.indexOf('<div class="tabs" data-group-id="npm2yarn">');
  assert.ok(at !== -1, 'the tabs are there');
  const tabs = page.slice(at);
  const labels = [...tabs.matchAll(/role="tab"[^>]*data-value="(\w+)">([^<]+)</g)].slice(0, 3).map((m) => [m[1], m[2]]);
  assert.equal(labels, [
    ['npm', 'npm'],
    ['yarn', 'Yarn'],
    ['pnpm', 'pnpm'],
  ]);
  const panel = (value: string) => {
    const at = tabs.indexOf(`role="tabpanel"`, tabs.indexOf(`data-value="${value}" hidden`) - 200);
    return tabs.slice(at, tabs.indexOf('</pre>', at)).replace(/<[^>]+>/g, '');
  };
  assert.match(panel('yarn'), 'yarn add --dev @lanterna/cli');
  assert.match(panel('pnpm'), 'pnpm add --save-dev @lanterna/cli');
  assert.not.match(page, 'npm2yarn</');
});

test('admonition titles, {#id} headings, code titles and marked lines, MDX 1 comments', () => {
  const cli = html('lanterna/docs/riferimenti/cli');
  assert.match(cli, '<h2 id="compilare" class="anchor">Compilare per la distribuzione');
  assert.match(cli, '<p class="admonition-heading">Prima di compilare</p>');
  assert.match(cli, '<div class="code-title">src/main.rs</div>');
  assert.match(cli, /<span class="line highlighted"><span [^>]*> {4}lanterna<\/span>/);
  assert.not.match(cli, 'highlight-next-line');
  assert.match(cli, '<a href="/lanterna/docs/riferimenti/configurazione-json#finestre">');
  const json = html('lanterna/docs/riferimenti/configurazione-json');
  assert.match(json, '<h2 id="finestre" class="anchor">Finestre');
  assert.match(json, '<p class="admonition-heading">Attenzione alle dimensioni</p>');
  assert.is([...json.matchAll(/<span class="line highlighted">/g)].length, 2);
  assert.not.match(json, 'riassume le chiavi principali', 'an MDX 1 comment is not shown');
  // Inside inline code an HTML comment is text, as Docusaurus shows it.
  assert.match(json, 'come <code>&lt;!-- <wbr/>nota <wbr/>--&gt;</code>, resta testo.');
  assert.match(json, '<details><summary>Perché le API sono spente per impostazione predefinita?</summary>');
  // `<details><summary>…</summary>` on one line, in a page compiled as MDX.
  assert.match(
    json,
    '<details><summary>Si possono accendere le API una per volta?</summary><p>Sì: ogni voce di <code>consentite</code>',
  );
});

test('custom_edit_url, editUrl, last_update, displayed_sidebar, keywords, slug and pagination_label', () => {
  const json = html('lanterna/docs/riferimenti/configurazione-json');
  assert.match(json, '<a class="edit-link" href="https://codice.lanterna.example/modifica/configurazione"');
  assert.match(
    json,
    'Ultimo aggiornamento<!-- --> il <time dateTime="2025-02-11">11 febbraio 2025</time> da Marco Riva',
  );
  const cli = html('lanterna/docs/riferimenti/cli');
  // The path joined to editUrl is the one Docusaurus joins: from the site's folder there, `docs/…`.
  const edit = 'href="https://codice.lanterna.example/modifica/main/docs/riferimenti/cli.md"';
  assert.match(cli, `<a class="edit-link" ${edit}`);
  // A function editUrl gets the post's path in the blog folder and the locale.
  assert.match(
    html('lanterna/blog/benvenuti'),
    '<a class="edit-link" href="https://codice.lanterna.example/modifica/main/i18n/it/blog/2024-11-02-benvenuti.md"',
  );
  assert.match(cli, '<meta name="keywords" content="cli, comandi, build">');
  assert.not.match(html('lanterna/docs/riferimenti/api/eventi'), 'docs-sidebar', 'displayed_sidebar: null');
  assert.match(html('lanterna/docs/riferimenti/api/finestra'), 'docs-sidebar');
  // `slug` sets the route (the sidebar links to it); pagination_label names the page in its neighbours.
  assert.match(cli, 'href="/lanterna/docs/guide/distribuire-app"');
  // `id: distribuire` names that doc: pagination_prev: guide/distribuire finds it.
  const prev = '<a class="pagination-link pagination-prev" href="/lanterna/docs/guide/distribuire-app" rel="prev">';
  assert.match(cli, prev);
  assert.match(html('lanterna/docs/riferimenti/interfacce'), 'L&#x27;interfaccia finestra<!-- --> »');
});

test('the blog: .mdx posts with inline authors and {/* truncate */}, authors from authors.yml, pages', () => {
  const list = html('lanterna/blog');
  assert.match(list, 'Da questa versione una pagina può aprire altre finestre');
  assert.not.match(list, 'Aggiornate <code>@lanterna/api</code>', 'the excerpt ends at the truncate comment');
  // `{/* truncate */}` in a .md post: the excerpt ends there, and the post does not show it.
  assert.match(list, 'La versione 1.4 porta il nuovo gestore degli aggiornamenti.');
  assert.not.match(list, 'Come aggiornare');
  assert.not.match(html('lanterna/blog/2025/03/04/lanterna-1-4'), 'truncate');
  assert.match(list, '>Luca Bassi</a><small>Contributore</small>');
  const welcome = html('lanterna/blog/benvenuti');
  assert.match(welcome, '<a href="/lanterna/docs/avvio/introduzione">introduzione</a>');
  // An HTML tag with a JSX attribute makes a .md page MDX, as Docusaurus reads it: the tag, not its source.
  assert.match(welcome, '<code style="display:block;color:#5af78e">$ npm create lanterna</code>');
  assert.not.match(welcome, 'style={{');
  const community = html('lanterna/comunita');
  assert.match(community, '<a href="/lanterna/docs/avvio/introduzione">Cominciate dalla documentazione</a>');
});

test.run();
