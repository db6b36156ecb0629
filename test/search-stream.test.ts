/*
 * The search files made from a stream of pages (`writeSearchFiles`): the same files as the whole index made at
 * once (`buildLocalIndex` + `shardLocalIndex`, `records.json` as one JSON array), and what the stream holds while
 * pages come does not grow with their text.
 */
import { hash } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SearchBlock } from '../src/markdown/compiled-page';
import { buildLocalIndex } from '../src/search/local-index';
import { type ShardSizes, shardLocalIndex } from '../src/search/local-index-shards';
import { type FieldTerms, PagePartMaker } from '../src/search/page-part';
import { extractSearchRecords, type SearchPage } from '../src/search/records';
import { parseRecordsList, recordsJsonOf } from '../src/search/records-files';
import { jsonArrayBytes, RunBytes, writeSearchFiles } from '../src/search/search-files';
import { searchWordsOf } from '../src/search/search-words';
import { loadStemmer, stemmerSource } from '../src/search/stemmer';
import { sectionFields } from '../src/shared/search/local-index-format';
import { termIndexer, tokenize } from '../src/shared/search/text-terms';
import { italianRecordOptions } from './search-record-options';
import { numbers } from './seeded-numbers';

const vocabulary = (
  'finestra finestre menu vassoio tray icona sicurezza aggiornamento configurazione compilare comando comandi ' +
  'evento eventi plugin allowlist webview notifica perché città firma macos windows linux rust cargo frontend ' +
  'backend processo SaveDialogOptions generate_handler invoke() tauri.conf.json scope percorso dialogo debug'
).split(' ');

const options = italianRecordOptions;

/** Pages with what real ones have: text before any heading, h2–h6, headings without ids, admonition titles. */
function pagesOf(count: number, seed = 3): SearchPage[] {
  const next = numbers(seed);
  const words = (n: number) => Array.from({ length: n }, () => vocabulary[next(vocabulary.length)]!).join(' ');
  return Array.from({ length: count }, (_, p) => {
    const blocks: SearchBlock[] = [];
    if (p % 4) blocks.push({ kind: 'text', text: `${words(8)} ${p}` } as SearchBlock);
    for (let h = 0; h < 1 + next(4); h++) {
      const level = 2 + next(5);
      blocks.push({
        kind: 'heading',
        level,
        text: `${words(1 + next(3))} ${h}`,
        id: next(7) ? `h-${h}` : '',
      } as SearchBlock);
      for (let b = 0; b < next(4); b++) blocks.push({ kind: 'text', text: `${words(5 + next(20))}` } as SearchBlock);
      if (next(5) === 0) blocks.push({ kind: 'text', text: 'Suggerimento' } as SearchBlock);
    }
    if (next(9) === 0) blocks.push({ kind: 'heading', level: 1, text: 'Titolo', id: 'titolo' } as SearchBlock);
    return {
      url: `/it/v1/guide/pagina-${p}`,
      title: `${words(2)} ${p}`,
      category: p % 3 ? 'Guide' : 'Riferimenti',
      keywords: p % 2 ? [words(1), `pagina ${p}`] : [],
      description: p % 5 ? null : words(6),
      weight: [1, 0.9, 0.6][p % 3]!,
      blocks,
    };
  });
}

/** The files as the whole index made them before the stream (the reference). */
async function wholeFiles(pages: SearchPage[], stemmed: boolean, sizes?: ShardSizes) {
  const words = searchWordsOf({ lang: 'it', htmlLang: 'it', synonyms: [['finestra', 'window']] });
  const records = extractSearchRecords(pages, options);
  const files = new Map<string, string>();
  let stem: { file: string; stem: (w: string) => string } | undefined;
  if (stemmed && words.stemmer) {
    const source = await stemmerSource(words.stemmer);
    const file = `stemmer.${hash('sha1', source, 'hex').slice(0, 8)}.js`;
    files.set(`it/search/${file}`, source);
    stem = { file, stem: await loadStemmer(words.stemmer) };
  }
  const local = buildLocalIndex(records, stemmed ? words : { ...words, stemmer: null }, stem);
  for (const [file, json] of shardLocalIndex(local.index, local.texts, sizes)) files.set(`it/search/${file}`, json);
  return { files, records: Buffer.from(jsonArrayBytes(records)) };
}

async function streamedFiles(pages: SearchPage[], stemmed: boolean, sizes?: ShardSizes) {
  const words = searchWordsOf({ lang: 'it', htmlLang: 'it', synonyms: [['finestra', 'window']] });
  const files = new Map<string, string>();
  const recordFiles = new Map<string, Uint8Array>();
  await writeSearchFiles(
    pages,
    { options, words: stemmed ? words : { ...words, stemmer: null } },
    {
      file: async (file, contents) => {
        assert.not.ok(files.has(file) || recordFiles.has(file), `${file} written once`);
        if (file.startsWith('it/search/records/')) recordFiles.set(file, Buffer.from(contents));
        else files.set(file, String(contents));
      },
    },
    sizes,
  );
  const list = parseRecordsList(String(recordFiles.get('it/search/records/list.json')));
  if (typeof list === 'string') throw new Error(list);
  return { files, records: recordsJsonOf(list, (name) => recordFiles.get(`it/search/records/${name}`)!) };
}

function assertSame(a: Map<string, string>, b: Map<string, string>) {
  assert.equal([...a.keys()].sort(), [...b.keys()].sort());
  for (const [file, json] of a) assert.ok(json === b.get(file), `${file} differs`);
}

