/*
 * Who highlights a block sent ahead: the first thread to take it, and only it (see highlight-ahead).
 */
import { Worker } from 'node:worker_threads';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BlockClaim, blockClaims } from '../src/site/compile/block-claims';

test('a block taken by one thread is refused to the other, whichever came first', () => {
  const run = blockClaims();
  const worker = blockClaims();
  const part = run.newPart(1)!;
  assert.is(part.part, 0);
  assert.is(run.newPart(2), undefined, 'one buffer for many blocks');
  worker.add(part.part, part.flags);
  assert.ok(run.isFree(1) && worker.isFree(2));
  assert.ok(worker.claim(1, BlockClaim.worker));
  assert.not.ok(run.claim(1, BlockClaim.run), 'the worker took it first');
  assert.ok(run.claim(2, BlockClaim.run));
  assert.not.ok(worker.claim(2, BlockClaim.worker), 'the run took it first');
  assert.not.ok(run.isFree(1) || worker.isFree(2));
  // A block with no flag (one a compile worker is asked for) is the asking thread's.
  assert.ok(worker.claim(5000, BlockClaim.worker));
});

test('two threads taking every block at once take each exactly once', async () => {
  const run = blockClaims();
  const blocks = 3000;
  const parts = [];
  for (let id = 1; id <= blocks; id++) {
    const part = run.newPart(id);
    if (part) parts.push(part);
  }
  // The other thread takes blocks from the start while this one takes them from the end.
  const other = new Worker(
    `const { workerData, parentPort } = require('node:worker_threads');
     const taken = [];
     for (let id = 1; id <= workerData.blocks; id++) {
       const flags = workerData.parts.find((p) => p.part === Math.floor(id / 1024)).flags;
       if (Atomics.compareExchange(flags, id % 1024, 0, 1) === 0) taken.push(id);
     }
     parentPort.postMessage(taken);`,
    { eval: true, workerData: { blocks, parts } },
  );
  const theirs = new Promise<number[]>((resolve) => other.once('message', resolve));
  const ours: number[] = [];
  for (let id = blocks; id > 0; id--) if (run.claim(id, BlockClaim.run)) ours.push(id);
  const all = [...ours, ...(await theirs)].sort((a, b) => a - b);
  assert.equal(
    all,
    Array.from({ length: blocks }, (_, i) => i + 1),
  );
  await other.terminate();
});

test.run();
