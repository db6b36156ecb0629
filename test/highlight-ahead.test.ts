/*
 * The worker that highlights ahead of the build's thread: it gives the same HTML as a highlighter in this
 * thread, and it starts without the markdown pipeline (it is never sent a page).
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import path from 'node:path';
import { BroadcastChannel, Worker } from 'node:worker_threads';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadCodeVersions } from '../src/cache/load-code-versions';
import { createCache } from '../src/cache/stage-cache';
import { backgroundWrites } from '../src/disk/background-writes';
import { type CodeBlock, createHighlighter } from '../src/markdown/highlighter';
import { compileWorkerScript } from '../src/site/compile/compile-pool';
import type { ToWorker } from '../src/site/compile/compile-protocol';
import { createCompiler } from '../src/site/compile/compiler';
import type { ExecutionPlan } from '../src/site/compile/execution-plan';
import { highlightAhead } from '../src/site/compile/highlight-ahead';
import { startRun } from '../src/site/run';
import { processTmpDir } from './build-outputs';
import { plainPageInput } from './compile-inputs';
import { removeDir, repoRoot } from './helpers';

const script = compileWorkerScript(repoRoot, undefined);

test('a block highlighted ahead is the HTML this thread would make', async () => {
  const block: CodeBlock = {
    code: 'fn main() {\n  println!("ciao");\n}\n',
    lang: 'rust',
    highlightLines: [2],
    showLineNumbers: true,
  };
  const ahead = highlightAhead(script);
  try {
    ahead.send(block);
    const html = await ahead.take(block);
    assert.is(html, await createHighlighter().highlight(block));
    assert.is(ahead.taken, 1);
    assert.is(ahead.failed, undefined);
  } finally {
    await ahead.close();
  }
});

/** A block of `lang`, as a page would have it. */
const blockOf = (lang: string | null, code: string): CodeBlock => ({
  lang,
  code,
  highlightLines: [],
  showLineNumbers: false,
});
/**
 * Blocks whose HTML would depend on the languages their thread highlighted before them, were the highlighter not
 * made to keep it from doing so (test/highlighter.test.ts), with blocks of a plain grammar and plain text.
 */
const mixedBlocks = (): CodeBlock[] => [
  blockOf('markdown', '# Titolo\n\n```js\nimport Box from "./Box";\n```\n\n```nix\n{ pkgs }: pkgs.hello\n```'),
  blockOf(
    'vue',
    '<template>\n  <p v-if="ok">{{ testo }}</p>\n</template>\n<script setup lang="ts">\nconst ok = 1;\n</script>',
  ),
  blockOf('svelte', '<script lang="ts">\n  let n: number = 0;\n</script>\n<p>{n}</p>'),
  blockOf('mdx', "import Box from './Box';\n\n```rust\nfn main() {}\n```\n\n<Box />"),
  ...Array.from({ length: 8 }, (_, i) => blockOf('rust', `fn f${i}() -> u32 {\n    ${i} + 1\n}`)),
  ...Array.from({ length: 4 }, (_, i) => blockOf(null, `uscita ${i}`)),
];
/** The worker that waits for this thread to take a block (`held-worker.mjs`). */
const heldScript = path.join(repoRoot, 'test/fixtures/workers/held-worker.mjs');
/** What the held worker says of each block ahead it answers for, by id: whether it skipped it. */
const workerAnswers = () => {
  const channel = new BroadcastChannel('highlighting-worker');
  const answers = new Map<number, boolean>();
  const waiting: (() => void)[] = [];
  channel.onmessage = (event) => {
    const { id, skipped } = (event as { data: { id: number; skipped: boolean } }).data;
    answers.set(id, skipped);
    for (const wake of waiting.splice(0)) wake();
  };
  return {
    answers,
    /** Resolves once the worker has answered for `n` blocks. */
    until: (n: number) =>
      new Promise<void>(function check(resolve) {
        if (answers.size >= n) resolve();
        else waiting.push(() => check(resolve));
      }),
    close: () => channel.close(),
  };
};

