/*
 * A compile or render worker is stopped only once its module has been evaluated (src/site/worker-end.ts): V8 aborts
 * the whole process when a termination lands while a module with top-level await is being evaluated, and a worker
 * started ahead of its work (the highlighting worker started with a cold build) may be stopped that early.
 */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CompileInput } from '../src/markdown/compile-page';
import type { RenderShared } from '../src/render/render-protocol';
import { createCompilePool } from '../src/site/compile/compile-pool';
import { highlightAhead } from '../src/site/compile/highlight-ahead';
import { createRenderPool } from '../src/site/files/render-pool';
import { processTmpDir } from './build-outputs';
import { repoRoot } from './helpers';

const script = path.join(repoRoot, 'test/fixtures/workers/slow-loading-worker.mjs');
let markers = 0;

/** Runs `stopEarly` with a fresh marker file for the workers it starts; says whether their modules were evaluated. */
async function evaluatedBeforeStopped(stopEarly: () => Promise<void>): Promise<boolean> {
  const marker = path.join(processTmpDir(), `worker-evaluated-${++markers}`);
  // A worker's environment is a copy of this thread's when it starts.
  process.env.SLOW_WORKER_MARKER = marker;
  try {
    await stopEarly();
  } finally {
    delete process.env.SLOW_WORKER_MARKER;
  }
  const evaluated = existsSync(marker);
  rmSync(marker, { force: true });
  return evaluated;
}

test('the highlighting worker closed as soon as it is started is stopped once its module is evaluated', async () => {
  assert.ok(await evaluatedBeforeStopped(() => highlightAhead(script).close()));
});

test('compile workers closed while they load are stopped once their module is evaluated', async () => {
  const evaluated = await evaluatedBeforeStopped(async () => {
    const pool = createCompilePool({ size: 1, eager: true, script, highlight: async () => '' });
    // A page starts the worker (it waits for it: the stand-in compiles nothing).
    pool.compile({ file: 'docs/a.md', body: 'a' } as CompileInput).catch(() => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    assert.is(pool.started, 1);
    await pool.close();
  });
  assert.ok(evaluated);
});

test('render workers closed while they load are stopped once their module is evaluated', async () => {
  const evaluated = await evaluatedBeforeStopped(() =>
    createRenderPool({ size: 1, shared: {} as RenderShared, warn: () => undefined, script }).close(),
  );
  assert.ok(evaluated);
});

test.run();
