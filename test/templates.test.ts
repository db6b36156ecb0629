import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createFragmentCache } from '../src/render/fragment-cache';
import { hasSidebarGaps, keptAround, keptAtTop, longList, shownSidebar } from '../src/render/sidebar-window';
import { interfaceTextOf } from '../src/shared/i18n/catalogues';
import { translatorOf } from '../src/shared/i18n/interface-text';
import type { ShownSidebarItem, SidebarItem } from '../src/shared/sidebar';
import type { SiteChrome } from '../src/shared/site-chrome';
import { autoHeightDuration } from '../templates/collapse';
import { localeHref } from '../templates/format';
import { FragmentCacheContext } from '../templates/fragments';
import { Layout } from '../templates/Layout';
import { Sidebar } from '../templates/Sidebar';
import { InterfaceTextContext } from '../templates/text';
import { Navbar } from '../templates/theme/Navbar';
import { setThemeOverrides } from '../templates/theme-components';

const chrome: SiteChrome = {
  title: 'Prova',
  tagline: '',
  baseUrl: '/it/',
  docsBase: '/it/v1',
  docsHome: '/it/v1',
  versionLabel: 'v1',
  navbar: { title: 'Prova', logo: { alt: '', src: 'a.svg', srcDark: 'b.svg' }, hideOnScroll: true, items: [] },
  footer: { columns: [], copyright: '' },
  colorModeSwitch: true,
  locales: [{ code: 'it', label: 'Italiano', path: 'it' }],
  defaultLocale: 'en',
  currentLocale: 'it',
  text: interfaceTextOf('it'),
};

/** Renders a template as the page does: inside the site's interface strings. */
const render = (element: ReturnType<typeof createElement>) =>
  renderToString(createElement(InterfaceTextContext.Provider, { value: chrome.text }, element));

test('the mobile menu toggle is disabled when there are no navbar items and no secondary menu', () => {
  assert.match(
    render(createElement(Navbar, { chrome, path: '/it/', hasSecondaryMenu: false })),
    /class="navbar-toggle"[^>]*disabled=""/,
  );
  assert.not.match(
    render(createElement(Navbar, { chrome, path: '/it/v1/x', hasSecondaryMenu: true })),
    /class="navbar-toggle"[^>]*disabled=""/,
  );
});

