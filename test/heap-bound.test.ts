/*
 * The build's thread's heap bound (src/site/heap-bound.ts): it collects once the heap has grown past a share of
 * what it kept at the last collection, not before, and the collection it calls is a real one.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { HeapBound } from '../src/site/heap-bound';

const mb = 1024 * 1024;

/** A heap that grows by `perCall` on each call, of which a collection keeps `kept`. */
function fakeHeap(kept: number, perCall: number) {
  const heap = { used: kept, collections: 0 };
  return {
    heap,
    collect: () => {
      heap.collections++;
      heap.used = kept;
    },
    used: () => (heap.used += perCall),
  };
}

test('collects once the heap grew past half of what it kept (at least 64 MB), then from what it kept then', () => {
  const { heap, collect, used } = fakeHeap(1000 * mb, 1 * mb);
  const bound = new HeapBound(collect, used, 1000 * mb);
  // Looked at every 32 calls: 1 MB a look, so 500 MB of growth takes 500 looks.
  for (let i = 0; i < 32 * 499; i++) bound.check();
  assert.is(heap.collections, 0);
  for (let i = 0; i < 32 * 2; i++) bound.check();
  assert.is(heap.collections, 1);
  for (let i = 0; i < 32 * 499; i++) bound.check();
  assert.is(heap.collections, 1);
  for (let i = 0; i < 32 * 2; i++) bound.check();
  assert.is(bound.collections, 2);
});

test('a small heap grows by the floor, 64 MB, before a collection', () => {
  const { heap, collect, used } = fakeHeap(10 * mb, 1 * mb);
  const bound = new HeapBound(collect, used, 10 * mb);
  for (let i = 0; i < 32 * 63; i++) bound.check();
  assert.is(heap.collections, 0);
  for (let i = 0; i < 32 * 2; i++) bound.check();
  assert.is(heap.collections, 1);
});

test("a collection V8 made itself lowers the bound: the heap's least size seen since is what it kept", () => {
  let used = 400 * mb;
  let collections = 0;
  const bound = new HeapBound(
    () => {
      collections++;
      used = 200 * mb;
    },
    () => used,
  );
  // V8 collects: the heap falls to 200 MB, then grows by 150 MB (past 200 MB's bound, 300 MB; not 400 MB's, 600 MB).
  used = 200 * mb;
  for (let i = 0; i < 32; i++) bound.check();
  used = 350 * mb;
  for (let i = 0; i < 32; i++) bound.check();
  assert.is(collections, 1);
});

test('without a collector it does nothing', () => {
  const bound = new HeapBound(null, () => 1e12, 0);
  for (let i = 0; i < 1000; i++) bound.check();
  assert.is(bound.collections, 0);
});

test("this Node's full collection is found and frees what nothing holds", async () => {
  const bound = new HeapBound();
  assert.ok((bound as unknown as { collect: unknown }).collect, 'a collector');
  // Weakly held, an object is gone after one full collection.
  let target: object | undefined = { big: new Array(1000).fill(0) };
  const ref = new WeakRef(target);
  target = undefined;
  // A WeakRef's target is kept until the current job ends.
  await new Promise((resolve) => setTimeout(resolve, 0));
  (bound as unknown as { collect: () => void }).collect();
  assert.is(ref.deref(), undefined);
});

test.run();
