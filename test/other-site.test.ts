// A second, unrelated site (a French manual for a fictional photo-book app) built by the real CLI from its own
// folder: everything a reader sees must come from its site.config.ts and content/, none of it from the Italian site.
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fixture, pipeEnv, removeDir, repoRoot } from './helpers';

// Outside the repo: no node_modules (preact, react, …) in this folder or above it.
const siteDir = mkdtempSync(path.join(os.tmpdir(), 'docs-it-other-site-'));
cpSync(fixture('other-site'), siteDir, { recursive: true });
const out = path.join(siteDir, 'build');
const read = (rel: string) => readFileSync(path.join(out, rel), 'utf8');

/** Every file under `dir`, relative to it, with forward slashes. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

const docPages = [
  'docs/manuel/index.html',
  'docs/manuel/premiers-pas/installation/index.html',
  'docs/manuel/premiers-pas/premier-livre/index.html',
  'docs/manuel/premiers-pas/mise-en-page/gabarits/index.html',
  'docs/manuel/premiers-pas/mise-en-page/couvertures/index.html',
  'docs/manuel/reference/raccourcis/index.html',
  'docs/manuel/reference/formats-export/index.html',
];

let result: SpawnSyncReturns<string>;

test.before(() => {
  for (let dir = siteDir; ; dir = path.dirname(dir)) {
    assert.not.ok(existsSync(path.join(dir, 'node_modules', 'preact')), `${dir} must not provide preact`);
    if (path.dirname(dir) === dir) break;
  }
  const env = pipeEnv();
  delete env.DOCS_IT_SEARCH_HOST;
  delete env.DOCS_IT_SEARCH_KEY;
  result = spawnSync(process.execPath, [path.join(repoRoot, 'bin/docs-it.mjs'), 'build'], {
    cwd: siteDir,
    encoding: 'utf8',
    env,
    timeout: 180_000,
  });
});

test.after(() => removeDir(siteDir));

test('the CLI builds the site from its own folder, under its own baseUrl and routeBasePath', () => {
  assert.is(result.status, 0, `docs-it build failed:\n${result.stdout}\n${result.stderr}`);
  for (const rel of [
    'docs/index.html',
    ...docPages,
    'docs/404.html',
    'docs/blog/index.html',
    'docs/blog/2025/02/10/atelier-2-0/index.html',
    'docs/blog/2025/04/22/papiers-mats/index.html',
    'docs/blog/rss.xml',
    'docs/sitemap.xml',
    'docs/manifest.webmanifest',
    'docs/img/atelier-logo.svg',
    'docs/img/atelier-favicon.svg',
    '_redirects',
    '_headers',
    'robots.txt',
  ]) {
    assert.ok(existsSync(path.join(out, rel)), rel);
  }
  assert.equal(readdirSync(out).sort(), ['_headers', '_redirects', 'docs', 'robots.txt']);
  assert.equal(readdirSync(path.join(out, 'docs/__docs-it/sidebars')).sort(), ['premiers-pas.json', 'reference.json']);
});

test('head: French document, this site title, canonical URL and favicon under /docs/', () => {
  const html = read('docs/manuel/premiers-pas/mise-en-page/gabarits/index.html');
  assert.match(html, '<html lang="fr" dir="ltr"');
  assert.match(html, '<title>Les gabarits de page | Atelier Docs</title>');
  assert.match(html, '<meta property="og:site_name" content="Atelier Docs">');
  assert.match(html, '<meta property="og:locale" content="fr">');
  assert.match(
    html,
    '<link rel="canonical" href="https://atelier.example/docs/manuel/premiers-pas/mise-en-page/gabarits">',
  );
  assert.match(html, '<link rel="icon" href="/docs/img/atelier-favicon.svg" type="image/svg+xml">');
  assert.match(read('docs/index.html'), '<title>Des livres photo reliés avec soin | Atelier Docs</title>');
  assert.match(read('docs/404.html'), '<title>Page introuvable | Atelier Docs</title>');
  assert.match(read('docs/404.html'), '<a href="/docs/">la page d\'accueil</a>');
});

test('navbar on every page: each sidebar item leads to its first page, the version dropdown shows 2.x', () => {
  const navLink = (href: string, label: string, active: 'yes' | 'no') =>
    `<a class="navbar-item navbar-link${active === 'yes' ? ' active' : ''}" href="${href}">${label}</a>`;
  for (const rel of ['docs/index.html', ...docPages, 'docs/404.html', 'docs/blog/index.html']) {
    const html = read(rel);
    assert.match(html, '<a class="navbar-brand" href="/docs/">', rel);
    assert.match(html, '<img class="logo logo-light" src="/docs/img/atelier-logo.svg"', rel);
    // Active on every page of its own sidebar, never outside it.
    for (const [first, label, dir] of [
      ['/docs/manuel/premiers-pas/installation', 'Premiers pas', '/premiers-pas/'],
      ['/docs/manuel/reference/raccourcis', 'Référence', '/reference/'],
    ] as const) {
      const active = rel.includes(dir) ? 'yes' : 'no';
      assert.match(html, new RegExp(navLink(first, label, active)), rel);
    }
    assert.match(html, navLink('/docs/blog', 'Journal', rel.startsWith('docs/blog/') ? 'yes' : 'no'), rel);
    assert.match(html, /<button [^>]*class="navbar-link[^"]*"[^>]*>2\.x<\/button>/, rel);
    assert.match(html, '<a class="dropdown-link" href="/docs/manuel">2.x</a>', rel);
    assert.match(html, 'Copyright © 2025 Atelier, reliure numérique', rel);
  }
});

// Two assumptions of an earlier generator that held by coincidence on the Italian site, now covered.
test('navbar: a docSidebar item is active on every page of its sidebar, not only under its first URL', () => {
  // Not by URL prefix: on the Italian site every page of a sidebar lives under its first page, here they do not.
  for (const rel of docPages.filter((rel) => rel.includes('/premiers-pas/'))) {
    assert.match(
      read(rel),
      '<a class="navbar-item navbar-link active" href="/docs/manuel/premiers-pas/installation">Premiers pas</a>',
      rel,
    );
  }
  assert.match(
    read('docs/manuel/reference/formats-export/index.html'),
    '<a class="navbar-item navbar-link active" href="/docs/manuel/reference/raccourcis">Référence</a>',
  );
});

test('language switcher and hreflang: the current locale is this very page', () => {
  // This French site is served under /docs/, not under its locale's path /fr/.
  const html = read('docs/manuel/premiers-pas/mise-en-page/gabarits/index.html');
  assert.match(
    html,
    '<link rel="alternate" hreflang="fr" ' +
      'href="https://atelier.example/docs/manuel/premiers-pas/mise-en-page/gabarits">',
  );
  assert.match(
    html,
    '<a class="dropdown-link active" href="/docs/manuel/premiers-pas/mise-en-page/gabarits" hrefLang="fr"',
  );
});

test('doc pages: sidebars, breadcrumbs and resolved links stay under /docs/manuel', () => {
  const gabarits = read('docs/manuel/premiers-pas/mise-en-page/gabarits/index.html');
  assert.match(gabarits, /<nav class="breadcrumbs"[^>]*><ol><li><a href="\/docs\/manuel"/);
  assert.match(gabarits, '<span>Mise en page</span>');
  assert.match(gabarits, '<span aria-current="page">Gabarits</span>');
  assert.match(
    gabarits,
    '<a class="menu-link active" href="/docs/manuel/premiers-pas/mise-en-page/gabarits" ' +
      'aria-current="page">Gabarits</a>',
  );
  assert.match(gabarits, 'aria-controls="cat-1-2-mise-en-page">Mise en page</button>');
  assert.match(gabarits, 'class="code-title">.atelier/gabarits/triptyque.json');
  assert.match(gabarits, '<a class="toc-link" href="#creer">Créer son propre gabarit</a>');

  const raccourcis = read('docs/manuel/reference/raccourcis/index.html');
  assert.match(
    raccourcis,
    '<a class="menu-link active" href="/docs/manuel/reference/raccourcis" aria-current="page">Raccourcis clavier</a>',
  );
  assert.match(
    raccourcis,
    '<a class="menu-link" href="/docs/manuel/reference/formats-export">Formats d&#x27;export</a>',
  );
  assert.match(raccourcis, '<a class="menu-link" href="https://atelier.example/papiers">Nuancier des papiers</a>');
  assert.not.match(raccourcis, 'premiers-pas/premier-livre">', 'one sidebar per page');

  const installation = read('docs/manuel/premiers-pas/installation/index.html');
  assert.match(installation, 'class="admonition admonition-tip"');
  assert.match(installation, 'class="code-title">terminal');
  assert.match(installation, '<a href="/docs/manuel/premiers-pas/premier-livre">votre premier livre</a>');
  assert.match(
    read('docs/manuel/premiers-pas/mise-en-page/couvertures/index.html'),
    'href="/docs/manuel/reference/formats-export#pdf"',
  );
  assert.match(read('docs/manuel/index.html'), 'href="/docs/manuel/reference/raccourcis#chemin-de-fer"');
});

test('every root-relative URL of every page is under /docs/ (the language switcher aside)', () => {
  const html = filesUnder(out).filter((rel) => rel.endsWith('.html'));
  assert.ok(html.length >= 12, `${html.length} pages`);
  for (const rel of html) {
    for (const tag of read(rel).match(/<[a-z]+ [^>]*\b(?:href|src)="\/[^"]*"[^>]*>/g) ?? []) {
      // The language switcher links to the same page in the other locales' sites (see the report on localeHref).
      if (/\bhrefLang="/.test(tag)) continue;
      assert.match(tag, /\b(?:href|src)="\/docs\//, `${rel}: ${tag}`);
    }
  }
});

test('site files: sitemap, robots, _redirects, web manifest, feeds and search config are this site', () => {
  const locs = [...read('docs/sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  assert.ok(locs.length >= 10, `${locs.length} URLs`);
  for (const loc of locs) assert.ok(loc.startsWith('https://atelier.example/docs/'), loc);
  assert.match(read('robots.txt'), 'Sitemap: https://atelier.example/docs/sitemap.xml');
  assert.is(read('_redirects').trim(), '/docs/* /docs/404.html 404');
  const manifest = JSON.parse(read('docs/manifest.webmanifest')) as Record<string, unknown>;
  assert.is(manifest.name, 'Atelier Docs');
  assert.is(manifest.lang, 'fr');
  assert.is(manifest.start_url, '/docs/');
  assert.match(read('docs/blog/rss.xml'), '<link>https://atelier.example/docs/blog/2025/04/22/papiers-mats</link>');
  assert.match(read('docs/blog/2025/02/10/atelier-2-0/index.html'), 'Claire Duval');
  const scripts = filesUnder(path.join(out, 'docs/assets'))
    .filter((rel) => rel.endsWith('.js'))
    .map((rel) => read(`docs/assets/${rel}`))
    .join('\n');
  // The client config is JSON text in its script (`withClientConfig` in src/site/bundle/bundle-client.ts).
  assert.match(scripts, '"indexUid":"atelier"');
  assert.match(scripts, '"sidebarId":"premiers-pas"');
});

test('no name of the Italian site anywhere in the output (hashed .js/.css/.map assets aside)', () => {
  const forbidden = [
    'Tauri',
    'tauri',
    '/it/',
    'guides',
    'references',
    'sidebars/js.json',
    'lang="it"',
    'hreflang="it"',
    'Tauri Apps',
  ];
  const checked = filesUnder(out).filter(
    (rel) => /\.(html|json|xml|txt|webmanifest)$/.test(rel) || rel === '_headers' || rel === '_redirects',
  );
  assert.ok(checked.length >= 30, `${checked.length} files checked`);
  for (const rel of checked) {
    const text = read(rel);
    for (const name of forbidden) {
      const at = text.indexOf(name);
      assert.ok(at === -1, `${rel} contains "${name}": …${text.slice(Math.max(0, at - 60), at + 60)}…`);
    }
  }
});

test.run();
