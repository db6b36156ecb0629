import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../src/config/load-config';
import { paginateBlog } from '../src/content/blog';
import { buildContentModel } from '../src/content/build-content-model';
import { frontMatterHead, parseFrontMatter, yamlFrontMatter } from '../src/content/front-matter';
import { plainFrontMatter } from '../src/content/plain-front-matter';
import { normalizedContentText } from '../src/content/text-again';
import { DocsItError, DocsItErrors } from '../src/errors';
import { discovered, fixture, repoRoot } from './helpers';
import { numbers } from './seeded-numbers';

const config = await loadConfig({ packageRoot: repoRoot, config: path.join(fixture('basic'), 'site.config.ts') });
const site = config.site;
const model = (files: Record<string, string>, extra = {}) =>
  buildContentModel({
    site,
    discovered: discovered(files, extra),
    configFile: 'site.config.ts',
    configSource: "sidebars: { guides: 'guides/readme' }",
    parseSource: parseFrontMatter,
  });
const doc = (title: string, extra = '') => `---\ntitle: ${title}\n${extra}---\n\nTesto.\n`;

const base = {
  'content/docs/guides/readme.md': doc('Guide'),
  'content/docs/guides/faq.md': doc('FAQ', 'sidebar_position: 9\n'),
  'content/docs/guides/start/_category_.json': '{ "label": "Per Iniziare", "position": 1 }',
  'content/docs/guides/start/b.md': doc('Bi', 'sidebar_position: 2\n'),
  'content/docs/guides/start/a.md': doc('A', 'sidebar_position: 1\nsidebar_label: Etichetta A\n'),
  'content/docs/guides/build/README.md': doc('Compilazione', 'sidebar_position: 2\n'),
  'content/docs/guides/build/linux.md': doc('Linux'),
  'content/docs/guides/start/draft.md': doc('Bozza', 'draft: true\n'),
  'content/pages/index.md': doc('Home'),
  'content/pages/about/intro.md': doc('Intro'),
};

test('the route table holds exactly the published files, plus the 404 route', () => {
  const m = model(base);
  assert.equal(
    m.routes.map((r) => r.path),
    [
      '/it/',
      '/it/about/intro',
      '/it/v1/guides',
      '/it/v1/guides/build',
      '/it/v1/guides/build/linux',
      '/it/v1/guides/faq',
      '/it/v1/guides/start/a',
      '/it/v1/guides/start/b',
      '/it/404',
    ],
  );
  assert.is(m.routes.at(-1)!.kind, 'not-found');
});

test('drafts are never published', () => {
  const m = model(base);
  assert.not.ok(m.docs.some((d) => d.id === 'guides/start/draft'));
  assert.not.ok(Object.keys(m.routeOfFile).some((f) => f.includes('draft')));
});

test('sidebars follow positions; a folder index is the category link; no index makes a label', () => {
  const m = model(base);
  const [guide] = m.sidebars.sidebars.guides!;
  assert.is(guide!.type, 'category');
  if (guide?.type !== 'category') return;
  assert.is(guide.href, '/it/v1/guides');
  assert.equal(
    guide.items.map((i) => i.label),
    ['Per Iniziare', 'Compilazione', 'FAQ'],
  );
  const start = guide.items[0]!;
  assert.is(start.type === 'category' && start.href, undefined);
  assert.equal(start.type === 'category' && start.items.map((i) => i.label), ['Etichetta A', 'Bi']);
  const build = guide.items[1]!;
  assert.is(build.type === 'category' && build.href, '/it/v1/guides/build');
});

test('breadcrumbs and prev/next follow the sidebar', () => {
  const m = model(base);
  const a = m.sidebars.navigation.get('guides/start/a')!;
  assert.equal(a.breadcrumbs, [
    { label: 'Guide', href: '/it/v1/guides' },
    { label: 'Per Iniziare', href: undefined },
    { label: 'Etichetta A' },
  ]);
  assert.equal(a.prev, { title: 'Guide', href: '/it/v1/guides' });
  assert.equal(a.next, { title: 'Bi', href: '/it/v1/guides/start/b' });
  const b = m.sidebars.navigation.get('guides/start/b')!;
  assert.equal(b.next, { title: 'Compilazione', href: '/it/v1/guides/build' });
  const faq = m.sidebars.navigation.get('guides/faq')!;
  assert.is(faq.next, undefined);
});

