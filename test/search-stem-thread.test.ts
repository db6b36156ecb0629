/*
 * The index's words stemmed by a thread while the pages are indexed (`StemThread`): the same stems and files as the
 * build's thread makes, none stemmed by the build's thread once the thread works, every one when it fails, and a
 * build awaiting the thread's stems is not ended by an event loop that looks empty.
 */
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type IndexStemmer, LocalIndexWriter } from '../src/search/local-index-writer';
import { PagePartMaker } from '../src/search/page-part';
import type { SearchPage } from '../src/search/records';
import { searchWordsOf } from '../src/search/search-words';
import { StemThread } from '../src/search/stem-thread';
import { loadStemmer, stemmerUrl } from '../src/search/stemmer';
import { repoRoot, runModuleScript } from './helpers';
import { pagesOf, wordsOf } from './italian-word-pages';
import { italianRecordOptions } from './search-record-options';

const words = searchWordsOf({ lang: 'it', htmlLang: 'it', synonyms: [] });
const stem = await loadStemmer('italian');

/** The index's files for `pages`, and how many words the build's thread stemmed. */
async function indexFiles(pages: SearchPage[], url: string | undefined) {
  let stemmedHere = 0;
  const stemmer: IndexStemmer = {
    file: 'stemmer.js',
    stem: (word) => {
      stemmedHere++;
      return stem(word);
    },
    url,
  };
  const files = new Map<string, string>();
  const index = new LocalIndexWriter(words, async (file, json) => void files.set(file, json), stemmer);
  const maker = new PagePartMaker(words.stopWords);
  for (const page of pages) await index.addPart(maker.partOf(page, italianRecordOptions));
  await index.end();
  return { files, stemmedHere, terms: index.held().terms };
}

test('a stem thread gives the stemmer’s stems, in the order the words were sent', async () => {
  const all = wordsOf(1000);
  const thread = new StemThread(stemmerUrl('italian'));
  thread.send(all.slice(0, 300));
  thread.send(all.slice(300, 310));
  assert.equal(await thread.stems(all.slice(310)), all.map(stem));
});

test('many words stemmed by the thread: the same files, none stemmed by the build’s thread', async () => {
  const pages = pagesOf(wordsOf(3000));
  const here = await indexFiles(pages, undefined);
  const threaded = await indexFiles(pages, stemmerUrl('italian'));
  assert.ok(here.terms > 3000, `${here.terms} words`);
  assert.is(here.stemmedHere, here.terms);
  assert.is(threaded.stemmedHere, 0);
  assert.equal([...threaded.files.keys()], [...here.files.keys()]);
  for (const [file, json] of here.files) assert.ok(threaded.files.get(file) === json, `${file} differs`);
});

test('a stem thread that cannot load its module: the build’s thread stems every word, to the same files', async () => {
  const pages = pagesOf(wordsOf(3000));
  const here = await indexFiles(pages, undefined);
  const failed = await indexFiles(pages, new URL('./no-such-stemmer.js', import.meta.url).href);
  assert.is(failed.stemmedHere, here.terms);
  for (const [file, json] of here.files) assert.ok(failed.files.get(file) === json, `${file} differs`);
});

test('a process awaiting only the thread’s stems waits for them (the thread holds it open while it owes stems)', () => {
  const module = JSON.stringify(path.join(repoRoot, 'src/search/stem-thread.ts'));
  const stemmer = JSON.stringify(path.join(repoRoot, 'src/search/stemmer.ts'));
  // Nothing else keeps the event loop alive: an unref'd thread would let the process end at the await (exit 13).
  const script = `
    const { StemThread } = await import(${module});
    const { stemmerUrl } = await import(${stemmer});
    const thread = new StemThread(stemmerUrl('italian'));
    const stems = await thread.stems(['finestre', 'compilazione']);
    process.stdout.write(stems.join(' '));`;
  const child = runModuleScript(script, {
    timeout: 60_000,
  });
  assert.is(child.status, 0, child.stderr);
  assert.is(child.stdout, `${stem('finestre')} ${stem('compilazione')}`);
});

test.run();
