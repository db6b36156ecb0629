import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cropAndHighlight, highlight } from '../src/client/search/highlight';
import { languageFilter, toSearchHit } from '../src/client/search/meilisearch-provider';
import { Highlighted, hitHref } from '../src/client/search/SearchResults';
import type { SearchHit } from '../src/client/search/types';
import { buildLocalIndex, indexDocuments } from '../src/search/local-index';
import { shardLocalIndex } from '../src/search/local-index-shards';
import {
  extractSearchRecords,
  kindCategoriesOf,
  type SearchPage,
  type SearchRecord,
  searchPageOf,
} from '../src/search/records';
import { interfaceTextOf } from '../src/shared/i18n/catalogues';
import { translatorOf } from '../src/shared/i18n/interface-text';
import type { RouteProps } from '../src/shared/route-data';
import type { PageDocument, SectionDocument } from '../src/shared/search/local-index-format';
import { stopWordsOf } from '../src/shared/search/stop-words';
import { foldTerm } from '../src/shared/search/text-terms';
import { compileMd } from './helpers';
import { localSearchOfIndex } from './local-search-of';
import { referenceEncoding, referenceStopWords } from './minisearch-reference';

const options = {
  baseUrl: '/it/',
  lang: 'it',
  version: 'v1',
  blogLabel: 'Blog',
  kindCategories: kindCategoriesOf(translatorOf(interfaceTextOf('it'))),
};

/** A route as search sees it, its blocks compiled from markdown the way the build compiles them. */
async function searchable(
  props: RouteProps,
  markdown: string,
  noIndex = false,
  keywords?: string[],
): Promise<SearchPage | undefined> {
  return searchPageOf(
    { props, noIndex, ...(keywords ? { keywords } : {}) },
    (await compileMd(markdown)).search,
    options,
  );
}
/** Italian words without synonyms or a stemmer, as the tests of the index's shape want them. */
const plainWords = { stopWords: referenceStopWords, synonyms: [], stemmer: null };

const doc = (path: string, title: string, category = 'Guide'): RouteProps => ({
  kind: 'doc',
  path,
  title,
  contentHtml: '',
  hideTitle: false,
  toc: [],
  breadcrumbs: [{ label: category, href: '/it/v1/guides' }, { label: title }],
});

const menuMarkdown = [
  "Un'applicazione desktop ben fatta ha una barra dei menu.",
  '## Gli elementi di un menu {#elementi}',
  '- `Menu`: un contenitore di voci;\n  - annidata\n- `Submenu`: un menu a tendina.',
  '```rust title="src/menu.rs"\nfn crea_menu() -> Menu {}\n```',
  '### Un menu per finestra {#finestre}',
  'Ogni finestra può avere un menu diverso; è così perché &lt;webview&gt; non è nativa.',
  ':::tip\nTieni il menu corto.\n:::',
  '| Chiave | Tipo |\n|---|---|\n| id | string |',
].join('\n\n');

const post: RouteProps = {
  kind: 'blog-post',
  path: '/it/blog/2022/06/19/tauri-1-0',
  title: 'Tauri 1.0 è stabile',
  contentHtml: '',
  toc: [],
  post: {
    title: 'Tauri 1.0 è stabile',
    route: '/it/blog/2022/06/19/tauri-1-0',
    date: '2022-06-19',
    authors: [],
    tags: [],
    readingMinutes: 1,
  },
  recent: [],
};

