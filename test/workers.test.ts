/*
 * Pages compiled in worker threads (`--jobs`): the same output, byte for byte, with 1, 2 or 3 of them, and the
 * same errors at the same places.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../src/build/build-site';
import { CompileCrash, type CompileInput } from '../src/markdown/compile-page';
import { interfaceTextOf } from '../src/shared/i18n/catalogues';
import { createCompilePool } from '../src/site/compile/compile-pool';
import { planExecution } from '../src/site/compile/execution-plan';
import { collectingReporter } from '../src/site/reporter';
import { buildErrors, copyFixture, filesOf, quietly, removeDir, repoRoot } from './helpers';

/** The Italian site's interface, which these pages are compiled with. */
const italianText = interfaceTextOf('it');

test('the Docusaurus-dialect site builds to the same bytes: 1, 2 or 3 workers, ahead, full parser', async () => {
  const dir = copyFixture('docusaurus');
  try {
    const outputs: Map<string, Buffer>[] = [];
    const compiled: number[] = [];
    // Without `jobs`, on a site this small, pages compile in the build's thread; from one block on, a worker
    // highlights ahead of it (on a machine of more than one processor). Three workers share the pages unevenly
    // and finish them in another order than two; each more costs its own load of the compiler. The last two
    // without the fast markdown parser (test/fast-parse.test.ts), in this thread and in workers.
    const variants = [
      { jobs: 1 },
      { jobs: 2 },
      { jobs: 3 },
      { highlightAheadFrom: 1 },
      { jobs: 1, fullParser: true },
      { jobs: 2, fullParser: true },
    ];
    for (const [i, { fullParser, ...variant }] of variants.entries()) {
      const out = path.join(dir, `build-${i}`);
      if (fullParser) process.env.DOCS_IT_FAST_PARSER = '0';
      // Nothing from the cache: every page is compiled by the workers.
      const summary = await quietly(() =>
        buildSite({
          packageRoot: repoRoot,
          config: path.join(dir, 'site.config.ts'),
          out,
          noCache: true,
          ...variant,
        }),
      ).finally(() => {
        delete process.env.DOCS_IT_FAST_PARSER;
      });
      // Every page compiled, none from the cache: as many each time.
      assert.is(summary.cache.compile?.hits, 0);
      compiled.push(summary.cache.compile?.misses ?? 0);
      const jobs = variant.jobs ?? 1;
      assert.is(summary.workers, jobs === 1 ? 0 : jobs, 'as many workers as asked for');
      if (variant.highlightAheadFrom && availableParallelism() > 1) assert.ok(summary.highlightedAhead > 0);
      else assert.is(summary.highlightedAhead, 0);
      outputs.push(filesOf(out));
    }
    assert.ok(compiled[0]! > 10 && compiled.every((n) => n === compiled[0]), String(compiled));
    const [one, ...others] = outputs;
    for (const other of others) {
      assert.equal([...other.keys()].sort(), [...one!.keys()].sort());
      for (const [file, bytes] of one!) assert.ok(bytes.equals(other.get(file)!), `${file} differs`);
    }
  } finally {
    removeDir(dir);
  }
});

test('a warm build with workers takes every page but the edited one from the cache the workers filled', async () => {
  const page = 'content/docs/guide/codice.md';
  const dir = copyFixture('docusaurus', {
    [page]: '---\ntitle: Codice\n---\n\n```rust\nfn main() {}\n```\n\n```ts\nconst x: number = 1;\n```\n',
  });
  try {
    const out = path.join(dir, 'build');
    const build = () =>
      quietly(() => buildSite({ packageRoot: repoRoot, config: path.join(dir, 'site.config.ts'), out, jobs: 2 }));
    const cold = await build();
    const pages = cold.cache.compile?.misses ?? 0;
    assert.ok((cold.cache.highlight?.misses ?? 0) >= 2, 'the blocks a worker highlighted are counted');
    const file = path.join(dir, page);
    writeFileSync(file, readFileSync(file, 'utf8').replace('fn main() {}', 'fn main() { run(); }'));
    const warm = await build();
    // Every page the workers compiled was handed to the cache: only the edited one is compiled again.
    assert.ok(pages > 10);
    assert.equal(warm.cache.compile, { hits: pages - 1, misses: 1 });
    // In workers too, code blocks go through the cache: the edited one is highlighted again, the other reused.
    assert.equal(warm.cache.highlight, { hits: 1, misses: 1 });
    assert.match(readFileSync(path.join(out, 'lanterna/docs/guide/codice/index.html'), 'utf8'), 'run');
  } finally {
    removeDir(dir);
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
  });
  const dev = planExecution({ mode: 'dev', processors: 8 });
  assert.equal(dev, { workers: 2, eager: true, highlightAheadFrom: undefined, held: 1, maxMemoryMb: 1024 });
  assert.is(planExecution({ mode: 'dev', processors: 1 }).workers, 1, 'dev never compiles on its serving thread');
});

