/*
 * How the local search ranks and what its words match: pages scored from title, keywords, description and
 * sections, the section a hit opens, docs over blog posts, stemming, synonyms, typos counted as Meilisearch
 * counts them, and queries that are not words.
 */

import path from 'node:path';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createIndexShards } from '../src/client/search/index-shards';
import type { LocalSearch } from '../src/client/search/local-search';
import { groupHits } from '../src/client/search/SearchResults';
import { createSectionRanker } from '../src/client/search/section-ranker';
import { createTermDictionary } from '../src/client/search/term-dictionary';
import type { SearchHit } from '../src/client/search/types';
import { loadConfig } from '../src/config/load-config';
import { buildLocalIndex } from '../src/search/local-index';
import { indexSettingsOf } from '../src/search/meilisearch-push';
import { extractSearchRecords, kindCategoriesOf, type SearchPage, searchPageOf } from '../src/search/records';
import { searchFiles } from '../src/search/search-files';
import { searchWordsOf } from '../src/search/search-words';
import { loadStemmer } from '../src/search/stemmer';
import { interfaceTextOf } from '../src/shared/i18n/catalogues';
import { translatorOf } from '../src/shared/i18n/interface-text';
import type { RouteProps } from '../src/shared/route-data';
import type { LocalIndexEntry, LocalIndexFile } from '../src/shared/search/local-index-format';
import { stemmerNameOf } from '../src/shared/search/stemmers';
import { stopWordsOf } from '../src/shared/search/stop-words';
import { identifierParts } from '../src/shared/search/text-terms';
import { maxQueryWords, minWordSizeForTypos } from '../src/shared/search/typo-tolerance';
import { compileMd, repoRoot } from './helpers';
import { localSearchOfIndex } from './local-search-of';

const options = {
  baseUrl: '/it/',
  lang: 'it',
  version: 'v1',
  blogLabel: 'Blog',
  kindCategories: kindCategoriesOf(translatorOf(interfaceTextOf('it'))),
};

interface PageSpec {
  path: string;
  title: string;
  markdown: string;
  kind?: 'doc' | 'blog-post';
  category?: string;
  description?: string;
  keywords?: string[];
  sidebarLabel?: string;
}

async function pageOf(spec: PageSpec): Promise<SearchPage> {
  const base = { path: spec.path, title: spec.title, contentHtml: '', toc: [], description: spec.description };
  const props: RouteProps =
    spec.kind === 'blog-post'
      ? {
          ...base,
          kind: 'blog-post',
          post: { title: spec.title, route: spec.path, date: '2023-01-01', authors: [], tags: [], readingMinutes: 1 },
          recent: [],
        }
      : {
          ...base,
          kind: 'doc',
          hideTitle: false,
          breadcrumbs: [
            { label: spec.category ?? 'Guide', href: '/it/v1/guides' },
            { label: spec.sidebarLabel ?? spec.title },
          ],
        };
  const page = { props, noIndex: false, ...(spec.keywords ? { keywords: spec.keywords } : {}) };
  return searchPageOf(page, (await compileMd(spec.markdown)).search, options)!;
}

/** The local search of these pages, as the browser gets it (a JSON round trip), with the words of `htmlLang`. */
async function engineOf(
  specs: PageSpec[],
  { htmlLang = 'it', synonyms = [] as string[][] } = {},
): Promise<{ search: LocalSearch; file: LocalIndexFile; entry: LocalIndexEntry }> {
  const words = searchWordsOf({ lang: 'it', htmlLang, synonyms });
  const records = extractSearchRecords(await Promise.all(specs.map(pageOf)), options);
  const stem = words.stemmer ? await loadStemmer(words.stemmer) : undefined;
  const local = buildLocalIndex(records, words, stem ? { file: 'stemmer.js', stem } : undefined);
  const { search, entry } = localSearchOfIndex(local, stem ? { stem } : {});
  return { search, file: local.index, entry };
}