const routes = await Promise.all([
  searchable(doc('/it/v1/guides/features/menu', "Menu dell'applicazione"), menuMarkdown),
  searchable(
    doc('/it/v1/guides/features/window-customization', 'Personalizzare le finestre'),
    'Le finestre trasparenti e senza decorazioni.\n\n## Finestre trasparenti {#trasparenza}\n' +
      '\nCon transparent: true lo sfondo della finestra diventa trasparente.',
  ),
  searchable(
    doc('/it/v1/references/security', 'Sicurezza', 'Riferimenti'),
    'La sicurezza è una scelta. Perché conta? Perché la webview esegue codice.\n\n## Content ' +
      'Security Policy {#csp}\n\nLa CSP limita gli script.',
  ),
  searchable(post, 'Dopo anni di lavoro, Tauri 1.0 è qui.\n\n## Novità {#novita}\n\nIl menu di sistema e la tray.'),
  searchable({ kind: 'blog-list', path: '/it/blog', title: 'Blog', page: 1, totalPages: 1, posts: [], recent: [] }, ''),
  searchable(
    { kind: 'page', path: '/it/about/nascosta', title: 'Nascosta', contentHtml: '', toc: [], hideTitle: false },
    'Segreta.',
    true,
  ),
  searchable({ kind: 'not-found', path: '/it/404', title: 'Pagina non trovata', contentHtml: '' }, 'Niente.', true),
]);
const pages = routes.filter((p): p is SearchPage => p !== undefined);

const records = extractSearchRecords(pages, options);
const byUrl = (url: string) => records.filter((r) => r.url === url);

test(
  'search blocks: headings with ids, one text block per paragraph, list item and table ' +
    'row; code and thead are skipped',
  () => {
    const blocks = pages[0]!.blocks;
    assert.equal(blocks.slice(0, 5), [
      { kind: 'text', text: "Un'applicazione desktop ben fatta ha una barra dei menu." },
      { kind: 'heading', level: 2, id: 'elementi', text: 'Gli elementi di un menu' },
      { kind: 'text', text: 'annidata' },
      { kind: 'text', text: 'Menu: un contenitore di voci;' },
      { kind: 'text', text: 'Submenu: un menu a tendina.' },
    ]);
    const texts = blocks.map((b) => b.text);
    assert.not.ok(
      texts.some((t) => t.includes('crea_menu') || t.includes('src/menu.rs')),
      'code listings and their titles are not searched',
    );
    assert.not.ok(texts.includes('Chiave Tipo'), 'table headers are not records');
    assert.ok(texts.includes('id string'), 'a table row is one block, cells apart');
    assert.ok(
      texts.includes('Ogni finestra può avere un menu diverso; è così perché <webview> non è nativa.'),
      'entities decoded',
    );
  },
);

test('records: one per heading section and per text block, with the hierarchy, anchor, lang and version', () => {
  const menu = byUrl('/it/v1/guides/features/menu');
  assert.equal(
    menu.map((r) => [r.type, r.anchor, r.content]),
    [
      ['lvl1', null, null],
      ['content', null, "Un'applicazione desktop ben fatta ha una barra dei menu."],
      ['lvl2', 'elementi', null],
      ['content', 'elementi', 'annidata'],
      ['content', 'elementi', 'Menu: un contenitore di voci;'],
      ['content', 'elementi', 'Submenu: un menu a tendina.'],
      ['lvl3', 'finestre', null],
      ['content', 'finestre', 'Ogni finestra può avere un menu diverso; è così perché <webview> non è nativa.'],
      ['content', 'finestre', 'Tieni il menu corto.'],
      ['content', 'finestre', 'id string'],
    ],
  );
  const deep = menu.find((r) => r.anchor === 'finestre' && r.type === 'content')!;
  assert.equal(
    [
      deep.hierarchy_lvl0,
      deep.hierarchy_lvl1,
      deep.hierarchy_lvl2,
      deep.hierarchy_lvl3,
      deep.hierarchy_lvl4,
      deep.hierarchy_lvl5,
      deep.hierarchy_lvl6,
    ],
    ['Guide', "Menu dell'applicazione", 'Gli elementi di un menu', 'Un menu per finestra', null, null, null],
  );
  assert.ok(records.every((r) => r.lang === 'it' && r.version === 'v1'));
});

test(
  'records: category is the sidebar top-level category, Blog, or the page kind; lists, ' +
    'hidden pages and 404 have none',
  async () => {
    assert.is(byUrl('/it/v1/references/security')[0]!.hierarchy_lvl0, 'Riferimenti');
    assert.is(byUrl('/it/blog/2022/06/19/tauri-1-0')[0]!.hierarchy_lvl0, 'Blog');
    const intro = await searchable(
      { kind: 'page', path: '/it/about/intro', title: 'Intro', contentHtml: '', toc: [], hideTitle: false },
      'x',
    );
    const page = extractSearchRecords([intro!], options);
    assert.is(page[0]!.hierarchy_lvl0, 'Pagine');
    assert.equal(byUrl('/it/blog'), []);
    assert.equal(byUrl('/it/about/nascosta'), []);
    assert.equal(byUrl('/it/404'), []);
  },
);