test('the logo: as wide as the image says, 2rem high (the stylesheet), or the size the config gives', () => {
  const logos = (html: string) => html.match(/<img class="logo[^>]*>/g) ?? [];
  const own = logos(render(createElement(Navbar, { chrome, path: '/it/', hasSecondaryMenu: false })));
  assert.is(own.length, 2);
  for (const img of own) assert.not.match(img, /width|height/, "no size of its own: the image's proportions");
  const logo = chrome.navbar.logo;
  if (!logo) throw new Error('the fixture has a logo');
  const sized = { ...chrome, navbar: { ...chrome.navbar, logo: { ...logo, width: 120, height: '2.5rem' } } };
  for (const img of logos(render(createElement(Navbar, { chrome: sized, path: '/it/', hasSecondaryMenu: false }))))
    assert.match(img, 'style="width:120px;height:2.5rem"');
});

test('per-locale URLs: the default locale at the root, others under their path, the current one is the page', () => {
  const locales = ['en', 'fr', 'zh-cn', 'it'].map((code) => ({ code, path: code }));
  const translated = { baseUrl: '/it/', defaultLocale: 'en', currentLocale: 'it', locales };
  const [en, fr, zh, it] = locales as [
    (typeof locales)[0],
    (typeof locales)[0],
    (typeof locales)[0],
    (typeof locales)[0],
  ];
  assert.is(localeHref('/it/v1/guides', translated, en), '/v1/guides');
  assert.is(localeHref('/it/v1/guides', translated, zh), '/zh-cn/v1/guides');
  assert.is(localeHref('/it/', translated, fr), '/fr/');
  assert.is(localeHref('/it/v1/guides', translated, it), '/it/v1/guides');
  // A site whose base URL is not its locale's path keeps its translations under that base.
  const rooted = { baseUrl: '/docs/', defaultLocale: 'en', currentLocale: 'fr', locales };
  assert.is(localeHref('/docs/manuel', rooted, en), '/docs/manuel');
  assert.is(localeHref('/docs/manuel', rooted, zh), '/docs/zh-cn/manuel');
  assert.is(localeHref('/docs/manuel', rooted, fr), '/docs/manuel');
});

test('collapse animations take longer for taller content, within bounds', () => {
  assert.is(autoHeightDuration(0), 0);
  assert.ok(autoHeightDuration(100) < autoHeightDuration(1000));
  assert.ok(autoHeightDuration(5000) < 1000);
});

test('dates render in the language of the interface, the same on server and client', () => {
  assert.is(translatorOf(interfaceTextOf('it')).date('2023-06-14'), '14 giugno 2023');
  assert.is(translatorOf(interfaceTextOf('it')).date('2024-01-01'), '1 gennaio 2024');
});

test('a category without a page is one toggle; a category with a page is its link plus a caret', () => {
  const items: SidebarItem[] = [
    {
      type: 'category',
      label: 'Sviluppo',
      collapsed: true,
      items: [{ type: 'link', label: 'Ciclo', href: '/it/v1/sviluppo/ciclo' }],
    },
    {
      type: 'category',
      label: 'Funzioni',
      collapsed: true,
      href: '/it/v1/funzioni',
      items: [{ type: 'link', label: 'Eventi', href: '/it/v1/funzioni/eventi' }],
    },
  ];
  const html = render(createElement(Sidebar, { items, path: '/it/v1/altro', renderCollapsed: false }));
  const headers = html.split('menu-category-header').slice(1);
  const label = headers[0]!.slice(0, headers[0]!.indexOf('</div>'));
  assert.is(label.match(/<button/g)?.length, 1, 'one control for the label category');
  assert.match(
    label,
    new RegExp(
      /<button type="button" class="menu-link menu-label" aria-expanded="false" /.source +
        /aria-controls="cat-1-0-sviluppo">Sviluppo<\/button>/.source,
    ),
  );
  const linked = headers[1]!.slice(0, headers[1]!.indexOf('</div>'));
  assert.match(linked, /<a class="menu-link" href="\/it\/v1\/funzioni">Funzioni<\/a>/);
  assert.match(
    linked,
    new RegExp(
      /<button type="button" class="menu-caret" aria-expanded="false" aria-controls="cat-1-1-funzioni" /.source +
        /aria-label="Espandi la categoria «Funzioni»"><\/button>/.source,
    ),
  );
});

test('a large sidebar renders the same markup with closed categories rendered once per build', () => {
  const sidebar: SidebarItem[] = Array.from({ length: 30 }, (_, c) => ({
    type: 'category',
    label: `Sezione ${c} «prova» & co.`,
    collapsed: true,
    href: c % 2 ? `/it/v1/s${c}` : undefined,
    items: Array.from({ length: 10 }, (_, i) => ({
      type: 'link',
      label: `Pagina ${c}.${i}`,
      href: `/it/v1/s${c}/p${i}`,
    })),
  }));
  const fragments = createFragmentCache();
  for (const path of ['/it/v1/s3/p4', '/it/v1/s7', '/it/v1/s20/p0', '/it/v1/altro']) {
    const plain = render(createElement(Sidebar, { items: sidebar, path, renderCollapsed: false }));
    const cached = fragments.fill(
      render(
        createElement(
          FragmentCacheContext.Provider,
          { value: fragments },
          createElement(Sidebar, { items: sidebar, path, renderCollapsed: false }),
        ),
      ),
    );
    assert.is(cached, plain, path);
    assert.not.match(cached, '<template');
  }
  assert.is(fragments.size, 30, 'each closed category was rendered once, then reused');
});

/** `element` rendered with a fragment cache, its placeholders filled: what a build's page holds. */
const renderCached = (fragments: ReturnType<typeof createFragmentCache>, element: ReturnType<typeof createElement>) =>
  fragments.fill(render(createElement(FragmentCacheContext.Provider, { value: fragments }, element)));

test('a small sidebar, rendered whole, renders each closed category away from the page once per build', () => {
  const sidebar: SidebarItem[] = Array.from({ length: 6 }, (_, c) => ({
    type: 'category',
    label: `Sezione ${c}`,
    collapsed: c !== 5,
    href: c % 2 ? `/it/v1/s${c}` : undefined,
    items: [
      { type: 'link', label: `Pagina ${c}.0`, href: `/it/v1/s${c}/p0` },
      {
        type: 'category',
        label: `Sotto ${c}`,
        collapsed: true,
        items: [{ type: 'link', label: `Pagina ${c}.1`, href: `/it/v1/s${c}/p1` }],
      },
    ],
  }));
  const fragments = createFragmentCache();
  for (const path of ['/it/v1/s1/p0', '/it/v1/s3', '/it/v1/s2/p1', '/it/v1/altro']) {
    const plain = render(createElement(Sidebar, { items: sidebar, path, renderCollapsed: true }));
    const cached = renderCached(fragments, createElement(Sidebar, { items: sidebar, path, renderCollapsed: true }));
    assert.is(cached, plain, path);
    assert.match(cached, `href="/it/v1/s4/p1"`, "a closed category's links are in the markup");
  }
  // Categories 0–4, each once; the subcategories of those shown open on some page (1 and 3, each on its own page,
  // and 5, open in the config), each once; the third page's subcategory, which holds it, on its page.
  assert.is(fragments.size, 5 + 3, 'each closed category away from a page was rendered once');
});

/** 100 categories of 10 links; the 70th is open in the config (its links are rows of the whole sidebar). */
function hundredCategories(): SidebarItem[] {
  return Array.from({ length: 100 }, (_, c) => ({
    type: 'category',
    label: `Sezione ${c}`,
    collapsed: c !== 70,
    items: Array.from({ length: 10 }, (_, i) => ({ type: 'link', label: `Pagina ${c}.${i}`, href: `/s${c}/p${i}` })),
  }));
}

test("a large sidebar page: the top of a long list and the current page's neighbours, gaps of the same rows", () => {
  const sidebar = hundredCategories();
  const shown = shownSidebar(sidebar, '/s50/p3');
  const gaps = shown.filter((item) => item.type === 'gap');
  // Kept: 0–11 and 42–58; gaps: 12–41 (30 closed categories) and 59–99 (41, one of them open with 10 links).
  assert.equal(gaps, [
    { type: 'gap', items: 50 - keptAround - keptAtTop, rows: 50 - keptAround - keptAtTop },
    { type: 'gap', items: 100 - 51 - keptAround, rows: 100 - 51 - keptAround + 10 },
  ]);
  const labels = shown.flatMap((item) => (item.type === 'category' ? [item.label] : []));
  assert.equal(labels, [...Array.from({ length: 12 }, (_, c) => `Sezione ${c}`), ...labelsFrom(42, 58)]);
  const current = shown.find((item) => item.type === 'category' && item.label === 'Sezione 50');
  assert.is(current?.type === 'category' && current.items.length, 10, "the current page's category is whole");
  assert.ok(shown.every((item) => item.type !== 'category' || item.label === 'Sezione 50' || !item.items.length));
  assert.ok(hasSidebarGaps({ sidebar: shown }));
  // A short list is shown whole; so is the sidebar of a page outside every category (top only, then a gap).
  assert.not.ok(hasSidebarGaps({ sidebar: shownSidebar(sidebar.slice(0, longList), '/s3/p1') }));
  assert.is(shownSidebar(sidebar, '/altro').length, keptAtTop + 1);
});

test('a large sidebar page keeps the neighbours of the first item leading to the page, on every page', () => {
  // The list's places are found once per list and asked by each page: a page linked from two categories is
  // placed at the first, a category's own page at the category, a nested page at the category holding it.
  const sidebar = hundredCategories();
  const nested = sidebar[80]!;
  if (nested.type !== 'category') throw new Error('a category');
  nested.href = '/s80';
  nested.items.push({
    type: 'category',
    label: 'Sotto',
    collapsed: true,
    items: [{ type: 'link', label: 'Profonda', href: '/s80/sotto/p0' }],
  });
  const twice = sidebar[90]!;
  if (twice.type === 'category') twice.items.push({ type: 'link', label: 'Ancora', href: '/s20/p4' });
  const shownLabels = (path: string) =>
    shownSidebar(sidebar, path).flatMap((item) => (item.type === 'category' ? [item.label] : []));
  const top = Array.from({ length: keptAtTop }, (_, c) => `Sezione ${c}`);
  assert.equal(shownLabels('/s20/p4'), labelsFrom(0, 28), 'the first category linking the page');
  assert.equal(shownLabels('/s80'), [...top, ...labelsFrom(72, 88)], "a category's own page");
  assert.equal(shownLabels('/s80/sotto/p0'), [...top, ...labelsFrom(72, 88)], 'a page of a nested category');
  assert.equal(shownLabels('/s95/p1'), [...top, ...labelsFrom(87, 99)]);
  assert.equal(shownLabels('/altrove'), top);
  const inner = shownSidebar(sidebar, '/s80/sotto/p0').find((item) => item.type === 'category' && item.href === '/s80');
  assert.ok(inner?.type === 'category' && inner.items.some((i) => i.type === 'category' && i.items.length === 1));
});

test("a large sidebar page reads only the items it shows: a site's section list is not walked on every page", () => {
  // A list of 20,000 closed categories (a site of a million pages); the first page sums its rows once.
  const sections: SidebarItem[] = Array.from({ length: 20_000 }, (_, c) => ({
    type: 'category',
    label: `Sezione ${c}`,
    collapsed: c % 1000 !== 7,
    items: Array.from({ length: 3 }, (_, i) => ({ type: 'link', label: `Pagina ${i}`, href: `/s${c}/p${i}` })),
  }));
  let reads = 0;
  const counted = new Proxy(sections, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver);
    },
  });
  const first = shownSidebar(counted, '/s10000/p1');
  // Every thousandth category is open (its 3 links are rows of the whole sidebar too): 9 of them in each gap here
  // (the 7th is at the top, the 10,007th beside the page).
  assert.equal(
    first.filter((item) => item.type === 'gap'),
    [
      { type: 'gap', items: 10_000 - keptAround - keptAtTop, rows: 10_000 - keptAround - keptAtTop + 27 },
      { type: 'gap', items: 20_000 - 10_001 - keptAround, rows: 20_000 - 10_001 - keptAround + 27 },
    ],
  );
  reads = 0;
  const shown = shownSidebar(counted, '/s15000/p2');
  assert.is(shown.length, keptAtTop + 2 * keptAround + 1 + 2);
  assert.ok(reads <= keptAtTop + 2 * keptAround + 1, `${reads} items read for a page showing ${shown.length - 2}`);
});