test("a block waited for that the worker has not started is this thread's: each highlighted once, alike", async () => {
  const blocks = mixedBlocks();
  const here = createHighlighter();
  // This thread has used every grammar of the blocks (and more) before: what it highlights must not differ.
  for (const lang of ['markdown', 'vue', 'svelte', 'mdx', 'rust', 'nix', 'typescript', 'css'])
    await here.highlight(blockOf(lang, 'x'));
  const answers = workerAnswers();
  const ahead = highlightAhead(heldScript, { here });
  try {
    for (const block of blocks) ahead.send(block);
    // The worker starts only once this thread has taken a block: the last one sent, the block waited for here.
    const last = await ahead.take(blocks.at(-1)!);
    assert.is(ahead.highlightedHere, 1);
    const html = await Promise.all(blocks.map((block) => ahead.take(block)));
    assert.is(html.at(-1), last);
    const fresh = createHighlighter();
    for (const [i, block] of blocks.entries())
      assert.is(html[i], await fresh.highlight(block), block.lang ?? 'plain text');
    // Every block answered for: the worker skipped exactly those this thread highlighted (a block both highlighted
    // would be one more here than skipped there), and highlighted the rest.
    await answers.until(blocks.length);
    const skipped = [...answers.answers.values()].filter(Boolean).length;
    assert.is(skipped, ahead.highlightedHere, 'the worker skipped each block this thread took, and only those');
    assert.is(ahead.taken, blocks.length - ahead.highlightedHere);
  } finally {
    await ahead.close();
    answers.close();
  }
});

test('a highlighting worker has no page compiler: a page sent to it stops it', async () => {
  const worker = new Worker(script, { workerData: { highlightOnly: true } });
  const stopped = new Promise<Error>((resolve, reject) => {
    worker.on('error', resolve);
    worker.on('message', (message: { type: string }) => {
      if (message.type === 'compiled') reject(new Error('the page was compiled'));
    });
  });
  const input = { file: 'docs/intro.md' } as Extract<ToWorker, { type: 'compile' }>['input'];
  worker.postMessage({ type: 'compile', id: 1, input, text: 1 } satisfies ToWorker);
  try {
    assert.match((await stopped).message, 'a highlighting worker was sent a page to compile');
  } finally {
    await worker.terminate();
  }
});

/** Cache folders of the compiler's tests, inside the repo as the fixtures' copies are. */
const tmp = processTmpDir();
const cacheDirs: string[] = [];
test.after(async () => {
  // The compilers' cache entries are written by the writing thread (a build waits for them before it returns):
  // removed before they land, their folders would be made again.
  await backgroundWrites().flush();
  for (const dir of cacheDirs) removeDir(dir);
});
const freshCacheDir = () => {
  mkdirSync(tmp, { recursive: true });
  const dir = mkdtempSync(path.join(tmp, 'highlight-early-'));
  cacheDirs.push(dir);
  return dir;
};
/** A cache that keeps nothing from before (`--no-cache`), as a cold build's. */
const coldCache = async () =>
  createCache({ versions: await loadCodeVersions(repoRoot), dir: freshCacheDir(), mode: 'build', reuse: false });
/**
 * A compiler whose cache keeps nothing from before, as a cold build's; `setV8Flags` also hears of each full
 * collection it asks for (as `gc`).
 */
const coldCompiler = async (setV8Flags?: (flags: string) => void, heapBoundAfter?: number) =>
  createCompiler({
    cache: await coldCache(),
    script,
    ...(setV8Flags ? { setV8Flags, collectGarbage: () => setV8Flags('gc') } : {}),
    ...(heapBoundAfter !== undefined ? { heapBoundAfter } : {}),
  });
const page = plainPageInput;
/**
 * A compiler whose cache keeps a highlighted block from a previous build, so the build starts warm; `setV8Flags`
 * also hears of each full collection it asks for (as `gc`).
 */
const warmCompiler = async (setV8Flags: (flags: string) => void, heapBoundAfter: number) => {
  const versions = await loadCodeVersions(repoRoot);
  const dir = freshCacheDir();
  const kept = createCache({ versions, dir, mode: 'build' });
  const block: CodeBlock = { code: 'fn main() {}', lang: 'rust', highlightLines: [], showLineNumbers: false };
  await kept.stage('highlight', async () => '<pre>fn main() {}</pre>')(block);
  kept.save();
  return createCompiler({
    cache: createCache({ versions, dir, mode: 'build' }),
    script,
    setV8Flags,
    collectGarbage: () => setV8Flags('gc'),
    heapBoundAfter,
  });
};
const plan = (highlightAheadFrom: number | undefined, workers = 0): ExecutionPlan => ({
  workers,
  eager: false,
  highlightAheadFrom,
  held: undefined,
  maxMemoryMb: undefined,
  heapGrowingPercent: undefined,
  collectWhenBounded: false,
  endHeapGrowingPercent: undefined,
});
const rust = '```rust\nfn main() {\n    avvia();\n}\n```\n';
const ts = '```ts\nconst x: number = 1;\n```\n';
const sh = '```sh\necho ciao\n```\n';
const withTwoBlocks = `# Codice\n\n${rust}\n${ts}`;
/** A content file's markdown as a build sends it to the worker started early. */
const early = (file: string, body: string) => ({ file, body });

