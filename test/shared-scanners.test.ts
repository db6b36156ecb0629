/*
 * Grammar rules that compile the same patterns share one scanner (src/markdown/shared-scanners.ts): compiled once,
 * disposed when the last rule using it lets it go. That the highlighter's HTML is Shiki's own with scanners shared
 * is test/highlighter.test.ts's.
 */
import type { PatternScanner, RegexEngine } from 'shiki/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sharingScanners } from '../src/markdown/shared-scanners';

/** An engine that counts the scanners it compiles and disposes, each answering with its own number. */
function countingEngine() {
  const counts = { compiled: 0, disposed: 0 };
  const engine: RegexEngine = {
    createString: (content) => ({ content }),
    createScanner(): PatternScanner {
      const number = ++counts.compiled;
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

test.run();
