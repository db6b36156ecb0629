import {
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type BuildSummary, buildSite } from '../src/build/build-site';
import { blobEntriesOf, blobStore } from '../src/cache/blob-store';
import {
  type CodeReader,
  codeVersionsOf,
  type ModuleGraph,
  type StageName,
  stageModules,
} from '../src/cache/code-versions';
import { granularityNs } from '../src/cache/content-record';
import { digestOf } from '../src/cache/digest';
import { loadCodeVersions } from '../src/cache/load-code-versions';
import { type Cache, createCache } from '../src/cache/stage-cache';
import { stageKey } from '../src/cache/stage-key';
import { packStore, serializedStore, watchedFileStore } from '../src/cache/stores';
import { loadConfig } from '../src/config/load-config';
import { backgroundWrites, maxPendingBytes } from '../src/disk/background-writes';
import type { Compiler } from '../src/site/compile/compiler';
import { startRun } from '../src/site/run';
import { createSite, readContent } from '../src/site/site';
import { createStages, type RenderKeyInput } from '../src/site/stages';
import { copyFixture, editFile, removeDir, repoRoot } from './helpers';

// The basic fixture, plus an MDX page with a fragment and a page with two code blocks: every kind of input.
const dir = copyFixture('basic', {
  'content/docs/guides/componenti.mdx':
    "---\ntitle: Componenti\n---\n\nimport Nota from './_nota.md'\n\n## Prima\n\n<Nota />\n",
  'content/docs/guides/_nota.md': 'Una nota condivisa.\n',
  'content/docs/guides/codice.md':
    '---\ntitle: Codice\n---\n\n```rust\nfn main() {}\n```\n\n```ts\nconst x: number = 1;\n```\n',
});
const out = path.join(dir, 'build');
const build = () => buildSite({ packageRoot: repoRoot, config: path.join(dir, 'site.config.ts'), out });
const read = (rel: string) => readFileSync(path.join(out, rel), 'utf8');
const edit = (rel: string, change: (text: string) => string) => editFile(dir, rel, change);
const misses = (summary: BuildSummary, stage: 'compile' | 'highlight') => summary.cache[stage]?.misses ?? 0;
/** Page documents and page data rendered again (the sidebar files, which have no key, are always written). */
const rendered = (summary: BuildSummary) => summary.pageFiles.written - 1;

test.after(() => removeDir(dir));

test('a build that changes nothing recomputes nothing: no compile, no highlight, no render, no search', async () => {
  const first = await build();
  const again = await build();
  assert.is(misses(again, 'compile'), 0);
  assert.is(misses(again, 'highlight'), 0);
  assert.is(again.cache.compile?.hits, misses(first, 'compile'), 'every page from the cache');
  assert.is(rendered(again), 0, 'every document and page data kept');
  assert.is(again.pageFiles.reused, again.pages * 2);
});

test('authors.yml is parsed again across builds only when it changed, and the edit shows', async () => {
  await build();
  const again = await build();
  assert.is(again.cache['front-matter']?.misses, 0, 'no YAML parsed when nothing changed');
  const restore = edit('content/blog/authors.yml', (t) => t.replace('Mario Rossi', 'Mario Bianchi'));
  const edited = await build();
  assert.is(edited.cache['front-matter']?.misses, 1, 'the authors file alone');
  assert.match(read('it/blog/2023/01/01/post-01/index.html'), 'Mario Bianchi');
  restore();
  await build();
  assert.match(read('it/blog/2023/01/01/post-01/index.html'), 'Mario Rossi');
});

test('a cache entry cut short (a killed build) is a miss: the page is compiled again, not read half', async () => {
  await build();
  const store = path.join(dir, 'node_modules/.cache/docs-it/compile');
  const entries = blobEntriesOf(store);
  assert.ok(entries.size > 0, 'an entry per compiled page');
  // Each data file cut inside its first entry, as by a run killed before its appends were written.
  for (const name of new Set([...entries.values()].map((entry) => entry.file)))
    truncateSync(path.join(store, name), 40);
  // Without the pages' summaries every page is read back (with them, only the pages of routes rendered again).
  rmSync(path.join(dir, 'node_modules/.cache/docs-it/page-summaries.pack'));
  const summary = await build();
  assert.is(misses(summary, 'compile'), entries.size);
  assert.match(read('it/v1/guides/faq/index.html'), 'Risposte brevi.');
});