test('a worker started before the pages are known is kept: it highlights the blocks the pages then need', async () => {
  const reference = await coldCompiler();
  const compiler = await coldCompiler();
  try {
    // Three blocks in the content read, two in the pages compiled: below the plan's three, only the worker
    // started early highlights ahead.
    compiler.highlightEarly([early('a.md', withTwoBlocks), early('b.md', `# Altro\n\n${sh}`)], 3);
    compiler.follow(plan(3), [page('a.md', withTwoBlocks)]);
    const compiled = await compiler.compile(page('a.md', withTwoBlocks));
    assert.is(compiler.highlightedAhead, 2);
    reference.follow(plan(undefined));
    assert.equal(compiled, await reference.compile(page('a.md', withTwoBlocks)));
    assert.is(reference.highlightedAhead, 0);
  } finally {
    await Promise.all([compiler.close(), reference.close()]);
  }
});

test("a page whose file was sent early is not looked at again: only the other pages' blocks are sent", async () => {
  const compiler = await coldCompiler();
  try {
    compiler.highlightEarly([early('a.md', withTwoBlocks)], 2);
    const read: string[] = [];
    const watched = (file: string, body: string) =>
      Object.defineProperty(page(file, body), 'body', {
        enumerable: true,
        get: () => {
          read.push(file);
          return body;
        },
      });
    const other = `# Altro\n\n${sh}`;
    compiler.follow(plan(2), [watched('a.md', withTwoBlocks), watched('b.md', other)]);
    assert.equal(read, ['b.md'], "a.md's blocks were sent early");
    await compiler.compile(page('a.md', withTwoBlocks));
    await compiler.compile(page('b.md', other));
    assert.is(compiler.highlightedAhead, 3, "b.md's block was sent by follow");
  } finally {
    await compiler.close();
  }
});

test('a page whose blocks this thread partly highlighted as it waited compiles as if the worker did all', async () => {
  const reference = await coldCompiler();
  const compiler = createCompiler({ cache: await coldCache(), script: heldScript });
  const answers = workerAnswers();
  // A page compiled before the plan is followed has its block highlighted here: this thread has Rust's grammar. The
  // next page's Rust block, last sent, is then the one this thread takes as it waits for the TypeScript one; the
  // worker, held until a block is taken, highlights that one.
  const first = `# Uno\n\n${rust}`;
  const body = `# Codice\n\n${ts}\n\`\`\`rust\nfn altro() {}\n\`\`\`\n`;
  try {
    await compiler.compile(page('uno.md', first));
    compiler.follow(plan(1), [page('a.md', body)]);
    const compiled = await compiler.compile(page('a.md', body));
    assert.is(compiler.highlightedAhead, 1);
    reference.follow(plan(undefined));
    assert.equal(compiled, await reference.compile(page('a.md', body)));
    await answers.until(2);
    const skippedById = [...answers.answers].sort(([a], [b]) => a - b).map(([, skipped]) => skipped);
    assert.equal(skippedById, [false, true], 'the worker skipped the block taken here, and only it');
  } finally {
    await Promise.all([compiler.close(), reference.close()]);
    answers.close();
  }
});

/** Counts the compile workers started from `announcing-worker.mjs` (the real worker, which says it started). */
const workerStarts = () => {
  const channel = new BroadcastChannel('compile-workers');
  let started = 0;
  const waiting: (() => void)[] = [];
  channel.onmessage = () => {
    started++;
    for (const wake of waiting.splice(0)) wake();
  };
  return {
    get started() {
      return started;
    },
    /** Resolves once `n` workers have started. */
    until: (n: number) =>
      new Promise<void>(function check(resolve) {
        if (started >= n) resolve();
        else waiting.push(() => check(resolve));
      }),
    close: () => channel.close(),
  };
};
const announcingScript = path.join(repoRoot, 'test/fixtures/workers/announcing-worker.mjs');
const startingCompiler = async () =>
  createCompiler({
    cache: await coldCache(),
    script: announcingScript,
    startHighlighting: true,
  });