const target = (hit: SearchHit | undefined) => (hit ? `${hit.url}${hit.anchor ? `#${hit.anchor}` : ''}` : 'none');
const first = async (search: LocalSearch, query: string) => target((await search.search(query))[0]);

test('docs rank above blog posts for equal text', async () => {
  const text = 'Le finestre trasparenti mostrano il desktop sotto la webview.';
  const { search } = await engineOf([
    { path: '/it/blog/2023/01/01/finestre', title: 'Finestre trasparenti', markdown: text, kind: 'blog-post' },
    { path: '/it/v1/guides/finestre', title: 'Finestre trasparenti', markdown: text },
  ]);
  const hits = await search.search('finestre trasparenti');
  assert.equal(
    hits.map((h) => h.url),
    ['/it/v1/guides/finestre', '/it/blog/2023/01/01/finestre'],
  );
});

test('a doc outranks a blog post whose text matches only somewhat better', async () => {
  const { search } = await engineOf([
    {
      path: '/it/v1/guides/finestre',
      title: 'Personalizzare le finestre',
      markdown: [
        'Le finestre senza decorazioni.',
        '## Una barra del titolo in HTML {#barra}',
        'Con decorations a false disegni tu una barra del titolo personalizzata.',
      ].join('\n\n'),
    },
    {
      path: '/it/blog/2022/11/08/tauri-1-2',
      kind: 'blog-post',
      title: 'Tauri 1.2: barra del titolo su macOS',
      markdown: [
        'Le novità.',
        '## Barra del titolo configurabile {#barra}',
        'Ora la barra del titolo si può rendere trasparente e personalizzata con titleBarStyle.',
      ].join('\n\n'),
    },
  ]);
  assert.is(await first(search, 'barra del titolo personalizzata'), '/it/v1/guides/finestre#barra');
});

test('a word in a page title outranks the same word in a small section heading', async () => {
  const { search } = await engineOf([
    {
      path: '/it/v1/guides/eventi',
      title: 'Eventi',
      markdown:
        'Gli eventi tra frontend e Rust.\n\n## Il menu {#menu}\n\nUn clic su una voce del menu emette un evento.',
    },
    { path: '/it/v1/guides/menu', title: 'Menu', markdown: 'Costruire la barra con Submenu e CustomMenuItem.' },
  ]);
  assert.is(await first(search, 'menu'), '/it/v1/guides/menu');
});

test('a title that is the query as typed outranks one the query reaches by a synonym or another form', async () => {
  const { search } = await engineOf(
    [
      {
        path: '/it/v1/api/js/event',
        title: 'event',
        category: 'API JavaScript',
        description: 'Emettere e ascoltare eventi dal frontend.',
        markdown: "Il modulo degli eventi.\n\n## Interfacce {#interfacce}\n\n### Event {#event}\n\nL'evento ricevuto.",
      },
      { path: '/it/v1/guides/eventi', title: 'Eventi', markdown: 'Gli eventi tra il frontend e Rust.' },
    ],
    { synonyms: [['evento', 'event']] },
  );
  assert.is(await first(search, 'eventi'), '/it/v1/guides/eventi');
  assert.is((await search.search('event'))[0]?.url, '/it/v1/api/js/event');
});

test('a word in a higher heading outranks the same word in a deeper one', async () => {
  const { search } = await engineOf([
    {
      path: '/it/v1/api/js/window',
      title: 'window',
      markdown: [
        'Le finestre.',
        '## Allowlist {#allowlist}',
        'I metodi legati agli eventi (`listen`, `emit`) non hanno bisogno di flag.',
        '## Classi {#classi}',
        '### WebviewWindow {#webviewwindow}',
        'Una finestra con la sua webview.',
        '#### emit {#webviewwindow-emit}',
        'Emette un evento: `emit(nome, carico)`.',
      ].join('\n\n'),
    },
    {
      path: '/it/v1/api/js/event',
      title: 'event',
      markdown: [
        'Gli eventi.',
        '## Funzioni {#funzioni}',
        '### emit {#emit}',
        'Emette un evento: `emit(nome, carico)`.',
      ].join('\n\n'),
    },
  ]);
  assert.is(await first(search, 'emit'), '/it/v1/api/js/event#emit');
});

test("an identifier's parts find it, and a camelCase query finds its parts, as Meilisearch splits them", async () => {
  const { search } = await engineOf(
    [
      {
        path: '/it/v1/api/js/fs',
        title: 'fs',
        markdown: [
          'Il modulo fs.',
          '## Funzioni {#funzioni}',
          '### readTextFile {#readtextfile}',
          'Restituisce il contenuto: `readTextFile(percorso)` dà una stringa.',
          '### exists {#exists}',
          'Dice se il percorso esiste.',
        ].join('\n\n'),
      },
      {
        path: '/it/v1/guides/risorse',
        title: 'Risorse',
        markdown: '## Dichiarare le risorse {#dichiarare}\n\nOgni risorsa è un file del pacchetto.',
      },
      { path: '/it/v1/guides/system-tray', title: 'System tray', markdown: "Un'icona nell'area di notifica." },
      {
        path: '/it/v1/api/config',
        title: 'Configurazione',
        markdown: '## tauri.systemTray {#systemtray}\n\nLa configurazione della tray: `systemTray.iconPath`.',
      },
    ],
    { synonyms: [['leggere', 'read']] },
  );
  const [hit] = await search.search('leggere file');
  assert.is(target(hit), '/it/v1/api/js/fs#readtextfile', 'the parts of readTextFile: read (leggere) and file');
  assert.match(hit!._formatted.content!, '<mark>read</mark>Text<mark>File</mark>', 'the matched parts are marked');
  assert.is(await first(search, 'readtextfile'), '/it/v1/api/js/fs#readtextfile', 'the identifier whole');
  assert.is(await first(search, 'SystemTray'), '/it/v1/guides/system-tray', 'a title of the parts apart');
  assert.is((await search.search('SystemTray'))[1]?.url, '/it/v1/api/config', 'the identifier whole, in a heading');
});

test('identifier parts: camelCase and PascalCase split, short parts and plural acronyms left whole', () => {
  for (const [word, parts] of [
    ['readTextFile', ['read', 'Text', 'File']],
    ['WebviewWindow', ['Webview', 'Window']],
    ['openSSLError', ['open', 'SSL', 'Error']],
    ['setAlwaysOnTop', ['set', 'Always', 'Top']],
    ['macOS', ['mac']],
    ['iOS', []],
    ['APIs', []],
    ['webview2', []],
    ['finestra', []],
  ] as const)
    assert.equal(identifierParts(word), parts, word);
});

test("a title of the query's words is exact while the last word is still being typed", async () => {
  const { search } = await engineOf([
    {
      path: '/it/v1/guides/comandi',
      title: 'Argomenti',
      markdown: 'Gli argomenti di un comando arrivano dal frontend della tua app.',
    },
    {
      path: '/it/v1/guides/avvio',
      title: "Argomenti per l'applicazione",
      markdown: "Gli argomenti che riceve all'avvio.",
    },
  ]);
  assert.is(await first(search, 'argomenti app'), '/it/v1/guides/avvio', 'app: the reader may be typing applicazione');
  assert.is(await first(search, 'argomenti'), '/it/v1/guides/comandi', 'a title of the query alone');
});

test("elided articles (dell', all', nell', …) are stop words: a title of the query's words is exact", async () => {
  const { search } = await engineOf([
    {
      path: '/it/v1/guides/cartelle',
      title: 'Cartelle',
      markdown: 'Le cartelle della tua applicazione, una per tipo.',
    },
    { path: '/it/v1/guides/percorsi', title: "Cartelle dell'applicazione", markdown: 'Dove salvare i dati.' },
  ]);
  assert.is(await first(search, 'cartelle applicazione'), '/it/v1/guides/percorsi');
  for (const elided of ['dell', 'all', 'nell', 'dall', 'sull']) assert.ok(stopWordsOf('it').includes(elided), elided);
});

test('the hit opens the section whose heading is only query words, over one with more parts', async () => {
  const { search } = await engineOf(
    [
      {
        path: '/it/v1/api/js/dialog',
        title: 'dialog',
        description: 'Finestre di dialogo native per aprire e salvare file.',
        markdown: [
          'Il modulo dialog.',
          '## Funzioni {#funzioni}',
          '### save {#save}',
          'Chiede dove salvare un file.',
          '## Interfacce {#interfacce}',
          '### SaveDialogOptions {#savedialogoptions}',
          'Le opzioni di `save`: il titolo, i filtri dei file, il percorso proposto.',
        ].join('\n\n'),
      },
    ],
    { synonyms: [['salvare', 'save']] },
  );
  assert.is(await first(search, 'salvare file dialog'), '/it/v1/api/js/dialog#save');
});

test('a heading that holds every word of a query counts as one made only of them', async () => {
  const { search } = await engineOf([
    {
      path: '/it/v1/guides/prerequisiti',
      title: 'Prerequisiti',
      markdown: '## Node.js {#nodejs}\n\nServe per gli strumenti del frontend, come npm.',
    },
    {
      path: '/it/v1/guides/faq',
      title: 'Domande frequenti',
      markdown: '## Serve Node.js per sviluppare con Tauri? {#senza-node}\n\nNo: Node.js serve al frontend che lo usa.',
    },
  ]);
  assert.is(await first(search, 'serve node.js'), '/it/v1/guides/faq#senza-node');
});

test('of two sections about as good, the hit opens the first in the page', async () => {
  // The second text is one word shorter, so it scores a little higher (its length counts, as in BM25).
  const text = (words: number) =>
    `Restituisce la piattaforma: ${Array.from({ length: words }, (_, i) => `valore${i}`).join(' ')}.`;
  const { search } = await engineOf([
    {
      path: '/it/v1/api/js/os',
      title: 'os',
      markdown: [
        'Il modulo os.',
        '## Funzioni {#funzioni}',
        '### platform {#platform}',
        text(40),
        '## Tipi {#tipi}',
        '### Platform {#platform-tipo}',
        text(39),
      ].join('\n\n'),
    },
  ]);
  assert.is(await first(search, 'piattaforma'), '/it/v1/api/js/os#platform');
  const { search: apart } = await engineOf([
    {
      path: '/it/v1/api/js/os',
      title: 'os',
      markdown: ['Il modulo os.', '## Funzioni {#funzioni}', text(40), '## Tipi {#tipi}', text(20)].join('\n\n'),
    },
  ]);
  assert.is(await first(apart, 'piattaforma'), '/it/v1/api/js/os#tipi', 'a clearly better section still opens');
});

const allowlistPages: PageSpec[] = [
  ...['app', 'clipboard', 'dialog', 'event', 'fs', 'http'].map((name) => ({
    path: `/it/v1/api/js/${name}`,
    title: name,
    category: 'API JavaScript',
    markdown: `Il modulo ${name}.\n\n## Allowlist {#allowlist}\n\nVa abilitato nell'allowlist.`,
  })),
  {
    path: '/it/v1/api/config',
    title: 'Configurazione (tauri.conf.json)',
    category: 'API',
    keywords: ['tauri.conf.json', 'allowlist', 'bundle'],
    description: 'Le chiavi di tauri.conf.json: build, bundle, allowlist, finestre e sicurezza.',
    markdown: [
      'Il file di configurazione di Tauri.',
      '## tauri.allowlist {#allowlist}',
      "L'allowlist elenca le API che il frontend può chiamare.",
      '### allowlist.fs {#allowlist-fs}',
      "Le funzioni del file system che l'allowlist abilita, con lo scope dei percorsi.",
      '### allowlist.window {#allowlist-window}',
      "Le funzioni della finestra che l'allowlist abilita.",
      '## tauri.bundle {#bundle}',
      "Come si impacchetta l'applicazione.",
    ].join('\n\n'),
  },
];

test("a page's title, keywords, description and sections add up: a reference over small sections", async () => {
  const { search } = await engineOf(allowlistPages);
  const hits = await search.search('allowlist');
  assert.is(hits[0]?.url, '/it/v1/api/config', hits.map(target).join(', '));
  assert.is(hits[0]?.anchor, 'allowlist', 'the hit opens the section about it, not a subsection');
  assert.is(new Set(hits.map((h) => h.url)).size, hits.length, 'one hit per page');
});

test('the best section of a page is what its hit opens', async () => {
  const { search } = await engineOf(allowlistPages);
  assert.is(await first(search, 'allowlist fs'), '/it/v1/api/config#allowlist-fs');
  assert.is(await first(search, 'scope percorsi'), '/it/v1/api/config#allowlist-fs');
  assert.is(await first(search, 'impacchetta'), '/it/v1/api/config#bundle');
});

test('hits are shown in rank order: a group is a run of one category, never a weaker hit above a stronger one', () => {
  const hit = (id: string, category: string) =>
    ({ id, hierarchy: { lvl0: category, lvl1: id } }) as unknown as SearchHit;
  const groups = groupHits([hit('a', 'Guide'), hit('b', 'Blog'), hit('c', 'Guide'), hit('d', 'Guide')]);
  assert.equal(
    groups.map((g) => [g.category, g.items.map((i) => `${i.hit.id}${i.index}`)]),
    [
      ['Guide', ['a0']],
      ['Blog', ['b1']],
      ['Guide', ['c2', 'd3']],
    ],
  );
});

test('keywords, description, sidebar label and slug are indexed', async () => {
  const { search } = await engineOf([
    {
      path: '/it/v1/guides/features/multiwindow',
      title: 'Applicazioni con più viste',
      sidebarLabel: 'Multifinestra',
      keywords: ['cross-compilazione', 'test e2e'],
      description: 'Dichiarare più webview in una sola app.',
      markdown: 'Ogni vista ha la sua etichetta.',
    },
    { path: '/it/v1/guides/altro', title: 'Altro', markdown: 'Una pagina che non parla di niente di questo.' },
  ]);
  for (const [query, what] of [
    ['multifinestra', 'sidebar label'],
    ['multiwindow', 'slug'],
    ['cross-compilazione', 'keywords'],
    ['test e2e', 'keywords'],
    ['dichiarare', 'description'],
  ] as const)
    assert.is(await first(search, query), '/it/v1/guides/features/multiwindow', what);
});

const stemmed: PageSpec[] = [
  { path: '/it/v1/guides/leggi', title: 'Leggi', markdown: 'La funzione legge il file dal disco.' },
  { path: '/it/v1/guides/avvisi', title: 'Avvisi', markdown: 'Le notifiche compaiono in un angolo.' },
  { path: '/it/v1/guides/come', title: 'Come', markdown: 'Come si fa, passo per passo.' },
];

test('the Italian stemmer, chosen by htmlLang on index and query: leggere finds legge', async () => {
  assert.is(stemmerNameOf('it'), 'italian');
  assert.is(stemmerNameOf('pt-BR'), 'portuguese');
  assert.is(stemmerNameOf('zh-CN'), undefined, 'a language without a stemmer');
  const { search, file } = await engineOf(stemmed);
  assert.is(file.stemmer, 'stemmer.js');
  assert.is(await first(search, 'leggere'), '/it/v1/guides/leggi');
  assert.is(await first(search, 'notifica'), '/it/v1/guides/avvisi');
  assert.match((await search.search('notifica'))[0]!._formatted.content!, '<mark>notifiche</mark>');
  // Snowball cuts `comando` to `com`, the stem of `come`: stems that short join nothing.
  assert.equal(await search.search('comando'), []);
  const plain = await engineOf(stemmed, { htmlLang: 'zh-CN' });
  assert.is(plain.file.stemmer, null);
  assert.equal(plain.file.stems, '');
  assert.equal(await plain.search.search('leggere'), [], 'no stemmer: words match as written');
});

test('the build writes the stemmer module beside the index, and none for a language without one', async () => {
  const pages = [await pageOf(stemmed[0]!)];
  const italian = await searchFiles({
    pages,
    options,
    words: searchWordsOf({ lang: 'it', htmlLang: 'it', synonyms: [] }),
  });
  const module = [...italian.files.keys()].find((f) => /^it\/search\/stemmer\.[0-9a-f]{8}\.js$/.test(f));
  assert.ok(module, [...italian.files.keys()].join(', '));
  assert.match(italian.files.get(module!)!, 'export function stemmer');
  const index = JSON.parse(italian.files.get('it/search/local-index.json')!) as LocalIndexFile;
  assert.is(`it/search/${index.stemmer}`, module);
  const chinese = await searchFiles({
    pages,
    options,
    words: searchWordsOf({ lang: 'zh-cn', htmlLang: 'zh-CN', synonyms: [] }),
  });
  assert.not.ok([...chinese.files.keys()].some((f) => f.includes('stemmer')));
});

test('synonyms from the config: vassoio finds the tray page, finestre (by its stem) the window page', async () => {
  const pages: PageSpec[] = [
    { path: '/it/v1/guides/system-tray', title: 'System tray', markdown: "Un'icona nella tray del sistema." },
    { path: '/it/v1/api/js/window', title: 'window', markdown: 'Il modulo per le viste native.' },
  ];
  const synonyms = [
    ['vassoio', 'tray'],
    ['finestra', 'window'],
  ];
  const { search } = await engineOf(pages, { synonyms });
  assert.is(await first(search, 'vassoio'), '/it/v1/guides/system-tray');
  assert.is(await first(search, 'finestre'), '/it/v1/api/js/window');
  assert.is(await first(search, 'tray'), '/it/v1/guides/system-tray', 'the word itself still matches');
  const without = await engineOf(pages);
  assert.equal(await without.search.search('vassoio'), [], 'without the table, nothing');
});

test('a phrase of the synonyms table typed as a query finds its synonym, in any form of its words', async () => {
  const pages: PageSpec[] = [
    { path: '/it/v1/api/js/os', title: 'os', markdown: 'Il modulo os: piattaforma, architettura e versione.' },
    { path: '/it/v1/guides/faq', title: 'Domande', markdown: 'La webview dipende dal sistema operativo.' },
  ];
  const { search } = await engineOf(pages, { synonyms: [['os', 'sistema operativo']] });
  assert.is(await first(search, 'sistema operativo'), '/it/v1/api/js/os');
  assert.is(await first(search, 'sistemi operativi'), '/it/v1/api/js/os', 'another form of its words');
  const [hit] = await search.search('sistema operativo');
  assert.match(hit?._formatted.hierarchy.lvl1 ?? '', '<mark>os</mark>', 'the synonym is highlighted');
  assert.is(await first(search, 'operativo sistema'), '/it/v1/guides/faq', 'the words in another order are no phrase');
  const without = await engineOf(pages);
  assert.is(await first(without.search, 'sistema operativo'), '/it/v1/guides/faq', 'without the table, the words');
});

test('a word whose synonym is a phrase finds the pages that hold all of its words', async () => {
  const pages: PageSpec[] = [
    { path: '/it/v1/guides/build', title: 'Build', markdown: 'Il sistema di build di Cargo.' },
    { path: '/it/v1/guides/webview', title: 'Webview', markdown: 'La webview dipende dal sistema operativo.' },
  ];
  const { search } = await engineOf(pages, { synonyms: [['os', 'sistema operativo']] });
  assert.equal(
    (await search.search('os')).map(target),
    ['/it/v1/guides/webview'],
    'not the page with only one of its words',
  );
  assert.equal(await (await engineOf(pages)).search.search('os'), [], 'without the table, nothing');
});

test("the site's table: Italian verbs find the JavaScript API's functions, named in English", async () => {
  const config = await loadConfig({ packageRoot: repoRoot, config: path.join(repoRoot, 'site.config.ts') });
  const functions = ['save', 'open', 'relaunch', 'exit', 'listen', 'emit', 'readTextFile', 'removeFile', 'setTitle'];
  const { search } = await engineOf(
    [
      {
        path: '/it/v1/api/js/funzioni',
        title: 'Funzioni',
        markdown: functions.map((name) => `## ${name} {#${name.toLowerCase()}}\n\nVedi l'esempio.`).join('\n\n'),
      },
    ],
    { synonyms: config.site.search.synonyms },
  );
  for (const [query, anchor] of [
    ['salvare', 'save'],
    ['aprire', 'open'],
    ['riavviare', 'relaunch'],
    ['uscire', 'exit'],
    ['ascoltare', 'listen'],
    ['emettere', 'emit'],
    ['leggere', 'readtextfile'],
    ['eliminare', 'removefile'],
    ['titolo', 'settitle'],
  ] as const)
    assert.is(await first(search, query), `/it/v1/api/js/funzioni#${anchor}`, query);
});

/** Typos between two words as Meilisearch counts them: Damerau (optimal string alignment), first letter twice. */
function typos(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  return d[a.length]![b.length]! + (a[0] === b[0] ? 0 : 1);
}

test('typo search over the sorted terms finds exactly the words within the typos, as counted by brute force', () => {
  const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), minLength: 1, maxLength: 7 });
  fc.assert(
    fc.property(fc.uniqueArray(word, { maxLength: 60 }), word, fc.integer({ min: 1, max: 2 }), (words, query, k) => {
      const terms = [...words].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      const found = createTermDictionary(terms).withTypos(query, k);
      const expected = new Map(
        terms.flatMap((t, i) => (typos(t, query) <= k ? [[i, typos(t, query)] as [number, number]] : [])),
      );
      assert.equal(new Map([...found].sort(([a], [b]) => a - b)), expected);
    }),
    { numRuns: 300 },
  );
});

