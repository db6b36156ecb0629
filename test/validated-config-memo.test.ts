/*
 * A run keeps the config it validated, and the next run whose config is the same data takes it instead of loading
 * the schemas and validating again. Anything the memo could not key or restore exactly is validated every run.
 */
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { digestText } from '../src/cache/digest';
import type { SiteFolderFacts } from '../src/config/config-defaults';
import { loadConfig } from '../src/config/load-config';
import type { SiteConfig } from '../src/config/site-schema';
import { isPlainData, type ValidatedConfigs, validatedConfig } from '../src/config/validated-config-memo';
import { repoRoot } from './helpers';

/** A memo in memory, counting what it was asked. */
function memoryMemo(version = 'v1'): ValidatedConfigs & { gets: number; hits: number; sets: number } {
  const kept = new Map<string, unknown>();
  const memo = {
    gets: 0,
    hits: 0,
    sets: 0,
    keyOf: (input: string) => digestText(`${version}\0${input}`),
    get(key: string) {
      memo.gets++;
      const value = kept.get(key);
      if (value !== undefined) memo.hits++;
      return value;
    },
    set(key: string, value: unknown) {
      memo.sets++;
      kept.set(key, structuredClone(value));
    },
  };
  return memo;
}

const facts: SiteFolderFacts = { hasDocs: true, hasBlog: false, hasDefaultFavicon: false };

/** A validation that counts its calls and gives the input back, marked. */
function countingValidation() {
  const calls: unknown[] = [];
  return {
    calls,
    of: (input: unknown) => async () => {
      calls.push(input);
      return { validated: input } as unknown as SiteConfig;
    },
  };
}

test('plain data: primitives, undefined, dense arrays and plain objects, nested', () => {
  assert.ok(isPlainData({ a: 1, b: 'x', c: [true, null, undefined], d: { e: -0, f: Number.NaN }, g: undefined }));
  assert.ok(isPlainData(Object.assign(Object.create(null), { a: [1, [2, [3]]] })));
  const shared = { x: 1 };
  assert.ok(isPlainData({ one: shared, two: shared }), 'an object met twice');
});

test('not plain data: a function, a class instance, a Date, a Map, a symbol key, a getter, a hole, hidden', () => {
  class Point {
    x = 1;
  }
  const holed = [1, 2, 3];
  delete holed[1];
  const hidden = { a: 1 };
  Object.defineProperty(hidden, 'b', { value: 2, enumerable: false });
  for (const [what, value] of [
    ['a function', { editUrl: () => 'x' }],
    ['a class instance', { point: new Point() }],
    ['a Date', { when: new Date(0) }],
    ['a Map', { map: new Map() }],
    ['a symbol key', { [Symbol('s')]: 1 }],
    [
      'a getter',
      {
        get title() {
          return 'x';
        },
      },
    ],
    ['a hole', { list: holed }],
    ['a hidden key', hidden],
    ['a bigint', { n: 1n }],
  ] as const) {
    assert.not.ok(isPlainData(value), what);
  }
});

test('the same data is validated once: a second run with an equal config takes the kept one', async () => {
  const memo = memoryMemo();
  const validation = countingValidation();
  const input = () => ({ title: 'Site', docs: { sidebars: { guides: ['a', 'b'] } }, url: undefined });
  const first = await validatedConfig(input(), facts, validation.of(input()), memo);
  const second = await validatedConfig(input(), facts, validation.of(input()), memo);
  assert.is(validation.calls.length, 1);
  assert.equal(second, first);
  assert.is(memo.hits, 1);
});

test('another value, another key, other folder facts or another validation code: validated again', async () => {
  const memo = memoryMemo();
  const validation = countingValidation();
  const run = (input: unknown, f = facts, m: ValidatedConfigs = memo) =>
    validatedConfig(input, f, validation.of(input), m);
  await run({ title: 'Site' });
  await run({ title: 'Other' });
  await run({ title: 'Site', url: undefined });
  await run({ title: 'Site' }, { ...facts, hasBlog: true });
  const kept = await run({ title: 'Other' });
  assert.equal(kept, { validated: { title: 'Other' } }, 'the kept value is the one of its input');
  assert.is(validation.calls.length, 4, 'each distinct input validated once');
  await run({ title: 'Site' }, facts, memoryMemo('v2'));
  assert.is(validation.calls.length, 5, 'a new version of the validation code');
});

test('a config holding a function is validated every run and nothing is kept; so is one that fails', async () => {
  const memo = memoryMemo();
  const validation = countingValidation();
  const input = { title: 'Site', docs: { editUrl: () => 'https://example.org' } };
  await validatedConfig(input, facts, validation.of(input), memo);
  await validatedConfig(input, facts, validation.of(input), memo);
  assert.is(validation.calls.length, 2);
  assert.is(memo.sets, 0);
  const failing = async () => {
    throw new Error('bad config');
  };
  for (let i = 0; i < 2; i++) {
    try {
      await validatedConfig({ title: 1 }, facts, failing, memo);
      assert.unreachable('the failure is thrown');
    } catch (error) {
      assert.is((error as Error).message, 'bad config');
    }
  }
  assert.is(memo.sets, 0, 'a failed validation is not kept');
});

test("the real site's config taken from the memo is the one its validation gives", async () => {
  const memo = memoryMemo();
  const options = { packageRoot: repoRoot, config: path.join(repoRoot, 'site.config.ts') };
  const validatedNow = await loadConfig(options, undefined, memo);
  assert.is(memo.sets, 1, 'the real config is kept');
  const taken = await loadConfig(options, undefined, memo);
  assert.is(memo.hits, 1, 'and taken by the next load');
  assert.equal(taken.site, validatedNow.site);
  assert.equal(taken.site, (await loadConfig(options)).site, 'the same as a load without a memo');
});

test.run();