test('a cold build starts its highlighting worker with its compiler, the one that then highlights', async () => {
  const starts = workerStarts();
  const compiler = await startingCompiler();
  try {
    // Nothing was asked of the compiler yet: the worker starts while the build reads its config and content.
    assert.is(compiler.highlightWorkers, 1);
    await starts.until(1);
    compiler.highlightEarly([early('a.md', withTwoBlocks)], 2);
    compiler.follow(plan(2), [page('a.md', withTwoBlocks)]);
    await compiler.compile(page('a.md', withTwoBlocks));
    assert.is(compiler.highlightedAhead, 2);
    assert.is(compiler.highlightWorkers, 1, 'no other worker was started for the blocks');
    assert.is(starts.started, 1);
  } finally {
    await compiler.close();
    starts.close();
  }
});

test('the worker started with the compiler highlights nothing when the pages call for none', async () => {
  const few = await startingCompiler();
  const workers = await startingCompiler();
  try {
    assert.is(few.highlightWorkers, 1);
    // Too few blocks for a worker: the build's thread highlights them.
    few.highlightEarly([early('a.md', withTwoBlocks)], 3);
    few.follow(plan(3), [page('a.md', withTwoBlocks)]);
    await few.compile(page('a.md', withTwoBlocks));
    assert.is(few.highlightedAhead, 0);
    assert.is(few.highlightWorkers, 1, 'none started for the pages');
    // Compile workers instead: they highlight their pages' blocks.
    workers.follow(plan(undefined, 2), [page('a.md', withTwoBlocks)]);
    await workers.compile(page('a.md', withTwoBlocks));
    assert.is(workers.highlightedAhead, 0);
  } finally {
    await Promise.all([few.close(), workers.close()]);
  }
});

test('a run starts the worker at once only when it may highlight ahead and its cache starts cold', async () => {
  const root = freshCacheDir();
  const startsWith = async (highlightsSoon: boolean) => {
    const run = await startRun({ packageRoot: repoRoot, root }, 'build', { highlightsSoon });
    const started = run.compiler.highlightWorkers;
    await run.compiler.close();
    return started;
  };
  assert.is(await startsWith(true), 1, 'a cold cache');
  assert.is(await startsWith(false), 0, 'a build that will not highlight ahead (--jobs)');
  // A cache that keeps a highlighted block: the build starts warm, and most blocks are highlighted already.
  const versions = await loadCodeVersions(repoRoot);
  const kept = createCache({ versions, dir: path.join(root, 'node_modules/.cache/docs-it'), mode: 'build' });
  const block: CodeBlock = { code: 'fn main() {}', lang: 'rust', highlightLines: [], showLineNumbers: false };
  await kept.stage('highlight', async () => '<pre>fn main() {}</pre>')(block);
  kept.save();
  await backgroundWrites().flush();
  assert.is(await startsWith(true), 0, 'a warm cache');
});

test('a worker started early is dropped by a plan without one: the build thread highlights alone', async () => {
  const compiler = await coldCompiler();
  try {
    compiler.highlightEarly([early('a.md', withTwoBlocks)], 1);
    compiler.follow(plan(undefined), [page('a.md', withTwoBlocks)]);
    await compiler.compile(page('a.md', withTwoBlocks));
    assert.is(compiler.highlightedAhead, 0);
  } finally {
    await compiler.close();
  }
});

test("a plan's bound on the heaps' growth: a cold build's at once, a warm one's after enough pages", async () => {
  const asked: string[] = [];
  // The bound, then a full collection: V8 sets a heap's next limit by the bound only when it collects it.
  const bound = ['--heap-growing-percent=100', 'gc'];
  const cold = await coldCompiler((flags) => asked.push(flags), 2);
  try {
    // Neither workers nor a worker highlighting ahead: only the bound is looked at.
    cold.follow({ ...plan(undefined), heapGrowingPercent: 100, collectWhenBounded: true });
    assert.equal(asked, bound.slice(0, 1), 'a cold build: at once');
    await cold.compile(page('a.md', '# A\n'));
    assert.equal(asked, bound, 'collected as the first page is sent');
    await cold.compile(page('b.md', '# B\n'));
    assert.equal(asked, bound, 'set once');
  } finally {
    await cold.close();
  }
  // A cache that keeps a highlighted block: the build starts warm.
  asked.length = 0;
  const warm = await warmCompiler((flags) => asked.push(flags), 2);
  try {
    warm.follow({ ...plan(undefined), heapGrowingPercent: 100, collectWhenBounded: true });
    await warm.compile(page('a.md', '# A\n'));
    assert.equal(asked, [], 'one page compiled: a warm build of a large site holds too little to pay the bound');
    await warm.compile(page('b.md', '# B\n'));
    assert.equal(asked, bound, 'two pages compiled: the bound is set');
    await warm.compile(page('c.md', '# C\n'));
    assert.equal(asked, bound, 'set once');
  } finally {
    await warm.close();
  }
  asked.length = 0;
  const unbounded = await coldCompiler((flags) => asked.push(flags), 1);
  try {
    unbounded.follow(plan(undefined));
    await unbounded.compile(page('a.md', '# A\n'));
    await unbounded.compile(page('b.md', '# B\n'));
    assert.equal(asked, [], 'a plan without a bound asks nothing of V8');
  } finally {
    await unbounded.close();
  }
  asked.length = 0;
  const uncollected = await coldCompiler((flags) => asked.push(flags), 1);
  try {
    uncollected.follow({ ...plan(undefined), heapGrowingPercent: 100 });
    await uncollected.compile(page('a.md', '# A\n'));
    assert.equal(asked, bound.slice(0, 1), "a bound left to V8's next collection: no collection asked for");
  } finally {
    await uncollected.close();
  }
});

