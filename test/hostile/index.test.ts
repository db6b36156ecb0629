/*
 * `docs-it index` against a hostile or careless world, on the loopback Meilisearch double: runs at once,
 * a run that died, a temporary index deleted under a run, a swap slower than the task timeout, answers that
 * are not Meilisearch's. Every outcome must say what the live index serves.
 */
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type IndexCommandOptions, indexCommand, indexFailure } from '../../src/cli/index-command';
import { runCommand } from '../../src/cli/run-command';
import { temporaryPrefixOf } from '../../src/search/index-lock';
import type { SearchRecord } from '../../src/search/records';
import { copyFixture, removeDir, repoRoot, textReporter } from '../helpers';
import { answeredWithinMs, errorOf, type MeilisearchDouble, startMeilisearchDouble } from '../meilisearch-double';
import { writeRecordsTo } from '../records-files';

const dir = copyFixture('basic');
const config = path.join(dir, 'site.config.ts');
const live = 'docs-v1';
const tmpOf = (run: string) => `${temporaryPrefixOf(live)}_${run}`;

const recordsOf = (tag: string, n: number): SearchRecord[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `${tag}${i}`,
    hierarchy_lvl0: 'Guide',
    hierarchy_lvl1: `Pagina ${i}`,
    hierarchy_lvl2: null,
    hierarchy_lvl3: null,
    hierarchy_lvl4: null,
    hierarchy_lvl5: null,
    hierarchy_lvl6: null,
    content: `Testo ${tag} ${i}`,
    url: `/it/v1/${tag}/${i}`,
    anchor: null,
    type: 'lvl1',
    keywords: null,
    description: null,
    rank: 10090,
    lang: 'it',
    version: 'v1',
  }));
/** A build folder holding `records`. */
const buildWith = (name: string, records: SearchRecord[]) => {
  const out = path.join(dir, name);
  writeRecordsTo(out, records);
  return out;
};
const buildA = buildWith('build-a', recordsOf('a', 4014));
const buildB = buildWith('build-b', recordsOf('b', 4014));

let double: MeilisearchDouble;
/** Runs the command, its printed lines collected apart from every other run's. */
const run = async (options: Partial<IndexCommandOptions> = {}) => {
  const { reporter, text } = textReporter();
  const indexOptions = {
    packageRoot: repoRoot,
    config,
    dir: buildA,
    host: double.url,
    key: 'chiave-admin',
    env: {},
    runId: 'solo',
    lockPollMs: 20,
    waitMs: 10_000, // a hang guard: only a broken lock waits at all in most tests
    ...options,
  };
  const code = await runCommand(reporter, () => indexCommand(indexOptions, reporter), indexFailure);
  return { code, text: text() };
};
const liveIds = () => [...(double.indexes.get(live)?.documents.keys() ?? [])];
/** Which complete set of documents the live index holds: 'old', 'a', 'b', or what else it holds. */
const liveSet = () => {
  const ids = liveIds();
  if (ids.length === 1 && ids[0] === 'old-1') return 'old';
  for (const tag of ['a', 'b', 'c', 'd'])
    if (ids.length === 4014 && ids.every((id) => id.startsWith(tag)) && new Set(ids).size === 4014) return tag;
  return `${ids.length} documents: ${[...new Set(ids.map((id) => id.replace(/\d+$/, '')))].join(', ')}`;
};
/** Resolves once `ready()` holds (checked every few ms); a hang guard, far above idle time, rejects after 30 s. */
const until = async (ready: () => boolean) => {
  const guard = performance.now() + 30_000;
  while (!ready()) {
    if (performance.now() > guard) throw new Error('hang guard: waited 30 s for a step of the test');
    await new Promise((r) => setTimeout(r, 5));
  }
};
const noStack = (text: string) => assert.not.match(text, /\n\s+at /, 'no stack trace');

