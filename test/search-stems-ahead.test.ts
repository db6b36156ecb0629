/*
 * The index's words stemmed ahead of the search stage (src/search/stems-ahead.ts): the words of the parts offered,
 * stemmed a few per turn of the event loop until `stop`, each once; and the index writer taking them as they are,
 * neither stemming them again nor sending them to its stem thread, to the same files.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type IndexStemmer, LocalIndexWriter } from '../src/search/local-index-writer';
import { type PagePart, PagePartMaker } from '../src/search/page-part';
import type { SearchPage } from '../src/search/records';
import { searchWordsOf } from '../src/search/search-words';
import { loadStemmer, stemmerUrl } from '../src/search/stemmer';
import { StemsAhead } from '../src/search/stems-ahead';
import { pagesOf, wordsOf } from './italian-word-pages';
import { italianRecordOptions } from './search-record-options';

const words = searchWordsOf({ lang: 'it', htmlLang: 'it', synonyms: [] });
const stem = await loadStemmer('italian');
const maker = new PagePartMaker(words.stopWords);

const partsOf = (pages: SearchPage[]): PagePart[] => pages.map((page) => maker.partOf(page, italianRecordOptions));

/** Every word of a part's fields. */
const termsOf = (part: PagePart) => [
  ...part.page.flatMap(([, terms]) => terms),
  ...part.sections.flatMap(([, fields]) => fields.flatMap(([, terms]) => terms)),
];

/** Turns of the event loop until `done` (at most 1,000). */
async function turnsUntil(done: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !done(); i++) await new Promise((resolve) => setImmediate(resolve));
}

/** A stemmer that counts the words it stems. */
function countingStem() {
  const counted = {
    calls: 0,
    stem: (word: string) => {
      counted.calls++;
      return stem(word);
    },
  };
  return counted;
}

test('the words offered are stemmed a few per turn, each once, to the stemmer’s stems', async () => {
  const parts = partsOf(pagesOf(wordsOf(600)));
  const counting = countingStem();
  const ahead = new StemsAhead(async () => counting.stem);
  ahead.offer(parts[0]!);
  ahead.offer(parts[0]!);
  ahead.offer(parts[1]!);
  const unique = new Set([...termsOf(parts[0]!), ...termsOf(parts[1]!)]);
  assert.ok(unique.size > 300, `${unique.size} words`);
  await turnsUntil(() => ahead.known.size > 0);
  assert.ok(ahead.known.size < unique.size, 'not every word in one turn');
  await turnsUntil(() => ahead.known.size === unique.size);
  assert.equal(new Set(ahead.known.keys()), unique);
  for (const [word, stemmed] of ahead.known) assert.is(stemmed, stem(word), word);
  assert.is(counting.calls, unique.size, 'each word stemmed once');
});

test('after `stop` nothing more is stemmed, and a part offered is ignored', async () => {
  const parts = partsOf(pagesOf(wordsOf(600)));
  const ahead = new StemsAhead(async () => stem);
  ahead.offer(parts[0]!);
  await turnsUntil(() => ahead.known.size > 0);
  ahead.stop();
  const stemmed = ahead.known.size;
  ahead.offer(parts[1]!);
  await turnsUntil(() => false);
  assert.is(ahead.known.size, stemmed);
});

test('a stemmer that cannot be loaded: nothing is stemmed ahead, and nothing fails', async () => {
  const parts = partsOf(pagesOf(wordsOf(300)));
  const ahead = new StemsAhead(() => Promise.reject(new Error('no stemmer')));
  ahead.offer(parts[0]!);
  await turnsUntil(() => false);
  assert.is(ahead.known.size, 0);
});

/** The index's files for `parts`, with `known` stemmed ahead, and how many words the build's thread stemmed. */
async function indexFiles(parts: PagePart[], url: string | undefined, known?: ReadonlyMap<string, string>) {
  const counting = countingStem();
  const stemmer: IndexStemmer = { file: 'stemmer.js', stem: counting.stem, url, known };
  const files = new Map<string, string>();
  const index = new LocalIndexWriter(words, async (file, json) => void files.set(file, json), stemmer);
  for (const part of parts) await index.addPart(part);
  await index.end();
  return { files, stemmedHere: counting.calls, terms: index.held().terms };
}

/** `parts`' words stemmed ahead, those of the first `count` parts. */
async function stemmedAhead(parts: PagePart[], count: number): Promise<ReadonlyMap<string, string>> {
  const ahead = new StemsAhead(async () => stem);
  for (const part of parts.slice(0, count)) ahead.offer(part);
  const unique = new Set(parts.slice(0, count).flatMap(termsOf));
  await turnsUntil(() => ahead.known.size === unique.size);
  ahead.stop();
  return ahead.known;
}

const sameFiles = (a: Map<string, string>, b: Map<string, string>) => {
  assert.equal([...a.keys()], [...b.keys()]);
  for (const [file, json] of a) assert.ok(b.get(file) === json, `${file} differs`);
};

test('words stemmed ahead are not stemmed again by the index: the same files', async () => {
  const parts = partsOf(pagesOf(wordsOf(1500)));
  const known = await stemmedAhead(parts, 3);
  const here = await indexFiles(parts, undefined);
  const withKnown = await indexFiles(parts, undefined, known);
  assert.ok(known.size > 500, `${known.size} words ahead`);
  assert.is(here.stemmedHere, here.terms);
  assert.is(withKnown.stemmedHere, here.terms - known.size);
  sameFiles(here.files, withKnown.files);
});

test('a stem thread is not started for the few words left after those stemmed ahead', async () => {
  // Over 2,048 words in all (a thread's start), under it once the words stemmed ahead are left out.
  const parts = partsOf(pagesOf(wordsOf(3000)));
  const known = await stemmedAhead(parts, 5);
  const here = await indexFiles(parts, undefined);
  const withKnown = await indexFiles(parts, stemmerUrl('italian'), known);
  assert.ok(here.terms > 2048 && here.terms - known.size < 2048, `${here.terms} words, ${known.size} ahead`);
  assert.is(withKnown.stemmedHere, here.terms - known.size, 'the words left stemmed here, not by a thread');
  sameFiles(here.files, withKnown.files);
});

test('words stemmed ahead are not sent to the stem thread, which stems the others: the same files', async () => {
  // More words than start a thread (2,048) left after those stemmed ahead: the thread's stems, by the order it was
  // sent the words, must land on the right words though the known ones were skipped.
  const parts = partsOf(pagesOf(wordsOf(3500)));
  const known = await stemmedAhead(parts, 3);
  const here = await indexFiles(parts, undefined);
  const threaded = await indexFiles(parts, stemmerUrl('italian'), known);
  assert.ok(here.terms - known.size > 2048, `${here.terms - known.size} words left`);
  assert.is(threaded.stemmedHere, 0, 'every word left stemmed by the thread');
  sameFiles(here.files, threaded.files);
});

test.run();
