import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../src/build/build-site';
import { processTmpDir, removeBuild, removeBuildAtExit } from './build-outputs';
import { repoRoot } from './helpers';
import { builtRealSite } from './real-site';
import { readRecordsOf } from './records-files';

// The real site, built once for the test run: every published route, and the content issues' promises about
// each page.
const out = await builtRealSite();
/** A second build of the same site, on a busy machine. */
const again = path.join(processTmpDir(), 'site-busy');
removeBuildAtExit(again);
const expected = readFileSync(path.join(repoRoot, 'test/fixtures/routes.txt'), 'utf8')
  .split('\n')
  .filter((l) => l.startsWith('/'));

function builtRoutes(dir: string, prefix = ''): string[] {
  const routes: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) routes.push(...builtRoutes(full, `${prefix}/${entry}`));
    else if (entry === 'index.html') routes.push(prefix === '/it' ? '/it/' : prefix);
  }
  return routes;
}

const page = (route: string) =>
  readFileSync(path.join(out, route === '/it/' ? 'it/index.html' : `${route.slice(1)}/index.html`), 'utf8');
/** Plain text of an HTML fragment: tags dropped, the escaper's entities decoded. */
function textOfHtml(html: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => entities[e] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Words of the page's own content (navbar, sidebars, footer and code excluded). */
function bodyWords(html: string): number {
  const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
  const article = /<div class="content">([\s\S]*?)<\/div>\s*<\/article>/.exec(main)?.[1] ?? main;
  return textOfHtml(article.replace(/<pre[\s\S]*?<\/pre>/g, ' '))
    .split(' ')
    .filter((w) => /\p{L}/u.test(w)).length;
}

/** Every file under `dir`, relative, sorted. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? filesUnder(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
    )
    .sort();
}

test('the same bytes on a busy machine (no wall-clock limit in the pipeline), the fast parser off', async () => {
  // Threads that keep the cores busy while the site is compiled, highlighted and rendered again: one fewer than
  // the cores, as the build's own thread and the worker that highlights ahead of it fill the last one, so every
  // thread of the build still loses its processor at moments no one chose. A spinner a core would cost its core's
  // whole processor time for the build's length and slow the build with it, proving nothing more.
  const spinners = Math.max(1, availableParallelism() - 1);
  const busy = Array.from({ length: spinners }, () => new Worker('for (;;) {}', { eval: true }));
  // The same build checks the fast markdown parser (src/markdown/fast-mdast.ts): the shared build has it on (the
  // default), this one has it off, so every page is compiled by the full parser (test/fast-parse.test.ts checks
  // each page; this, the whole site's bytes). A difference names its file: `DOCS_IT_FAST_PARSER=0 npm run
  // test:run -- site.test` (both builds off) tells the two causes apart.
  const before = process.env.DOCS_IT_FAST_PARSER;
  process.env.DOCS_IT_FAST_PARSER = '0';
  try {
    await buildSite({
      packageRoot: repoRoot,
      config: path.join(repoRoot, 'site.config.ts'),
      out: again,
      noCache: true,
    });
  } finally {
    if (before === undefined) delete process.env.DOCS_IT_FAST_PARSER;
    else process.env.DOCS_IT_FAST_PARSER = before;
    await Promise.all(busy.map((w) => w.terminate()));
  }
  try {
    const files = filesUnder(out);
    assert.ok(files.length > 100);
    assert.equal(filesUnder(again), files);
    const differ = files.filter((f) => !readFileSync(path.join(out, f)).equals(readFileSync(path.join(again, f))));
    assert.equal(differ, []);
  } finally {
    removeBuild(again);
  }
});

test('the built routes are exactly routes.txt, and the 404 page exists', () => {
  assert.equal(builtRoutes(path.join(out, 'it'), '/it').sort(), [...expected].sort());
  assert.match(readFileSync(path.join(out, 'it/404.html'), 'utf8'), 'Pagina non trovata');
});

test('hydration data and sidebar files carry only what the sidebar shows; doc cards keep descriptions', () => {
  const html = page('/it/v1/references');
  assert.match(html, /<span class="card-description">Come è costruito Tauri/);
  const data = JSON.parse(/<script id="__docs-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]!) as {
    sidebar: unknown[];
  };
  const sidebarFile = JSON.parse(
    readFileSync(path.join(out, 'it/__docs-it/sidebars/references.json'), 'utf8'),
  ) as unknown[];
  const keys = new Set<string>();
  const walk = (items: unknown[]) => {
    for (const item of items as Record<string, unknown>[]) {
      for (const k of Object.keys(item)) keys.add(k);
      if (Array.isArray(item.items)) walk(item.items);
    }
  };
  walk(data.sidebar);
  walk(sidebarFile);
  assert.equal([...keys].sort(), ['collapsed', 'href', 'items', 'label', 'type']);
});

test('every breadcrumb of every doc page has visible text', () => {
  const docs = expected.filter((r) => r.startsWith('/it/v1/'));
  assert.ok(docs.length > 50);
  for (const route of docs) {
    const trail = /<nav class="breadcrumbs"[\s\S]*?<\/nav>/.exec(page(route))?.[0];
    if (!trail) continue;
    const crumbs = [...trail.matchAll(/<li>([\s\S]*?)<\/li>/g)].slice(1).map((m) => textOfHtml(m[1]!).trim());
    assert.ok(crumbs.length > 0, route);
    assert.ok(
      crumbs.every((c) => c.length > 0),
      `${route}: ${JSON.stringify(crumbs)}`,
    );
  }
});

test('every page has one h1 and a title "… | Tauri Apps"', () => {
  for (const route of expected) {
    const html = page(route);
    assert.is(html.match(/<h1[ >]/g)?.length, 1, route);
    assert.match(html, / \| Tauri Apps<\/title>/, route);
  }
});

const listRoutes = new Set(['/it/blog', '/it/blog/page/2', '/it/blog/archive', '/it/releases']);
test('every content page has at least 150 words of body text', () => {
  const short = expected
    .filter((r) => !listRoutes.has(r))
    .map((r) => [r, bodyWords(page(r))] as const)
    .filter(([, n]) => n < 150);
  assert.equal(short, []);
});

test('the Tauri 1.1 post shows its three code titles (the page also has raw HTML)', () => {
  const titles = [...page('/it/blog/2022/09/15/tauri-1-1').matchAll(/<div class="code-title">([^<]*)<\/div>/g)];
  assert.equal(
    titles.map((m) => m[1]),
    ['src-tauri/src/main.rs', 'src-tauri/Tauri.toml', 'src-tauri/tauri.conf.json'],
  );
});

test('the blog lists hold the 13 posts: 10 on the first page, 3 on the second', () => {
  assert.is(page('/it/blog').match(/class="blog-summary"/g)?.length, 10);
  assert.is(page('/it/blog/page/2').match(/class="blog-summary"/g)?.length, 3);
  assert.is(page('/it/blog/archive').match(/<li><time/g)?.length, 13);
  assert.is(readFileSync(path.join(out, 'it/blog/rss.xml'), 'utf8').match(/<item>/g)?.length, 13);
});

const mainExports: Record<string, string[]> = {
  app: ['getName', 'getVersion', 'getTauriVersion'],
  cli: ['getMatches'],
  clipboard: ['readText', 'writeText'],
  dialog: ['open', 'save', 'message', 'ask', 'confirm'],
  event: ['listen', 'once', 'emit'],
  fs: [
    'readTextFile',
    'readBinaryFile',
    'writeTextFile',
    'writeBinaryFile',
    'readDir',
    'createDir',
    'removeDir',
    'copyFile',
    'removeFile',
    'renameFile',
    'exists',
    'BaseDirectory',
  ],
  globalShortcut: ['register', 'registerAll', 'isRegistered', 'unregister', 'unregisterAll'],
  http: ['fetch', 'getClient', 'Body', 'ResponseType'],
  mocks: ['mockIPC', 'mockWindows', 'clearMocks'],
  notification: ['isPermissionGranted', 'requestPermission', 'sendNotification'],
  os: ['platform', 'version', 'type', 'arch', 'tempdir'],
  path: ['appConfigDir', 'appDataDir', 'resourceDir', 'resolveResource', 'join', 'resolve', 'basename'],
  process: ['exit', 'relaunch'],
  shell: ['Command', 'open', 'Child'],
  tauri: ['invoke', 'convertFileSrc'],
  updater: ['checkUpdate', 'installUpdate', 'onUpdaterEvent'],
  window: [
    'appWindow',
    'getCurrent',
    'getAll',
    'WebviewWindow',
    'LogicalSize',
    'PhysicalPosition',
    'setTitle',
    'setSize',
  ],
};

test('each JS API module page documents its main exports as headings', () => {
  for (const [module, names] of Object.entries(mainExports)) {
    const html = page(`/it/v1/api/js/${module}`);
    const headings = [...html.matchAll(/<h[2-4][^>]*>([\s\S]*?)<\/h[2-4]>/g)].map((m) => textOfHtml(m[1]!));
    for (const name of names)
      assert.ok(
        headings.some((h) => h.split(/[\s(.]/).includes(name)),
        `${module}: ${name}`,
      );
  }
});

test('the CLI and config references cover every command and section', () => {
  const cli = page('/it/v1/api/cli');
  for (const id of ['init', 'dev', 'build', 'info', 'icon', 'signer', 'completions', 'plugin', 'help'])
    assert.match(cli, `id="${id}"`, id);
  const config = page('/it/v1/api/config');
  for (const id of [
    'build',
    'package',
    'bundle',
    'allowlist',
    'windows',
    'security',
    'updater',
    'systemtray',
    'cli',
    'macosprivateapi',
    'plugins',
  ])
    assert.match(config, `id="${id}"`, id);
});

test('the references are in the api sidebar as upstream: breadcrumbs, prev/next, search files them under it', () => {
  const config = page('/it/v1/api/config');
  assert.match(config, '<aside class="docs-sidebar">');
  assert.match(config, '<li><span>API</span></li><li><span aria-current="page">Configurazione (tauri.conf.json)');
  const cli = page('/it/v1/api/cli');
  assert.match(cli, '<a class="pagination-link pagination-prev" href="/it/v1/api/config" rel="prev">');
  // The link to Rust's docs on docs.rs is in the sidebar, not in previous/next.
  assert.match(cli, '<a class="pagination-link pagination-next" href="/it/v1/api/js" rel="next">');
  assert.match(page('/it/v1/api/js'), '<li><span>API</span></li>');
  // The JS modules keep their own sidebar.
  assert.match(page('/it/v1/api/js/window'), '<li><a href="/it/v1/api/js">API JavaScript</a></li>');
  const records = readRecordsOf<{ url: string; hierarchy_lvl0: string }>(out);
  const categoryOf = (url: string) => new Set(records.filter((r) => r.url === url).map((r) => r.hierarchy_lvl0));
  for (const url of ['/it/v1/api/config', '/it/v1/api/cli', '/it/v1/api/js'])
    assert.equal([...categoryOf(url)], ['API'], url);
  const categories = new Set(records.map((r) => r.hierarchy_lvl0));
  assert.not.ok(categories.has('Home'), 'the home page is «Pagina iniziale»');
  assert.equal(
    records.filter((r) => r.hierarchy_lvl0 === 'Documentazione').map((r) => r.url),
    records.filter((r) => r.url === '/it/v1').map((r) => r.url),
    '«Documentazione» is the docs home alone',
  );
});

test('each doc page ends with «Modifica questa pagina» (its English original) and its last commit day', () => {
  const file = 'content/docs/guides/faq.md';
  // The day of the file's last commit, when this checkout's history holds it (a copy of the files has none).
  let day: string | undefined;
  try {
    day = execFileSync('git', ['-C', repoRoot, 'log', '-1', '--format=%cs', '--', file], { encoding: 'utf8' }).trim();
  } catch {
    day = undefined;
  }
  const shallow = day && execFileSync('git', ['-C', repoRoot, 'rev-parse', '--is-shallow-repository']).toString();
  const meta = /<footer class="page-meta">([\s\S]*?)<\/footer>/.exec(page('/it/v1/guides/faq'))?.[1] ?? '';
  assert.match(meta, 'href="https://github.com/tauri-apps/tauri-docs/edit/v1/docs/guides/faq.md"');
  assert.match(meta, '>Modifica questa pagina</a>');
  if (day && shallow?.trim() === 'false')
    assert.match(meta, `Ultimo aggiornamento<!-- --> il <time dateTime="${day}">`);
});

test.run();