test('the front matter is parsed again across builds only for an edited file, and the edit shows', async () => {
  // A file changed within the timestamp granularity before a build is not recorded (content-record.ts): once the
  // copied files are older, every page's front matter comes from the content record, whatever the run's speed.
  await settled(path.join(dir, 'content'));
  const first = await build();
  const again = await build();
  const parsed = again.cache['front-matter'];
  assert.is(parsed?.misses, 0, 'no YAML parsed when nothing changed');
  assert.is(again.cache.content?.misses, 0, 'no content file read');
  const files = (first.cache.content?.hits ?? 0) + (first.cache.content?.misses ?? 0);
  assert.ok(files > 15, `${files} content files`);
  assert.is(again.cache.content?.hits, files, 'every content file taken from the record');
  assert.is(parsed?.hits, 1, 'only authors.yml looked up: no page front matter looked up in its cache');
  const restore = edit('content/docs/guides/faq.md', (t) => t.replace('title: FAQ', 'title: Domande rapide'));
  const edited = await build();
  assert.is(edited.cache.content?.misses, 1, 'the edited file alone read (and its front matter parsed)');
  assert.match(read('it/v1/guides/faq/index.html'), '<title>Domande rapide | Sito di prova</title>');
  restore();
  await build();
  assert.match(read('it/v1/guides/faq/index.html'), '<title>FAQ | Sito di prova</title>');
});

test('no page’s front matter is kept in the front matter cache: a page the record misses is parsed again', async () => {
  await settled(path.join(dir, 'content'));
  rmSync(path.join(dir, 'node_modules/.cache/docs-it'), { recursive: true, force: true });
  const cold = await build();
  assert.ok((cold.cache.content?.misses ?? 0) > 15, 'every page read');
  assert.equal(cold.cache['front-matter'], { hits: 0, misses: 1 }, 'authors.yml alone kept');
  // Its time changed, its text did not: the record misses it, and it is parsed again.
  const file = path.join(dir, 'content/docs/guides/codice.md');
  const later = new Date(Date.now() + 60_000);
  utimesSync(file, later, later);
  const touched = await build();
  assert.is(touched.cache.content?.misses, 1, 'the touched page read again');
  assert.equal(touched.cache['front-matter'], { hits: 1, misses: 0 }, 'authors.yml alone looked up');
  assert.match(read('it/v1/guides/codice/index.html'), '<title>Codice | Sito di prova</title>');
});

/** Resolves once every file under `root` last changed more than the file systems' timestamp granularity ago. */
async function settled(root: string): Promise<void> {
  let newest = 0n;
  for (const name of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    const stat = statSync(path.join(root, name), { bigint: true });
    for (const time of [stat.mtimeNs, stat.ctimeNs]) if (time > newest) newest = time;
  }
  const wait = newest + granularityNs - BigInt(Date.now()) * 1_000_000n;
  if (wait > 0n) await new Promise((resolve) => setTimeout(resolve, Number(wait / 1_000_000n) + 50));
}

test('a serialized store gives back what JSON would not keep: a date, NaN, -0, a Map', () => {
  const file = path.join(dir, 'pack-test.json');
  const value = { date: new Date('2023-06-14T00:00:00Z'), nan: Number.NaN, zero: -0, map: new Map([['a', 1]]) };
  const first = serializedStore<typeof value>(packStore(file, 1024 * 1024));
  first.set('x', 'key', value);
  first.save();
  const back = serializedStore<typeof value>(packStore(file, 1024 * 1024)).get('x', 'key');
  assert.ok(back);
  assert.ok(back.date instanceof Date && back.date.getTime() === value.date.getTime());
  assert.ok(Number.isNaN(back.nan));
  assert.ok(Object.is(back.zero, -0));
  assert.equal([...back.map], [['a', 1]]);
  rmSync(file);
});

test('a pack: a save appends only the entries it lacks; a torn or changed segment and the rest are misses', () => {
  const file = path.join(dir, 'pack-log.pack');
  const value = (i: number) => `valore ${i} `.repeat(20 + (i % 7));
  const first = packStore(file, 1024 * 1024);
  for (let i = 0; i < 200; i++) first.set('', `k${i}`, value(i));
  first.save();
  const whole = readFileSync(file);
  // A later run uses every entry and adds one: the file grows by that entry alone.
  const second = packStore(file, 1024 * 1024);
  for (let i = 0; i < 200; i++) assert.is(second.get('', `k${i}`), value(i));
  second.set('', 'nuovo', 'è nuovo');
  second.save();
  const grown = readFileSync(file);
  assert.ok(grown.subarray(0, whole.length).equals(whole), 'the earlier bytes as they were');
  assert.ok(grown.length - whole.length < 200, `${grown.length - whole.length} bytes appended`);
  const third = packStore(file, 1024 * 1024);
  assert.is(third.get('', 'nuovo'), 'è nuovo');
  assert.is(third.get('', 'k199'), value(199));
  // Nothing set and every entry used: nothing written.
  for (let i = 0; i < 200; i++) third.get('', `k${i}`);
  third.save();
  assert.ok(readFileSync(file).equals(grown), 'unchanged');
  // The last segment cut short (a run killed while it appended), then one byte of it changed.
  for (const damage of [
    (b: Buffer) => b.subarray(0, b.length - 3),
    (b: Buffer) => Buffer.from(b).fill(120, b.length - 4, b.length - 3),
  ]) {
    writeFileSync(file, damage(grown));
    const read = packStore(file, 1024 * 1024);
    assert.is(read.get('', 'nuovo'), undefined, 'the damaged entry is a miss');
    assert.is(read.get('', 'k7'), value(7), 'the whole segment before it is read');
    read.set('', 'nuovo', 'è nuovo');
    read.save();
    const again = packStore(file, 1024 * 1024);
    assert.is(again.get('', 'nuovo'), 'è nuovo', 'written whole again after damage');
    assert.is(again.get('', 'k7'), value(7));
  }
  // A changed byte in the first segment: nothing of the file is taken.
  const changed = Buffer.from(grown);
  changed[whole.length - 10] = changed[whole.length - 10]! ^ 1;
  writeFileSync(file, changed);
  assert.is(packStore(file, 1024 * 1024).get('', 'k0'), undefined);
  // A key changed in a segment's head: not another entry.
  writeFileSync(file, Buffer.from(grown.toString('latin1').replace('"k3"', '"k9"'), 'latin1'));
  assert.is(packStore(file, 1024 * 1024).get('', 'k9'), undefined, 'a key changed');
  // The older layout (one JSON object) is read as empty.
  writeFileSync(file, JSON.stringify({ k0: value(0) }));
  assert.is(packStore(file, 1024 * 1024).get('', 'k0'), undefined);
  rmSync(file);
});