function labelsFrom(from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, i) => `Sezione ${from + i}`);
}

test("filling a large sidebar page's gaps in keeps the ids and markup of the items it showed", () => {
  const sidebar = hundredCategories();
  const path = '/s50/p3';
  const renderItems = (items: ShownSidebarItem[]) =>
    render(createElement(Sidebar, { items, path, renderCollapsed: false }));
  const shownHtml = renderItems(shownSidebar(sidebar, path));
  const wholeHtml = renderItems(sidebar);
  assert.match(shownHtml, '<li class="menu-gap" aria-hidden="true" style="--rows:30"></li>');
  for (const id of ['cat-1-0-sezione-0', 'cat-1-45-sezione-45', 'cat-1-50-sezione-50', 'cat-1-58-sezione-58']) {
    assert.match(shownHtml, `id="${id}"`);
    assert.match(wholeHtml, `id="${id}"`);
  }
  assert.not.match(shownHtml, 'sezione-30');
  assert.match(wholeHtml, 'cat-1-30-sezione-30');
  // The pages of one build render a closed category once (it is the same object on every page).
  const fragments = createFragmentCache();
  for (const page of ['/s50/p3', '/s51/p0', '/s49/p9']) {
    const items = shownSidebar(sidebar, page);
    const plain = render(createElement(Sidebar, { items, path: page, renderCollapsed: false }));
    const cached = fragments.fill(
      render(
        createElement(
          FragmentCacheContext.Provider,
          { value: fragments },
          createElement(Sidebar, { items, path: page, renderCollapsed: false }),
        ),
      ),
    );
    assert.is(cached, plain, page);
  }
  assert.is(fragments.size, keptAtTop + (59 - 41 + 1), 'categories 0–11 and 41–59, each rendered once');
});

