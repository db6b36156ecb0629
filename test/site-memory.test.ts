/*
 * What a site holds while a build runs: a build's Site keeps a few compiled pages and routes' props, not every
 * one (its memory must not grow with the pages' HTML), reads a page back from the cache's files instead of
 * compiling it again, and gives the same files as `dev`'s Site, which keeps every one.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Transferable, Worker } from 'node:worker_threads';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../src/config/load-config';
import { DocsItError, DocsItErrors } from '../src/errors';
import type { CompileInput } from '../src/markdown/compile-page';
import type { ToWorker } from '../src/site/compile/compile-protocol';
import { keepsEveryPage, planExecution } from '../src/site/compile/execution-plan';
import { siteFiles } from '../src/site/files/site-files';
import { startRun } from '../src/site/run';
import { createSite, readContent } from '../src/site/site';
import { copyFixture, removeDir, repoRoot } from './helpers';

/** More pages than a build's Site holds at once, each linking to the next one's heading. */
const extraPages = 40;
const dir = copyFixture(
  'basic',
  Object.fromEntries(
    Array.from({ length: extraPages }, (_, i) => [
      `content/docs/molte/pagina-${i}.md`,
      `---\ntitle: Pagina ${i}\n---\n\n## Sezione ${i}\n\nTesto della pagina ${i}: vedi ` +
        `[la prossima](./pagina-${(i + 1) % extraPages}.md#sezione-${(i + 1) % extraPages}).\n`,
    ]),
  ),
);
const config = `${dir}/site.config.ts`;
test.after(() => removeDir(dir));

/** A site's steps as `build` runs them (bundle and HTML aside), each file it gives, and what it then holds. */
async function runSite(keepPages: boolean) {
  const options = { packageRoot: repoRoot, config, noCache: true };
  const run = await startRun(options, 'build');
  const resolved = await loadConfig(options, run.cache.modules);
  const site = createSite(resolved, await readContent(resolved, run.cache.modules), run.stages, { keepPages });
  const links = await site.compileAll();
  // Compiled pages are read back from the cache's files: those must be on disk (as `build` waits for them).
  await run.cache.flush();
  const files = siteFiles(site, run.stages);
  site.checkLinks(links, files.linkable());
  await site.checkRoutes();
  const afterRoutes = site.held();
  const contents = new Map<string, string | Uint8Array>();
  // HTML documents need the client bundle: their props are what the page data files hold.
  for (const file of [...files.pages, ...files.extras].filter((f) => !f.path.endsWith('.html')))
    contents.set(file.path, await file.contents());
  await files.search.make({ file: async (file, text) => void contents.set(file, text) });
  // The cache entries queued are on disk before the test ends (test/.tmp must be empty after it).
  await run.cache.flush();
  run.end();
  return { site, contents, afterRoutes, held: site.held(), compiled: run.cache.stats().compile };
}

const kept = await runSite(true);
const streamed = await runSite(false);

test('a build holds a few compiled pages and route props at a time; dev holds every one', () => {
  const pages = streamed.site.jobs.size;
  assert.ok(pages > extraPages, `${pages} pages`);
  assert.equal(kept.held, { pages, routes: kept.site.model.routes.length });
  assert.ok(
    streamed.afterRoutes.pages <= 16 && streamed.afterRoutes.routes <= 16,
    JSON.stringify(streamed.afterRoutes),
  );
  assert.ok(streamed.held.pages <= 16 && streamed.held.routes <= 16, JSON.stringify(streamed.held));
});

test('a build reads its pages back from the cache instead of compiling them again (even with --no-cache)', () => {
  assert.equal(streamed.compiled, { hits: 0, misses: streamed.site.jobs.size });
});

test('holding a few pages or every one gives the same files', () => {
  assert.equal([...streamed.contents.keys()], [...kept.contents.keys()]);
  assert.ok(streamed.contents.size > extraPages * 2);
  for (const [file, bytes] of kept.contents) {
    const other = streamed.contents.get(file)!;
    assert.ok(Buffer.from(other).equals(Buffer.from(bytes)), file);
  }
});