test('a pack is written whole, with only what the run used, once it would pass twice their size', () => {
  const file = path.join(dir, 'pack-compact.pack');
  const first = packStore(file, 1024 * 1024);
  for (let i = 0; i < 100; i++) first.set('', `k${i}`, `${i}`.padEnd(10_000, '.'));
  first.save();
  const second = packStore(file, 1024 * 1024);
  // A fifth of the entries used: the file (1 MB) is past twice theirs and the slack.
  for (let i = 0; i < 20; i++) second.get('', `k${i}`);
  second.save();
  const size = statSync(file).size;
  assert.ok(size < 250_000, `${size} bytes`);
  const third = packStore(file, 1024 * 1024);
  assert.is(third.get('', 'k19'), '19'.padEnd(10_000, '.'));
  assert.is(third.get('', 'k20'), undefined, 'an entry the run did not use is gone');
  rmSync(file);
});

test('a pack saved twice by one run: an entry first set after the first save is in the second', () => {
  const file = path.join(dir, 'pack-twice.pack');
  const pack = packStore(file, 1024 * 1024);
  pack.set('', 'uno', 'primo');
  pack.save();
  pack.set('', 'due', 'secondo');
  pack.save();
  const read = packStore(file, 1024 * 1024);
  assert.is(read.get('', 'uno'), 'primo');
  assert.is(read.get('', 'due'), 'secondo');
  rmSync(file);
});

test("a pack does not hold the values it read: read again from the file's bytes when a save needs them", () => {
  const file = path.join(dir, 'pack-held.pack');
  const value = (i: number) => `${i} `.padEnd(10_000, String.fromCharCode(97 + (i % 26)));
  const first = packStore(file, 64 * 1024 * 1024);
  for (let i = 0; i < 1000; i++) first.set('', `k${i}`, value(i));
  first.save();
  // V8's collector, asked for by this test alone (the process's flags stay as they were for the other tests).
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  setFlagsFromString('--no-expose-gc');
  const second = packStore(file, 64 * 1024 * 1024);
  second.get('', 'k0');
  gc();
  const before = getHeapStatistics().used_heap_size;
  for (let i = 0; i < 1000; i++) assert.is(second.get('', `k${i}`), value(i));
  gc();
  const grown = getHeapStatistics().used_heap_size - before;
  // 10 MB of values read: held, they would be 10 MB of the heap.
  assert.ok(grown < 3_000_000, `the heap grew by ${grown} bytes`);
  // A run that used a few of them, read them again, set one and replaced one: its save writes them whole.
  const third = packStore(file, 64 * 1024 * 1024);
  for (let i = 0; i < 50; i++) third.get('', `k${i}`);
  assert.is(third.get('', 'k3'), value(3), 'a value asked for twice');
  third.set('', 'k4', 'sostituito');
  third.set('', 'nuovo', 'è nuovo');
  third.save();
  assert.is(third.get('', 'k5'), value(5), 'read after the save, from the bytes read before it');
  third.set('', 'altro', 'un altro');
  third.save();
  const fourth = packStore(file, 64 * 1024 * 1024);
  assert.is(fourth.get('', 'k0'), value(0));
  assert.is(fourth.get('', 'k49'), value(49));
  assert.is(fourth.get('', 'k4'), 'sostituito');
  assert.is(fourth.get('', 'nuovo'), 'è nuovo');
  assert.is(fourth.get('', 'altro'), 'un altro');
  assert.is(fourth.get('', 'k50'), undefined, 'an entry the run did not use is gone');
  rmSync(file);
});

