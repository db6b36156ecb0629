import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type IndexCommandOptions, indexCommand, indexFailure } from '../src/cli/index-command';
import { runCommand } from '../src/cli/run-command';
import type { Verbosity } from '../src/cli/terminal-reporter';
import { createMeilisearchProvider } from '../src/client/search/meilisearch-provider';
import { temporaryPrefixOf } from '../src/search/index-lock';
import { indexSettingsOf } from '../src/search/meilisearch-push';
import type { SearchRecord } from '../src/search/records';
import { searchWordsOf } from '../src/search/search-words';
import { stopWordsOf } from '../src/shared/search/stop-words';
import { minWordSizeForTypos } from '../src/shared/search/typo-tolerance';
import { copyFixture, removeDir, repoRoot, textReporter } from './helpers';
import { answeredWithinMs, errorOf, type MeilisearchDouble, startMeilisearchDouble } from './meilisearch-double';
import { writeRecordsTo } from './records-files';

/** The fixture site's synonyms table, as a site writes it in `search.synonyms`. */
const fixtureSynonyms = [
  ['vassoio', 'tray'],
  ['Finestra', 'window'],
  ['OS', 'Sistema operativo'],
];
const dir = copyFixture('basic');
writeFileSync(
  path.join(dir, 'site.config.ts'),
  readFileSync(path.join(dir, 'site.config.ts'), 'utf8').replace(
    "search: { indexUid: 'docs-v1' },",
    `search: { indexUid: 'docs-v1', synonyms: ${JSON.stringify(fixtureSynonyms)} },`,
  ),
);
const config = path.join(dir, 'site.config.ts');
const buildDir = path.join(dir, 'build');
const live = 'docs-v1';
const temporary = `${temporaryPrefixOf(live)}_run1`;

const record = (i: number): SearchRecord => ({
  id: `r${i}`,
  hierarchy_lvl0: 'Guide',
  hierarchy_lvl1: `Pagina ${Math.floor(i / 10)}`,
  hierarchy_lvl2: i % 10 === 0 ? null : `Sezione ${i}`,
  hierarchy_lvl3: null,
  hierarchy_lvl4: null,
  hierarchy_lvl5: null,
  hierarchy_lvl6: null,
  content: i % 10 === 0 ? null : `Testo del blocco ${i}`,
  url: `/it/v1/guides/pagina-${Math.floor(i / 10)}`,
  anchor: i % 10 === 0 ? null : `sezione-${i}`,
  type: i % 10 === 0 ? 'lvl1' : 'lvl2',
  keywords: null,
  description: null,
  rank: i % 10 === 0 ? 10090 : 10080,
  lang: 'it',
  version: 'v1',
});
const records = Array.from({ length: 2500 }, (_, i) => record(i));
// In pieces that do not fall on the batches' bounds: the push sends the records joined, in batches of 1,000.
writeRecordsTo(buildDir, records, 700);

const oldDocs = [
  {
    id: 'old-1',
    url: '/it/vecchia',
    hierarchy_lvl0: 'Guide',
    hierarchy_lvl1: 'Vecchia',
    content: 'vecchio',
    lang: 'it',
    version: 'v1',
  },
];

let double: MeilisearchDouble;
let printed = textReporter();
/** Runs the command as the CLI does (through the wrapper that reports its failures); resolves to the exit code. */
const run = (options: Partial<IndexCommandOptions> = {}, verbosity: Verbosity = 'normal') => {
  printed = textReporter(verbosity);
  const { reporter } = printed;
  const indexOptions = {
    packageRoot: repoRoot,
    config,
    dir: buildDir,
    host: double.url,
    key: 'chiave-admin',
    env: {},
    runId: 'run1',
    ...options,
  };
  return runCommand(reporter, () => indexCommand(indexOptions, reporter), indexFailure);
};
const output = () => printed.text();

test.before.each(async () => {
  double = await startMeilisearchDouble({ masterKey: 'chiave-admin', searchKey: 'chiave-ricerca' });
  double.seed(live, oldDocs, { filterableAttributes: ['lang', 'version'] });
});
test.after.each(async () => {
  await double.close();
});
test.after(() => removeDir(dir));