test("without --jobs, a site of fewer than 100 pages is compiled in the build's own thread", async () => {
  const dir = copyFixture('docusaurus');
  try {
    const summary = await quietly(() =>
      buildSite({ packageRoot: repoRoot, config: path.join(dir, 'site.config.ts'), noCache: true }),
    );
    assert.is(summary.workers, 0);
  } finally {
    removeDir(dir);
  }
});

test('errors of pages compiled in workers are the same, at the same places, in the same order', async () => {
  // An unknown component is an error once the fixture's MDX 1 leniency for them is off.
  const config = readFileSync(path.join(repoRoot, 'test/fixtures/docusaurus/site.config.ts'), 'utf8');
  const broken = {
    'site.config.ts': config.replace('undefinedComponents: true', 'undefinedComponents: false'),
    'content/docs/guide/rotta.mdx': '# Rotta\n\nTesto <Sconosciuto />.\n',
    'content/docs/guide/sintassi.mdx': '# Sintassi\n\n{ apertura senza chiusura\n',
  };
  const errorsWith = (jobs: number) => buildErrors('docusaurus', broken, { jobs });
  const one = await errorsWith(1);
  // The fixture's own page that uses a component without importing it is the third.
  assert.is(one.length, 3);
  assert.match(one[0]!, 'content/docs/guide/distribuzione.mdx:35:1: unknown component <FirmaPacchetto>');
  assert.match(one[1]!, 'content/docs/guide/rotta.mdx:3:7: unknown component <Sconosciuto>');
  assert.match(one[2]!, 'content/docs/guide/sintassi.mdx:4:1: Unexpected end of file in expression');
  assert.equal(await errorsWith(2), one);
});

/** A page's compile input, for the pool's tests (their workers only read `body`). */
const input = (file: string, body: string): CompileInput => ({
  file,
  route: `/${file}`,
  baseUrl: '/',
  body,
  format: 'md',
  excerpt: false,
  tocMin: 2,
  tocMax: 3,
  fragments: {},
  text: italianText,
});

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
  const dir = copyFixture('docusaurus');
  // A CLI folder whose compile worker stops while it loads (the code versions come from the sources then).
  const cliDir = mkdtempSync(path.join(dir, 'cli-'));
  copyFileSync(path.join(repoRoot, 'test/fixtures/workers/broken-worker.mjs'), path.join(cliDir, 'compile-worker.mjs'));
  try {
    const build = async (out: string, variant: { jobs?: number; highlightAheadFrom?: number; cliDir?: string }) => {
      const reporter = collectingReporter();
      const config = path.join(dir, 'site.config.ts');
      await buildSite({ packageRoot: repoRoot, config, out: path.join(dir, out), noCache: true, reporter, ...variant });
      return { files: filesOf(path.join(dir, out)), found: reporter.found };
    };
    const reference = await build('build-ref', { jobs: 1 });
    const workerWarnings = (found: typeof reference.found) =>
      found.filter((d) => /worker/.test(d.error.message)).map((d) => `${d.severity}: ${d.error.message}`);
    assert.equal(workerWarnings(reference.found), []);
    for (const [i, variant] of [{ jobs: 2 }, { highlightAheadFrom: 1 }].entries()) {
      const built = await build(`build-${i}`, { ...variant, cliDir });
      const warnings = workerWarnings(built.found);
      assert.is(warnings.length, 1, warnings.join('\n'));
      assert.match(
        warnings[0]!,
        /^warning: the (compile workers could not start|worker highlighting code blocks stopped)/,
      );
      assert.match(warnings[0]!, 'il worker non parte');
      assert.equal([...built.files.keys()].sort(), [...reference.files.keys()].sort());
      for (const [file, bytes] of reference.files) assert.ok(bytes.equals(built.files.get(file)!), `${file} differs`);
    }
  } finally {
    removeDir(dir);
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
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.base.json' },
  });
  assert.is(child.stdout.trim(), 'compilata in un worker', child.stderr);
});

test.run();
