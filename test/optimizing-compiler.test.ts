import { setFlagsFromString } from 'node:v8';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { turbofanForFiles, turbofanFromFiles, turbofanOffUntilSized } from '../src/build/optimizing-compiler';

// V8's own view of a function (`%GetOptimizationStatus`), through its natives syntax, allowed from here on.
setFlagsFromString('--allow-natives-syntax');
const statusOf = new Function('f', 'return %GetOptimizationStatus(f)') as (f: unknown) => number;
/** V8's `OptimizationStatus::kTurboFanned`. */
const turboFanned = 1 << 6;

let made = 0;

/**
 * A new function called until V8 would have optimized it (its background compile given time to end); its source
 * its own, so that V8's compilation cache does not hand back one optimized before.
 */
async function hotFunction(): Promise<(x: number) => number> {
  const body = `let s = ${made++}; for (let i = 0; i < 100; i++) s += x * i; return s;`;
  const f = new Function('x', body) as (x: number) => number;
  let sum = 0;
  for (let round = 0; round < 20 && (statusOf(f) & turboFanned) === 0; round++) {
    for (let i = 0; i < 50_000; i++) sum += f(i);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.ok(Number.isFinite(sum));
  return f;
}

test('a small cold build runs without TurboFan; a large one gets it back once its content is listed', async () => {
  assert.ok((statusOf(await hotFunction()) & turboFanned) !== 0, 'TurboFan optimizes a hot function by default');
  turbofanOffUntilSized();
  try {
    assert.is(statusOf(await hotFunction()) & turboFanned, 0, 'not before the size is known');
    turbofanForFiles(turbofanFromFiles - 1, true);
    assert.is(statusOf(await hotFunction()) & turboFanned, 0, 'not for a small build');
    turbofanForFiles(turbofanFromFiles, true);
    assert.ok((statusOf(await hotFunction()) & turboFanned) !== 0, 'a large build has it');
  } finally {
    // Whatever failed, the rest of this process keeps V8's default.
    setFlagsFromString('--turbofan');
  }
});

test('a warm build gets TurboFan back whatever its size', async () => {
  turbofanOffUntilSized();
  try {
    assert.is(statusOf(await hotFunction()) & turboFanned, 0, 'not before the size is known');
    turbofanForFiles(1, false);
    assert.ok((statusOf(await hotFunction()) & turboFanned) !== 0, 'a warm build of one file has it');
  } finally {
    setFlagsFromString('--turbofan');
  }
});

test.run();