test("a pack's index holds no object per key: its entries' places are numbers in one list", () => {
  const file = path.join(dir, 'pack-index.pack');
  const count = 100_000;
  const first = packStore(file, 64 * 1024 * 1024);
  for (let i = 0; i < count; i++) first.set('', `k${i}`, `v${i}`);
  first.save();
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  setFlagsFromString('--no-expose-gc');
  const second = packStore(file, 64 * 1024 * 1024);
  gc();
  const before = getHeapStatistics().used_heap_size;
  // The first read reads the file and indexes its keys; the index lives as long as the store.
  assert.is(second.get('', 'k0'), 'v0');
  gc();
  const grown = getHeapStatistics().used_heap_size - before;
  assert.is(second.get('', `k${count - 1}`), `v${count - 1}`);
  // The key, its map entry and two numbers: about 82 bytes a key here; a pair per key made it about 125.
  assert.ok(grown < 100 * count, `the index grew the heap by ${grown} bytes`);
  rmSync(file);
});

test('a serialized entry V8 cannot read (newer V8, or cut short) is a miss, not a failed build', () => {
  const file = path.join(dir, 'pack-unreadable.json');
  const strings = packStore(file, 1024 * 1024);
  strings.set('x', 'key', Buffer.from([0xff, 0x7f, 0x6f]).toString('base64'));
  strings.save();
  assert.is(serializedStore(packStore(file, 1024 * 1024)).get('x', 'key'), undefined);
  rmSync(file);
});

test('content: an edited page is compiled and rendered again, alone', async () => {
  const restore = edit('content/docs/guides/faq.md', (t) => t.replace('Risposte brevi.', 'Risposte nuove.'));
  const summary = await build();
  assert.is(misses(summary, 'compile'), 1);
  assert.match(read('it/v1/guides/faq/index.html'), 'Risposte nuove.');
  assert.is(rendered(summary), 2, 'its document and its page data');
  restore();
  await build();
});

test('front matter read by the compiler (TOC levels) compiles the page again', async () => {
  const restore = edit('content/docs/guides/faq.md', (t) =>
    t.replace('sidebar_position: 5', 'sidebar_position: 5\ntoc_max_heading_level: 2'),
  );
  assert.match(read('it/v1/guides/faq/index.html'), 'href="#perché-tauri"');
  const summary = await build();
  assert.is(misses(summary, 'compile'), 1);
  assert.not.match(read('it/v1/guides/faq/index.html'), 'class="toc-link" href="#perché-tauri"');
  restore();
  await build();
});

test('a title change renders the page and its neighbours again and compiles nothing', async () => {
  const restore = edit('content/docs/guides/faq.md', (t) => t.replace('title: FAQ', 'title: Domande frequenti'));
  const summary = await build();
  assert.is(misses(summary, 'compile'), 0);
  assert.match(read('it/v1/guides/faq/index.html'), '<title>Domande frequenti | Sito di prova</title>');
  assert.match(read('it/v1/guides/intro/primo/index.html'), '>Domande frequenti</a>', 'the sidebar of another page');
  restore();
  await build();
});

test('config: a changed setting renders every page again, and compiles only the MDX page (it reads it)', async () => {
  const restore = edit('site.config.ts', (t) =>
    t.replace("tagline: 'Un sito piccolo per i test'", "tagline: 'Un sito diverso'"),
  );
  const summary = await build();
  // The MDX page's code may read the site's config (useDocusaurusContext): its input holds it.
  assert.is(misses(summary, 'compile'), 1);
  assert.is(summary.pageFiles.reused, 0);
  assert.match(read('it/index.html'), 'Un sito diverso');
  restore();
  const back = await build();
  // The last build kept only the entries it used (see `prune`): the MDX page is compiled again.
  assert.is(misses(back, 'compile'), 1);
});

test("a warm build takes each .md page's compile key by its job's identity, none digested, each its own", async () => {
  await build();
  await build();
  const options = { packageRoot: repoRoot, config: path.join(dir, 'site.config.ts') };
  const run = await startRun(options, 'build');
  try {
    const digested: string[] = [];
    const counted = {
      ...run.cache,
      keyOf: (name: Parameters<typeof run.cache.keyOf>[0], input: unknown) => {
        const file = (input as { file?: unknown } | null)?.file;
        if (name === 'compile' && typeof file === 'string') digested.push(file);
        return run.cache.keyOf(name, input);
      },
    };
    const resolved = await loadConfig(options, run.cache.modules);
    const stages = createStages(counted, run.compiler);
    const content = await readContent(resolved, run.cache.modules);
    const site = createSite(resolved, content, stages, { keepPages: false, standIns: true });
    await site.compileAll();
    const mdx = [...site.jobs.values()].filter((job) => job.format === 'mdx').map((job) => job.file);
    assert.ok(mdx.length > 0 && mdx.length < site.jobs.size, 'the fixture has both kinds of page');
    assert.equal(digested.sort(), mdx.sort(), 'only the MDX pages digested');
    // Each key taken (the stages' memo of this run) is the one the job's digest gives.
    for (const job of site.jobs.values()) assert.is(stages.compileKey(job), run.cache.keyOf('compile', job), job.file);
  } finally {
    await run.cache.flush();
    run.end();
  }
});

