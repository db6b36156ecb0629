/*
 * Pages compiled in worker threads (`--jobs`): the same output, byte for byte, with 1, 2 or 3 of them, and the
 * same errors at the same places.
 */
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkoutCliDir, codeVersionsFile } from '../bin/cli-bundle.mjs';
import { buildSite } from '../src/build/build-site';
import { jsonTextOf } from '../src/cache/json-text';
import { stageKey } from '../src/cache/stage-key';
import { resolvePaths } from '../src/config/load-config';
import { fencedCodeBlocks } from '../src/markdown/code-fences';
import { CompileCrash } from '../src/markdown/compile-crash';
import { type CodeBlock, createHighlighter } from '../src/markdown/highlighter';
import { interfaceTextOf } from '../src/shared/i18n/catalogues';
import { compileWorkerScript, createCompilePool } from '../src/site/compile/compile-pool';
import { codeBlockKey } from '../src/site/compile/compile-protocol';
import { planExecution } from '../src/site/compile/execution-plan';
import { collectingReporter } from '../src/site/reporter';
import { italianText, plainPageInput } from './compile-inputs';
import {
  copyFixture,
  filesOf,
  quietly,
  removeDir,
  repoRoot,
  runModuleScript,
  siteBuildErrors,
  withFiles,
} from './helpers';

/** The Italian site's interface, which these pages are compiled with. */

/**
 * One copy of the Docusaurus-dialect fixture for the tests that compare whole builds' bytes, and its build in the
 * build's thread alone, which they compare with; `filledByTwoWorkers`, the pages its cache holds from a cold build
 * with two workers, when that was its last build.
 */
let shared: { dir: string; reference: Map<string, Buffer>; filledByTwoWorkers?: number } | undefined;
test.after(() => {
  if (shared) removeDir(shared.dir);
});

/**
 * Forgets what the shared fixture's builds compiled, highlighted and wrote, keeping only the browser bundles:
 * esbuild's bundle is most of a build of this fixture and the same whatever compiles the pages, so the next build
 * compiles and highlights every page again (the tests check it) without bundling again.
 */
function forgetAllButBundles(dir: string) {
  const cache = resolvePaths({ packageRoot: repoRoot, config: path.join(dir, 'site.config.ts') }).cache;
  if (!existsSync(cache)) return;
  for (const entry of readdirSync(cache))
    if (entry !== 'bundle.json' && entry !== 'service-worker.json')
      rmSync(path.join(cache, entry), { recursive: true });
}

/** A build of the shared fixture with every page compiled again; the summary and the files it wrote. */
async function buildShared(out: string, options: Partial<Parameters<typeof buildSite>[0]>) {
  shared ??= { dir: copyFixture('docusaurus'), reference: new Map() };
  forgetAllButBundles(shared.dir);
  const summary = await buildSite({
    packageRoot: repoRoot,
    config: path.join(shared.dir, 'site.config.ts'),
    out: path.join(shared.dir, out),
    ...options,
  });
  // Nothing from the cache but the bundles: every page compiled, none reused.
  assert.is(summary.cache.compile?.hits, 0);
  return { summary, files: filesOf(path.join(shared.dir, out)) };
}

/** The shared fixture built in the build's thread alone: what every other way of building it must give. */
async function referenceBuild() {
  if (!shared?.reference.size) {
    const reporter = collectingReporter();
    const { files } = await buildShared('build-ref', { jobs: 1, reporter });
    assert.equal(
      reporter.found.filter((d) => /worker/.test(d.error.message)),
      [],
      'no worker, no warning of one',
    );
    shared!.reference = files;
  }
  return shared!.reference;
}

function assertSameFiles(built: Map<string, Buffer>, reference: Map<string, Buffer>) {
  assert.equal([...built.keys()].sort(), [...reference.keys()].sort());
  for (const [file, bytes] of reference) assert.ok(bytes.equals(built.get(file)!), `${file} differs`);
}

