/*
 * The search records' pieces (src/search/records-files.ts) are named by what the site holds: the same site gives
 * the same files whichever docs-it built it, though a build's keys (its code's version among them) differ.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { RecordsPieces } from '../src/search/records-files';

/** The files a run of pieces writes, by path, with the keys they were given (none for a whole file). */
async function written(keys: (string | undefined)[], urls: string[]): Promise<Map<string, string | undefined>> {
  const files = new Map<string, string | undefined>();
  const pieces = new RecordsPieces('/it/', {
    file: async (path) => void files.set(path, undefined),
    keyed: async (path, key) => void files.set(path, key),
  });
  for (const [i, url] of urls.entries()) await pieces.add(url, Buffer.from(`{"n":${i}}`), keys[i]);
  await pieces.end(urls.length);
  return files;
}

test("a piece's file is named by its run's first page, not by the run's key", async () => {
  const urls = ['/it/a', '/it/b'];
  const one = await written(['chiave-1', 'chiave-2'], urls);
  const other = await written(['altra-1', 'altra-2'], urls);
  const none = await written([undefined, undefined], urls);
  assert.equal([...one.keys()], [...other.keys()], 'other keys (another docs-it), the same files');
  assert.equal([...one.keys()], [...none.keys()], 'without keys, the same files');
  assert.equal([...one.values()], ['chiave-1', 'chiave-2', undefined], 'the keys still say when a piece is kept');
  assert.is.not([...one.keys()][0], [...one.keys()][1], 'two runs, two files');
  assert.ok([...one.keys()].every((file) => file.startsWith('it/search/records/')));
});

test.run();
