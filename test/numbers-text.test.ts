/*
 * A posting list's text: `join(',')`'s, whether the engine joins it (a short list) or it is written by digits (a
 * long one), for every kind of number a list may hold.
 */
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { byDigitsFrom, NumbersText } from '../src/search/numbers-text';

/** A typed array that counts its joins: a list written by digits is never joined by the engine. */
class CountingList extends Float64Array {
  joins = 0;
  override join(separator?: string): string {
    this.joins++;
    return super.join(separator);
  }
}

const anyNumber = fc.oneof(
  fc.integer({ min: 0, max: 120 }),
  fc.integer({ min: 0, max: 2 ** 32 - 1 }),
  fc.constantFrom(0, -0, 9, 10, 99, 100, 999_999, 1_000_000, 2 ** 31, 2 ** 32 - 1),
);

test("a long list's text is join's, written without the engine's join", () => {
  fc.assert(
    fc.property(fc.array(anyNumber, { minLength: 1, maxLength: 40 }), fc.integer({ min: 0, max: 3 }), (seed, extra) => {
      // Long enough to be written by digits: the seed's numbers repeated.
      const length = byDigitsFrom + extra;
      const values = Array.from({ length }, (_, i) => seed[i % seed.length]!);
      const list = CountingList.from(values) as CountingList;
      const expected = Float64Array.from(values).join(',');
      const texts = new NumbersText();
      assert.is(texts.of(list), expected);
      assert.is(list.joins, 0);
      // A typed array's used part, and a plain array, give the same text.
      const wider = Float64Array.from([7, ...values, 8]);
      assert.is(texts.of(wider.subarray(1, length + 1)), expected);
      assert.is(texts.of(values), values.join(','));
    }),
    { numRuns: 60 },
  );
});

test('a long list holding a number digits do not write is joined whole by the engine', () => {
  const texts = new NumbersText();
  for (const odd of [2 ** 32, 2 ** 40, -1, 1.5, 1e21, Number.MAX_SAFE_INTEGER]) {
    const values = Array.from({ length: byDigitsFrom + 10 }, (_, i) => (i === byDigitsFrom ? odd : i));
    const list = CountingList.from(values) as CountingList;
    assert.is(texts.of(list), values.join(','));
    assert.is(list.joins, 1);
  }
});

test('a short list is joined by the engine; the buffer is reused from a long list to a shorter one', () => {
  const texts = new NumbersText();
  const short = CountingList.from([1, 22, 333]) as CountingList;
  assert.is(texts.of(short), '1,22,333');
  assert.is(short.joins, 1);
  const long = Array.from({ length: 3 * byDigitsFrom }, (_, i) => i * 31);
  const longer = Array.from({ length: byDigitsFrom }, (_, i) => 4_000_000_000 - i);
  assert.is(texts.of(long), long.join(','));
  assert.is(texts.of(longer), longer.join(','));
  assert.is(texts.of(long.slice(0, byDigitsFrom)), long.slice(0, byDigitsFrom).join(','));
});

test.run();