test('the Docusaurus-dialect site builds to the same bytes: 1, 2 or 3 workers, ahead, full parser', async () => {
  const reference = await referenceBuild();
  const compiled: number[] = [];
  // Without `jobs`, on a site this small, pages compile in the build's thread; from one block on, a worker
  // highlights ahead of it (on a machine of more than one processor). Three workers share the pages unevenly
  // and finish them in another order than two; each more costs its own load of the compiler. Each build checks
  // more than one thing, as each costs its workers' loads: three workers with the fast markdown parser
  // (test/fast-parse.test.ts), this thread without it while a worker highlights ahead, two without it. The
  // two workers' build is the last: the warm test below starts from the cache they filled.
  const variants = [{ jobs: 3 }, { highlightAheadFrom: 1, fullParser: true }, { jobs: 2, fullParser: true }];
  for (const [i, { fullParser, ...variant }] of variants.entries()) {
    if (fullParser) process.env.DOCS_IT_FAST_PARSER = '0';
    const { summary, files } = await quietly(() => buildShared(`build-${i}`, variant)).finally(() => {
      delete process.env.DOCS_IT_FAST_PARSER;
    });
    compiled.push(summary.cache.compile?.misses ?? 0);
    const jobs = variant.jobs ?? 1;
    assert.is(summary.workers, jobs === 1 ? 0 : jobs, 'as many workers as asked for');
    if (variant.highlightAheadFrom && availableParallelism() > 1) assert.ok(summary.highlightedAhead > 0);
    else assert.is(summary.highlightedAhead, 0);
    // Routes rendered while the markdown stage waited have their search parts made then (`renderAhead`).
    if (summary.renderedAhead > 0) assert.ok(summary.searchParts.ahead > 0, 'search parts made ahead');
    assertSameFiles(files, reference);
  }
  // Every page compiled each time: as many each time.
  assert.ok(compiled[0]! > 10 && compiled.every((n) => n === compiled[0]), String(compiled));
  shared!.filledByTwoWorkers = compiled[0];
});

test('a warm build with workers takes every page but the added or edited one from the cache they filled', async () => {
  // From the cache the first test's build with two workers filled (made here if that test did not leave it): a
  // page added, then edited. The page is removed again, and the next build of the shared fixture compiles every
  // page again.
  shared ??= { dir: copyFixture('docusaurus'), reference: new Map() };
  let pages = shared.filledByTwoWorkers;
  shared.filledByTwoWorkers = undefined;
  if (pages === undefined) {
    const { summary } = await quietly(() => buildShared('build-cold', { jobs: 2 }));
    pages = summary.cache.compile?.misses ?? 0;
  }
  assert.ok(pages > 10);
  const page = 'content/docs/guide/codice.md';
  const file = path.join(shared.dir, page);
  writeFileSync(file, '---\ntitle: Codice\n---\n\n```rust\nfn main() {}\n```\n\n```ts\nconst x: number = 1;\n```\n');
  try {
    const out = path.join(shared.dir, 'build-warm');
    const build = () =>
      quietly(() =>
        buildSite({ packageRoot: repoRoot, config: path.join(shared!.dir, 'site.config.ts'), out, jobs: 2 }),
      );
    // Every page the workers compiled was handed to the cache: only the new one is compiled.
    const added = await build();
    assert.equal(added.cache.compile, { hits: pages, misses: 1 });
    assert.equal(added.cache.highlight?.misses, 2, 'the blocks a worker highlighted are counted');
    writeFileSync(file, readFileSync(file, 'utf8').replace('fn main() {}', 'fn main() { run(); }'));
    const warm = await build();
    assert.equal(warm.cache.compile, { hits: pages, misses: 1 });
    // In workers too, code blocks go through the cache: the edited one is highlighted again, the other reused.
    assert.equal(warm.cache.highlight, { hits: 1, misses: 1 });
    assert.match(readFileSync(path.join(out, 'lanterna/docs/guide/codice/index.html'), 'utf8'), 'run');
  } finally {
    rmSync(file, { force: true });
  }
});