test('a swapped pair of letters is one typo, as in Meilisearch: finestar finds finestra, webveiw2 too', async () => {
  const { search } = await engineOf([
    { path: '/it/v1/guides/finestra', title: 'La finestra', markdown: 'Ogni finestra ha un titolo.' },
    { path: '/it/v1/guides/webview2', title: 'WebView2', markdown: 'Installare webview2 su Windows.' },
  ]);
  assert.is(await first(search, 'finestar'), '/it/v1/guides/finestra');
  assert.is(await first(search, 'webveiw2'), '/it/v1/guides/webview2');
  // A typo on the first letter counts as two.
  assert.equal(await search.search('ginestra'), [], 'first letter: two typos, over the one allowed at 8 letters');
  assert.is(await first(search, 'finestrra'), '/it/v1/guides/finestra', 'doubled letter');
  assert.is(await first(search, 'fnestra'), '/it/v1/guides/finestra', 'missing letter');
});

test('a four-letter word may have one typo, a three-letter word none; Meilisearch is told the same', async () => {
  const { search } = await engineOf([
    { path: '/it/v1/guides/ci', title: 'Test in CI', markdown: 'Su Linux serve un display virtuale: xvfb.' },
    { path: '/it/v1/guides/menu', title: 'Menu', markdown: 'Le voci del menu.' },
    { path: '/it/v1/guides/app', title: 'Le app', markdown: 'Una app.' },
  ]);
  assert.is(await first(search, 'xvbf'), '/it/v1/guides/ci', 'a swapped pair in four letters');
  assert.is(await first(search, 'mneu'), '/it/v1/guides/menu');
  assert.is(await first(search, 'mena'), '/it/v1/guides/menu', 'a wrong letter in four letters');
  assert.equal(await search.search('apo'), [], 'three letters: no typo');
  assert.equal(await search.search('nenu'), [], 'the first letter counts as two');
  const settings = indexSettingsOf(searchWordsOf({ lang: 'it', htmlLang: 'it', synonyms: [] }));
  assert.equal(settings.typoTolerance?.minWordSizeForTypos, { oneTypo: 4, twoTypos: 9 });
  assert.equal(minWordSizeForTypos, { oneTypo: 4, twoTypos: 9 });
});

