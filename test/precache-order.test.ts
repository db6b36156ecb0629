/*
 * What the service worker precaches when the site is larger than its budget: a fixed order of use, cut at the
 * first file that does not fit, and a precache list in `sw.js` that stays the same size however large the site.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { injectPrecacheManifest, precacheManifest } from '../src/build/precache-manifest';
import { type PrecacheOrderInput, precacheSelection } from '../src/build/precache-order';
import { bundleServiceWorker } from '../src/build/write-service-worker';
import { defaultPrecacheBudget } from '../src/config/site-schema';
import type { SidebarItem } from '../src/shared/sidebar';
import { repoRoot } from './helpers';

const link = (href: string): SidebarItem => ({ type: 'link', label: href, href });
const category = (label: string, items: SidebarItem[], href?: string): SidebarItem => ({
  type: 'category',
  label,
  collapsed: true,
  items,
  ...(href ? { href } : {}),
});

/** A site's precached-type files in path order (as the writer lists them), each `size` bytes but the ones named. */
function filesOf(paths: string[], size = 1000, sizes: Record<string, number> = {}) {
  return [...paths].sort().map((path) => ({ path, size: sizes[path] ?? size, revision: 'r' }));
}

const routeFiles = (route: string) =>
  route === '/it/'
    ? ['it/index.html', 'it/page-data.json']
    : [`${route.slice(1)}/index.html`, `${route.slice(1)}/page-data.json`];

const small: PrecacheOrderInput = {
  baseUrl: '/it/',
  notFoundRoute: '/it/404',
  // The model's routes are in path order; the sidebar puts `zeta` first.
  routes: ['/it/', '/it/404', '/it/blog/post', '/it/docs/alpha', '/it/docs/guida', '/it/docs/zeta'],
  sidebars: { docs: [category('Guida', [link('/it/docs/zeta'), link('/it/docs/alpha')], '/it/docs/guida')] },
};
const smallPaths = [
  ...routeFiles('/it/'),
  'it/404.html',
  'it/404.page-data.json',
  'it/manifest.webmanifest',
  'it/__docs-it/sidebars/docs.json',
  'it/assets/app.ABCD1234.js',
  'it/assets/style.WXYZ9876.css',
  'it/search/local-index.json',
  'it/search/stemmer.0ddf64c9.js',
  'it/search/terms/0.json',
  'it/search/text/0.json',
  ...routeFiles('/it/docs/guida'),
  ...routeFiles('/it/docs/zeta'),
  ...routeFiles('/it/docs/alpha'),
  ...routeFiles('/it/blog/post'),
  'it/img/logo.svg',
];
/** The order the budget is filled in, for the small site. */
const smallOrder = [
  'it/index.html',
  'it/page-data.json',
  'it/404.html',
  'it/404.page-data.json',
  'it/manifest.webmanifest',
  'it/__docs-it/sidebars/docs.json',
  'it/assets/app.ABCD1234.js',
  'it/assets/style.WXYZ9876.css',
  'it/search/local-index.json',
  'it/search/stemmer.0ddf64c9.js',
  ...routeFiles('/it/docs/guida'),
  ...routeFiles('/it/docs/zeta'),
  ...routeFiles('/it/docs/alpha'),
  ...routeFiles('/it/blog/post'),
  'it/search/terms/0.json',
  'it/search/text/0.json',
  'it/img/logo.svg',
];

test('a site within its budget precaches every file, in the same order as without a budget', () => {
  const files = filesOf(smallPaths);
  assert.equal(precacheSelection(files, small, { maxBytes: files.length * 1000, maxFiles: files.length }), files);
});

test('over its budget: shell, bundle, first search, pages by sidebar, other routes, other search files, rest', () => {
  const files = filesOf(smallPaths);
  assert.is(smallOrder.length, files.length);
  for (let n = 0; n <= files.length; n++) {
    const byCount = precacheSelection(files, small, { maxBytes: 1e9, maxFiles: n }).map((f) => f.path);
    assert.equal(byCount, [...smallOrder.slice(0, n)].sort(), `${n} files`);
    const byBytes = precacheSelection(files, small, { maxBytes: n * 1000 + 999, maxFiles: 1000 }).map((f) => f.path);
    assert.equal(byBytes, [...smallOrder.slice(0, n)].sort(), `${n * 1000 + 999} bytes`);
  }
});

test('the list stops at the first file that does not fit: nothing later is taken in its place', () => {
  const files = filesOf(smallPaths, 1000, { 'it/docs/zeta/index.html': 50_000 });
  const taken = precacheSelection(files, small, { maxBytes: 30_000, maxFiles: 1000 }).map((f) => f.path);
  assert.equal(taken, [...smallOrder.slice(0, smallOrder.indexOf('it/docs/zeta/index.html'))].sort());
});