test('the execution plan: one thread and a worker highlighting ahead for small sites, workers for large ones', () => {
  const build = (pages: number, processors: number, jobs?: number) =>
    planExecution({ mode: 'build', pages, processors, jobs });
  // The real site: 102 pages on two processors.
  assert.equal(build(102, 2), {
    workers: 0,
    eager: false,
    highlightAheadFrom: 200,
    held: undefined,
    maxMemoryMb: undefined,
    heapGrowingPercent: undefined,
    collectWhenBounded: false,
    endHeapGrowingPercent: undefined,
  });
  assert.is(build(102, 1).highlightAheadFrom, undefined, 'no second processor to highlight on');
  assert.is(build(102, 2, 1).highlightAheadFrom, undefined, "--jobs 1: the build's thread alone");
  assert.is(build(1000, 2).workers, 0, "below 5,000 pages one processor is left to the build's thread");
  assert.is(build(1000, 8).workers, 7);
  assert.is(build(350, 8).workers, 3, 'one worker per 100 pages at most');
  assert.is(build(10000, 2).workers, 2);
  assert.equal(build(10, 2, 3), {
    workers: 3,
    eager: true,
    highlightAheadFrom: undefined,
    held: undefined,
    maxMemoryMb: undefined,
    heapGrowingPercent: undefined,
    collectWhenBounded: false,
    endHeapGrowingPercent: undefined,
  });
  assert.is(build(4999, 2).heapGrowingPercent, undefined, "a site whose pages are kept: V8's own growth");
  assert.is(build(5000, 2).heapGrowingPercent, 100, "a large site's heaps grow at most to twice what they hold");
  assert.is(build(49999, 2).heapGrowingPercent, 100);
  assert.is(build(50000, 2).heapGrowingPercent, 50, 'from 50,000 pages, to one and a half times');
  assert.is(build(4999, 2).collectWhenBounded, false, 'a site whose pages are kept has no bound to apply');
  assert.is(build(5000, 2).collectWhenBounded, true, 'from 5,000 pages a collection applies the bound at once');
  assert.is(build(50000, 2).collectWhenBounded, true);
  assert.is(build(49999, 2).endHeapGrowingPercent, undefined, 'below 50,000 pages the end keeps the bound');
  assert.is(build(50000, 2).endHeapGrowingPercent, 25, 'from 50,000 pages the end grows a quarter past what it holds');
  const dev = planExecution({ mode: 'dev', processors: 8 });
  assert.equal(dev, {
    workers: 2,
    eager: true,
    highlightAheadFrom: undefined,
    held: 1,
    maxMemoryMb: 1024,
    heapGrowingPercent: undefined,
    collectWhenBounded: false,
    endHeapGrowingPercent: undefined,
  });
  assert.is(planExecution({ mode: 'dev', processors: 1 }).workers, 1, 'dev never compiles on its serving thread');
});

test("without --jobs, a site of fewer than 100 pages is compiled in the build's own thread", async () => {
  const reference = await referenceBuild();
  const { summary, files } = await quietly(() => buildShared('build-default', {}));
  assert.is(summary.workers, 0);
  assertSameFiles(files, reference);
});

test('errors of pages compiled in workers are the same, at the same places, in the same order', async () => {
  // An unknown component is an error once the fixture's MDX 1 leniency for them is off.
  const config = readFileSync(path.join(repoRoot, 'test/fixtures/docusaurus/site.config.ts'), 'utf8');
  const broken = {
    'site.config.ts': config.replace('undefinedComponents: true', 'undefinedComponents: false'),
    'content/docs/guide/rotta.mdx': '# Rotta\n\nTesto <Sconosciuto />.\n',
    'content/docs/guide/sintassi.mdx': '# Sintassi\n\n{ apertura senza chiusura\n',
  };
  // Built from the shared copy (its cache keeps the browser bundle, the same whatever compiles the pages): every
  // page compiled again by each build, as in a fresh copy.
  shared ??= { dir: copyFixture('docusaurus'), reference: new Map() };
  const { dir } = shared;
  const errorsWith = (jobs: number) =>
    withFiles(dir, broken, () => {
      forgetAllButBundles(dir);
      return siteBuildErrors(dir, { jobs, out: path.join(dir, `build-errors-${jobs}`) });
    });
  const one = await errorsWith(1);
  // The fixture's own page that uses a component without importing it is the third.
  assert.is(one.length, 3);
  assert.match(one[0]!, 'content/docs/guide/distribuzione.mdx:35:1: unknown component <FirmaPacchetto>');
  assert.match(one[1]!, 'content/docs/guide/rotta.mdx:3:7: unknown component <Sconosciuto>');
  assert.match(one[2]!, 'content/docs/guide/sintassi.mdx:4:1: Unexpected end of file in expression');
  assert.equal(await errorsWith(2), one);
});