test("a build keeps a small site's pages (reading them back costs time) and lets a large site's go", () => {
  assert.ok(keepsEveryPage(120), 'the 100 docs of the peer corpus');
  assert.not.ok(keepsEveryPage(10_000), 'a site of 10,000 pages');
});

test("a route's HTML and page data ask for its render key once: its page's HTML is digested once", async () => {
  const options = { packageRoot: repoRoot, config, noCache: true };
  const run = await startRun(options, 'build');
  try {
    const resolved = await loadConfig(options, run.cache.modules);
    const site = createSite(resolved, await readContent(resolved, run.cache.modules), run.stages, {
      keepPages: false,
    });
    await site.compileAll();
    await run.cache.flush();
    const asked: string[] = [];
    const stages = {
      ...run.stages,
      renderKey: (input: Parameters<typeof run.stages.renderKey>[0]) => {
        asked.push(input.page);
        return run.stages.renderKey(input);
      },
    };
    const bundle = { css: ['/a.css'], js: ['/a.js'], files: [], onDemand: new Set<string>() };
    const files = siteFiles(site, stages, { bundle });
    const keys = new Map<string, string>();
    for (const file of files.pages) if (file.key) keys.set(file.path, await file.key());
    assert.equal(asked.length, site.model.routes.length);
    assert.equal(new Set(asked).size, asked.length);
    // Both files of a route have the route's key, and different routes different keys.
    assert.equal(new Set(keys.values()).size, site.model.routes.length);
  } finally {
    // The cache entries queued are on disk before the test ends (test/.tmp must be empty after it).
    await run.cache.flush();
    run.end();
  }
});
test("a build lets a page's text go once compiled, reads it again if asked; an edit since is an error", async () => {
  const textDir = copyFixture('basic', {
    'content/docs/molte/a.md': '# A\n\nPrima.\n',
    'content/docs/molte/b.md': '# B\n',
  });
  const ask = async (keepPages: boolean) => {
    const options = { packageRoot: repoRoot, config: `${textDir}/site.config.ts`, noCache: true };
    const run = await startRun(options, 'build');
    const resolved = await loadConfig(options, run.cache.modules);
    const site = createSite(resolved, await readContent(resolved, run.cache.modules), run.stages, { keepPages });
    await site.compileAll();
    await run.cache.flush();
    run.end();
    return site;
  };
  try {
    for (const keepPages of [false, true]) {
      writeFileSync(path.join(textDir, 'content/docs/molte/a.md'), '# A\n\nPrima.\n');
      const site = await ask(keepPages);
      const [a, b] = ['content/docs/molte/a.md', 'content/docs/molte/b.md'].map((file) => site.jobs.get(file)!);
      // An unchanged file's text is the one compiled, read again or held.
      assert.is(b!.body, '# B\n');
      writeFileSync(path.join(textDir, 'content/docs/molte/a.md'), '# A\n\nDopo.\n');
      if (keepPages) {
        // dev keeps every text: what was compiled.
        assert.is(a!.body, '# A\n\nPrima.\n');
        continue;
      }
      try {
        void a!.body;
        assert.unreachable('the edited text was read without a word');
      } catch (error) {
        assert.instance(error, DocsItError);
        assert.is((error as DocsItError).message, 'the file changed while the site was being built');
        assert.is((error as DocsItError).location?.file, 'content/docs/molte/a.md');
      }
    }
  } finally {
    removeDir(textDir);
  }
});

test("a large build lets every page's text go before compiling: each is read again as it is compiled", async () => {
  const textDir = copyFixture('basic', { 'content/docs/molte/a.md': '# A\n\nPrima.\n' });
  const compile = async (keepPages: boolean) => {
    writeFileSync(path.join(textDir, 'content/docs/molte/a.md'), '# A\n\nPrima.\n');
    const options = { packageRoot: repoRoot, config: `${textDir}/site.config.ts`, noCache: true };
    const run = await startRun(options, 'build');
    try {
      const resolved = await loadConfig(options, run.cache.modules);
      const site = createSite(resolved, await readContent(resolved, run.cache.modules), run.stages, { keepPages });
      // Edited once the model is made: a text held since the content was read would be compiled without a word.
      writeFileSync(path.join(textDir, 'content/docs/molte/a.md'), '# A\n\nDopo.\n');
      await site.compileAll();
      return undefined;
    } catch (error) {
      return error;
    } finally {
      // The pages compiled are kept by the writing thread: on disk before the folder is removed.
      await run.cache.flush();
      run.end();
    }
  };
  try {
    // dev keeps every text: the page compiles from what was read.
    assert.is(await compile(true), undefined);
    const error = await compile(false);
    assert.instance(error, DocsItErrors);
    const [first] = (error as DocsItErrors).errors;
    assert.is(first?.message, 'the file changed while the site was being built');
    assert.is(first?.location?.file, 'content/docs/molte/a.md');
  } finally {
    removeDir(textDir);
  }
});