test.before.each(async () => {
  double = await startMeilisearchDouble({ masterKey: 'chiave-admin' });
  double.seed(live, [{ id: 'old-1', url: '/it/vecchia', lang: 'it', version: 'v1' }], {
    filterableAttributes: ['lang', 'version'],
  });
});
test.after.each(async () => {
  await double.close();
});
test.after(() => removeDir(dir));

/** The runs whose batches were sent, in the order they were sent, one entry per change of run. */
const batchOrder = () => {
  // From the requests: a swap renames the index of the tasks it swaps, as Meilisearch does.
  const runs = double.requests
    .filter((r) => r.method === 'POST' && r.path.endsWith('/documents'))
    .map((r) => r.path.split('/')[2]!.replace(/_\d+$/, ''));
  return { count: runs.length, order: runs.filter((r, i) => r !== runs[i - 1]) };
};
const noTemporaryLeft = () =>
  assert.equal(
    [...double.indexes.keys()].filter((uid) => uid.includes('_docs_it_tmp')),
    [],
    'no temporary index left',
  );

test('a run that starts while another fills the index waits for it; the live index is always whole', async () => {
  const seen = new Set<string>();
  double.options.failTask = () => {
    seen.add(liveSet());
    return undefined;
  };
  // The first run's first batch is held until the second run has looked at the indexes: they overlap.
  let held = false;
  double.options.holdTask = (task) => {
    if (held || task.type !== 'documentAdditionOrUpdate') return undefined;
    held = true;
    const mark = double.requests.length;
    return until(() => double.requests.slice(mark).some((r) => r.method === 'GET' && r.path === '/indexes'));
  };
  const first = run({ dir: buildA, runId: 'runA' });
  await until(() => held);
  // The second run waits for the whole first one: its wait limit is only a hang guard here.
  const b = await run({ dir: buildB, runId: 'runB', waitMs: 120_000 });
  const a = await first;
  assert.is(a.code, 0, a.text);
  assert.is(b.code, 0, b.text);
  seen.add(liveSet());
  assert.equal(
    [...seen].filter((set) => !['old', 'a', 'b'].includes(set)),
    [],
    'readers saw only the old index or one run complete',
  );
  assert.match(b.text, `waiting: another docs-it index run is filling docs-v1 through ${tmpOf('runA')} (created 20`);
  assert.not.match(a.text, 'waiting');
  const { count, order } = batchOrder();
  assert.is(count, 10);
  assert.equal(order, [tmpOf('runA'), tmpOf('runB')], 'the second run sent its batches after the first');
  assert.is(liveSet(), 'b');
  assert.match(a.text, 'docs-v1 now serves the 4014 documents of this run');
  assert.match(b.text, 'docs-v1 now serves the 4014 documents of this run');
  noTemporaryLeft();
});

test('four runs started at once go one after the other, and the live index is always one of them whole', async () => {
  const seen = new Set<string>();
  double.options.failTask = () => {
    seen.add(liveSet());
    return undefined;
  };
  const tags = ['a', 'b', 'c', 'd'];
  const builds = [
    buildA,
    buildB,
    buildWith('build-c', recordsOf('c', 4014)),
    buildWith('build-d', recordsOf('d', 4014)),
  ];
  // However the four interleave, each waits for the others (the wait limit is only a hang guard here).
  const results = await Promise.all(
    tags.map((tag, i) => run({ dir: builds[i], runId: `run${tag.toUpperCase()}`, waitMs: 120_000 })),
  );
  for (const r of results) assert.is(r.code, 0, r.text);
  seen.add(liveSet());
  assert.equal(
    [...seen].filter((set) => !['old', ...tags].includes(set)),
    [],
    'readers saw only the old index or one run complete',
  );
  const { count, order } = batchOrder();
  assert.is(count, 20);
  assert.is(order.length, 4, `batches of the runs interleaved: ${order.join(' ')}`);
  assert.is(liveSet(), order[3]!.slice(-1).toLowerCase(), 'the last run to send its batches is live');
  noTemporaryLeft();
});