test('bad input: only stop words, only punctuation, 500 characters: no error or hang', async () => {
  const { search, entry } = await engineOf(allowlistPages);
  assert.equal(await search.search('di la e il'), [], 'only stop words');
  assert.equal(await search.search('?!.,;:()[]{}«»—…'), [], 'only punctuation');
  assert.equal(await search.search(''), []);
  const long = `${'allowlist finestre configurazione '.repeat(15)}zzz`.slice(0, 500);
  assert.is(long.length, 500);
  const hits = await search.search(long);
  assert.ok(hits.length > 0, 'the first words still find their pages');
  const ranker = createSectionRanker(
    entry,
    createIndexShards(entry, () => Promise.reject(new Error('no shards'))),
  );
  const many = Array.from({ length: 30 }, (_, i) => `parola${i}`).join(' ');
  assert.is(ranker.termsOf(many).length, maxQueryWords, 'as Meilisearch, the first ten words');
  assert.is(await first(search, `allowlist ${'?'.repeat(498)}`), '/it/v1/api/config#allowlist');
});

test('Meilisearch settings mirror the local search: attributes by weight, rules, synonyms, stop words, typos', () => {
  const words = searchWordsOf({
    lang: 'it',
    htmlLang: 'it',
    synonyms: [
      ['vassoio', 'tray'],
      ['aggiornamento', 'updater', 'update'],
      ['OS', 'Sistema Operativo'],
    ],
  });
  const settings = indexSettingsOf(words);
  const attributes = settings.searchableAttributes!;
  assert.is(attributes[0], 'hierarchy_lvl1', 'the title first');
  assert.ok(attributes.indexOf('keywords') < attributes.indexOf('hierarchy_lvl2'), 'keywords before headings');
  assert.ok(attributes.indexOf('hierarchy_lvl6') < attributes.indexOf('content'), 'headings before text');
  assert.is(attributes.at(-1), 'hierarchy_lvl0', 'the category last');
  assert.equal(settings.rankingRules, ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness', 'rank:desc']);
  assert.equal(settings.synonyms, {
    vassoio: ['tray'],
    tray: ['vassoio'],
    aggiornamento: ['updater', 'update'],
    updater: ['aggiornamento', 'update'],
    update: ['aggiornamento', 'updater'],
    os: ['sistema operativo'],
    'sistema operativo': ['os'],
  });
  assert.equal(settings.stopWords, stopWordsOf('it'));
  assert.equal(settings.typoTolerance, { enabled: true, minWordSizeForTypos: { oneTypo: 4, twoTypos: 9 } });
  assert.equal(settings.distinctAttribute, 'url');
});

test.run();