/** A page's compile input, for the pool's tests (their workers only read `body`). */
const input = plainPageInput;

test('a worker that stops fails the page it was on; the page it held next is compiled by another', async () => {
  const pool = createCompilePool({
    size: 1,
    script: path.join(repoRoot, 'test/fixtures/workers/dying-worker.mjs'),
    highlight: (block, inWorker) => inWorker(block),
  });
  try {
    // The longest page goes first: the worker holds it and the next one when it stops.
    const outcomes = await Promise.allSettled([
      pool.compile(input('a.md', 'una pagina che ferma il thread')),
      pool.compile(input('b.md', 'la seconda')),
    ]);
    assert.is(outcomes[0]!.status, 'rejected');
    const error = (outcomes[0] as PromiseRejectedResult).reason as CompileCrash;
    assert.instance(error, CompileCrash);
    assert.is(error.file, 'a.md');
    assert.is(outcomes[1]!.status, 'fulfilled');
    assert.is((outcomes[1] as PromiseFulfilledResult<{ html: string }>).value.html, 'la seconda');
    assert.is(pool.started, 2, 'a second worker took the page');
  } finally {
    await pool.close();
  }
});

test('the interface text goes to each worker once, and a page names it', async () => {
  const englishText = interfaceTextOf('en');
  const pool = createCompilePool({
    size: 1,
    script: path.join(repoRoot, 'test/fixtures/workers/dying-worker.mjs'),
    highlight: (block, inWorker) => inWorker(block),
  });
  try {
    const asked = (file: string, text = italianText) => pool.compile({ ...input(file, 'testi?'), text });
    const seen = async (page: Promise<{ html: string }>) => JSON.parse((await page).html) as unknown;
    // One at a time, so that each answer says what the worker had been sent by then.
    assert.equal(await seen(asked('a.md')), { sent: [1], named: 1, inInput: false });
    assert.equal(await seen(asked('b.md')), { sent: [1], named: 1, inInput: false });
    assert.equal(await seen(asked('c.md', englishText)), { sent: [1, 2], named: 2, inInput: false });
    assert.equal(await seen(asked('d.md')), { sent: [1, 2], named: 1, inInput: false });
  } finally {
    await pool.close();
  }
});

test("the pool reads each page's length once and takes the longest waiting first, however pages arrive", async () => {
  const pool = createCompilePool({
    size: 1,
    script: path.join(repoRoot, 'test/fixtures/workers/dying-worker.mjs'),
    highlight: (block, inWorker) => inWorker(block),
  });
  // Each body a distinct length; reading a page's body (its length, or the page sent) is counted.
  let reads = 0;
  const page = (n: number) => {
    const body = `${'x'.repeat(n)}`;
    return Object.defineProperty({ ...input(`${n}.md`, '') }, 'body', {
      enumerable: true,
      get: () => {
        reads++;
        return body;
      },
    });
  };
  const lengths = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + ((i * 37) % count));
  try {
    const done: number[] = [];
    const ask = (n: number) => pool.compile(page(n)).then(({ html }) => void done.push(html.length));
    // 40 pages asked at once (sorted together), then 40 shorter ones one at a time while the worker is busy.
    const first = lengths(1000, 40).map(ask);
    const later: Promise<void>[] = [];
    for (const n of lengths(100, 40)) {
      await new Promise((resolve) => setImmediate(resolve));
      later.push(ask(n));
    }
    await Promise.all([...first, ...later]);
    assert.equal(
      done,
      [...done].sort((a, b) => b - a),
    );
    // Once to order it, once as it is sent: no page's body is read again each time another arrives.
    assert.ok(reads <= 2 * 80, `${reads} reads of 80 pages' bodies`);
  } finally {
    await pool.close();
  }
});