test("the plan's end bound (after rendering): set with a full collection once the first bound was", async () => {
  const asked: string[] = [];
  const large = { ...plan(undefined), heapGrowingPercent: 50, collectWhenBounded: true, endHeapGrowingPercent: 25 };
  const cold = await coldCompiler((flags) => asked.push(flags), 1);
  try {
    cold.follow(large);
    await cold.compile(page('a.md', '# A\n'));
    asked.length = 0;
    cold.boundTheEnd();
    assert.equal(asked, ['--heap-growing-percent=25', 'gc'], 'the end bound, applied at once by a collection');
    cold.boundTheEnd();
    assert.equal(asked, ['--heap-growing-percent=25', 'gc'], 'set once');
  } finally {
    await cold.close();
  }
  asked.length = 0;
  const withoutEnd = await coldCompiler((flags) => asked.push(flags), 1);
  try {
    withoutEnd.follow({ ...large, endHeapGrowingPercent: undefined });
    await withoutEnd.compile(page('a.md', '# A\n'));
    asked.length = 0;
    withoutEnd.boundTheEnd();
    assert.equal(asked, [], 'a plan without an end bound asks nothing more of V8');
  } finally {
    await withoutEnd.close();
  }
  // A cache that keeps a highlighted block: the build starts warm, and compiles too few pages to be bounded.
  asked.length = 0;
  const warm = await warmCompiler((flags) => asked.push(flags), 2);
  try {
    warm.follow(large);
    await warm.compile(page('a.md', '# A\n'));
    warm.boundTheEnd();
    assert.equal(asked, [], 'a warm build never bounded: its end is not either');
  } finally {
    await warm.close();
  }
});

test('a warm build with compile workers compiles its first pages itself, a worker only for more', async () => {
  const reference = await coldCompiler();
  const warm = await warmCompiler(() => undefined, 1000);
  const pages = Array.from({ length: 7 }, (_, i) => page(`p${i}.md`, `# Pagina ${i}\n\n${i % 2 ? rust : ts}`));
  try {
    reference.follow(plan(undefined));
    const expected = await Promise.all(pages.map((p) => reference.compile(p)));
    warm.follow(plan(undefined, 2));
    assert.equal(await warm.compile(pages[0]!), expected[0]);
    assert.is(warm.workers, 0, 'one page to compile (an edit): no worker started for it');
    assert.equal(await Promise.all(pages.slice(1).map((p) => warm.compile(p))), expected.slice(1));
    assert.ok(warm.workers > 0, 'more pages: workers compile them');
  } finally {
    await warm.close();
    await reference.close();
  }
  // Workers asked for (`--jobs`, and `dev`: an eager plan) compile from the first page, warm or not.
  const asked = await warmCompiler(() => undefined, 1000);
  try {
    asked.follow({ ...plan(undefined, 2), eager: true });
    await asked.compile(pages[0]!);
    assert.is(asked.workers, 1);
  } finally {
    await asked.close();
  }
});

test('a cache starts cold under --no-cache and until it keeps a highlighted block', async () => {
  const dir = freshCacheDir();
  const versions = await loadCodeVersions(repoRoot);
  const cache = createCache({ versions, dir, mode: 'build' });
  assert.ok(cache.startsCold, 'nothing kept yet');
  const block: CodeBlock = { code: 'fn main() {}', lang: 'rust', highlightLines: [], showLineNumbers: false };
  await cache.stage('highlight', async () => '<pre>fn main() {}</pre>')(block);
  cache.save();
  assert.not.ok(createCache({ versions, dir, mode: 'build' }).startsCold, 'a block kept');
  assert.ok(createCache({ versions, dir, mode: 'build', reuse: false }).startsCold, '--no-cache');
});

test.run();
