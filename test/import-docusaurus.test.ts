/*
 * `docs-it import-docusaurus`: a Docusaurus-shaped site (test/fixtures/docusaurus-source) imported into a docs-it
 * site folder that the CLI then builds; what could not be carried named with its file; bad input located; the
 * source site never written.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { importDocusaurus } from '../src/docusaurus-import/import-site';
import { DocsItError, formatError, UsageError } from '../src/errors';
import { processTmpDir } from './build-outputs';
import { fixture, removeDir, repoRoot } from './helpers';

const bin = path.join(repoRoot, 'bin/docs-it.mjs');
const source = fixture('docusaurus-source');
/** A guard against a hang only (ten times what an import and a build of the fixture take on a loaded machine). */
const hangGuardMs = 600_000;
const tmp = processTmpDir();
mkdirSync(tmp, { recursive: true });
const work = mkdtempSync(path.join(tmp, 'import-docusaurus-'));

function cli(args: string[]) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: repoRoot, encoding: 'utf8', timeout: hangGuardMs });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A digest of a folder: every file's path, mode, modification time and bytes. */
function treeHash(dir: string): string {
  const hash = createHash('sha256');
  const walk = (at: string) => {
    for (const name of readdirSync(at).sort()) {
      const full = path.join(at, name);
      const stat = statSync(full);
      hash.update(`${path.relative(dir, full)}\0${stat.mode}\0${stat.mtimeMs}\0`);
      if (stat.isDirectory()) walk(full);
      else hash.update(readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

/** A small Docusaurus site of its own in the test's folder, with a config of the given text. */
function siteWith(name: string, configText: string): string {
  const dir = path.join(work, name);
  mkdirSync(path.join(dir, 'docs'), { recursive: true });
  writeFileSync(path.join(dir, 'docs', 'intro.md'), '# Introduzione\n\nUna pagina.\n');
  writeFileSync(path.join(dir, 'docusaurus.config.js'), configText);
  return dir;
}

/** What an import of `site` threw. */
async function importError(site: string, out: string): Promise<DocsItError> {
  try {
    await importDocusaurus({ site, out, cwd: repoRoot });
  } catch (error) {
    if (error instanceof DocsItError) return error;
    throw error;
  }
  throw new Error('the import did not fail');
}

test('a Docusaurus site imported by the CLI builds, and the report names what it could not carry', () => {
  const before = treeHash(source);
  const out = path.join(work, 'faro');
  const imported = cli(['import-docusaurus', path.relative(repoRoot, source), '--out', out]);
  assert.is(imported.code, 0, imported.stderr);
  const report = imported.stdout;
  assert.match(report, /src\/pages\/index\.js: a React page/);
  // A link to it (the home page here) is left out too, naming it: it would lead nowhere.
  assert.match(report, /themeConfig\.footer\.links\[\d\]\.items\[1\]: links to src\/pages\/index\.js, a React page/);
  assert.match(report, /docusaurus\.config\.js:49: plugin "docusaurus-plugin-sass": not run by docs-it/);
  assert.match(report, /docusaurus\.config\.js:49: plugin "pluginContatori \(a function\)": not run by docs-it/);
  // A swizzled component docs-it lets a site override is carried when it builds with docs-it's modules; one that
  // imports what docs-it does not provide is named with what.
  assert.not.match(report, /src\/theme\/Footer/);
  assert.match(
    report,
    'src/theme/DocCard/index.js: swizzled component "DocCard": not carried as docs-it\'s override of DocCard: it ' +
      'imports what docs-it does not provide (@docusaurus/Translate, useDocById of @docusaurus/theme-common/internal)',
  );
  // The site's own component in src/theme that a page imports is copied; one nothing imports is named.
  assert.not.match(report, /src\/theme\/Versione\.js/);
  assert.match(report, /src\/theme\/Dimenticato\.js: site component "Dimenticato" \(@theme\/Dimenticato\): no page or/);
  // Site code that connects elsewhere would meet docs-it's Content-Security-Policy: named, with what to add.
  assert.match(
    report,
    "src/components/StatoServizio.js:6: a connection to https://stato.faro.example: docs-it's " +
      'Content-Security-Policy lets pages connect only to their own origin: if this code reaches ' +
      "https://stato.faro.example, add it to the config: csp: { 'connect-src': ['https://stato.faro.example'] }",
  );
  assert.match(report, /docusaurus\.config\.js:80:5: themeConfig\.prism: /);
  assert.match(report, /docusaurus\.config\.js:32:11: docs\.remarkPlugins: /);
  assert.match(report, /i18n\/it\/code\.json: interface strings: /);
  assert.match(report, /versioned_docs: older versions of the docs: docs-it builds one version/);
  assert.match(report, /i18n\/en\/docusaurus-plugin-content-docs: the "en" translation: docs-it builds one locale/);
  assert.match(report, /docusaurus\.config\.js:\d+:\d+: i18n\.locales: docs-it builds one locale per site/);
  // Content and static files are copied byte for byte.
  for (const [from, to] of [
    ['docs/intro.md', 'content/docs/intro.md'],
    ['docs/guida/installazione.md', 'content/docs/guida/installazione.md'],
    ['blog/2025-01-10-primo-avvistamento.md', 'content/blog/2025-01-10-primo-avvistamento.md'],
    ['src/pages/chi-siamo.md', 'content/pages/chi-siamo.md'],
    ['src/pages/squadra.svg', 'content/pages/squadra.svg'],
    ['static/img/logo.svg', 'content/static/img/logo.svg'],
    ['src/theme/Versione.js', 'src/theme/Versione.js'],
    ['src/theme/Footer/index.js', 'src/theme/Footer/index.js'],
  ] as const) {
    assert.equal(readFileSync(path.join(out, to)), readFileSync(path.join(source, from)), to);
  }
  for (const file of ['index.js', 'index.module.css']) {
    assert.not.ok(existsSync(path.join(out, 'content/pages', file)), `${file} of a React page is not copied`);
  }
  assert.match(report, /src\/pages\/index\.module\.css: code or styles of the React pages: not a Markdown page/);

  // customFields, which the site's components read through useDocusaurusContext(), are carried over.
  const config = readFileSync(path.join(out, 'site.config.ts'), 'utf8');
  assert.match(config, /customFields: \{\s*repository: "https:\/\/codice\.faro\.example"/);
  // The sidebars file is copied unchanged with the file it loads, and named by sidebarPath, not transcribed.
  assert.match(config, /sidebarPath: "\.\/sidebars\.js"/);
  // Docusaurus's defaults for broken anchors and Markdown links, which docs-it's differ from, are written out.
  assert.match(config, /onBrokenAnchors: "warn"/);
  assert.match(config, /onBrokenMarkdownLinks: "warn"/);
  assert.not.match(config, /sidebars: \{/);
  // Docusaurus options docs-it has: the docs' display, stylesheets from a CDN, html footer items, a self-contained
  // editUrl function (as its source); one that uses a name from outside it is named.
  assert.match(config, /breadcrumbs: false,\s*sidebarCollapsed: false/);
  assert.match(config, /showLastUpdateAuthor: true/);
  assert.match(config, /stylesheets: \[\s*"https:\/\/cdn\.faro\.example\/caratteri\.css"\s*\]/);
  assert.match(
    config,
    /editUrl: \(\{ docPath \}\) => `https:\/\/codice\.faro\.example\/modifica\/main\/documenti\/\$\{docPath\}`/,
  );
  assert.match(report, /docusaurus\.config\.js:\d+:\d+: blog\.editUrl: a function that uses path, defined outside it/);
  // A Docusaurus 2 site's pages may use a component they do not import, as MDX 1 lets them.
  assert.match(config, /markdown: \{\s*mdx1Compat: \{\s*undefinedComponents: true/);
  for (const file of ['sidebars.js', 'sidebars/guida.js']) {
    assert.equal(readFileSync(path.join(out, file)), readFileSync(path.join(source, file)), file);
  }
  const built = cli(['build', '--config', path.join(out, 'site.config.ts')]);
  assert.is(built.code, 0, built.stderr);
  // What docs-it's sidebar has no counterpart of is a warning at its line of the file that holds it.
  assert.match(built.stderr, /sidebars\.js: guida\[1\]\.className: docs-it’s sidebar takes no class names/);
  const page = (route: string) => readFileSync(path.join(out, 'build', 'faro', route, 'index.html'), 'utf8');
  const intro = page('docs/intro');
  assert.match(intro, /Faro <span class="versione">v2<\/span> costruisce applicazioni desktop leggere/);
  // The sidebar comes from sidebars.js, its category included; the navbar and footer from themeConfig.
  assert.match(intro, />Guida</);
  assert.match(intro, /href="\/faro\/docs\/guida\/installazione"/);
  assert.match(intro, /Faro, un sito Docusaurus di esempio/);
  assert.match(
    intro,
    /<p class="faro-firma">Faro, acceso dal 2025<\/p>/,
    'the swizzled Footer, carried, wraps the theme',
  );
  assert.match(intro, /Diario/);
  assert.not.match(intro, /class="breadcrumbs"/, 'docs.breadcrumbs: false');
  assert.match(intro, /class="menu-item menu-category"/, 'sidebarCollapsed: false: the category is open');
  assert.match(intro, /<link rel="stylesheet" href="https:\/\/cdn\.faro\.example\/caratteri\.css">/);
  assert.match(
    intro,
    /<li class="footer-item-html"><a class="faro-stemma" href="https:\/\/faro\.example">Faro<\/a><\/li>/,
  );
  assert.match(intro, /href="https:\/\/codice\.faro\.example\/modifica\/main\/documenti\/intro\.md"/);
  const headers = readFileSync(path.join(out, 'build', '_headers'), 'utf8');
  assert.match(headers, /style-src 'self' 'unsafe-inline' https:\/\/cdn\.faro\.example;/);
  assert.match(page('docs/guida/installazione'), /npm install --save-dev faro-cli|faro-cli/);
  assert.match(page('blog/2025/01/10/primo-avvistamento'), /Primo avvistamento/);
  assert.match(page('blog'), /Diario di bordo/);
  assert.match(page('chi-siamo'), /piccolo gruppo di volontari/);
  assert.match(page('chi-siamo'), /<img [^>]*alt="La squadra di Faro"/);
  assert.is(treeHash(source), before, 'the source site is unchanged');
});

test('a config that throws is an error at its line, and nothing is written', async () => {
  const site = siteWith(
    'throws',
    "const a = 1;\nmodule.exports = { title: 'x' };\nthrow new Error('manca la chiave');\n",
  );
  const before = treeHash(site);
  const out = path.join(work, 'throws-out');
  const error = await importError(site, out);
  assert.equal({ file: error.location?.file, line: error.location?.line }, { file: 'docusaurus.config.js', line: 3 });
  assert.match(formatError(error), /throws while it loads: manca la chiave/);
  assert.not.ok(existsSync(out));
  assert.is(treeHash(site), before);
});

test('a TypeScript config that throws is an error at its own line, not the line of the compiled code', async () => {
  const dir = siteWith('throws-ts', '');
  const ts =
    "import type { Config } from '@docusaurus/types';\n\nconst n: number = 2;\nif (n > 1) throw new Error('no');\n";
  writeFileSync(path.join(dir, 'docusaurus.config.ts'), `${ts}export default { title: 'x' } satisfies Config;\n`);
  removeDir(path.join(dir, 'docusaurus.config.js'));
  const error = await importError(dir, path.join(work, 'throws-ts-out'));
  assert.equal({ file: error.location?.file, line: error.location?.line }, { file: 'docusaurus.config.ts', line: 4 });
});

test('what the written config still lacks to build is reported at its line in site.config.ts', async () => {
  const site = siteWith('lacks', "module.exports = { title: 'x', url: 'https://x.example', baseUrl: '/Doc/' };\n");
  const out = path.join(work, 'lacks-out');
  const report = await importDocusaurus({ site, out, cwd: repoRoot });
  const configText = readFileSync(path.join(out, 'site.config.ts'), 'utf8');
  const lineOf = (text: string) => configText.split('\n').findIndex((l) => l.includes(text)) + 1;
  const lacks = report.notCarried.filter((entry) => entry.file === 'site.config.ts');
  assert.equal(
    lacks.map((entry) => [entry.line, entry.reason.split(':')[0]]),
    [
      [lineOf('baseUrl'), 'baseUrl'],
      [lineOf('favicon'), 'favicon'],
      [lineOf('src: "img/favicon.svg"'), 'navbar.logo.src'],
    ],
  );
});

test('a config that calls process.exit while it loads is an error naming it', async () => {
  const site = siteWith('exits', "module.exports = { title: 'x' };\nprocess.exit(3);\n");
  const error = await importError(site, path.join(work, 'exits-out'));
  assert.is(error.location?.file, 'docusaurus.config.js');
  assert.match(error.message, /ended the process \(exit code 3\)/);
});

test('a config exporting an async function, as Docusaurus allows, is awaited', async () => {
  const site = siteWith('async', "module.exports = async function () {\n  return { title: 'Asincrono' };\n};\n");
  const out = path.join(work, 'async-out');
  const report = await importDocusaurus({ site, out, cwd: repoRoot });
  assert.ok(report.carried.includes('title'));
  assert.match(readFileSync(path.join(out, 'site.config.ts'), 'utf8'), /title: "Asincrono"/);
});

test('an ES module config reads files by import.meta.url, its own and that of a module it imports', async () => {
  const site = siteWith(
    'import-meta',
    [
      "import fs from 'node:fs';",
      "import { createRequire } from 'node:module';",
      "import { tagline } from './config/tagline.mjs';",
      'const require = createRequire(import.meta.url);',
      "const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));",
      "export default { title: pkg.description, tagline, customFields: { data: require('./data.json') } };",
      '',
    ].join('\n'),
  );
  writeFileSync(path.join(site, 'package.json'), JSON.stringify({ description: 'Faro via import.meta' }));
  writeFileSync(path.join(site, 'data.json'), JSON.stringify({ colore: 'blu' }));
  mkdirSync(path.join(site, 'config'));
  writeFileSync(path.join(site, 'config', 'tagline.txt'), 'Letto accanto al modulo');
  writeFileSync(
    path.join(site, 'config', 'tagline.mjs'),
    "import fs from 'node:fs';\nexport const tagline = fs.readFileSync(new URL('./tagline.txt', import.meta.url), " +
      "'utf8');\n",
  );
  const out = path.join(work, 'import-meta-out');
  await importDocusaurus({ site, out, cwd: repoRoot });
  const config = readFileSync(path.join(out, 'site.config.ts'), 'utf8');
  assert.match(config, /title: "Faro via import\.meta"/);
  assert.match(config, /tagline: "Letto accanto al modulo"/);
  assert.match(config, /colore: "blu"/);
});

test("the current docs version's path is part of the docs' base path, as in Docusaurus's URLs", async () => {
  const site = siteWith(
    'version-path',
    "module.exports = {\n  title: 'x',\n  presets: [['classic', { docs: { routeBasePath: '/', versions: " +
      "{ current: { label: 'v1', path: 'v1' } } } }]],\n};\n",
  );
  const out = path.join(work, 'version-path-out');
  const report = await importDocusaurus({ site, out, cwd: repoRoot });
  assert.match(readFileSync(path.join(out, 'site.config.ts'), 'utf8'), /routeBasePath: "v1"/);
  assert.not.ok(report.notCarried.some((entry) => entry.what.startsWith('docs.versions.current.path')));
});

test('a sidebars.json is read for its sidebar ids: a navbar item naming one of them is carried', async () => {
  const site = siteWith(
    'sidebars-json',
    "module.exports = {\n  title: 'x',\n  presets: [['classic', { docs: { sidebarPath: './sidebars.json' } }]],\n" +
      "  themeConfig: { navbar: { items: [{ type: 'docSidebar', sidebarId: 'guida', label: 'Guida' }] } },\n};\n",
  );
  writeFileSync(path.join(site, 'sidebars.json'), JSON.stringify({ guida: { Inizio: ['intro'] } }));
  const out = path.join(work, 'sidebars-json-out');
  const report = await importDocusaurus({ site, out, cwd: repoRoot });
  assert.equal(
    report.notCarried.filter((entry) => entry.what.includes('navbar')),
    [],
  );
  assert.match(readFileSync(path.join(out, 'site.config.ts'), 'utf8'), /sidebarId: "guida"/);
  assert.equal(readFileSync(path.join(out, 'sidebars.json')), readFileSync(path.join(site, 'sidebars.json')));
});

test('a package the config needs that the site lacks is an error at its import, saying what to do', async () => {
  const site = siteWith(
    'missing',
    "// Temi\nconst { temi } = require('@faro/temi-mai-installati');\nmodule.exports = { title: 'x', temi };\n",
  );
  const error = await importError(site, path.join(work, 'missing-out'));
  assert.equal({ file: error.location?.file, line: error.location?.line }, { file: 'docusaurus.config.js', line: 2 });
  assert.match(error.message, /the package "@faro\/temi-mai-installati" is not installed in the site/);
  assert.match(error.hint ?? '', /npm install in the site folder/);
});

test('a package named inside a function that Docusaurus calls at build time is not needed to import', async () => {
  const config =
    "module.exports = {\n  title: 'x',\n  webpack: { jsLoader: () => require.resolve('caricatore-assente') },\n};\n";
  const site = siteWith('later', config);
  const report = await importDocusaurus({ site, out: path.join(work, 'later-out'), cwd: repoRoot });
  assert.ok(report.notCarried.some((entry) => entry.what === 'webpack' && entry.line === 3));
});

test('a config that writes a file while it loads is refused at that line, and the file is not written', async () => {
  const site = siteWith(
    'writes',
    "const fs = require('fs');\nfs.writeFileSync(__dirname + '/scritto.txt', 'x');\nmodule.exports = { title: 'x' };\n",
  );
  const before = treeHash(site);
  const error = await importError(site, path.join(work, 'writes-out'));
  assert.equal({ file: error.location?.file, line: error.location?.line }, { file: 'docusaurus.config.js', line: 2 });
  assert.match(error.message, /writes files or starts processes while it loads/);
  assert.not.ok(existsSync(path.join(site, 'scritto.txt')));
  assert.is(treeHash(site), before);
});

test('an output folder inside the source site is refused before anything is written', async () => {
  const site = siteWith('inside', "module.exports = { title: 'x' };\n");
  const before = treeHash(site);
  // A link outside the site that leads into it is inside it too.
  const link = path.join(work, 'link-into-site');
  symlinkSync(path.join(site, 'docs'), link);
  for (const out of [path.join(site, 'docs-it'), path.join(site, 'docs', 'nuovo'), site, work, link, `${link}/x`]) {
    const error = await importError(site, out);
    assert.instance(error, UsageError, out);
  }
  assert.is(treeHash(site), before);
  const viaCli = cli(['import-docusaurus', site, '--out', path.join(site, 'static', 'x')]);
  assert.is(viaCli.code, 2);
  assert.match(viaCli.stderr, /is inside the Docusaurus site: the import never writes into the site it reads/);
});

test('without --out the new site goes beside the source site, named after it', async () => {
  const site = siteWith('beside', "module.exports = { title: 'Accanto' };\n");
  const report = await importDocusaurus({ site, cwd: repoRoot });
  assert.is(report.out, `${site}-docs-it`);
  assert.ok(existsSync(path.join(`${site}-docs-it`, 'site.config.ts')));
});

test('a non-empty output folder is refused and left as it was; an empty one is taken', async () => {
  const site = siteWith('full', "module.exports = { title: 'x' };\n");
  const out = path.join(work, 'full-out');
  mkdirSync(out);
  writeFileSync(path.join(out, 'mio.txt'), 'mio');
  const before = treeHash(out);
  const error = await importError(site, out);
  assert.match(error.message, /is not empty/);
  assert.is(treeHash(out), before);
  const empty = path.join(work, 'empty-out');
  mkdirSync(empty);
  await importDocusaurus({ site, out: empty, cwd: repoRoot });
  assert.ok(existsSync(path.join(empty, 'content/docs/intro.md')), 'an empty output folder is taken');
});

test.after(() => removeDir(work));
test.run();