test('a plain link in a sidebar is no page of it: previous/next skip it, breadcrumbs start at the category', () => {
  const sidebars = {
    api: [
      {
        type: 'category' as const,
        label: 'API',
        collapsed: false,
        items: [
          'guides/faq',
          { type: 'link' as const, label: 'Rust', href: 'https://docs.rs/tauri/1/' },
          'guides/start/a',
        ],
      },
    ],
  };
  const m = buildContentModel({
    site: { ...site, docs: { ...site.docs, sidebars } },
    discovered: discovered(base),
    configFile: 'site.config.ts',
    configSource: '',
    parseSource: parseFrontMatter,
  });
  const faq = m.sidebars.navigation.get('guides/faq')!;
  assert.equal(faq.breadcrumbs, [{ label: 'API', href: undefined }, { label: 'FAQ' }]);
  assert.equal(faq.next, { title: 'Etichetta A', href: '/it/v1/guides/start/a' });
  assert.equal(m.sidebars.navigation.get('guides/start/a')!.prev, { title: 'FAQ', href: '/it/v1/guides/faq' });
});

test('pagination_prev / pagination_next replace the sidebar neighbours; null hides one; a bad id is located', () => {
  const m = model({
    ...base,
    'content/docs/guides/start/a.md': doc('A', 'sidebar_position: 1\npagination_next: null\n'),
    'content/docs/guides/start/b.md': doc(
      'Bi',
      'sidebar_position: 2\npagination_prev: guides/faq\npagination_next: a\n',
    ),
    'content/docs/guides/faq.md': doc('FAQ', 'sidebar_position: 9\npagination_label: Domande\n'),
  });
  const a = m.sidebars.navigation.get('guides/start/a')!;
  assert.is(a.next, undefined);
  assert.equal(a.prev, { title: 'Guide', href: '/it/v1/guides' }, 'the other side stays');
  const b = m.sidebars.navigation.get('guides/start/b')!;
  assert.equal(b.prev, { title: 'Domande', href: '/it/v1/guides/faq' }, 'by id from the root, with its label');
  assert.equal(b.next, { title: 'A', href: '/it/v1/guides/start/a' }, 'by id relative to the folder');
  try {
    model({ ...base, 'content/docs/guides/start/b.md': doc('Bi', 'sidebar_position: 2\npagination_next: manca\n') });
    assert.unreachable();
  } catch (error) {
    const [e] = (error as DocsItErrors).errors;
    assert.equal(
      [e!.message, e!.location?.file, e!.location?.line],
      ['pagination_next: no doc with id "manca"', 'content/docs/guides/start/b.md', 4],
    );
  }
});

test('pagination ids are checked on docs outside every sidebar too, each at its line', () => {
  const outside = doc('Fuori', 'pagination_next: manca\npagination_prev: guides/faq\n');
  assert.ok(model({ ...base, 'content/docs/altro/fuori.md': doc('Fuori', 'pagination_prev: guides/faq\n') }));
  try {
    model({ ...base, 'content/docs/altro/fuori.md': outside });
    assert.unreachable();
  } catch (error) {
    assert.equal(
      (error as DocsItErrors).errors.map((e) => [e.message, e.location?.file, e.location?.line, e.hint]),
      [
        [
          'pagination_next: no doc with id "manca"',
          'content/docs/altro/fuori.md',
          3,
          'Use the id of a doc (its path under content/docs without the extension), or null for none.',
        ],
      ],
    );
  }
});

test('an unknown sidebar doc id is an error naming the config line', () => {
  try {
    model({ ...base, 'content/docs/guides/readme.md': doc('Guide', 'draft: true\n') });
    assert.unreachable();
  } catch (error) {
    const messages = (error as DocsItErrors).errors.map((e) => `${e.location?.file}:${e.location?.line} ${e.message}`);
    assert.ok(
      messages.some((m) => m.startsWith('site.config.ts:1 sidebar refers to an unknown doc id "guides/readme"')),
      messages.join('\n'),
    );
  }
});

