/*
 * The table that carries a Docusaurus config's options into docs-it's and the view of presets and plugins: what
 * each carries, and that what it cannot carry is named rather than dropped.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { carryOption, type Draft, type MappingContext, mappingRows } from '../src/docusaurus-import/config-mapping';
import { docsIndexOf } from '../src/docusaurus-import/docs-index';
import { viewOf } from '../src/docusaurus-import/site-parts';
import { themeFileKind } from '../src/docusaurus-import/theme-components';
import { processTmpDir } from './build-outputs';
import { fixture, removeDir } from './helpers';

const context: MappingContext = {
  docs: docsIndexOf(fixture('docusaurus-source/docs')),
  docsRouteBase: 'guide',
  siteDir: fixture('docusaurus-source'),
  sidebarIds: ['guida'],
};

test('each row of the table is one option, carried or left out with a reason', () => {
  const names = mappingRows.map((row) => row.from);
  assert.equal(names.length, new Set(names).size);
  for (const row of mappingRows) assert.ok(row.carry !== undefined || row.leftOut !== undefined, row.from);
});

test('a function where docs-it takes a value is named, and an option without a row is unknown', () => {
  const draft: Draft = {};
  const fn = carryOption('docs.title', { $function: 'title' }, draft, context);
  assert.equal(fn.carried, false);
  const numbers = carryOption('blog.postsPerPage', { $function: 'postsPerPage' }, draft, context);
  assert.equal(numbers.leftovers, [
    { option: 'blog.postsPerPage', reason: 'a function: docs-it takes a fixed value here' },
  ]);
  assert.equal(draft, {});
  assert.equal(carryOption('docs.editUrl', 'https://x.example/edit/', draft, context).carried, true);
  assert.equal(draft, { docs: { editUrl: 'https://x.example/edit/' } });
  assert.equal(carryOption('titleDelimiter', '·', draft, context).leftovers, [
    { option: 'titleDelimiter', reason: 'not an option docs-it knows' },
  ]);
});

test('editUrl as a function: written as its source when self-contained, else named with what it uses', () => {
  const draft: Draft = {};
  // The sources of functions, as text.
  const own =
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a function's source, which has a template literal.
    '({ docPath }) => docPath === "api.md" ? "https://x.example/api" : `https://x.example/edit/docs/${docPath}`';
  assert.equal(carryOption('docs.editUrl', { $function: 'editUrl', $source: own }, draft, context).carried, true);
  const carried = (draft.docs as Draft).editUrl as (params: { docPath: string }) => string;
  assert.is(String(carried), own);
  assert.is(carried({ docPath: 'intro.md' }), 'https://x.example/edit/docs/intro.md');
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a function's source, which has a template literal.
  const outside = '({ blogPath }) => `${GITHUB_URL}/edit/main/blog/${blogPath}`';
  const result = carryOption('blog.editUrl', { $function: 'editUrl', $source: outside }, draft, context);
  assert.equal(result.leftovers, [
    {
      option: 'blog.editUrl',
      reason: 'a function that uses GITHUB_URL, defined outside it: write the URL (or a function of its own) by hand',
    },
  ]);
  assert.is((draft.blog as Draft | undefined)?.editUrl, undefined);
});

test('docs.breadcrumbs, sidebarCollapsed, sidebarCollapsible, showLastUpdateAuthor and stylesheets are carried', () => {
  const draft: Draft = {};
  for (const [option, value] of [
    ['docs.breadcrumbs', false],
    ['docs.sidebarCollapsed', false],
    ['docs.sidebarCollapsible', false],
    ['docs.showLastUpdateAuthor', true],
    [
      'stylesheets',
      ['https://cdn.example/a.css', { href: 'https://cdn.example/b.css', type: 'text/css', integrity: 'sha384-x' }],
    ],
  ] as const)
    assert.equal(carryOption(option, value as never, draft, context).leftovers, [], option);
  assert.equal(draft, {
    docs: { breadcrumbs: false, sidebarCollapsed: false, sidebarCollapsible: false, showLastUpdateAuthor: true },
    stylesheets: ['https://cdn.example/a.css', { href: 'https://cdn.example/b.css', integrity: 'sha384-x' }],
  });
});

test('footer items given as html are carried as they are', () => {
  const draft: Draft = {};
  const html = '<a href="https://www.netlify.com"><img src="https://www.netlify.com/badge.svg" alt="Netlify"></a>';
  const result = carryOption(
    'themeConfig.footer',
    { links: [{ title: 'Docs', items: [{ label: 'About', to: '/docs' }, { html }] }] },
    draft,
    context,
  );
  assert.equal(result.leftovers, []);
  assert.equal((draft.footer as Draft).columns, [
    { title: 'Docs', items: [{ label: 'About', to: '/docs' }, { html }] },
  ]);
});

test('navbar items: doc items become links to their route, dropdowns are kept, search and html named', () => {
  const draft: Draft = {};
  const result = carryOption(
    'themeConfig.navbar',
    {
      title: 'Faro',
      style: 'dark',
      items: [
        { type: 'doc', docId: 'guida/installazione', position: 'left' },
        { type: 'search', position: 'right' },
        { type: 'html', value: '<b>x</b>' },
        { type: 'dropdown', label: 'Altro', items: [{ label: 'Diario', to: '/blog', className: 'x' }] },
        { label: 'Senza tipo', items: [{ label: 'Codice', href: 'https://codice.example' }] },
        // Docusaurus puts the base URL in front of a `to` written without a leading slash.
        { label: 'Motivi', to: 'motivation', position: 'left' },
      ],
    },
    draft,
    context,
  );
  assert.equal((draft.navbar as Draft).items, [
    { type: 'link', label: 'Installazione', to: '/guide/guida/installazione', position: 'left' },
    { type: 'dropdown', label: 'Altro', items: [{ label: 'Diario', to: '/blog' }], position: 'left' },
    {
      type: 'dropdown',
      label: 'Senza tipo',
      items: [{ label: 'Codice', href: 'https://codice.example' }],
      position: 'left',
    },
    { type: 'link', label: 'Motivi', to: '/motivation', position: 'left' },
  ]);
  assert.equal(
    result.leftovers.map((l) => `${l.option}: ${l.reason}`),
    [
      'themeConfig.navbar.style: no docs-it counterpart',
      'themeConfig.navbar.items[1]: docs-it always shows its search button',
      'themeConfig.navbar.items[2]: a "html" item: no docs-it counterpart',
      'themeConfig.navbar.items[3].items[0].className: no docs-it counterpart',
    ],
  );
});

test('a docSidebar item names a sidebar of the docs, else it is left out; another docs instance is named', () => {
  const draft: Draft = {};
  const result = carryOption(
    'themeConfig.navbar',
    {
      items: [
        { type: 'docSidebar', sidebarId: 'guida', label: 'Guida' },
        { type: 'docSidebar', sidebarId: 'pnpr', label: 'Registro' },
        { type: 'doc', docId: 'intro', docsPluginId: 'api', label: 'API' },
      ],
    },
    draft,
    context,
  );
  assert.equal((draft.navbar as Draft).items, [
    { type: 'docSidebar', label: 'Guida', sidebarId: 'guida', position: 'left' },
  ]);
  assert.equal(
    result.leftovers.map((l) => `${l.option}: ${l.reason}`),
    [
      'themeConfig.navbar.items[1]: no sidebar "pnpr" in the docs\' sidebars (they are "guida")',
      'themeConfig.navbar.items[2]: docs of the docs instance "api": docs-it builds one, the default',
    ],
  );
});

test('a link to a React page, which the import does not carry, is left out naming the page', () => {
  const draft: Draft = {};
  const reactPageRoutes = new Map([['/users', 'src/pages/users/index.jsx']]);
  const result = carryOption(
    'themeConfig.footer',
    {
      links: [
        {
          title: 'Comunità',
          items: [
            { label: 'Chi lo usa', to: '/users/' },
            { label: 'Blog', to: 'blog' },
          ],
        },
      ],
    },
    draft,
    { ...context, reactPageRoutes },
  );
  assert.equal((draft.footer as Draft).columns, [{ title: 'Comunità', items: [{ label: 'Blog', to: '/blog' }] }]);
  assert.equal(
    result.leftovers.map((l) => `${l.option}: ${l.reason}`),
    [
      'themeConfig.footer.links[0].items[0]: links to src/pages/users/index.jsx, ' +
        'a React page the import does not carry',
    ],
  );
});

test('presets and plugins: content plugins give their options, docs-it’s own are silent, the rest are named', () => {
  const view = viewOf({
    title: 'Faro',
    presets: [['@docusaurus/preset-classic', { docs: { routeBasePath: '/' }, gtag: { trackingID: 'x' } }], 'altro'],
    plugins: [
      ['@docusaurus/plugin-content-docs', { id: 'api', path: 'api' }],
      '@docusaurus/plugin-sitemap',
      ['@docusaurus/plugin-content-blog', { blogTitle: 'Diario' }],
    ],
    themes: ['@docusaurus/theme-mermaid', '@easyops-cn/docusaurus-search-local'],
  });
  assert.equal(view.options, [
    ['title', 'Faro'],
    ['preset.gtag', { trackingID: 'x' }],
    ['docs.routeBasePath', '/'],
    ['blog.blogTitle', 'Diario'],
  ]);
  assert.equal(
    view.unknownPlugins.map((p) => `${p.kind} ${p.name}`),
    ['preset altro', 'plugin @docusaurus/plugin-content-docs', 'theme @easyops-cn/docusaurus-search-local'],
  );
});

test('src/theme files: overrides of docs-it’s components, swizzled layout, and the site’s own components', () => {
  const names = [
    'Tabs',
    'Mermaid',
    'Footer',
    'DocItem',
    'SearchBar',
    'Command',
    'Rater',
    'Navbar/Layout',
    'MDXContent',
  ];
  assert.equal([...names, 'DocItem/Footer', 'DocCard'].map(themeFileKind), [
    // A site's own src/theme/Mermaid is what its pages import as @theme/Mermaid, as in Docusaurus.
    ...['site component', 'site component', 'override', 'swizzled layout', 'override', 'site component'],
    ...['site component', 'swizzled layout', 'swizzled layout', 'override', 'override'],
  ]);
});

test('docs versions: the current one’s label is carried, other versions and their settings are named', () => {
  const draft: Draft = {};
  const result = carryOption(
    'docs.versions',
    { current: { label: '1.x', banner: 'none' }, '0.9': { label: '0.9' } },
    draft,
    context,
  );
  assert.equal(draft, { docs: { version: { label: '1.x' } } });
  assert.equal(
    result.leftovers.map((l) => l.option),
    ['docs.versions.current.banner', 'docs.versions.0.9'],
  );
});

test('onBroken… and customCss are carried: the three choices, and stylesheets as paths from the site', () => {
  const draft: Draft = {};
  assert.equal(carryOption('onBrokenLinks', 'warn', draft, context).leftovers, []);
  assert.is(draft.onBrokenLinks, 'warn');
  // Docusaurus 3.9 moved onBrokenMarkdownLinks into markdown.hooks.
  const hooks = { onBrokenMarkdownLinks: 'ignore', onBrokenMarkdownImages: 'warn' };
  assert.equal(carryOption('markdown.hooks', hooks, draft, context).leftovers, [
    { option: 'markdown.hooks.onBrokenMarkdownImages', reason: 'no docs-it counterpart' },
  ]);
  assert.is(draft.onBrokenMarkdownLinks, 'ignore');
  // Docusaurus's 'log' prints and goes on, as docs-it's 'warn' does.
  assert.equal(carryOption('onBrokenAnchors', 'log', draft, context).leftovers, []);
  assert.is(draft.onBrokenAnchors, 'warn');
  assert.match(
    carryOption('onBrokenMarkdownLinks', 'fail', draft, context).leftovers[0]!.reason,
    "'throw', 'warn' or 'ignore'",
  );
  const css = path.join(fixture('docusaurus-source'), 'src/css/custom.css');
  assert.equal(carryOption('theme.customCss', css, draft, context).leftovers, []);
  assert.equal(draft.customCss, ['./src/css/custom.css']);
  const elsewhere = carryOption('theme.customCss', ['./styles/brand.css'], draft, context).leftovers;
  assert.match(elsewhere[0]!.reason, './styles/brand.css is not under src/css');
});

test('a stylesheet of an installed package (require.resolve in the config) is named as the package exports it', () => {
  const site = mkdtempSync(path.join(processTmpDir(), 'mapping-'));
  try {
    const pkg = path.join(site, 'node_modules', '@faro', 'tweet');
    mkdirSync(path.join(pkg, 'dist', 'theme'), { recursive: true });
    writeFileSync(path.join(pkg, 'dist', 'theme', 'tweet.css'), '.tweet {}\n');
    writeFileSync(path.join(pkg, 'dist', 'hidden.css'), '.x {}\n');
    writeFileSync(
      path.join(pkg, 'package.json'),
      JSON.stringify({ exports: { './theme.css': './dist/theme/tweet.css' } }),
    );
    const draft: Draft = {};
    const files = ['dist/theme/tweet.css', 'dist/hidden.css'].map((f) => path.join(pkg, f));
    const { leftovers } = carryOption('theme.customCss', files, draft, { ...context, siteDir: site });
    assert.equal(draft.customCss, ['@faro/tweet/theme.css']);
    assert.match(
      leftovers[0]!.reason,
      /hidden\.css: a file of a package that does not export it: copy it into src\/css/,
    );
  } finally {
    removeDir(site);
  }
});

test.run();