test('pushes the records into a fresh index in batches of 1000, then swaps it in and deletes the old one', async () => {
  const code = await run();
  assert.is(code, 0, output());
  const index = double.indexes.get(live)!;
  assert.is(index.documents.size, 2500);
  assert.not.ok(index.documents.has('old-1'));
  assert.not.ok(double.indexes.has(temporary), 'the temporary index (now holding the old documents) is deleted');
  // The settings the search module makes for this site's words (the fixture: Italian, three synonym groups), which
  // the live index now holds; what they make a search find is the next test's.
  const settings = indexSettingsOf(searchWordsOf({ lang: 'it', htmlLang: 'it', synonyms: fixtureSynonyms }));
  const pushed = double.requests.find((r) => r.method === 'PATCH' && r.path.endsWith('/settings'))!.body;
  assert.equal(pushed, settings);
  for (const name of ['searchableAttributes', 'filterableAttributes', 'distinctAttribute'] as const)
    assert.equal(index.settings[name], settings[name], name);
  // The fixture's synonyms both ways, the stop words of its language, typos counted as the local search counts them.
  assert.equal(index.settings.synonyms, {
    vassoio: ['tray'],
    tray: ['vassoio'],
    finestra: ['window'],
    window: ['finestra'],
    // A phrase, as Meilisearch takes multi-word synonyms.
    os: ['sistema operativo'],
    'sistema operativo': ['os'],
  });
  assert.equal(index.settings.stopWords, stopWordsOf('it'));
  assert.equal(index.settings.typoTolerance, {
    enabled: true,
    minWordSizeForTypos: { ...minWordSizeForTypos },
    disableOnWords: [],
    disableOnAttributes: [],
  });
  const ours = double.tasks.slice(2); // after the seeded index's history
  const batches = ours.filter((t) => t.type === 'documentAdditionOrUpdate').map((t) => t.details.receivedDocuments);
  assert.equal(batches, [1000, 1000, 500]);
  assert.equal(
    ours.map((t) => `${t.type}:${t.status}`),
    [
      'indexCreation:succeeded',
      'settingsUpdate:succeeded',
      'documentAdditionOrUpdate:succeeded',
      'documentAdditionOrUpdate:succeeded',
      'documentAdditionOrUpdate:succeeded',
      'indexSwap:succeeded',
      'indexDeletion:succeeded',
    ],
  );
  assert.ok(double.requests.every((r) => r.path === '/health' || r.headers.authorization === 'Bearer chiave-admin'));
  assert.match(output(), 'batch 3/3: 2500/2500 documents');
  assert.match(output(), /docs-v1 now serves the 2500 documents of this run \(3 batches, \d+/);
  // Meilisearch's own ranking rules, in its order (a new index's), then the records' rank for the last ties.
  double.seed('fresh', []);
  assert.equal(index.settings.rankingRules, [
    ...(double.indexes.get('fresh')!.settings.rankingRules as string[]),
    'rank:desc',
  ]);
});

test('with the settings pushed, a reader finds the page whose title has the word first, in its language', async () => {
  assert.is(await run(), 0, output());
  // An index with the settings the push gave the live one, and pages with one word in different places.
  const page = (id: string, url: string, fields: Partial<SearchRecord>) => ({ ...record(1), id, url, ...fields });
  double.seed(
    'pagine',
    [
      page('categoria', '/it/categoria', { hierarchy_lvl0: 'Ponte' }),
      page('testo', '/it/testo', { content: 'Un ponte sul fiume' }),
      page('sezione', '/it/sezione', { hierarchy_lvl2: 'Il ponte' }),
      page('titolo', '/it/titolo', { hierarchy_lvl1: 'Ponte levatoio', type: 'lvl1' }),
      page('titolo-testo', '/it/titolo', { hierarchy_lvl1: 'Ponte levatoio', content: 'Il ponte si alza' }),
      page('inglese', '/en/bridge', { hierarchy_lvl1: 'Ponte', lang: 'en' }),
    ],
    double.indexes.get(live)!.settings,
  );
  // The browser's own search, with its filter on the page's language.
  const provider = createMeilisearchProvider(
    {
      provider: 'meilisearch',
      host: double.url,
      apiKey: 'chiave-ricerca',
      indexUid: 'pagine',
      clientAgents: [],
      searchParams: {},
      sections: [],
    },
    'it',
  );
  const hits = await provider.search('ponte');
  assert.equal(
    hits.map((hit) => hit.url),
    ['/it/titolo', '/it/sezione', '/it/testo', '/it/categoria'],
    'the title first, then a heading, text, the category; one hit per page, none in English',
  );
});

test('--quiet: the outcome alone', async () => {
  assert.is(await run({}, 'quiet'), 0);
  assert.match(output(), /^docs-v1 now serves the 2500 documents of this run \(3 batches, [\d.]+ m?s\)\n$/);
});

test('the double checks settings as Meilisearch does: a malformed one is refused, nothing enqueued', async () => {
  const patch = (body: unknown) =>
    fetch(`${double.url}/indexes/${live}/settings`, {
      method: 'PATCH',
      headers: { Authorization: 'Bearer chiave-admin', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const tasks = double.tasks.length;
  for (const [body, code] of [
    [{ synonyms: { vassoio: 'tray' } }, 'invalid_settings_synonyms'],
    [{ stopWords: 'di la' }, 'invalid_settings_stop_words'],
    [{ rankingRules: ['words', 'rank'] }, 'invalid_settings_ranking_rules'],
    [{ typoTolerance: { minWordSizeForTypos: { oneTypo: 9, twoTypos: 5 } } }, 'invalid_settings_typo_tolerance'],
    [{ synonym: {} }, 'bad_request'],
  ] as const) {
    const response = await patch(body);
    assert.is(response.status, 400, JSON.stringify(body));
    assert.is(((await response.json()) as { code: string }).code, code);
  }
  assert.is(double.tasks.length, tasks, 'nothing enqueued');
  assert.is((await patch(indexSettingsOf(searchWordsOf({ lang: 'it', htmlLang: 'it', synonyms: [] })))).status, 202);
});

test('readers never see a half-filled index: the live index keeps its old documents until the swap', async () => {
  const seen: number[] = [];
  double.options.failTask = (task) => {
    if (task.type !== 'indexDeletion') seen.push(double.indexes.get(live)!.documents.size);
    return undefined;
  };
  assert.is(await run(), 0, output());
  assert.equal(seen, [1, 1, 1, 1, 1, 1], 'every task before the swap saw the old index, whole');
  assert.is(double.indexes.get(live)!.documents.size, 2500);
});

test('each task is waited for: enqueued, processing, then succeeded (polling GET /tasks/:uid)', async () => {
  // A task moves on only when it is read: a run that stopped reading before it succeeded would stall.
  double.options.pace = 'poll';
  assert.is(await run({ intervalMs: 5 }), 0, output());
  const ours = double.tasks.slice(2); // after the seeded index's history
  const reads = ours.map((t) => double.requests.filter((r) => r.method === 'GET' && r.path === `/tasks/${t.uid}`));
  assert.equal(
    reads.map((r) => r.length),
    ours.map(() => 3),
    'each task read while enqueued, while processing, and once succeeded',
  );
  assert.ok(ours.every((t) => t.status === 'succeeded'));
});

test('the index is created when it does not exist yet', async () => {
  double.indexes.delete(live);
  assert.is(await run(), 0, output());
  assert.is(double.indexes.get(live)!.documents.size, 2500);
  assert.not.ok(double.indexes.has(temporary));
});

test('a failed task prints code, type, link and message, exits 1 and leaves the live index untouched', async () => {
  let batch = 0;
  double.options.failTask = (task) =>
    task.type === 'documentAdditionOrUpdate' && ++batch === 2
      ? errorOf('invalid_document_id', 'invalid_request', 'Document identifier `"?"` is invalid.')
      : undefined;
  assert.is(await run(), 1);
  const text = output();
  assert.match(text, '✖ Meilisearch: Document identifier `"?"` is invalid.');
  assert.match(text, 'code: invalid_document_id');
  assert.match(text, 'type: invalid_request');
  assert.match(text, 'link: https://docs.meilisearch.com/errors#invalid_document_id');
  assert.match(text, 'This run did not change docs-v1: docs-v1 serves 1 document now.');
  assert.equal([...double.indexes.get(live)!.documents.keys()], ['old-1']);
  assert.not.ok(double.indexes.has(temporary), 'the temporary index is cleaned up');
  assert.not.ok(double.tasks.some((t) => t.type === 'indexSwap'));
});

test('an API error answer (wrong key) prints code, type, link, message and HTTP status', async () => {
  assert.is(await run({ key: 'sbagliata' }), 1);
  const text = output();
  assert.match(text, '✖ Meilisearch: The provided API key is invalid.');
  assert.match(text, 'code: invalid_api_key');
  assert.match(text, 'type: auth');
  assert.match(text, 'link: https://docs.meilisearch.com/errors#invalid_api_key');
  assert.match(text, 'HTTP status: 403');
  assert.match(text, 'This run did not change docs-v1: what docs-v1 serves now could not be read');
  assert.equal([...double.indexes.get(live)!.documents.keys()], ['old-1']);
});

test("an error status with a page that is not Meilisearch's prints the status and what came back", async () => {
  double.options.breakRequest = (method, p) => (method === 'POST' && p === '/indexes' ? 502 : undefined);
  assert.is(await run(), 1);
  assert.match(output(), `✖ Meilisearch: the server at ${double.url}/ did not answer as Meilisearch does: HTTP 502`);
  assert.match(output(), 'Bad Gateway with an HTML page (text/html');
  assert.match(output(), 'This run did not change docs-v1: docs-v1 serves 1 document now.');
  assert.equal([...double.indexes.get(live)!.documents.keys()], ['old-1']);
});

for (const [what, broken] of [
  ['answers 500 with an HTML page', 500],
  ['resets the connection', 'reset'],
  ['answers malformed JSON', 'malformed'],
] as const) {
  test(`a server that ${what}: a clear message, exit code 1, the live index untouched`, async () => {
    double.options.breakRequest = (method, p) => (method === 'POST' && p.endsWith('/documents') ? broken : undefined);
    assert.is(await run(), 1);
    assert.match(output(), /✖ /);
    assert.not.match(output(), /\n\s+at /, 'no stack trace');
    assert.equal([...double.indexes.get(live)!.documents.keys()], ['old-1']);
  });
}

test('a task that never finishes times out with the client message, and the live index is untouched', async () => {
  double.options.stallTask = (task) => task.type === 'settingsUpdate';
  // The other tasks are done before their wait starts: only the stalled one can run out of time.
  double.options.pace = 'instant';
  assert.is(await run({ timeOutMs: 200, intervalMs: 20 }), 1);
  const settingsTask = double.tasks.find((t) => t.type === 'settingsUpdate')!;
  assert.match(
    output(),
    `timeout of 200ms has exceeded on process ${settingsTask.uid} when waiting a task to be resolved.`,
  );
  assert.equal([...double.indexes.get(live)!.documents.keys()], ['old-1']);
  assert.not.ok(double.tasks.some((t) => t.type === 'indexSwap'));
});

test('a server that accepts and never answers: each request times out, the temporary index goes', async () => {
  double.options.breakRequest = (method, p) => (method === 'POST' && p.endsWith('/documents') ? 'hang' : undefined);
  // The limit applies to the answered requests too: it is far above their time on a loaded machine.
  assert.is(await run({ requestTimeoutMs: answeredWithinMs }), 1);
  assert.match(output(), '✖ Meilisearch: the server did not answer in time (no answer from');
  assert.match(output(), 'This run did not change docs-v1: docs-v1 serves 1 document now.');
  assert.equal([...double.indexes.get(live)!.documents.keys()], ['old-1']);
  assert.not.ok(double.indexes.has(temporary), 'the temporary index is deleted');
});

test('an answer that is not from Meilisearch says so (not "reading \'taskUid\'")', async () => {
  double.options.breakRequest = (method, p) => (method === 'POST' && p === '/indexes' ? 'foreign' : undefined);
  assert.is(await run(), 1);
  assert.match(
    output(),
    `✖ Meilisearch: the server at ${double.url}/ did not answer as Meilisearch does: an answer without the task`,
  );
  assert.not.match(output(), /reading '/);
});

test('a failure after the swap: the live index is new, the old documents wait in the temporary one', async () => {
  double.options.breakRequest = (method, p) => (method === 'DELETE' && p === `/indexes/${temporary}` ? 502 : undefined);
  assert.is(await run(), 1);
  const text = output();
  assert.match(text, `${live} serves the 2500 documents of this run, but the old ones could not be deleted`);
  assert.match(text, `they remain in ${temporary}`);
  assert.not.match(text, 'did not change');
  assert.is(double.indexes.get(live)!.documents.size, 2500);
  assert.equal([...double.indexes.get(temporary)!.documents.keys()], ['old-1']);
});

test('the host is validated as the client does: scheme added, trailing slash, or "The provided host…"', async () => {
  assert.is(await run({ host: double.url.replace('http://', '') }), 0, output());
  assert.match(output(), `Meilisearch ${double.url}/\n  temporary index ${temporary}`);
  assert.is(await run({ host: 'http://[' }), 1);
  assert.match(output(), '✖ The provided host is not valid.');
});

test('no server at the host: a clear error and exit code 1', async () => {
  const port = new URL(double.url).port;
  await double.close();
  assert.is(await run({ host: `http://127.0.0.1:${port}` }), 1);
  assert.match(output(), '✖ Meilisearch: cannot communicate with the server');
  assert.match(output(), 'status: fetch failed: connect ECONNREFUSED');
  assert.match(output(), 'code: ECONNREFUSED');
  double = await startMeilisearchDouble();
});

test('host and index uid from the config (DOCS_IT_SEARCH_HOST), the index from --index', async () => {
  assert.is(await run({ host: undefined, env: { DOCS_IT_SEARCH_HOST: double.url } }), 0, output());
  assert.is(double.indexes.get(live)!.documents.size, 2500);
  assert.is(await run({ index: 'docs-prova' }), 0, output());
  assert.is(double.indexes.get('docs-prova')!.documents.size, 2500);
  assert.is(await run({ host: undefined }), 1);
  assert.match(output(), 'no Meilisearch host');
});

test('without a build the records are missing: the error says where and what to do', async () => {
  assert.is(await run({ dir: path.join(dir, 'nessuna-build') }), 1);
  assert.match(output(), 'nessuna-build/it/search/records/list.json: search records not found');
  assert.match(output(), 'docs-it build');
});

test('records that are not valid JSON: the file, line and column, and what to do', async () => {
  const broken = path.join(dir, 'rotta');
  writeRecordsTo(broken, records.slice(0, 3), 2);
  writeFileSync(path.join(broken, 'it/search/records/piece-1.json'), '[\n  {"id": "r1"},\n  {"id": \n');
  assert.is(await run({ dir: broken }), 1);
  assert.match(output(), /rotta\/it\/search\/records\/piece-1\.json:\d+:\d+: the search records are not valid JSON/);
  assert.match(output(), 'docs-it build');
  assert.not.match(output(), /\n\s+at /, 'no stack trace');
});

test('a piece of the records missing, pieces that do not hold the listed records, a list naming a path', async () => {
  const broken = path.join(dir, 'a-pezzi');
  const piece = path.join(broken, 'it/search/records/piece-1.json');
  writeRecordsTo(broken, records.slice(0, 3), 2);
  const kept = readFileSync(piece);
  rmSync(piece);
  assert.is(await run({ dir: broken }), 1);
  assert.match(output(), 'a-pezzi/it/search/records/piece-1.json: search records not found');
  writeFileSync(piece, '[]');
  assert.is(await run({ dir: broken }), 1);
  assert.match(
    output(),
    "a-pezzi/it/search/records/list.json: the search records' pieces hold 2 records, their list says 3",
  );
  writeFileSync(piece, kept);
  writeFileSync(path.join(broken, 'it/search/records/list.json'), '{"records": 3, "pieces": ["../../segreto.json"]}');
  assert.is(await run({ dir: broken }), 1);
  assert.match(output(), 'a-pezzi/it/search/records/list.json: the list of the search records is "pieces" is not');
  assert.not.match(output(), /\n\s+at /, 'no stack trace');
});

test.run();
