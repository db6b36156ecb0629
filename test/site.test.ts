import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../src/pipeline/build-site';
import { removeDir, repoRoot } from './helpers';

// The real site, built once: every published route, and the content issues' promises about each page.
const out = path.join(repoRoot, 'test', '.tmp', `site-${process.pid}`);
mkdirSync(path.dirname(out), { recursive: true });
await buildSite({ packageRoot: repoRoot, config: path.join(repoRoot, 'site.config.ts'), out });
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

test.after(() => removeDir(out));

/** Every file under `dir`, relative, sorted. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? filesUnder(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
    )
    .sort();
}

test('the same input gives byte-identical output on a busy machine (no wall-clock limit in the pipeline)', async () => {
  // Threads that keep every core busy while the site is compiled, highlighted and rendered again.
  const busy = Array.from({ length: 4 }, () => new Worker('for (;;) {}', { eval: true }));
  const again = `${out}-busy`;
  try {
    await buildSite({
      packageRoot: repoRoot,
      config: path.join(repoRoot, 'site.config.ts'),
      out: again,
      noCache: true,
    });
  } finally {
    await Promise.all(busy.map((w) => w.terminate()));
  }
  try {
    const files = filesUnder(out);
    assert.equal(filesUnder(again), files);
    const differ = files.filter((f) => !readFileSync(path.join(out, f)).equals(readFileSync(path.join(again, f))));
    assert.equal(differ, []);
  } finally {
    removeDir(again);
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

test.run();