test('records: titles rank over headings over text; ids are unique, stable, valid Meilisearch ids', async () => {
  const menu = byUrl('/it/v1/guides/features/menu');
  const rank = (type: SearchRecord['type']) => menu.find((r) => r.type === type)!.rank;
  assert.ok(rank('lvl1') > rank('lvl2') && rank('lvl2') > rank('lvl3') && rank('lvl3') > rank('content'));
  const ids = records.map((r) => r.id);
  assert.is(new Set(ids).size, ids.length);
  assert.ok(ids.every((id) => /^[a-zA-Z0-9_-]{1,511}$/.test(id)));
  assert.equal(
    extractSearchRecords(pages, options).map((r) => r.id),
    ids,
    'same pages, same ids',
  );
  const editedMenu = await searchable(
    doc('/it/v1/guides/features/menu', "Menu dell'applicazione"),
    `Nuovo paragrafo.\n\n${menuMarkdown}`,
  );
  const edited = extractSearchRecords([editedMenu!, ...pages.slice(1)], options);
  const kept = new Set(edited.map((r) => r.id));
  assert.ok(ids.filter((id) => !kept.has(id)).length <= 1, 'a new paragraph does not change the ids of the others');
});

/** The page and section documents of the records, as the local index makes them. */
function documentsOf(list: SearchRecord[]): { pages: PageDocument[]; sections: SectionDocument[] } {
  const pages: PageDocument[] = [];
  const sections: SectionDocument[] = [];
  for (const r of list) {
    if (r.type === 'lvl1')
      pages.push({ k: r.hierarchy_lvl0, t: r.hierarchy_lvl1, m: r.keywords ?? '', d: r.description ?? '' });
    const headings = [r.hierarchy_lvl2, r.hierarchy_lvl3].filter((h): h is string => !!h);
    sections.push({ h: r.type === 'content' ? '' : (headings.pop() ?? ''), p: headings.join(' '), c: r.content ?? '' });
  }
  return { pages, sections };
}

test('local index: exactly as MiniSearch indexes the pages and the sections (same terms, frequencies, lengths)', () => {
  const { pages: pageDocs, sections } = documentsOf(records);
  pageDocs[0]!.m = 'menu, barra dei menu, elementi';
  pageDocs[0]!.d = 'Creare un menu nativo';
  assert.equal(indexDocuments(pageDocs, sections, referenceStopWords), referenceEncoding(pageDocs, sections));
});

test('local index: pages, sections and one text file per page', () => {
  const local = buildLocalIndex(records, plainWords);
  assert.is(local.index.pages.length, 4);
  assert.equal(
    local.index.pages.map((p) => p[3]),
    [1, 1, 1, 0.6],
    'docs weigh 1, blog posts less',
  );
  const files = shardLocalIndex(local.index, local.texts);
  assert.equal(
    [...files.keys()].filter((f) => f.startsWith('text/')),
    ['text/0.json', 'text/1.json', 'text/2.json', 'text/3.json'],
  );
  const menu = local.index.sections.filter(([page]) => page === 0);
  assert.equal(
    menu.map(([, anchor, headings]) => [anchor, headings]),
    [
      ['', []],
      ['elementi', ['Gli elementi di un menu']],
      ['finestre', ['Gli elementi di un menu', 'Un menu per finestra']],
    ],
  );
  assert.equal(local.texts[0]![2], [
    'Ogni finestra può avere un menu diverso; è così perché <webview> non è nativa.',
    'Tieni il menu corto.',
    'id string',
  ]);
});

const local = buildLocalIndex(records, plainWords);
const { search: engine, loaded } = localSearchOfIndex(local);