test('a shared input of the jobs outside the model (an interface text) compiles every page again', async () => {
  const restore = edit('site.config.ts', (t) =>
    t.replace(
      "tagline: 'Un sito piccolo per i test',",
      "tagline: 'Un sito piccolo per i test',\n  themeText: { 'theme.common.headingLinkTitle': 'Vai a {heading}' },",
    ),
  );
  const summary = await build();
  assert.is(summary.cache.compile?.hits ?? 0, 0, 'no page taken from the cache');
  assert.match(read('it/v1/guides/faq/index.html'), 'Vai a');
  restore();
  await build();
});

test('front matter changed in place, the body unchanged, compiles the page again: the model is a key', async () => {
  const faq = 'content/docs/guides/faq.md';
  const restoreFirst = edit(faq, (t) =>
    t.replace('sidebar_position: 5', 'sidebar_position: 5\ntoc_max_heading_level: 3'),
  );
  await build();
  assert.match(read('it/v1/guides/faq/index.html'), 'class="toc-link" href="#perché-tauri"');
  // A line of the same length: the body (front matter lines blanked, positions kept) is the same text.
  const restoreSecond = edit(faq, (t) => t.replace('toc_max_heading_level: 3', 'toc_max_heading_level: 2'));
  const summary = await build();
  assert.is(misses(summary, 'compile'), 1);
  assert.not.match(read('it/v1/guides/faq/index.html'), 'class="toc-link" href="#perché-tauri"');
  restoreSecond();
  restoreFirst();
  await build();
});

test('a moved page (slug) is compiled for its new route; the pages linking to it are only rendered again', async () => {
  const restore = edit('content/docs/guides/intro/primo.md', (t) =>
    t.replace('sidebar_position: 1', 'sidebar_position: 1\nslug: inizio'),
  );
  const summary = await build();
  assert.is(misses(summary, 'compile'), 1, 'the links of other pages are resolved after compiling');
  assert.match(read('it/v1/guides/intro/inizio/index.html'), '<h1>Primo passo</h1>');
  assert.match(read('it/v1/guides/intro/secondo/index.html'), 'href="/it/v1/guides/intro/inizio#installazione"');
  restore();
  await build();
});

test('a fragment imported by an MDX page is part of its input', async () => {
  assert.match(read('it/v1/guides/componenti/index.html'), 'Una nota condivisa.');
  const restore = edit('content/docs/guides/_nota.md', () => 'Una nota aggiornata.\n');
  const summary = await build();
  assert.is(misses(summary, 'compile'), 1);
  assert.match(read('it/v1/guides/componenti/index.html'), 'Una nota aggiornata.');
  restore();
  await build();
});

test('code blocks: an edited block is highlighted again; the page’s other block comes from the cache', async () => {
  const restore = edit('content/docs/guides/codice.md', (t) => t.replace('fn main() {}', 'fn main() { run(); }'));
  const summary = await build();
  assert.is(misses(summary, 'compile'), 1);
  assert.is(misses(summary, 'highlight'), 1);
  assert.is(summary.cache.highlight?.hits, 1);
  assert.match(read('it/v1/guides/codice/index.html'), 'run');
  restore();
  await build();
});

test('an Admonition override compiles again the pages that may draw one; a Footer one compiles none', async () => {
  const file = path.join(dir, 'src/theme/Admonition.tsx');
  const override = (word: string) =>
    "import Original from '@theme-original/Admonition';\n" +
    `export default function A(props) { return <div className="${word}"><Original {...props} /></div>; }\n`;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, override('avvolto'));
  const added = await build();
  // The one page with `:::`; the rest of the site is taken from the cache.
  assert.is(misses(added, 'compile'), 1);
  assert.match(read('it/v1/guides/intro/primo/index.html'), '<div class="avvolto"><div class="admonition');
  writeFileSync(file, override('cambiato'));
  assert.is(misses(await build(), 'compile'), 1, 'an edit of it: the same page again');
  assert.match(read('it/v1/guides/intro/primo/index.html'), '<div class="cambiato">');
  writeFileSync(
    path.join(dir, 'src/theme/Footer.tsx'),
    'export default function F() { return <footer>Piè</footer>; }\n',
  );
  const footer = await build();
  assert.is(misses(footer, 'compile'), 0, 'the frame is rendered, not compiled');
  assert.match(read('it/v1/guides/intro/primo/index.html'), '<footer>Piè</footer>');
  rmSync(path.join(dir, 'src/theme'), { recursive: true });
  const removed = await build();
  assert.is(misses(removed, 'compile'), 1, 'removed: the page draws the theme’s admonition again');
  assert.not.match(read('it/v1/guides/intro/primo/index.html'), 'cambiato');
});