test('invalid front matter and duplicate routes are all reported with file and line', () => {
  try {
    model({
      ...base,
      'content/docs/guides/bad.md': '---\ntitle: Ok\nsidebar_position: primo\n---\n\nx\n',
      'content/docs/guides/yaml.md': '---\ntitle: [unclosed\n---\n\nx\n',
      'content/docs/guides/dup.md': doc('Dup', 'slug: /guides/faq\n'),
    });
    assert.unreachable();
  } catch (error) {
    assert.instance(error, DocsItErrors);
    const lines = (error as DocsItErrors).errors.map((e) => `${e.location?.file}:${e.location?.line}: ${e.message}`);
    assert.ok(
      lines.some((l) => l.startsWith('content/docs/guides/bad.md:3: front matter "sidebar_position": expected number')),
      lines.join('\n'),
    );
    assert.ok(
      lines.some((l) => l.startsWith('content/docs/guides/yaml.md:2: invalid front matter')),
      lines.join('\n'),
    );
    assert.ok(
      lines.some((l) => l.includes('two pages on one route /it/v1/guides/faq')),
      lines.join('\n'),
    );
  }
});

test('a doc, a page or a post without a title: one located error each, which says a `# Title` line gives one', () => {
  const files = {
    'content/docs/guides/senza.md': '---\nsidebar_position: 3\n---\n\nTesto.\n',
    'content/pages/senza.md': 'Testo.\n',
    'content/blog/2024-01-02-senza.md': '---\ndescription: Nessun titolo\n---\n\nTesto.\n',
    'content/docs/guides/titolata.md': '# Dal titolo\n\nTesto.\n',
    'content/pages/titolata.md': '# Dal titolo\n\nTesto.\n',
    'content/blog/2024-01-03-titolata.md': '# Dal titolo\n\nTesto.\n',
  };
  try {
    model({ ...base, ...files });
    assert.unreachable();
  } catch (error) {
    assert.instance(error, DocsItErrors);
    const found = (error as DocsItErrors).errors.map((e) => [e.location?.file, e.location?.line, e.message, e.hint]);
    const hint = (what: string) =>
      `Add \`title: …\` to the front matter, or start the ${what} with a \`# Title\` line.`;
    assert.equal(found, [
      ['content/blog/2024-01-02-senza.md', 1, 'the post has no title', hint('post')],
      ['content/docs/guides/senza.md', 1, 'the page has no title', hint('page')],
      ['content/pages/senza.md', 1, 'the page has no title', hint('page')],
    ]);
  }
  const titled = model({
    ...base,
    ...Object.fromEntries(Object.entries(files).filter(([f]) => f.includes('titolata'))),
  });
  const titles = [
    titled.docs.find((d) => d.id === 'guides/titolata'),
    titled.posts.find((p) => p.source.file.endsWith('titolata.md')),
    titled.pages.find((p) => p.source.file.endsWith('titolata.md')),
  ].map((page) => [page?.title, page?.titleLine]);
  assert.equal(titles, [
    ['Dal titolo', 1],
    ['Dal titolo', 1],
    ['Dal titolo', 1],
  ]);
});

test('slugs: dot segments resolved first (no hidden clash); ?, # and control characters refused', () => {
  const errorsOf = (files: Record<string, string>) => {
    try {
      model({ ...base, ...files });
    } catch (error) {
      if (error instanceof DocsItErrors) return error.errors;
      if (error instanceof DocsItError) return [error];
      throw error;
    }
    return [];
  };
  const clash = errorsOf({ 'content/docs/guides/altra.md': doc('Altra', 'slug: /guides/../guides/./faq\n') });
  assert.is(clash.length, 1);
  assert.match(clash[0]!.message, 'two pages on one route /it/v1/guides/faq');
  assert.match(clash[0]!.message, 'content/docs/guides/altra.md');
  assert.match(clash[0]!.message, 'content/docs/guides/faq.md');
  assert.equal([clash[0]!.location?.file, clash[0]!.location?.line], ['content/docs/guides/altra.md', 3]);
  for (const slug of ['/guides/a?b=1', '/guides/a#b', '"/guides/a\\tb"']) {
    const [error] = errorsOf({ 'content/docs/guides/strana.md': doc('Strana', `slug: ${slug}\n`) });
    assert.match(error?.message ?? '', 'a slug cannot contain ?, # or control characters', slug);
    assert.equal([error?.location?.file, error?.location?.line], ['content/docs/guides/strana.md', 3], slug);
  }
  const escaped = model({ ...base, 'content/docs/guides/su.md': doc('Su', 'slug: /../../../altrove\n') });
  assert.ok(
    escaped.routes.some((r) => r.path === '/it/v1/altrove'),
    'a slug never climbs above the docs base',
  );
});

