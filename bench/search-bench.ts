/*
 * npm run bench:search [-- --sizes 10000] [--fresh]: the search budgets (the index data of the real site's first
 * search, page text aside, at most 120 KB gzipped; p95 query time at most 5 ms at 10,000 pages):
 * - the local index (gzip): its entry, all its shards, and what a first search downloads (see first-search.ts);
 * - query latency in Node (p50 / p95 / max) over a fixed set of Italian queries, shards and page text included,
 *   and the p95 of the CPU time a query takes (what a machine busy with other processes cannot inflate);
 * - what the search adds to the first page load, and the chunks it loads on first use.
 * Synthetic sites live in bench/.scratch/<size> and keep their compile cache unless --fresh.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { searchFiles } from '../src/search/search-files';
import { loadStemmer } from '../src/search/stemmer';
import { searchDirOf } from '../src/shared/urls';
import { type FirstSearch, firstSearchLine, largestIndexBytes, measureFirstSearch } from './first-search';
import { localSearchOf, repo, searchInputOf } from './search-input';
import { writeSyntheticSite } from './synthetic-site';

const sizesArg = process.argv.indexOf('--sizes');
const sizes = (sizesArg > -1 ? process.argv[sizesArg + 1]! : '10000').split(',').filter(Boolean).map(Number);
const fresh = process.argv.includes('--fresh');

/** What readers type: whole words, words being typed, two-word queries, typos, accents and elisions. */
const queries = [
  'finestra',
  'menu',
  'sicurezza',
  'aggiornamento',
  'firma macos',
  'perche',
  'perché',
  'invok',
  'configurazione',
  'tauri.conf.json',
  'comando rust',
  'webview',
  'traspar',
  'sidecar',
  'notarizzazione',
  'aggiornamneto',
  'compilare per windows',
  'eventi',
  'updater',
  'icona',
  'plugin',
  'allowlist',
  "dell'applicazione",
  'system tray',
  'splashscreen',
  'debug',
  'fin',
  'conf',
  'proble',
  'opzioni',
];
const rounds = 30;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface Row {
  name: string;
  pages: number;
  records: number;
  stageMs: number;
  entryGz: number;
  shards: number;
  shardsGz: number;
  texts: number;
  textGzMean: number;
  first: FirstSearch;
  loadMs: number;
  p50: number;
  p95: number;
  cpuP95: number;
  max: number;
}

/** The garbage collector, to start each site's timing without the heap its build left. */
v8.setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

async function measure(name: string, configFile: string): Promise<Row> {
  const { input, pageCount, files, records, stageMs } = await indexOf(configFile);
  const dir = searchDirOf(input.options.baseUrl);
  const entryJson = files.get(`${dir}local-index.json`)!;
  const under = (folder: string) => [...files].filter(([file]) => file.startsWith(`${dir}${folder}`));
  const shardFiles = [...under('terms/'), ...under('postings/')];
  const textGz = under('text/').map(([, text]) => gzipSync(text).length);
  const read = (file: string) => {
    const text = files.get(`${dir}${file}`);
    if (text === undefined) throw new Error(`no search file ${file}`);
    return text;
  };
  const first = await measureFirstSearch(
    read,
    input.words.stemmer ? await loadStemmer(input.words.stemmer) : undefined,
    queries,
  );
  const start = performance.now();
  const search = await localSearchOf(input, files);
  const loadMs = performance.now() - start;
  for (const q of queries) await search.search(q); // warm-up: JIT and the text shards of the hit pages
  collectGarbage();
  const times: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const q of queries) {
      const c = process.cpuUsage();
      const t = performance.now();
      await search.search(q);
      times.push(performance.now() - t);
      const used = process.cpuUsage(c);
      cpu.push((used.user + used.system) / 1000);
    }
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    name,
    pages: pageCount,
    records,
    stageMs,
    entryGz: gzipSync(entryJson).length,
    shards: shardFiles.length,
    shardsGz: shardFiles.reduce((n, [, text]) => n + gzipSync(text).length, 0),
    texts: textGz.length,
    textGzMean: textGz.reduce((a, b) => a + b, 0) / Math.max(1, textGz.length),
    first,
    loadMs,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    cpuP95: percentile(cpu, 95),
    max: times[times.length - 1]!,
  };
}

/**
 * A site's search files, with the search stage's time and what the queries need of its input. The input's pages
 * (the compiled site) stay here, let go before the timing as a reader's browser never holds them: collecting that
 * heap would count in a query's CPU time.
 */
async function indexOf(configFile: string) {
  const searched = await searchInputOf(configFile);
  const start = performance.now();
  const { files, records } = await searchFiles(searched);
  const stageMs = performance.now() - start;
  const input = { options: searched.options, words: searched.words };
  return { input, pageCount: searched.pages.length, files, records, stageMs };
}

/**
 * Bundles installSearch as the site's bundle would (React): its entry chunk is what the first page
 * load gains.
 */