test("the browser bundle is the last build's while what esbuild read is unchanged; an edit bundles it", async () => {
  const assets = () => {
    const folder = path.join(out, 'it/assets');
    const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
    return new Map(files.map((f) => [f, readFileSync(path.join(folder, f), 'utf8')]));
  };
  const bundles = (summary: BuildSummary) => summary.cache.bundle ?? { hits: 0, misses: 0 };
  // A site with code of its own in the browser: a site without takes the bundle made with the CLI
  // (prebuilt-client-bundle.test.ts), with no bundle stage to cache.
  const footer = path.join(dir, 'src/theme/Footer.tsx');
  mkdirSync(path.dirname(footer), { recursive: true });
  writeFileSync(footer, 'export default function F() { return <footer>Piede uno</footer>; }\n');
  await build();
  const before = assets();
  const again = await build();
  assert.equal(bundles(again), { hits: 1, misses: 0 }, 'nothing changed: no esbuild');
  // sw.ts's production bundle is the CLI bundle's (prebuilt-service-worker.test.ts), else the last build's.
  assert.is(again.cache['service-worker']?.misses ?? 0, 0, 'nor for sw.js');
  assert.equal(assets(), before, 'the same files');
  const admonition = path.join(dir, 'src/theme/Admonition.tsx');
  writeFileSync(
    admonition,
    "import Original from '@theme-original/Admonition';\n" +
      'export default function A(props) { return <div className="nuovo"><Original {...props} /></div>; }\n',
  );
  assert.equal(bundles(await build()), { hits: 0, misses: 1 }, 'a new override: a new bundle input');
  assert.equal(bundles(await build()), { hits: 1, misses: 0 });
  // The same bundle input (the override's path); its file changed.
  writeFileSync(footer, 'export default function F() { return <footer>Piede due, cambiato</footer>; }\n');
  assert.equal(bundles(await build()), { hits: 0, misses: 1 }, 'an edit of a file esbuild read');
  const edited = [...assets().values()].join('\n');
  assert.match(edited, 'Piede due, cambiato');
  assert.not.match(edited, 'Piede uno');
  const [warmAssets, warmWorker] = [assets(), read('it/sw.js')];
  const noCache = await buildSite({
    packageRoot: repoRoot,
    config: path.join(dir, 'site.config.ts'),
    out,
    noCache: true,
  });
  assert.equal(bundles(noCache), { hits: 0, misses: 1 }, '--no-cache bundles');
  // The CLI bundle's sw.ts bundle (no stage, no esbuild), else esbuild's anew.
  assert.ok([undefined, 1].includes(noCache.cache['service-worker']?.misses), '--no-cache takes no kept sw.js');
  assert.equal(assets(), warmAssets, 'the same bundle');
  assert.is(read('it/sw.js'), warmWorker, 'the same service worker (its bundle was the last build’s)');
  rmSync(admonition);
  assert.equal(bundles(await build()), { hits: 0, misses: 1 }, 'an override taken out: one input fewer');
  rmSync(path.join(dir, 'src/theme'), { recursive: true });
  await build();
  assert.not.match([...assets().values()].join('\n'), 'Piede', 'no override: none of its code in the bundle');
});

test('a watched file store keeps its entry while the files and their folders are unchanged', async () => {
  const folder = path.join(dir, 'watched');
  mkdirSync(folder, { recursive: true });
  const input = path.join(folder, 'a.txt');
  writeFileSync(input, 'uno');
  const store = watchedFileStore<{ watched: string[]; n: number }>(path.join(dir, 'watched.json'));
  const stored = async (n: number) => {
    store.set('x', 'k', { watched: [input], n });
    await backgroundWrites().flush();
  };
  await stored(1);
  assert.equal(store.get('x', 'k'), { watched: [input], n: 1 });
  assert.is(store.get('x', 'other key'), undefined);
  writeFileSync(input, 'due!');
  assert.is(store.get('x', 'k'), undefined, 'the file changed');
  await stored(2);
  assert.is(store.get('x', 'k')?.n, 2);
  writeFileSync(path.join(folder, 'b.txt'), 'nuovo');
  assert.is(store.get('x', 'k'), undefined, 'a file added beside it');
  await stored(3);
  rmSync(input);
  assert.is(store.get('x', 'k'), undefined, 'the file removed');
  writeFileSync(path.join(dir, 'watched.json'), '{"key":"k","seen":[');
  assert.is(store.get('x', 'k'), undefined, 'an entry cut short');
});

test('digests: the same value gives the same digest; what JSON would drop silently is refused', () => {
  assert.is(digestOf({ a: 1, b: [1, 2] }), digestOf({ b: [1, 2], a: 1 }), 'key order of the input does not matter');
  assert.is.not(digestOf({ a: 'x' }), digestOf({ a: 'y' }));
  assert.is.not(digestOf({ a: { b: 1 } }), digestOf({ a: { b: 2 } }), 'nested values count');
  for (const bad of [{ f: () => 1 }, { m: new Map() }, { s: { set: new Set([1]) } }, { list: [undefined] }]) {
    assert.throws(() => digestOf(bad), /cache input/);
  }
});