test('a YAML alias bomb in the front matter is a located error, not a crash', () => {
  const names = 'abcdefghij';
  const bomb = [...names.slice(1)].map((n, i) => `${n}: &${n} [${`*${names[i]},`.repeat(9)}]`);
  const text = `---\ntitle: x\na: &a ["x","x","x","x","x","x","x","x","x"]\n${bomb.join('\n')}\n---\n\nx\n`;
  try {
    parseFrontMatter({ file: 'content/docs/bomba.md', relPath: 'bomba.md', section: 'docs', text });
    assert.unreachable();
  } catch (error) {
    assert.instance(error, DocsItError);
    assert.match((error as DocsItError).message, 'invalid front matter: Excessive alias count');
    assert.equal((error as DocsItError).location, { file: 'content/docs/bomba.md', line: 2, column: 1 });
  }
});

test('docs.sidebarCollapsed: false opens categories that say nothing; sidebarCollapsible: false opens all', () => {
  const withDocs = (docs: Partial<typeof site.docs>) =>
    buildContentModel({
      site: { ...site, docs: { ...site.docs, ...docs } },
      discovered: discovered(base),
      configFile: 'site.config.ts',
      configSource: "sidebars: { guides: 'guides/readme' }",
      parseSource: parseFrontMatter,
    });
  const categories = (m: ReturnType<typeof withDocs>) =>
    m.sidebars.sidebars.guides!.flatMap(function all(i): { collapsed: boolean; collapsible?: false }[] {
      return i.type === 'category' ? [i, ...i.items.flatMap(all)] : [];
    });
  assert.ok(
    categories(withDocs({})).some((c) => c.collapsed),
    'folded by default',
  );
  assert.ok(categories(withDocs({ sidebarCollapsed: false })).every((c) => !c.collapsed));
  const fixed = categories(withDocs({ sidebarCollapsible: false }));
  assert.ok(fixed.length > 0 && fixed.every((c) => !c.collapsed && c.collapsible === false));
});

test('_category_.yml is read like _category_.json (label, position, collapsed); a YAML error is located', () => {
  const { 'content/docs/guides/start/_category_.json': _json, ...rest } = base;
  const m = model({
    ...rest,
    'content/docs/guides/start/_category_.yml': '# come in Docusaurus\nlabel: Da YAML\nposition: 3\ncollapsed: false\n',
  });
  const [guide] = m.sidebars.sidebars.guides!;
  assert.ok(guide?.type === 'category');
  if (guide?.type !== 'category') return;
  assert.equal(
    guide.items.map((i) => i.label),
    ['Compilazione', 'Da YAML', 'FAQ'],
  );
  const start = guide.items[1]!;
  assert.is(start.type === 'category' && start.collapsed, false);
  try {
    model({ ...rest, 'content/docs/guides/start/_category_.yml': 'label: Ok\nposition: [uno\n' });
    assert.unreachable();
  } catch (error) {
    const [e] = (error as DocsItErrors).errors;
    assert.match(e!.message, 'invalid YAML');
    assert.is(e!.location?.file, 'content/docs/guides/start/_category_.yml');
    assert.ok((e!.location?.line ?? 0) >= 2);
  }
  try {
    model({ ...rest, 'content/docs/guides/start/_category_.yml': 'label: Ok\nposition: primo\n' });
    assert.unreachable();
  } catch (error) {
    const [e] = (error as DocsItErrors).errors;
    assert.equal([e!.message, e!.location?.line], ['"position" must be a number', 2]);
  }
});