test('--wait 0: the later run refuses, says who holds the index and what is live, and leaves it alone', async () => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  double.options.holdTask = (task) =>
    task.type === 'documentAdditionOrUpdate' && task.indexUid === tmpOf('first') ? released : undefined;
  const first = run({ runId: 'first' });
  await until(() => double.tasks.some((t) => t.type === 'documentAdditionOrUpdate' && t.status === 'processing'));
  const second = await run({ dir: buildB, runId: 'second', waitMs: 0 });
  assert.is(second.code, 1, second.text);
  assert.match(
    second.text,
    `✖ Meilisearch: another docs-it index run is filling ${live} through ${tmpOf('first')} (created 20`,
  );
  assert.match(second.text, 'This run did not change docs-v1: docs-v1 serves 1 document now.');
  assert.match(second.text, `DELETE /indexes/${tmpOf('first')}`);
  noStack(second.text);
  assert.not.ok(double.indexes.has(tmpOf('second')), 'the refused run removed its own temporary index');
  assert.ok(double.indexes.has(tmpOf('first')), "and left the other run's alone");
  release();
  const done = await first;
  assert.is(done.code, 0, done.text);
  assert.is(liveSet(), 'a');
});

test('a run that died left its temporary index: the next run removes it and goes on', async () => {
  // 14 documents of a run that stopped an hour ago, by the server's clock.
  double.seed(
    tmpOf('dead'),
    recordsOf('dead', 14) as unknown as Record<string, unknown>[],
    {},
    new Date(Date.now() - 3_600_000),
  );
  const { code, text } = await run();
  assert.is(code, 0, text);
  assert.match(text, `removed ${tmpOf('dead')}, left by a run that stopped (last activity 20`);
  assert.is(liveSet(), 'a');
  assert.not.ok(double.indexes.has(tmpOf('dead')));
});

test('the temporary index of an older docs-it that died is removed too', async () => {
  double.seed(temporaryPrefixOf(live), [{ id: 'x' }], {}, new Date(Date.now() - 3_600_000));
  const { code, text } = await run();
  assert.is(code, 0, text);
  assert.match(text, `removed ${temporaryPrefixOf(live)}, left by a run that stopped`);
});

test('a run still at work is not taken for dead: a later run waits for it, then refuses after --wait', async () => {
  // A temporary index with activity a moment ago, by the server's clock: its run is alive.
  double.seed(tmpOf('busy'), [], {});
  // The wait must outlast the run's first look at the other runs (a few requests), however loaded the machine:
  // under a shorter one the run refused before that look, without saying it waited.
  const { code, text } = await run({ waitMs: answeredWithinMs });
  assert.is(code, 1, text);
  assert.match(text, `waiting: another docs-it index run is filling ${live} through ${tmpOf('busy')}`);
  assert.match(text, `✖ Meilisearch: another docs-it index run is filling ${live} through ${tmpOf('busy')}`);
  assert.match(text, 'This run did not change docs-v1: docs-v1 serves 1 document now.');
  assert.ok(double.indexes.has(tmpOf('busy')), 'the busy index is left alone');
  assert.not.ok(double.indexes.has(tmpOf('solo')), 'the refused run removed its own');
  assert.is(liveSet(), 'old');
});

test('a temporary index deleted under a run (Meilisearch re-creates it, partly) never goes live', async () => {
  // The second batch is held while the index, holding the first, is deleted (as another process's DELETE
  // would): Meilisearch then creates it again with the second batch and the ones after.
  let batches = 0;
  let release!: () => void;
  double.options.holdTask = (task) => {
    if (task.type !== 'documentAdditionOrUpdate' || ++batches !== 2) return undefined;
    return new Promise<void>((resolve) => {
      release = resolve;
    });
  };
  const running = run();
  await until(() => batches === 2);
  double.indexes.delete(tmpOf('solo'));
  release();
  const { code, text } = await running;
  assert.is(code, 1, text);
  assert.match(text, `✖ Meilisearch: the temporary index ${tmpOf('solo')} changed under this run`);
  assert.match(text, 'This run did not change docs-v1: docs-v1 serves 1 document now.');
  assert.is(liveSet(), 'old');
});