test('workers that cannot start fail every page at once, with the reason, instead of one page per try', async () => {
  const pool = createCompilePool({
    size: 2,
    eager: true,
    script: path.join(repoRoot, 'test/fixtures/workers/broken-worker.mjs'),
    highlight: (block, inWorker) => inWorker(block),
  });
  try {
    const files = ['a.md', 'b.md', 'c.md', 'd.md', 'e.md'];
    const outcomes = await Promise.allSettled(files.map((f) => pool.compile(input(f, f))));
    for (const [i, outcome] of outcomes.entries()) {
      assert.is(outcome.status, 'rejected');
      const error = (outcome as PromiseRejectedResult).reason as CompileCrash;
      assert.instance(error, CompileCrash);
      assert.is(error.file, files[i]);
      assert.match(error.message, 'il worker non parte');
    }
    assert.ok(pool.started <= 2, `${pool.started} workers started`);
    const later = await pool.compile(input('f.md', 'f')).catch((e: unknown) => e);
    assert.instance(later, CompileCrash);
  } finally {
    await pool.close();
  }
});

test('workers that cannot load: the build thread compiles and highlights, to the same bytes, one warning', async () => {
  const reference = await referenceBuild();
  // A CLI folder whose compile worker stops while it loads, with the checkout's code versions when its CLI bundle
  // has them (else they come from the sources: esbuild bundles the whole CLI for its graph).
  const cliDir = mkdtempSync(path.join(shared!.dir, 'cli-'));
  copyFileSync(path.join(repoRoot, 'test/fixtures/workers/broken-worker.mjs'), path.join(cliDir, 'compile-worker.mjs'));
  const versions = path.join(checkoutCliDir(repoRoot), codeVersionsFile);
  if (existsSync(versions)) copyFileSync(versions, path.join(cliDir, codeVersionsFile));
  const workerWarnings = (found: ReturnType<typeof collectingReporter>['found']) =>
    found.filter((d) => /worker/.test(d.error.message)).map((d) => `${d.severity}: ${d.error.message}`);
  for (const [i, variant] of [{ jobs: 2 }, { highlightAheadFrom: 1 }].entries()) {
    const reporter = collectingReporter();
    const built = await buildShared(`build-broken-${i}`, { ...variant, cliDir, reporter });
    const warnings = workerWarnings(reporter.found);
    assert.is(warnings.length, 1, warnings.join('\n'));
    assert.match(
      warnings[0]!,
      /^warning: the (compile workers could not start|worker highlighting code blocks stopped)/,
    );
    assert.match(warnings[0]!, 'il worker non parte');
    assertSameFiles(built.files, reference);
  }
});

test("a page's code blocks go with it: the cache's HTML used, the rest highlighted without a message", async () => {
  const rust: CodeBlock = {
    code: 'fn main() {\n    avvia();\n}',
    lang: 'rust',
    highlightLines: [],
    showLineNumbers: false,
  };
  const ts: CodeBlock = { code: 'const x = 1;', lang: 'typescript', highlightLines: [], showLineNumbers: false };
  // In a list item: the scan (fencedCodeBlocks) sees no block there, so the run says nothing of it.
  const inList: CodeBlock = { code: 'echo ciao', lang: 'shellscript', highlightLines: [], showLineNumbers: false };
  const body = [
    '# Blocchi',
    '',
    '```rust',
    rust.code,
    '```',
    '',
    '```ts',
    ts.code,
    '```',
    '',
    '- voce',
    '',
    '  ```sh',
    '  echo ciao',
    '  ```',
    '',
  ].join('\n');
  const asked: CodeBlock[] = [];
  const kept: { key: string; html: string }[] = [];
  const highlighter = createHighlighter();
  const pool = createCompilePool({
    size: 1,
    script: compileWorkerScript(repoRoot, undefined),
    highlight: (block, inWorker) => {
      asked.push(block);
      return inWorker(block);
    },
    blocks: {
      of: () => ({
        sent: { known: [[codeBlockKey(ts), '<pre>dalla cache</pre>']], missing: [codeBlockKey(rust)] },
        keys: new Map([
          [codeBlockKey(ts), 'chiave di ts'],
          [codeBlockKey(rust), 'chiave di rust'],
        ]),
      }),
      // The HTML goes back under the cache key the run made when it sent the page, not one made again.
      keep: (key, html) => void kept.push({ key, html }),
    },
  });
  try {
    const page = await pool.compile(input('docs/blocchi.md', body));
    assert.equal(asked, [inList], 'only the block the run said nothing of is asked for');
    assert.equal(kept, [{ key: 'chiave di rust', html: await highlighter.highlight(rust) }]);
    assert.ok(page.html.includes('<pre>dalla cache</pre>'), page.html);
    assert.ok(page.html.includes(await highlighter.highlight(rust)));
    assert.ok(page.html.includes(await highlighter.highlight(inList)));
  } finally {
    await pool.close();
  }
});