test('local search: a title match ranks first; one hit per page; text is fetched only for hit pages', async () => {
  const hits = await engine.search('menu');
  assert.is(hits[0]!.url, '/it/v1/guides/features/menu');
  assert.is(new Set(hits.map((h) => h.url)).size, hits.length);
  assert.ok(hits.some((h) => h.url === '/it/blog/2022/06/19/tauri-1-0'));
  assert.not.ok(loaded.includes('text/2.json'), 'the security page text was not fetched');
});

test('local search: a heading match points to its section; the link data are url and anchor', async () => {
  const [hit] = await engine.search('trasparenti');
  assert.is(hit!.url, '/it/v1/guides/features/window-customization');
  assert.is(hit!.anchor, 'trasparenza');
  assert.is(hit!.hierarchy.lvl0, 'Guide');
  assert.is(hit!.hierarchy.lvl2, 'Finestre trasparenti');
  assert.is(hit!._formatted.hierarchy.lvl2, 'Finestre <mark>trasparenti</mark>');
});

test('local search: accent and case folding both ways (perche → Perché, PERCHÉ → perché)', async () => {
  for (const query of ['perche', 'PERCHÉ', 'Perché']) {
    const hits = await engine.search(query);
    assert.is(hits[0]?.url, '/it/v1/references/security', query);
    assert.match(hits[0]!._formatted.content!, '<mark>Perché</mark>');
  }
  assert.is(foldTerm('Novità'), 'novita');
  assert.is((await engine.search('novita'))[0]?.anchor, 'novita');
});

test('local search: Italian queries with elisions, prefixes and typos', async () => {
  assert.is((await engine.search("l'applicazione"))[0]?.url, '/it/v1/guides/features/menu', 'elision');
  assert.is((await engine.search('sicur'))[0]?.url, '/it/v1/references/security', 'prefix of the last word');
  assert.is((await engine.search('sicurezzza'))[0]?.url, '/it/v1/references/security', 'one typo');
  assert.is(
    (await engine.search('finestra trasparente'))[0]?.url,
    '/it/v1/guides/features/window-customization',
    'two words',
  );
  assert.equal(await engine.search('di la e'), [], 'only stop words: nothing to look for');
  assert.equal(await engine.search('zzzzqqq'), []);
});

test('stop words follow the site language: a French index leaves out «les», an Italian one «della»', async () => {
  const pageDocs: PageDocument[] = [{ k: '', t: 'Les fenêtres della app', m: '', d: '' }];
  const terms = (lang: string) => {
    const index = indexDocuments(pageDocs, [], stopWordsOf(lang));
    return new Set(index.terms);
  };
  assert.ok(terms('fr').has('della') && !terms('fr').has('les'));
  assert.ok(terms('it').has('les') && !terms('it').has('della'));
  assert.equal(stopWordsOf('fr-CA'), stopWordsOf('fr'), 'a region falls back to its language');
  assert.equal(stopWordsOf('tlh'), [], 'a language without a list indexes every word');
  const french = buildLocalIndex(
    [{ ...records[0]!, hierarchy_lvl1: 'Les fenêtres', content: 'Les fenêtres du desktop' }],
    { stopWords: stopWordsOf('fr'), synonyms: [], stemmer: null },
  );
  const frenchSearch = localSearchOfIndex(french).search;
  // «de» would find «desktop» by prefix if the browser did not drop the index language's stop words.
  assert.equal(await frenchSearch.search('de'), [], 'the browser drops the stop words the index left out');
  assert.ok((await frenchSearch.search('les fenetres')).length > 0);
});