async function firstLoad(): Promise<{ entryGz: number; lazy: { name: string; gz: number }[]; leaks: string[] }> {
  const result = await build({
    entryPoints: { entry: path.join(repo, 'src/client/search/install-search.ts') },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    write: false,
    metafile: true,
    outdir: '/out',
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    jsx: 'automatic',
    logLevel: 'silent',
    define: {
      'process.env.NODE_ENV': '"production"',
      __DOCS_IT_CONFIG__: JSON.stringify(
        JSON.stringify({
          baseUrl: '/it/',
          mode: 'production',
          search: {
            provider: 'local',
            localIndexUrl: '/it/search/local-index.json',
            indexUid: 'docs-v1',
            clientAgents: [],
            searchParams: {},
          },
          pwa: { offlineModeActivationStrategies: [], debug: false },
        }),
      ),
    },
  });
  const outputs = result.metafile.outputs;
  // Metafile keys are relative to the working directory; output files carry absolute paths.
  const gz = (key: string) => gzipSync(result.outputFiles.find((f) => f.path === path.resolve(key))!.contents).length;
  // Everything the entry imports statically is downloaded with the page.
  const eager = new Set<string>();
  const visit = (file: string) => {
    if (eager.has(file)) return;
    eager.add(file);
    for (const imported of outputs[file]!.imports) if (imported.kind === 'import-statement') visit(imported.path);
  };
  visit(Object.keys(outputs).find((key) => key.endsWith('/entry.js'))!);
  const eagerInputs = [...eager].flatMap((file) => Object.keys(outputs[file]!.inputs));
  // The modal and everything it is made of (its components, hooks and ids) load on first use only.
  const lazyOnly = /minisearch|meilisearch|react|scheduler|mount-search|src\/client\/search\/(Search|search-ids|use-)/;
  const leaks = eagerInputs.filter((input) => lazyOnly.test(input));
  const lazy = Object.keys(outputs)
    .filter((file) => file.endsWith('.js') && !eager.has(file))
    .map((file) => ({
      name: Object.keys(outputs[file]!.inputs)
        .map((i) => i.replace(/^.*node_modules\//, '').replace(/^(src|templates)\//, '$1/'))
        .filter((i) => !i.includes('/dist/') || /minisearch|meilisearch|react/.test(i))
        .slice(0, 3)
        .join(', '),
      gz: gz(file),
    }));
  return { entryGz: [...eager].reduce((n, file) => n + gz(file), 0), lazy, leaks };
}

const rows: Row[] = [await measure('real site', path.join(repo, 'site.config.ts'))];
for (const size of sizes) {
  const dir = path.join(repo, 'bench/.scratch', String(size));
  if (fresh || !existsSync(path.join(dir, 'site.config.ts')))
    writeSyntheticSite(path.join(repo, 'bench/.scratch'), size);
  rows.push(await measure(`synthetic ${size}`, path.join(dir, 'site.config.ts')));
}

console.log(
  `\nsite             pages  records search stage  entry (gzip)  shard: files, gzip  texts: files, mean gzip  ` +
    `load         query p50  query p95  query max  CPU p95`,
);
for (const r of rows) {
  console.log(
    `${r.name.padEnd(15)} ${String(r.pages).padStart(6)} ${String(r.records).padStart(7)} ` +
      `${`${r.stageMs.toFixed(0)} ms`.padStart(12)} ${kb(r.entryGz).padStart(13)} ` +
      `${`${r.shards}, ${kb(r.shardsGz)}`.padStart(17)} ${`${r.texts}, ${kb(r.textGzMean)}`.padStart(23)} ` +
      `${`${r.loadMs.toFixed(0)} ms`.padStart(12)} ${`${r.p50.toFixed(2)} ms`.padStart(10)} ` +
      `${`${r.p95.toFixed(2)} ms`.padStart(10)} ${`${r.max.toFixed(2)} ms`.padStart(10)} ` +
      `${`${r.cpuP95.toFixed(2)} ms`.padStart(8)}`,
  );
}
console.log(`(${queries.length} queries × ${rounds} rounds)`);
console.log(
  '\nfirst search (gzip)    opening   median total  max total     max index   (the same queries, each as the first)',
);
for (const r of rows) console.log(firstSearchLine(r.name, r.first));
const real = rows[0]!;
const large = rows.find((r) => r.pages >= 10_000);
for (const [what, value, limit, unit] of [
  ['index of a first search, real site', largestIndexBytes(real.first) / 1024, 120, 'KB'],
  ['query p95 at 10,000 pages', large?.p95, 5, 'ms'],
  ['query p95 (CPU) at 10,000 pages', large?.cpuP95, 5, 'ms'],
] as const) {
  if (value === undefined) continue;
  const verdict = value <= limit ? 'within budget' : `OVER by ${(value - limit).toFixed(1)} ${unit}`;
  console.log(`${what.padEnd(40)} ${value.toFixed(1).padStart(7)} ${unit}  budget ${limit} ${unit}  ${verdict}`);
}

const load = await firstLoad();
console.log(
  `\nFirst load: installSearch adds ${kb(load.entryGz)} gzip; ` +
    (load.leaks.length ? `ERROR, loaded at once: ${load.leaks.join(', ')}.` : 'no modal, meilisearch or React.'),
);
console.log('Loaded on first use (gzip):');
for (const chunk of load.lazy) console.log(`  ${kb(chunk.gz).padStart(9)}  ${chunk.name}`);