test("with workers a large build sends where each page's text is, not its text; an edit since: its error", async () => {
  const textDir = copyFixture('basic', { 'content/docs/molte/a.md': '# A\n\nPrima.\n' });
  const edited = path.join(textDir, 'content/docs/molte/a.md');
  const sent: ToWorker[] = [];
  const postMessage = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (this: Worker, message: ToWorker, transfer?: readonly Transferable[]) {
    sent.push(message);
    return postMessage.call(this, message, transfer);
  };
  const compile = async (edit: boolean) => {
    writeFileSync(edited, '# A\n\nPrima.\n');
    const options = { packageRoot: repoRoot, config: `${textDir}/site.config.ts`, noCache: true };
    const run = await startRun(options, 'build');
    try {
      const resolved = await loadConfig(options, run.cache.modules);
      const site = createSite(resolved, await readContent(resolved, run.cache.modules), run.stages, {
        keepPages: false,
      });
      const plan = planExecution({ mode: 'build', pages: site.jobs.size, processors: 2, jobs: 2 });
      run.compiler.follow(plan, site.jobs.values());
      // Edited once the model is made: the worker reads the new text, which is not the one the build's keys are of.
      if (edit) writeFileSync(edited, '# A\n\nDopo.\n');
      await site.compileAll();
      return undefined;
    } catch (error) {
      return error;
    } finally {
      await run.compiler.close();
      await run.cache.flush();
      run.end();
    }
  };
  try {
    assert.is(await compile(false), undefined);
    const pages = sent.flatMap((message) => (message.type === 'compile' ? [message] : []));
    assert.ok(pages.length > 1, `${pages.length} pages sent`);
    for (const page of pages) {
      assert.is(page.input.body, undefined, `${page.input.file} was sent with its text`);
      assert.is(page.place?.file, page.input.file);
    }
    // As the build's thread would: a located error of the page, not a crash.
    const error = await compile(true);
    assert.instance(error, DocsItErrors);
    const [first] = (error as DocsItErrors).errors;
    assert.is(first?.message, 'the file changed while the site was being built');
    assert.is(first?.location?.file, 'content/docs/molte/a.md');
  } finally {
    Worker.prototype.postMessage = postMessage;
    removeDir(textDir);
  }
});

test('with workers a build asks for a bounded number of pages at a time, the longest first', async () => {
  const options = { packageRoot: repoRoot, config, noCache: true };
  const run = await startRun(options, 'build');
  try {
    const resolved = await loadConfig(options, run.cache.modules);
    let inFlight = 0;
    let most = 0;
    const asked: number[] = [];
    const stages = {
      ...run.stages,
      parallel: true,
      compile: async (job: CompileInput, file?: string) => {
        asked.push(job.body.length);
        most = Math.max(most, ++inFlight);
        try {
          return await run.stages.compile(job, file);
        } finally {
          inFlight--;
        }
      },
    };
    const site = createSite(resolved, await readContent(resolved, run.cache.modules), stages, {
      keepPages: false,
      pagesInFlight: 3,
    });
    await site.compileAll();
    assert.is(asked.length, site.jobs.size);
    assert.is(most, 3);
    assert.equal(
      asked,
      [...asked].sort((a, b) => b - a),
    );
  } finally {
    // The cache entries queued are on disk before the test ends (test/.tmp must be empty after it).
    await run.cache.flush();
    run.end();
  }
});