test('under --no-cache a look at what a stage stored makes no key: nothing would be read back', async () => {
  const versions = await loadCodeVersions(repoRoot);
  const cacheDir = path.join(dir, 'no-reuse-cache');
  const highlightOf = (cache: Cache) =>
    cache.stage('highlight', async (block: { code: string }) => `<b>${block.code}</b>`);
  const kept = createCache({ versions, dir: cacheDir, mode: 'build' });
  await highlightOf(kept)({ code: 'x' });
  kept.save();
  await backgroundWrites().flush();
  let reads = 0;
  // A new object each time: a digest is kept by object.
  const watched = () =>
    Object.defineProperty({}, 'code', {
      enumerable: true,
      get: () => {
        reads++;
        return 'x';
      },
    }) as { code: string };
  const warm = createCache({ versions, dir: cacheDir, mode: 'build' });
  assert.is(highlightOf(warm).stored(watched()), '<b>x</b>', 'a build that reuses finds it');
  assert.ok(reads > 0);
  reads = 0;
  const cold = createCache({ versions, dir: cacheDir, mode: 'build', reuse: false });
  assert.is(highlightOf(cold).stored(watched()), undefined);
  assert.is(reads, 0, 'the input was not digested');
});

test("a stage's key is `stageKey` with the stage's version: what a compile worker keys a block with", async () => {
  const versions = await loadCodeVersions(repoRoot);
  const cache = createCache({ versions, dir: path.join(dir, 'stage-key-cache'), mode: 'build' });
  const highlight = cache.stage('highlight', async () => '');
  const block = { code: 'let x = 1;', lang: 'rust', highlightLines: [], showLineNumbers: false };
  assert.is(highlight.version, versions.highlight);
  assert.is(highlight.key(block), stageKey('highlight', highlight.version, block));
});

/** A build's stages over a cache of their own in `folder`, with how many keys of `stage` they digested so far. */
async function stagesCountingDigests(folder: string, stage: StageName) {
  const cache = createCache({ versions: await loadCodeVersions(repoRoot), dir: path.join(dir, folder), mode: 'build' });
  let digests = 0;
  const counted: Cache = {
    ...cache,
    keyOf: (name, input) => {
      if (name === stage) digests++;
      return cache.keyOf(name, input);
    },
  };
  return { stages: createStages(counted, {} as Compiler), digests: () => digests };
}

test("render keys: a run digests their shared part once, and any field's change still gives another key", async () => {
  const { stages, digests } = await stagesCountingDigests('render-key-cache', 'render');
  const site = { title: 'Sito' } as unknown as RenderKeyInput['site'];
  const chrome = { navbar: [] } as unknown as RenderKeyInput['chrome'];
  const assets = { css: ['/a.css'] } as unknown as RenderKeyInput['assets'];
  const input = (page: string, change: Partial<RenderKeyInput> = {}): RenderKeyInput => ({
    site,
    chrome,
    assets,
    hasBlog: true,
    theme: 'tema',
    page,
    sidebar: 'barra',
    ...change,
  });
  const keys = new Set<string>();
  for (let i = 0; i < 50; i++) keys.add(stages.renderKey(input(`pagina-${i}`)));
  assert.is(keys.size, 50, 'a key a page');
  assert.is(digests(), 1, 'the shared part digested once for 50 routes');
  assert.is(stages.renderKey(input('pagina-0')), [...keys][0], 'the same input, the same key');
  const base = stages.renderKey(input('p'));
  const changes: Partial<RenderKeyInput>[] = [
    { site: { title: 'Altro' } as unknown as RenderKeyInput['site'] },
    { chrome: { navbar: [1] } as unknown as RenderKeyInput['chrome'] },
    { assets: { css: ['/b.css'] } as unknown as RenderKeyInput['assets'] },
    { hasBlog: false },
    { theme: 'altro tema' },
    { sidebar: 'altra barra' },
    { sidebar: undefined },
  ];
  for (const change of changes) {
    const changed = stages.renderKey(input('p', change));
    assert.is.not(changed, base, JSON.stringify(change));
    assert.is(stages.renderKey(input('p')), base, `back to the first input after ${JSON.stringify(change)}`);
  }
  assert.is.not(stages.renderKey(input('p', { sidebar: '' })), stages.renderKey(input('p', { sidebar: undefined })));
});

test("a page's compile key is digested once a run, however many stages ask for it", async () => {
  const { stages, digests } = await stagesCountingDigests('compile-key-cache', 'compile');
  const job = { file: 'a.md', route: '/a', body: 'Testo.' } as Parameters<typeof stages.compileKey>[0];
  const other = { ...job, body: 'Altro testo.' };
  assert.is(stages.compileKey(job), stages.compileKey(job));
  assert.is.not(stages.compileKey(other), stages.compileKey(job), 'another input, another key');
  assert.is(digests(), 2, 'one digest a job');
});