test('blog: date and slug from the file name, newest first, 10 per page, archive by year', () => {
  const posts: Record<string, string> = {};
  for (let i = 1; i <= 13; i++) posts[`content/blog/2022-0${(i % 9) + 1}-1${i % 10}-post-${i}.md`] = doc(`Post ${i}`);
  posts['content/blog/2023-06-14-tauri-1-4.md'] = doc('Tauri 1.4');
  const m = model({ ...base, ...posts });
  assert.is(m.posts[0]!.route, '/it/blog/2023/06/14/tauri-1-4');
  assert.is(m.posts.length, 14);
  assert.equal(
    m.blogPages.map((p) => [p.route, p.posts.length]),
    [
      ['/it/blog', 10],
      ['/it/blog/page/2', 4],
    ],
  );
  assert.is(m.blogPages[0]!.nextHref, '/it/blog/page/2');
  assert.is(m.blogPages[1]!.prevHref, '/it/blog');
  assert.equal(
    m.archive.map((y) => [y.year, y.posts.length]),
    [
      ['2023', 1],
      ['2022', 13],
    ],
  );
  assert.ok(m.routes.some((r) => r.path === '/it/blog/archive'));
});

test('pagination of 13 posts gives 10 then 3', () => {
  const fake = Array.from({ length: 13 }, (_, i) => ({ frontMatter: {}, route: `/p${i}` })) as never[];
  assert.equal(
    paginateBlog(fake, '/it/blog', 10).map((p) => p.posts.length),
    [10, 3],
  );
});

test('a post without a date is an error', () => {
  try {
    model({ ...base, 'content/blog/senza-data.md': doc('Senza data') });
    assert.unreachable();
  } catch (error) {
    assert.ok(
      (error as DocsItErrors).errors.some(
        (e) => e.location?.file === 'content/blog/senza-data.md' && e.message.includes('no valid date'),
      ),
    );
  }
});