test("the navbar's items but the language menu, and the footer, are rendered once per build and active state", () => {
  const items: SiteChrome['navbar']['items'] = [
    { type: 'link', label: 'Blog', to: '/it/blog', position: 'left' },
    { type: 'docsVersionDropdown', itemsAfter: [{ label: 'v2', href: 'https://v2.example.com/' }], position: 'right' },
    { type: 'github', label: 'GitHub', href: 'https://github.com/example/prova', position: 'right' },
    { type: 'localeDropdown', itemsAfter: [], position: 'right' },
  ];
  const site: SiteChrome = {
    ...chrome,
    navbar: { ...chrome.navbar, items },
    locales: [
      { code: 'en', label: 'English', path: 'en' },
      { code: 'it', label: 'Italiano', path: 'it' },
    ],
    footer: {
      columns: [{ title: 'Altro', items: [{ label: 'Blog', to: '/it/blog' }, { html: '<b>Ciao</b>' }] }],
      copyright: '© Prova',
    },
  };
  const layout = (path: string) =>
    // biome-ignore lint/correctness/noChildrenProp: Layout's props type requires its children (no JSX in a .ts file).
    createElement(Layout, { chrome: site, path, renderCollapsed: true, children: createElement('p', null, path) });
  // The theme's own components (a test file run before this one in the same process may have set overrides).
  setThemeOverrides({});
  const fragments = createFragmentCache();
  for (const path of ['/it/blog/uno', '/it/v1/guida', '/it/', '/it/v1/altro', '/it/blog']) {
    const cached = renderCached(fragments, layout(path));
    assert.is(cached, render(layout(path)), path);
    assert.not.match(cached, '<template');
    assert.match(
      cached,
      `href="${path.replace('/it/', '/')}" hrefLang="en"`,
      "the language menu leads to the page's own",
    );
  }
  // The footer; the blog link and the versions' menu active and not; the GitHub link.
  assert.is(fragments.size, 1 + 2 + 2 + 1);
  // A site's own footer may read the page: rendered on every page.
  setThemeOverrides({ Footer: () => createElement('footer', null, 'Proprio') });
  try {
    const own = createFragmentCache();
    assert.is(renderCached(own, layout('/it/')), render(layout('/it/')));
    assert.match(render(layout('/it/')), '<footer>Proprio</footer>');
    assert.is(own.size, 2 + 1, 'the inactive items only');
  } finally {
    setThemeOverrides({});
  }
});

test.run();
