/*
 * Grammar rules that compile the same patterns share one scanner (src/markdown/shared-scanners.ts): compiled once,
 * disposed when the last rule using it lets it go; a list whose runs of patterns are compiled already is searched
 * with them, and gives what its own scanner gives. That the highlighter's HTML is Shiki's own with scanners shared
 * is test/highlighter.test.ts's.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PatternScanner, RegexEngine } from 'shiki/core';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sharingScanners } from '../src/markdown/shared-scanners';

/** An engine that counts the scanners and patterns it compiles and disposes, each answering with its own number. */
function countingEngine() {
  const counts = { compiled: 0, patterns: 0, disposed: 0 };
  const engine: RegexEngine = {
    createString: (content) => ({ content }),
    createScanner(patterns): PatternScanner {
      const number = ++counts.compiled;
      counts.patterns += patterns.length;
      return {
        findNextMatchSync: (_text, start) => ({ index: number, captureIndices: [{ start, end: start, length: 0 }] }),
        dispose: () => void counts.disposed++,
      };
    },
  };
  return { engine, counts };
}

test('rules with the same patterns share a scanner, disposed with its last user', () => {
  const { engine, counts } = countingEngine();
  const shared = sharingScanners(engine);
  const a = shared.createScanner(['a+', '\\Gb']);
  const b = shared.createScanner(['a+', '\\Gb']);
  const c = shared.createScanner(['a+']);
  assert.is(counts.compiled, 2);
  assert.is(a.findNextMatchSync('aab', 1, 0)?.index, 1);
  assert.is(b.findNextMatchSync('aab', 2, 0)?.captureIndices[0]?.start, 2);
  assert.is(c.findNextMatchSync('aab', 0, 0)?.index, 2);
  a.dispose?.();
  a.dispose?.();
  // Still in use by `b`: disposing `a` twice does not free it.
  assert.is(counts.disposed, 0);
  assert.is(b.findNextMatchSync('aab', 0, 0)?.index, 1);
  b.dispose?.();
  assert.is(counts.disposed, 1);
  // Gone with its last user: the same patterns compile again.
  shared.createScanner(['a+', '\\Gb']);
  assert.is(counts.compiled, 3);
});

test('a list whose runs are compiled compiles only the rest, and gets a scanner of its own once searched often', () => {
  const { engine, counts } = countingEngine();
  const shared = sharingScanners(engine, { minRun: 2, compileAfter: 3 });
  const include = ['a', 'b', 'c', 'd'];
  const first = shared.createScanner(['end1', ...include]);
  assert.equal(counts, { compiled: 1, patterns: 5, disposed: 0 });
  // Its end pattern compiled, the included run taken from the first list's (compiled as a piece of its own).
  const second = shared.createScanner(['end2', ...include]);
  assert.equal(counts, { compiled: 3, patterns: 10, disposed: 0 });
  // A third with the same run compiles only its end.
  const third = shared.createScanner([...include, 'end3']);
  assert.equal(counts, { compiled: 4, patterns: 11, disposed: 0 });
  // Searched in its pieces three times, then compiled whole, its pieces let go of (the run is still the third's).
  for (let i = 0; i < 3; i++) second.findNextMatchSync('x', 0, 0);
  assert.equal(counts, { compiled: 4, patterns: 11, disposed: 0 });
  second.findNextMatchSync('x', 0, 0);
  assert.equal(counts, { compiled: 5, patterns: 16, disposed: 1 });
  first.dispose?.();
  second.dispose?.();
  third.dispose?.();
  assert.is(counts.disposed, counts.compiled);
});

/** Oniguruma's WebAssembly engine, as the highlighter loads it. */
const oniguruma = () =>
  createOnigurumaEngine({
    instantiator: async (imports) =>
      (
        await WebAssembly.instantiate(
          await readFile(createRequire(import.meta.url).resolve('shiki/onig.wasm')),
          imports as WebAssembly.Imports,
        )
      ).instance,
  });

test('a list searched in pieces finds what its own scanner finds: the leftmost match, its first pattern', async () => {
  const engine = await oniguruma();
  // Runs that several lists share, patterns matching at the same place (`ab`, `a`, `\w+`), anchors, lookarounds.
  const runs = [
    ['ab', '\\w+', '(?<=a)b'],
    ['a', '\\Gc', '(b)(c)?'],
    ['\\s+', '(?=d)d', '$'],
    ['^a', 'c+'],
  ];
  const ends = ['b', 'ca', '\\Ga', 'x'];
  const lists: string[][] = [];
  for (let i = 0; i < ends.length; i++)
    for (let j = 0; j < runs.length; j++) {
      const run = runs[j]!;
      const next = runs[(j + i + 1) % runs.length]!;
      lists.push([ends[i]!, ...run, ...next], [...next, ...run, ends[i]!], [...run, ends[i]!, ...next]);
    }
  const texts = ['abcab dc', 'ca  bca', 'xx', 'bcd abc  ', 'é ab'];
  for (const compileAfter of [Number.POSITIVE_INFINITY, 2]) {
    const shared = sharingScanners(engine, { minRun: 2, compileAfter });
    const scanners = lists.map((list) => shared.createScanner(list));
    for (const text of texts) {
      const string = engine.createString(text);
      for (let l = 0; l < lists.length; l++)
        for (let start = 0; start <= text.length; start++) {
          const own = engine.createScanner(lists[l]!).findNextMatchSync(string, start, 0);
          const found = scanners[l]!.findNextMatchSync(string, start, 0);
          assert.equal(found, own, `${JSON.stringify(lists[l])} in ${JSON.stringify(text)} from ${start}`);
        }
    }
  }
});

test.run();