test('front matter of plain, quoted and listed values, one level deep, is read without YAML, as YAML reads it', () => {
  const yaml = (text: string) => {
    try {
      return yamlFrontMatter(text, 'content/docs/prova.md');
    } catch {
      return 'error';
    }
  };
  const taken = [
    'title: Pagina di prova 12\ndescription: Una pagina sintetica numero 12.\nsidebar_position: 0',
    "title: L'articolo (primo), uno/due",
    'title: Perché sì, e anche l’altro; ok!\nsidebar_label: e-mail/posta\ntoc_max_heading_level: 4',
    'draft_note: yes\nmode: on\nflag: No\nid: Y',
    'draft: true\nunlisted: False\ncustom_edit_url: null\nimage: ~',
    "title: \"Tra virgolette: anche # e 'apici'\"\ndescription: 'L''altro, con \"doppie\"'",
    'title: ""\ndescription: \'\'',
    'tags: [a, b]\nkeywords: [tauri, sicurezza,csp ,  due parole]\nauthors: []\nnumeri: [1, true, null, x]',
    'date: 2024-01-01\ncommit: 3689ffd38596f13c9de1ae582adac8e8a741e469\nversione: 1.x',
    'upstream:\n  path: docs/references/security.md\n  commit: 3689ffd38596f13c9de1ae582adac8e8a741e469\ntitle: Dopo',
    'upstream: none\nlink: https://tauri.app/v1/guides#sezione\nlinguaggio: C# e F#',
    'tags:\n  - uno\n  - "due, tre"\n  - 3\ntitle: x',
    'tags:\n- uno\n- due',
    'hero:\n    title: "Crea app"\n    tagline: Tauri unisce HTML\n    numeri: [1, 2]',
  ];
  const left = [
    'sidebar_position: 007',
    'sidebar_position: -1',
    'sidebar_position: 1.5',
    'sidebar_position: 12345678901234567',
    'sidebar_position: 1e3',
    'sidebar_position: 0x1F',
    'title: "con \\" escape"',
    'title: "aperta',
    'title: a: b',
    'title: nota # commento',
    'title: spazio in fondo ',
    'title:',
    'title: uno\ntitle: due',
    'true: x',
    '__proto__: x',
    'title: uno\n\ndescription: due',
    '  title: rientrato',
    'title: .inf',
    'title: emoji 🎉',
    'title: prima riga\n  seconda riga',
    'tags: [a, [b]]',
    'tags: [a, "b"]',
    'tags: [a, ]',
    'tags: [a: b]',
    'tags: [ ]',
    'title: &ancora x',
    'title: *ancora',
    'title: !!str 3',
    'title: |\n  blocco',
    'upstream:\n  path: a\n    deeper: b',
    'upstream:\n  path: a\n commit: b',
    'upstream:\n  path: a\n  path: b',
    'hero:\n  actions:\n    - label: x',
    'tags:\n  - uno\n   - due',
    'tags:\n  - a: b',
    'title: x\n# commento',
  ];
  for (const text of taken) {
    const plain = plainFrontMatter(text);
    assert.ok(plain, `not taken: ${JSON.stringify(text)}`);
    assert.equal(plain, yaml(text), text);
  }
  for (const text of left) assert.is(plainFrontMatter(text), undefined, text);
  // Lines made of the characters that matter to YAML's scalars, in every shape the fast reading takes: wherever it
  // answers, it answers as YAML does.
  const plainParts = ['ab', 'Zeta', 'è', '0', '7', ' ', '1', 'x', '  '];
  const trickyParts = [':', '#', '-', "'", '"', ',', '.', '[', ']', '{', '&', '*', '!', '|', '>', '?', '%', '@', '\t'];
  const wordParts = ['true', 'null', 'e3', '.5', '0x', '0o', '~', 'E', '+', '\\', ': ', ' #', '\u2028', '\u00a0'];
  const alphabet = [...plainParts, ...plainParts, ...plainParts, ...trickyParts, ...wordParts];
  const next = numbers(35);
  const pick = <T>(list: readonly T[]) => list[next(list.length)]!;
  const scalar = () => Array.from({ length: 1 + next(6) }, () => pick(alphabet)).join('');
  const shapes = [
    () => scalar(),
    () => `"${scalar()}"`,
    () => `'${scalar()}'`,
    () => `[${Array.from({ length: next(4) }, scalar).join(pick([',', ', ']))}]`,
  ];
  const value = () => pick(shapes)();
  const keys = ['title', 'sidebar_position', 'x', 'title', 'tags', 'upstream'];
  const line = () => {
    const key = pick(keys);
    const kind = next(100);
    if (kind < 70) return `${key}: ${value()}`;
    const indent = pick(['  ', '  ', '    ', '', ' ']);
    const count = 1 + next(3);
    if (kind < 85) return `${key}:\n${Array.from({ length: count }, () => `${indent}- ${value()}`).join('\n')}`;
    return `${key}:\n${Array.from({ length: count }, () => `${indent}${pick(keys)}: ${value()}`).join('\n')}`;
  };
  let answered = 0;
  for (let run = 0; run < 6000; run++) {
    const text = Array.from({ length: 1 + next(3) }, line).join('\n');
    const plain = plainFrontMatter(text);
    if (plain === undefined) continue;
    answered++;
    assert.equal(plain, yaml(text), JSON.stringify(text));
  }
  assert.ok(answered > 600, `${answered} texts read without YAML`);
});

/** The real site's pages (content/ of the repository) and the YAML of each one's front matter. */
function realSitePages(): { file: string; head: string | undefined }[] {
  const files = readdirSync(path.join(repoRoot, 'content'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.mdx?$/.test(file))
    .map((file) => path.posix.join('content', file.split(path.sep).join('/')))
    .sort();
  return files.map((file) => {
    const head = frontMatterHead(normalizedContentText(readFileSync(path.join(repoRoot, file), 'utf8')));
    return { file, head: head === undefined || head === 'unclosed' ? undefined : head.yaml };
  });
}

test('every page of the real site but the home page has a front matter read without YAML', () => {
  const pages = realSitePages();
  assert.ok(pages.length > 90, `${pages.length} pages`);
  const left = pages.filter(({ head }) => head !== undefined && plainFrontMatter(head) === undefined);
  assert.equal(
    left.map(({ file }) => file),
    ['content/pages/index.md'],
  );
  for (const { file, head } of pages) {
    const plain = head === undefined ? undefined : plainFrontMatter(head);
    if (plain) assert.equal(plain, yamlFrontMatter(head!, file), file);
  }
});

test.run();
