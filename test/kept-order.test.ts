/*
 * The service worker dates the files it keeps in the order they were answered (src/service-worker/kept-order.ts),
 * whatever order their keeping ends in: the least recently read page is the one the bound lets go of.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { keptOrder } from '../src/service-worker/kept-order';

/** A promise and what settles it, for a keeping that ends when the test says. */
function held() {
  let settle!: (ok: boolean) => void;
  const promise = new Promise<void>((resolve, reject) => {
    settle = (ok) => (ok ? resolve() : reject(new Error('quota exceeded')));
  });
  return { promise, settle };
}

test('two pages whose keeping ends in the reverse order are dated in the order they were answered', async () => {
  const dated: { key: string; at: number }[] = [];
  const order = keptOrder(async (key) => void dated.push({ key, at: Date.now() }));
  const first = held();
  const second = held();
  const both = Promise.all([order.answered('/a/', first.promise), order.answered('/b/', second.promise)]);
  // The second page's keeping ends first; the first one's a little later.
  second.settle(true);
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(dated, [], 'the second page is not dated before the first, answered before it');
  first.settle(true);
  await both;
  assert.equal(
    dated.map((d) => d.key),
    ['/a/', '/b/'],
  );
  assert.ok(dated[1]!.at > dated[0]!.at, `dated in two milliseconds: ${dated[0]!.at}, ${dated[1]!.at}`);
});

test('a failed keeping holds nothing up after it; one read from the cache is dated after those before', async () => {
  const dated: string[] = [];
  const order = keptOrder(async (key) => void dated.push(key));
  const failing = held();
  const answered = [
    order.answered('/a/', failing.promise),
    order.answered('/b/', Promise.resolve()),
    order.answered('/c/', Promise.resolve()),
  ];
  failing.settle(false);
  await Promise.all(answered);
  assert.equal(dated, ['/a/', '/b/', '/c/']);
});

test.run();