test('local search: hits have the common shape with <mark> highlights and no other markup', async () => {
  const [hit] = await engine.search('webview');
  assert.ok(hit);
  assert.equal(Object.keys(hit!).sort(), ['_formatted', 'anchor', 'content', 'hierarchy', 'id', 'url']);
  assert.equal(Object.keys(hit!.hierarchy), ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6']);
  const menu = (await engine.search('nativa')).find((h) => h.url === '/it/v1/guides/features/menu')!;
  assert.is(menu.content, 'Ogni finestra può avere un menu diverso; è così perché <webview> non è nativa.');
  assert.is(
    menu._formatted.content,
    'Ogni finestra può avere un menu diverso; è così perché <webview> non è <mark>nativa</mark>.',
  );
});

test('cropping keeps 30 words around the first match, with … where text was cut', () => {
  const words = Array.from({ length: 80 }, (_, i) => `parola${i}`);
  words[50] = 'finestra';
  const text = words.join(' ');
  const { content, formatted } = cropAndHighlight(text, new Set(['finestra']));
  assert.is(content.replace(/…/g, '').trim().split(' ').length, 30);
  assert.ok(content.startsWith('…') && content.endsWith('…'));
  assert.match(formatted, ' <mark>finestra</mark> ');
  assert.ok(
    content.indexOf('finestra') > 0 && content.indexOf('finestra') < content.length / 2,
    'some context before, more after',
  );
  const short = cropAndHighlight('Una finestra sola.', new Set(['finestra']));
  assert.equal(short, { content: 'Una finestra sola.', formatted: 'Una <mark>finestra</mark> sola.' });
  const start = cropAndHighlight(text, new Set(['parola0']));
  assert.ok(start.content.startsWith('parola0 ') && start.content.endsWith('…'));
  assert.is(highlight('Perché sì', new Set(['perche'])), '<mark>Perché</mark> sì');
  // The words of a text are cut once; what is marked is each query's own.
  const again = 'Con readTextFile si legge un file.';
  assert.is(highlight(again, new Set(['legge'])), 'Con readTextFile si <mark>legge</mark> un file.');
  assert.is(highlight(again, new Set(['file'])), 'Con readText<mark>File</mark> si legge un <mark>file</mark>.');
  assert.is(highlight(again, new Set(['readtextfile'])), 'Con <mark>readTextFile</mark> si legge un file.');
});

test('hit links: url + #anchor, the url alone, #anchor alone, or none', () => {
  const hit = (url: string | null, anchor: string | null) => ({ url, anchor }) as SearchHit;
  assert.is(hitHref(hit('/it/v1/guides/faq', 'domande')), '/it/v1/guides/faq#domande');
  assert.is(hitHref(hit('/it/v1/guides/faq', null)), '/it/v1/guides/faq');
  assert.is(hitHref(hit(null, 'domande')), '#domande');
  assert.is(hitHref(hit(null, null)), null);
});

test('highlighted text renders only <mark> as markup; any other HTML in a hit stays text', () => {
  const html = renderToStaticMarkup(
    createElement(Highlighted, {
      text: 'Usa <img src=x onerror="alert(1)"> e <mark>finestra</mark> <script>x()</script></mark>',
    }),
  );
  assert.is(
    html,
    'Usa &lt;img src=x onerror=&quot;alert(1)&quot;&gt; e <mark>finestra</mark> &lt;script&gt;x()&lt;/script&gt;',
  );
});

test('Meilisearch hits take the common shape: hierarchy from hierarchy_lvlN, content from the crop', () => {
  const hit = toSearchHit(
    {
      id: 'abc',
      hierarchy_lvl0: 'Guide',
      hierarchy_lvl1: 'Menu',
      hierarchy_lvl2: 'Elementi',
      hierarchy_lvl3: null,
      content: 'testo lungo intero',
      url: '/it/v1/guides/features/menu',
      anchor: 'elementi',
      _formatted: {
        hierarchy_lvl0: 'Guide',
        hierarchy_lvl1: '<mark>Menu</mark>',
        hierarchy_lvl2: 'Elementi',
        hierarchy_lvl3: null,
        content: '…un <mark>menu</mark> nativo…',
      },
    },
    0,
  );
  assert.equal(hit, {
    id: 'abc',
    hierarchy: { lvl0: 'Guide', lvl1: 'Menu', lvl2: 'Elementi', lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    content: '…un menu nativo…',
    url: '/it/v1/guides/features/menu',
    anchor: 'elementi',
    _formatted: {
      hierarchy: {
        lvl0: 'Guide',
        lvl1: '<mark>Menu</mark>',
        lvl2: 'Elementi',
        lvl3: null,
        lvl4: null,
        lvl5: null,
        lvl6: null,
      },
      content: '…un <mark>menu</mark> nativo…',
    },
  });
  assert.is(languageFilter('it'), 'lang = "it"');
});

test.run();