test("a large sidebar's part files come where the sidebar reaches them, before their pages", () => {
  // 3 categories of 150 links: over a sidebar file's 200 entries, so the last two are parts 1 and 2.
  const sections = [0, 1, 2].map((s) =>
    category(
      `S${s}`,
      Array.from({ length: 150 }, (_, i) => link(`/it/docs/s${s}/p${i}`)),
    ),
  );
  const input: PrecacheOrderInput = {
    baseUrl: '/it/',
    notFoundRoute: '/it/404',
    routes: ['/it/', '/it/404', ...sections.flatMap((c) => (c.type === 'category' ? c.items : []).map((l) => l.href!))],
    sidebars: { docs: sections },
  };
  const paths = [
    ...input.routes.flatMap(routeFiles),
    'it/__docs-it/sidebars/docs.json',
    'it/__docs-it/sidebars/docs/1.json',
    'it/__docs-it/sidebars/docs/2.json',
  ].filter((p) => !p.startsWith('it/404/'));
  const files = filesOf([...paths, 'it/404.html', 'it/404.page-data.json']);
  // Shell (5 files), section 0 (300 files), then part 1 and section 1's first page.
  const taken = new Set(precacheSelection(files, input, { maxBytes: 1e9, maxFiles: 5 + 300 + 2 }).map((f) => f.path));
  assert.ok(taken.has('it/docs/s0/p149/page-data.json'));
  assert.ok(taken.has('it/__docs-it/sidebars/docs/1.json'));
  assert.ok(taken.has('it/docs/s1/p0/index.html'));
  assert.not.ok(taken.has('it/docs/s1/p0/page-data.json'));
  assert.not.ok(taken.has('it/__docs-it/sidebars/docs/2.json'));
});

/** The precached-type files of a synthetic site of `pages` docs in sections of 50, with sizes like the real ones. */
function syntheticSite(pages: number) {
  const sections = Array.from({ length: Math.ceil(pages / 50) }, (_, s) =>
    category(
      `Sezione ${s}`,
      Array.from({ length: Math.min(50, pages - s * 50) }, (_, i) =>
        link(`/it/docs/sezione-${s}/pagina-${s * 50 + i}`),
      ),
    ),
  );
  const docRoutes = sections.flatMap((c) => (c.type === 'category' ? c.items : []).map((l) => l.href!));
  const input: PrecacheOrderInput = {
    baseUrl: '/it/',
    notFoundRoute: '/it/404',
    routes: ['/it/', '/it/404', ...docRoutes].sort(),
    sidebars: { guide: [category('Guida', sections)] },
  };
  const sizes: Record<string, number> = {};
  const paths = ['it/index.html', 'it/page-data.json', 'it/404.html', 'it/404.page-data.json'];
  for (const route of docRoutes) {
    const [html, data] = routeFiles(route);
    paths.push(html!, data!);
    sizes[html!] = 28_000;
    sizes[data!] = 9_000;
  }
  paths.push('it/__docs-it/sidebars/guide.json', 'it/manifest.webmanifest', 'it/search/local-index.json');
  for (let part = 1; part <= sections.length + 1; part++) paths.push(`it/__docs-it/sidebars/guide/${part}.json`);
  for (let shard = 0; shard < pages / 20; shard++) paths.push(`it/search/terms/${shard}.json`);
  for (let i = 0; i < 40; i++) paths.push(`it/assets/chunks/chunk.${String(i).padStart(8, 'A')}.js`);
  return { files: filesOf(paths, 5000, sizes), input };
}

test('sw.js does not grow with the site: the same size at 2,000 and at 100,000 pages', async () => {
  const { code } = await bundleServiceWorker({ packageRoot: repoRoot, mode: 'production' });
  const manifests = [2_000, 100_000].map((pages) => {
    const { files, input } = syntheticSite(pages);
    const taken = precacheSelection(files, input, defaultPrecacheBudget);
    assert.ok(taken.length <= defaultPrecacheBudget.maxFiles, `${pages} pages: ${taken.length} files`);
    const bytes = taken.reduce((sum, f) => sum + f.size, 0);
    assert.ok(bytes <= defaultPrecacheBudget.maxBytes, `${pages} pages: ${bytes} bytes`);
    assert.ok(files.length > taken.length * 3, `${pages} pages: over the budget`);
    return precacheManifest(taken, '/it/');
  });
  for (const manifest of manifests) {
    const sw = injectPrecacheManifest(code, manifest);
    assert.ok(sw.length < 150 * 1024, `sw.js: ${sw.length} bytes`);
  }
  // The same files are taken first whatever the site's size: its own shell, bundle and first pages.
  const [smaller, larger] = manifests.map((m) => JSON.parse(m) as { url: string }[]);
  assert.ok(Math.abs(smaller!.length - larger!.length) <= 2, `${smaller!.length} against ${larger!.length}`);
  assert.ok(larger!.some((e) => e.url === '/it/docs/sezione-0/pagina-0/index.html'));
  assert.not.ok(larger!.some((e) => e.url.startsWith('/it/docs/sezione-1999/')));
});

test.run();