test("a build that reuses no block: the worker finds the page's blocks, keyed as the cache keys them", async () => {
  const body = ['# Blocchi', '', '```rust', 'fn main() {}', '```', '', '```ts', 'const x = 1;', '```', ''].join('\n');
  const kept: { key: string; html: string }[] = [];
  const asked: CodeBlock[] = [];
  const highlighter = createHighlighter();
  const pool = createCompilePool({
    size: 1,
    script: compileWorkerScript(repoRoot, undefined),
    highlight: (block, inWorker) => {
      asked.push(block);
      return inWorker(block);
    },
    blocks: {
      // This thread reads no text for them.
      of: () => ({ sent: { scan: true, version: 'versione' } }),
      keep: (key, html) => void kept.push({ key, html }),
    },
  });
  try {
    await pool.compile(input('docs/blocchi.md', body));
    const blocks = fencedCodeBlocks(body, highlighter.resolveLanguage);
    assert.is(blocks.length, 2);
    const expected = await Promise.all(
      blocks.map(async (block) => ({
        key: stageKey('highlight', 'versione', block),
        html: await highlighter.highlight(block),
      })),
    );
    assert.equal(kept, expected);
    assert.equal(asked, [], 'no block asked for');
  } finally {
    await pool.close();
  }
});

test('a page compiled in a worker comes with its JSON, which the cache keeps: this thread makes none', async () => {
  const pool = createCompilePool({
    size: 1,
    script: compileWorkerScript(repoRoot, undefined),
    highlight: (block, inWorker) => inWorker(block),
  });
  try {
    const page = await pool.compile(input('docs/json.md', '# Titolo\n\nUn paragrafo con `codice`.\n'));
    const stringify = JSON.stringify;
    let made = 0;
    JSON.stringify = (value: unknown) => {
      made++;
      return stringify(value);
    };
    let text: string;
    try {
      text = jsonTextOf(page);
    } finally {
      JSON.stringify = stringify;
    }
    assert.is(made, 0, "the page's JSON was made in this thread");
    assert.is(text, JSON.stringify(page));
  } finally {
    await pool.close();
  }
});

test('workers start in a process run as `node --input-type=module -e` (as npm run bench runs builds)', () => {
  const pool = path.join(repoRoot, 'src/site/compile/compile-pool.ts');
  const worker = path.join(repoRoot, 'test/fixtures/workers/dying-worker.mjs');
  const script = `
    const { createCompilePool } = await import(${JSON.stringify(pool)});
    const highlight = (block, inWorker) => inWorker(block);
    const pool = createCompilePool({ size: 1, script: ${JSON.stringify(worker)}, highlight });
    const page = await pool.compile({ file: 'a.md', body: 'compilata in un worker', fragments: {} });
    console.log(page.html);
    await pool.close();`;
  const child = runModuleScript(script);
  assert.is(child.stdout.trim(), 'compilata in un worker', child.stderr);
});

test.run();