test('the streamed files are the whole index’s files, byte for byte', async () => {
  for (const [count, stemmed, sizes] of [
    [300, true, undefined],
    [300, false, undefined],
    [120, true, { terms: 300, postings: 200 }],
    [0, true, undefined],
  ] as const) {
    const pages = pagesOf(count);
    const whole = await wholeFiles(pages, stemmed, sizes);
    const streamed = await streamedFiles(pages, stemmed, sizes);
    assertSame(whole.files, streamed.files);
    assert.ok(whole.records.equals(streamed.records), 'records.json');
  }
});

test('a maker that remembers few words makes the same parts as one that remembers them all', () => {
  const { stopWords } = searchWordsOf({ lang: 'it', htmlLang: 'it', synonyms: [] });
  const pages = pagesOf(200);
  const all = new PagePartMaker(stopWords);
  const expected = pages.map((page) => all.partOf(page, options));
  // Past the remembered words, a word repeated in a field is counted once all the same (its field's length).
  for (const remembered of [0, 5]) {
    const few = new PagePartMaker(stopWords, remembered);
    assert.equal(
      pages.map((page) => few.partOf(page, options)),
      expected,
      `${remembered} words remembered`,
    );
  }
});

test('a field counts each term once however its words are written, and an identifier with its parts', () => {
  const { stopWords } = searchWordsOf({ lang: 'it', htmlLang: 'it', synonyms: [] });
  const indexTerm = termIndexer(stopWords);
  // Words that fold to one term (`File`, `FILE`, `file`), identifiers whose parts are words of the text too, a
  // word repeated as a part of several identifiers, stop words, accents.
  const text =
    'readTextFile legge il file: File, FILE e readText; ReadTextFile perché Perché writeFile il fileText readTextFile';
  // The field as tokenize's words say it: distinct words (parts included), each term's count, in first order.
  const counts = new Map<string, number>();
  for (const word of tokenize(text)) {
    const term = indexTerm(word);
    if (term) counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  const expected: FieldTerms = [new Set(tokenize(text)).size, [...counts.keys()], [...counts.values()]];
  const page: SearchPage = {
    url: '/it/v1/guide/parole',
    title: 'Parole',
    category: 'Guide',
    keywords: [],
    description: null,
    weight: 1,
    blocks: [{ kind: 'text', text } as SearchBlock],
  };
  // Every number of remembered words, so that a word is remembered and some of its parts are not.
  for (const remembered of [undefined, 0, 1, 2, 3, 4, 5, 6, 8, 13]) {
    const maker = new PagePartMaker(stopWords, remembered);
    for (const round of [1, 2]) {
      const [, fields] = maker.partOf(page, options).sections[0]!;
      assert.equal(
        fields[sectionFields.indexOf('c')],
        expected,
        `${remembered ?? 'all'} words remembered, page ${round}`,
      );
    }
  }
});

test('the records come in pieces, and the stream holds one page at a time', async () => {
  const words = searchWordsOf({ lang: 'it', htmlLang: 'it', synonyms: [] });
  let appends = 0;
  let bytes = 0;
  let pagesTaken = 0;
  let largestLag = 0;
  // Pages made one at a time as the stream asks; each must be indexed before the next is asked for.
  let indexed = 0;
  const held: { pages: number }[] = [];
  const result = await writeSearchFiles(
    (function* () {
      for (let p = 0; p < 1500; p++) {
        largestLag = Math.max(largestLag, pagesTaken - indexed);
        pagesTaken++;
        yield pagesOf(1, p + 1).map((page) => ({ ...page, url: `/it/v1/p-${p}` }))[0]!;
      }
    })(),
    { options, words },
    {
      file: async (file, piece) => {
        if (file.startsWith('it/search/text/')) indexed++;
        if (!file.startsWith('it/search/records/') || file.endsWith('/list.json')) return;
        appends++;
        bytes += piece.length;
        // No piece carries much more than its size: records are not kept past a piece.
        assert.ok(piece.length < 1024 * 1024 + 64 * 1024, `a piece of ${piece.length} characters`);
      },
    },
  );
  held.push(result.held());
  assert.ok(appends > 1, `the records in ${appends} pieces of ${bytes} characters`);
  assert.is(largestLag, 0, 'no page asked for before the one before it was indexed');
  assert.is(held[0]!.pages, 1500);
});

test('a run of records is the UTF-8 of its pieces joined, however far it grows, and each run is its own copy', () => {
  const run = new RunBytes();
  // Past the buffer's first size in one piece and in many; two-byte letters and surrogate pairs (4 bytes each).
  const pieces: (string | Uint8Array)[] = [
    'città perché ',
    'è'.repeat(700_000),
    Buffer.from('{"già":"🙂"}'),
    ',',
    '🙂'.repeat(300_000),
    ...Array.from({ length: 2000 }, (_, i) => `,{"n":${i},"t":"ùà🙂"}`),
  ];
  const expected = Buffer.concat(pieces.map((p) => Buffer.from(p)));
  for (const piece of pieces) run.add(piece);
  const first = run.take();
  assert.ok(first.equals(expected), `${first.length} bytes, ${expected.length} expected`);
  run.add('[1]');
  const second = run.take();
  assert.is(second.toString(), '[1]');
  assert.ok(first.equals(expected), 'the first run is not changed by the next');
});

test.run();
