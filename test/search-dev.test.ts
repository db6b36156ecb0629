import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLocalSearch } from '../src/client/search/local-search';
import { DevSite } from '../src/dev/dev-site';
import type { LocalIndexEntry } from '../src/shared/search/local-index-format';
import { copyFixture, removeDir, repoRoot } from './helpers';

const dir = copyFixture('basic');
const site = new DevSite({ packageRoot: repoRoot, config: path.join(dir, 'site.config.ts') }, '');

test.before(() => site.start());
test.after(async () => {
  await site.dispose();
  removeDir(dir);
});

const json = async (url: string) => {
  const response = await site.respond(url);
  assert.is(response.kind, 'data', url);
  return JSON.parse((response as { json: string }).json) as unknown;
};

/** The local search as the browser makes it, every file served by the dev site. */
const localSearch = async () =>
  createLocalSearch((await json('/it/search/local-index.json')) as LocalIndexEntry, (file) =>
    json(`/it/search/${file}`),
  );

test('docs-it dev serves the local index, its shards and the records of the current pages', async () => {
  const [hit] = await (await localSearch()).search('leggero');
  assert.is(hit?.url, '/it/v1/guides/faq', 'every page is indexed, compiled or not');
  assert.is(hit!.content, 'Perché è leggero.');
  const list = (await json('/it/search/records/list.json')) as { pieces: string[] };
  const records: { url: string }[] = [];
  for (const piece of list.pieces) records.push(...((await json(`/it/search/records/${piece}`)) as { url: string }[]));
  assert.ok(records.some((r) => r.url === '/it/v1/guides/faq'));
  // A shard the index does not name is not found, and answered as `serve` answers it: the 404 page.
  const missing = await site.respond('/it/search/text/manca.json');
  assert.equal([missing.kind, 'status' in missing && missing.status], ['page', 404]);
});

test('an edit is searchable after the update', async () => {
  const { writeFileSync } = await import('node:fs');
  const file = path.join(dir, 'content/docs/guides/faq.md');
  writeFileSync(
    file,
    '---\ntitle: FAQ\nsidebar_position: 5\n---\n\n## Domande {#domande}\n\nRisposte cambiate sulla tastiera.\n',
  );
  await site.update([file]);
  const [hit] = await (await localSearch()).search('tastiera');
  assert.is(hit?.url, '/it/v1/guides/faq');
  assert.is(hit!.content, 'Risposte cambiate sulla tastiera.');
});

test.run();