test("a worker highlighting ahead: the build's thread starts every page it holds at once, in order", async () => {
  const options = { packageRoot: repoRoot, config, noCache: true };
  const run = await startRun(options, 'build');
  try {
    const resolved = await loadConfig(options, run.cache.modules);
    const content = await readContent(resolved, run.cache.modules);
    /** The most pages being compiled at once, and the files in the order they were asked for. */
    const compiling = async (highlightsAhead: boolean, keepPages: boolean) => {
      let inFlight = 0;
      let most = 0;
      const asked: string[] = [];
      const stages = {
        ...run.stages,
        parallel: false,
        highlightsAhead,
        compile: async (job: CompileInput, file?: string) => {
          asked.push(file ?? job.file);
          most = Math.max(most, ++inFlight);
          try {
            return await run.stages.compile(job, file);
          } finally {
            inFlight--;
          }
        },
      };
      const site = createSite(resolved, content, stages, { keepPages });
      await site.compileAll();
      return { most, asked, files: [...site.jobs.keys()] };
    };
    const ahead = await compiling(true, true);
    assert.is(ahead.most, ahead.files.length, 'all at once');
    assert.equal(ahead.asked, ahead.files);
    // Without a worker highlighting ahead, or on a site too large to hold its pages: one at a time.
    assert.is((await compiling(false, true)).most, 1);
    assert.is((await compiling(true, false)).most, 1);
  } finally {
    // The cache entries queued are on disk before the test ends (test/.tmp must be empty after it).
    await run.cache.flush();
    run.end();
  }
});

test('every page shares the getters of its lazy texts: no closure and no dictionary of its own for each', () => {
  const { site } = streamed;
  const [a, b] = [...site.jobs.values()];
  const getter = (object: object | undefined, key: string) => Object.getOwnPropertyDescriptor(object, key)?.get;
  const [sourceA, sourceB] = site.content.discovered.sources;
  const [docA, docB] = site.model.docs;
  const pairs: [string, object | undefined, object | undefined][] = [
    ['body', a, b],
    ['text', sourceA, sourceB],
    ['text', docA?.source, docB?.source],
    ['body', docA?.source, docB?.source],
  ];
  for (const [key, first, second] of pairs) {
    assert.type(getter(first, key), 'function', key);
    assert.is(getter(first, key), getter(second, key), key);
  }
  // The state the getters read is no property a copy or a digest of the object sees.
  assert.equal(Object.keys(a!).sort(), Object.keys({ ...a! }).sort());
  assert.equal(Object.getOwnPropertySymbols({ ...a! }), []);
});

test("a build makes each page's stand-in as it compiles it, and each route's key props once for its keys", async () => {
  const options = { packageRoot: repoRoot, config, noCache: true };
  const run = await startRun(options, 'build');
  try {
    const resolved = await loadConfig(options, run.cache.modules);
    // Summaries taken back (each one parsed and linked again into a stand-in), by compile key.
    let taken = 0;
    const stages = {
      ...run.stages,
      pageSummaries: {
        get: ((key, valid) => {
          const summary = run.stages.pageSummaries.get(key, valid);
          if (summary !== undefined) taken++;
          return summary;
        }) as typeof run.stages.pageSummaries.get,
        set: run.stages.pageSummaries.set,
      },
    };
    const content = await readContent(resolved, run.cache.modules);
    const site = createSite(resolved, content, stages, { keepPages: false, standIns: true });
    await site.compileAll();
    await run.cache.flush();
    assert.is(taken, 0, 'no summary taken back while compiling: the stand-in is made from the linked page');
    await site.checkRoutes();
    const byPropsCheck = taken;
    // More routes than the Site holds props for: the props check took their stand-ins back.
    assert.ok(site.model.routes.length > 16 && byPropsCheck >= extraPages, `${byPropsCheck} summaries`);
    const bundle = { css: ['/a.css'], js: ['/a.js'], files: [], onDemand: new Set<string>() };
    const files = siteFiles(site, stages, { bundle });
    for (const file of files.pages) if (file.key) await file.key();
    await files.search.key?.();
    assert.is(taken - byPropsCheck, 0, "the render keys and the search key pass made no route's key props again");
  } finally {
    // The cache entries queued are on disk before the test ends (test/.tmp must be empty after it).
    await run.cache.flush();
    run.end();
  }
});

test.run();