test('a swap slower than the task timeout is reported as pending, with what is live now and after', async () => {
  let release!: () => void;
  double.options.holdTask = (task) =>
    task.type === 'indexSwap'
      ? new Promise<void>((resolve) => {
          release = resolve;
        })
      : undefined;
  // The other tasks are done before their wait starts: only the held swap can run out of time.
  double.options.pace = 'instant';
  const { code, text } = await run({ timeOutMs: 300, intervalMs: 20 });
  assert.is(code, 1, text);
  const swap = double.tasks.find((t) => t.type === 'indexSwap')!;
  assert.match(text, `✖ Meilisearch: timeout of 300ms has exceeded on process ${swap.uid}`);
  assert.match(text, `The swap of ${tmpOf('solo')} into docs-v1 (task ${swap.uid}) had not finished`);
  assert.match(text, 'docs-v1 serves 1 document now; once the task succeeds, docs-v1 serves the 4014 documents');
  assert.match(text, `The deletion of ${tmpOf('solo')} is queued after it`);
  assert.not.match(text, 'did not change');
  // The swap goes through later: the new documents are live and the old ones are deleted behind it.
  release();
  await until(() => double.tasks.every((t) => t.status === 'succeeded' || t.status === 'failed'));
  assert.is(liveSet(), 'a');
  assert.not.ok(double.indexes.has(tmpOf('solo')));
});

test('a swap request that gets no answer is never "not changed": it may have been enqueued', async () => {
  double.options.breakRequest = (method, p) => (method === 'POST' && p === '/swap-indexes' ? 'hang' : undefined);
  const { code, text } = await run({ requestTimeoutMs: answeredWithinMs });
  assert.is(code, 1, text);
  assert.match(text, '✖ Meilisearch: the server did not answer in time');
  assert.match(text, 'got no answer: it may have been enqueued');
  assert.not.match(text, 'did not change');
});

test('a live index this run had to create says so when the swap then fails', async () => {
  double.indexes.delete(live);
  double.options.failTask = (task) =>
    task.type === 'indexSwap' ? errorOf('index_not_found', 'invalid_request', 'Index `x` not found.') : undefined;
  const { code, text } = await run();
  assert.is(code, 1, text);
  assert.match(
    text,
    'docs-v1 did not exist: this run created it, empty, before failing; docs-v1 serves 0 documents now.',
  );
});

for (const [answer, broken, path, expected] of [
  ['an HTML page with status 200', 200, '/indexes', 'HTTP 200 OK with an HTML page (text/html'],
  ['an empty body', 'empty', '/tasks', 'HTTP 200 OK with an empty body'],
  ['JSON cut short', 'malformed', '/indexes', 'HTTP 200 OK with JSON cut short'],
  ['JSON of another service', 'foreign', '/stats', 'index stats without numberOfDocuments'],
] as const) {
  test(`an answer that is ${answer} is named as such, never "reading '…'"`, async () => {
    double.options.breakRequest = (method, p) =>
      method === 'GET' && (p === path || p.endsWith(path) || p.startsWith(`${path}/`)) ? broken : undefined;
    const { code, text } = await run();
    assert.is(code, 1, text);
    assert.match(text, `✖ Meilisearch: the server at ${double.url}/ did not answer as Meilisearch does: ${expected}`);
    assert.match(text, 'Check --host');
    assert.not.match(text, /reading '|undefined/);
    noStack(text);
    assert.is(liveSet(), 'old');
  });
}

test('an answer of a proxy with an error status is named, with its status', async () => {
  double.options.breakRequest = (method, p) => (method === 'POST' && p.endsWith('/documents') ? 503 : undefined);
  const { code, text } = await run();
  assert.is(code, 1, text);
  assert.match(text, 'did not answer as Meilisearch does: HTTP 503 Service Unavailable with an HTML page');
  assert.match(text, 'This run did not change docs-v1: docs-v1 serves 1 document now.');
  assert.is(liveSet(), 'old');
});

test.run();