/** A module graph like the CLI bundle's: a render stage over templates, a compile stage over plugins and a package. */
function graph(): ModuleGraph {
  const imports = (...paths: string[]) => ({ imports: paths.map((p) => ({ path: p })) });
  return {
    inputs: {
      [stageModules.render]: imports('templates/App.tsx', 'src/shared/sidebar.ts'),
      'templates/App.tsx': imports('src/shared/sidebar.ts'),
      'src/shared/sidebar.ts': imports(),
      [stageModules.compile]: imports(
        'src/markdown/remark-tabs.ts',
        stageModules.highlight,
        'node_modules/remark-gfm/index.js',
      ),
      'src/markdown/remark-tabs.ts': imports(),
      [stageModules.highlight]: imports('node_modules/shiki/dist/index.mjs'),
      'node_modules/remark-gfm/index.js': imports(),
      'node_modules/shiki/dist/index.mjs': imports(),
      [stageModules.search]: imports(),
      [stageModules.content]: imports(),
      [stageModules.props]: imports(),
      [stageModules.bundle]: imports(),
      [stageModules['service-worker']]: imports(),
      [stageModules['last-commits']]: imports(),
      [stageModules.config]: imports(),
      [stageModules['compile-jobs']]: imports(),
      [stageModules['front-matter']]: imports('node_modules/yaml/index.js'),
      'node_modules/yaml/index.js': imports(),
    },
  };
}

function reader(files: Record<string, string>, packages: Record<string, string>): CodeReader {
  return {
    read: (file) => files[file] ?? `contents of ${file}`,
    packageOf: (file) => packages[file.split('/')[1]!] ?? `${file.split('/')[1]}@1.0.0`,
  };
}

test(
  'code versions: a template edit changes render only; a plugin edit compile only; a ' +
    'dependency upgrade the stages using it',
  () => {
    const base = codeVersionsOf(graph(), reader({}, {}));
    const template = codeVersionsOf(graph(), reader({ 'templates/App.tsx': 'changed' }, {}));
    assert.is.not(template.render, base.render);
    assert.is(template.compile, base.compile);
    const plugin = codeVersionsOf(graph(), reader({ 'src/markdown/remark-tabs.ts': 'changed' }, {}));
    assert.is.not(plugin.compile, base.compile);
    assert.is(plugin.render, base.render);
    assert.is(plugin.highlight, base.highlight);
    const shiki = codeVersionsOf(graph(), reader({}, { shiki: 'shiki@9.9.9' }));
    assert.is.not(shiki.highlight, base.highlight);
    assert.is.not(shiki.compile, base.compile, 'compile runs the highlighter');
    assert.is(shiki.render, base.render);
    const renamed = graph();
    delete renamed.inputs[stageModules.search];
    assert.throws(() => codeVersionsOf(renamed, reader({}, {})), /update stageModules/);
  },
);

test('a stage that stores its output for the writing thread waits while that thread is behind', async () => {
  const cacheDir = path.join(dir, 'waiting-cache');
  const cache = createCache({ versions: await loadCodeVersions(repoRoot), dir: cacheDir, mode: 'build' });
  const compile = cache.stage('compile', async (input: { page: number }) => ({ html: `<p>${input.page}</p>` }));
  // Another store's entry over the limit of bytes waiting (a synchronous store queues without waiting).
  backgroundWrites().writeLater(path.join(cacheDir, 'grande.bin'), new Uint8Array(maxPendingBytes + 1));
  let settled = false;
  const output = compile({ page: 1 }).then((page) => {
    settled = true;
    return page;
  });
  for (let i = 0; i < 10; i++) await Promise.resolve();
  assert.not.ok(settled, 'the page waits for room, its entry queued');
  assert.equal(await output, { html: '<p>1</p>' });
  // A search part too (stored as the search stage makes it).
  backgroundWrites().writeLater(path.join(cacheDir, 'grande.bin'), new Uint8Array(maxPendingBytes + 1));
  settled = false;
  const part = cache.searchParts.set('parte', 'contenuto').then(() => {
    settled = true;
  });
  for (let i = 0; i < 10; i++) await Promise.resolve();
  assert.not.ok(settled, 'the part waits for room, queued');
  await part;
  cache.save();
  await backgroundWrites().flush();
  assert.is(blobEntriesOf(path.join(cacheDir, 'compile')).size, 1);
  assert.is(blobStore(path.join(cacheDir, 'search-pages')).get('parte')?.toString(), 'contenuto');
});

test('code versions of the real sources: every stage module is in the graph, each with its version', async () => {
  const versions = await loadCodeVersions(repoRoot);
  assert.equal(Object.keys(versions).sort(), Object.keys(stageModules).sort());
  assert.is(new Set(Object.values(versions)).size, Object.keys(stageModules).length);
});

test.run();
