/*
 * npm run bench [-- --sizes 1000,10000] [--runs 3] [--cold] [--no-peers] [--edits 3]: builds 100 and 1,000 docs
 * of the peer corpus (bench/peer-corpus.ts, what `bench:peers` builds), the real site and synthetic sites in child
 * processes and prints, per size, the cold build (a first build: the site's cache folder emptied, every page
 * compiled, highlighted, rendered and stored, as on a fresh clone or a CI runner without a cache) in total ms
 * and ms per page, the warm build (a build that finds the caches of the one before it, nothing changed), and
 * the highest peak RSS, then what a reader's first search downloads from each build (see first-search.ts).
 * `--runs n` builds each site cold n times and reports the median; `--cold` skips the warm builds. `--100k` adds
 * a site of 100,000 pages (search and offline on, as every synthetic site): minutes of build and about 2 GB.
 * Synthetic pages are as long as real guide pages: several paragraphs, two code blocks, a table.
 * After a synthetic site's warm builds, one page's text is edited and the site built again, `--edits` times (3
 * by default; a new text each time): the median is the "one page edited" figure. Then the budgets of issue 18
 * and of issue 35 (item 3), each beside what was measured; issue 35's are whole processes' wall times.
 * Nothing is deleted while it measures: emptied caches, the previous synthetic site and the disk floor's copy go
 * into the trash (see trash.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Stem } from '../src/shared/search/stemmers';
import { budgetLines, issue35BudgetLines, quantile, type SiteResult } from './budgets';
import { type FirstSearch, firstSearchLine, measureFirstSearch } from './first-search';
import { writePeerSite } from './peer-corpus';
import { writeSyntheticSite } from './synthetic-site';
import { emptyTrash, throwAway, waitForCleanUp } from './trash';

const repo = path.resolve(import.meta.dirname, '..');
const sizesArg = process.argv.indexOf('--sizes');
const sizes = (sizesArg > -1 ? process.argv[sizesArg + 1]! : '1000,10000').split(',').map(Number);
if (process.argv.includes('--100k') && !sizes.includes(100_000)) sizes.push(100_000);
const warm = !process.argv.includes('--cold');
const runsArg = process.argv.indexOf('--runs');
// This machine's timings vary by tens of percent from run to run: `--runs 3` reports the median.
const runs = runsArg > -1 ? Number(process.argv[runsArg + 1]) : 1;
const peers = !process.argv.includes('--no-peers');
const editsArg = process.argv.indexOf('--edits');
const edits = editsArg > -1 ? Number(process.argv[editsArg + 1]) : 3;

interface Result {
  name: string;
  pages: number;
  ms: number;
  /** From the process's start (Node's time origin) to the build's end: what a person running the command waits. */
  processMs: number;
  rssMb: number;
  /** Processor time of the build's process (user + system, every thread; esbuild's process not included). */
  cpuMs: number;
  /** The writing thread's report: files, its busy time, the build's wait for it. */
  disk?: { files: number; busyS: number; waitedS: number };
}

waitForCleanUp();

/** Empties a site's cache folder, keeping the bundled CLI (the real site's cache folder holds it). */
function emptyCache(siteDir: string): void {
  const dir = path.join(siteDir, 'node_modules/.cache/docs-it');
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) if (name !== 'cli') throwAway(path.join(dir, name));
}

/** Runs one build in a fresh Node process so its peak RSS is its own (see the note on VmHWM in its script). */
function measure(name: string, configFile: string, out: string, cache: boolean): Result {
  // Each build starts with the previous one's writes flushed (see the note on `sync` below).
  if (!cache) emptyCache(path.dirname(configFile));
  spawnSync('sync');
  const cliDir = path.join(repo, 'node_modules/.cache/docs-it/cli');
  const argv = ['node', 'docs-it', 'build', '--verbose'];
  argv.push('--config', configFile, '--out', out);
  const script = `
    process.env.NODE_ENV ??= 'production';
    const { run } = await import(${JSON.stringify(path.join(cliDir, 'program.mjs'))});
    const t = performance.now();
    const code = await run(${JSON.stringify(argv)}, ${JSON.stringify({ packageRoot: repo, cliDir })});
    const end = performance.now();
    const u = process.resourceUsage();
    const cpu = (u.userCPUTime + u.systemCPUTime) / 1000;
    // The peak of this process's own memory: Linux's VmHWM. Its maxRSS (getrusage) is not its own there: a process
    // made by fork and exec starts with the memory its parent had at the fork, and this bench's own process has
    // read a large build's whole output once it measured the disk's floor (about 0.5 GB at 10,000 pages).
    let status = '';
    try {
      status = (await import('node:fs')).readFileSync('/proc/self/status', 'utf8');
    } catch {}
    const hwm = /^VmHWM:\\s+(\\d+) kB/m.exec(status);
    const rss = hwm ? Number(hwm[1]) : u.maxRSS;
    console.log(JSON.stringify({ code, ms: end - t, processMs: end, rss, cpu }));`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: repo,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(`${name}: the build process failed\n${child.stderr}`);
  const last = child.stdout.trim().split('\n').pop() ?? '{}';
  const parsed = JSON.parse(last) as { code: number; ms: number; processMs: number; rss: number; cpu: number };
  if (parsed.code !== 0) throw new Error(`${name}: build failed\n${child.stdout}\n${child.stderr}`);
  // The CLI's summary (src/cli/build-command.ts): `Built …: N pages, …` and, with --verbose, `Disk: …`.
  const pages = Number(/(\d+) pages?,/.exec(child.stdout)?.[1] ?? 0);
  const disk = /^Disk: (\d+) files? .* in ([\d.]+) s; the build waited ([\d.]+) s/m.exec(child.stdout);
  const result: Result = {
    name,
    pages,
    ms: parsed.ms,
    processMs: parsed.processMs,
    rssMb: parsed.rss / 1024,
    cpuMs: parsed.cpu,
  };
  if (disk) result.disk = { files: Number(disk[1]), busyS: Number(disk[2]), waitedS: Number(disk[3]) };
  return result;
}

/**
 * What the disk needs for a build's output, without the build: every file of `outDir` read into memory, then
 * written into a new folder in one plain loop (folders made, files created and filled), as the build writes.
 */
function diskFloor(outDir: string): { files: number; mb: number; s: number } {
  const files: { rel: string; data: Buffer }[] = [];
  const walk = (dir: string, rel: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const child = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(child, `${rel}${entry.name}/`);
      else files.push({ rel: rel + entry.name, data: readFileSync(child) });
    }
  };
  walk(outDir, '');
  const copy = `${outDir}-floor`;
  throwAway(copy);
  spawnSync('sync');
  const start = performance.now();
  const made = new Set<string>();
  for (const file of files) {
    const target = path.join(copy, file.rel);
    const dir = path.dirname(target);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    writeFileSync(target, file.data);
  }
  const s = (performance.now() - start) / 1000;
  throwAway(copy);
  spawnSync('sync');
  return { files: files.length, mb: files.reduce((n, f) => n + f.data.byteLength, 0) / 1e6, s };
}

// Make sure the CLI bundle exists and is current.
spawnSync(process.execPath, [path.join(repo, 'bin/docs-it.mjs'), '--help'], { cwd: repo });
const results: SiteResult[] = [];
const diskLines: string[] = [];
const firstSearches: { name: string; measured: FirstSearch }[] = [];

/** The first search of a build's local index (every site here with one is under `/it/`; the peer corpus has none). */
async function firstSearchOf(out: string): Promise<FirstSearch | undefined> {
  const dir = path.join(out, 'it/search');
  if (!existsSync(path.join(dir, 'local-index.json'))) return undefined;
  const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');
  const entry = JSON.parse(read('local-index.json')) as { stemmer: string | null };
  const stem = entry.stemmer
    ? ((await import(pathToFileURL(path.join(dir, entry.stemmer)).href)) as { stemmer: Stem }).stemmer
    : undefined;
  return measureFirstSearch(read, stem);
}
/**
 * One page's text edited, then the site built with the caches of the build before, `edits` times (a new text
 * each time, the page's own restored at the end): those builds, sorted by their processes' wall time.
 */
function measureEdits(name: string, config: string, out: string, page: string): Result[] {
  const original = readFileSync(page, 'utf8');
  try {
    return Array.from({ length: edits }, (_, i) => {
      writeFileSync(page, `${original}\nUna modifica di prova, la numero ${i + 1}.\n`);
      return measure(`${name}, one page edited`, config, out, true);
    }).sort((a, b) => a.processMs - b.processMs);
  } finally {
    writeFileSync(page, original);
  }
}

const runOnce = async (name: string, config: string, out: string, edited?: string) => {
  const cold = Array.from({ length: runs }, () => measure(name, config, out, false)).sort((a, b) => a.ms - b.ms);
  const median = cold[Math.floor(cold.length / 2)]!;
  if (median.disk) {
    const floor = diskFloor(out);
    diskLines.push(
      `${name.padEnd(15)} ${String(median.disk.files).padStart(8)} ${median.disk.busyS.toFixed(2).padStart(13)} ` +
        `${median.disk.waitedS.toFixed(2).padStart(12)}   ${String(floor.files).padStart(6)} files, ` +
        `${floor.mb.toFixed(0)} MB in ${floor.s.toFixed(2)} s`,
    );
  }
  const all = [...cold];
  const result: SiteResult = {
    name,
    pages: median.pages,
    coldMs: median.ms,
    coldCpuMs: median.cpuMs,
    coldProcessMs: quantile(
      cold.map((r) => r.processMs).sort((a, b) => a - b),
      0.5,
    ),
    warmMs: undefined,
    rssMb: 0,
  };
  if (warm) {
    // The first build with caches fills them; the second is the warm one.
    all.push(measure(name, config, out, true));
    const second = measure(name, config, out, true);
    all.push(second);
    result.warmMs = second.ms;
    result.warmProcessMs = second.processMs;
    if (edited && edits > 0) {
      const editBuilds = measureEdits(name, config, out, edited);
      all.push(...editBuilds);
      result.editProcessMs = quantile(
        editBuilds.map((r) => r.processMs),
        0.5,
      );
    }
  }
  result.rssMb = Math.max(...all.map((r) => r.rssMb));
  results.push(result);
  const measured = await firstSearchOf(out);
  if (measured) firstSearches.push({ name, measured });
};
if (peers)
  for (const docs of [100, 1000]) {
    const dir = writePeerSite('docs-it', path.join(repo, 'bench/.sites', `peers-${docs}`), docs);
    // Writing a site deletes the previous one and writes thousands of files: flush that to disk first, so the
    // kernel's write-back (and, on filesystems mounted with `discard`, the trims) is not billed to the build.
    spawnSync('sync');
    await runOnce(`peer corpus ${docs}`, path.join(dir, 'site.config.ts'), path.join(dir, 'build'));
  }
await runOnce('real site', path.join(repo, 'site.config.ts'), path.join(repo, 'bench/.sites/out-real'));
for (const size of sizes) {
  const dir = writeSyntheticSite(path.join(repo, 'bench/.sites'), size);
  spawnSync('sync');
  // The page edited: a doc of the first section (every size has it), text only.
  const edited = path.join(dir, 'content/docs/guide/sezione-0/pagina-1.md');
  await runOnce(`synthetic ${size}`, path.join(dir, 'site.config.ts'), path.join(dir, 'build'), edited);
}
console.log(
  `\nsite                pages     cold ms     ms/page     warm ms    peak RSS    cold CPU s    process: cold ` +
    `  warm  1 edited${runs > 1 ? `   (cold: median of ${runs})` : ''}`,
);
const msCell = (ms: number | undefined, width: number) => (ms === undefined ? '—' : ms.toFixed(0)).padStart(width);
for (const r of results) {
  console.log(
    `${r.name.padEnd(18)} ${String(r.pages).padStart(6)} ${r.coldMs.toFixed(0).padStart(11)} ` +
      `${(r.coldMs / r.pages).toFixed(2).padStart(11)} ${msCell(r.warmMs, 11)} ` +
      `${`${r.rssMb.toFixed(0)} MB`.padStart(11)} ${((r.coldCpuMs ?? 0) / 1000).toFixed(1).padStart(13)} ` +
      `${msCell(r.coldProcessMs, 17)} ${msCell(r.warmProcessMs, 6)} ${msCell(r.editProcessMs, 9)}`,
  );
}
console.log(
  '\ndisk (cold build)    files      thread s       wait s   the output alone, written outside a build (the floor)',
);
for (const line of diskLines) console.log(line);
console.log(
  '\nfirst search (gzip)       open  median tot.  largest tot.  max index  (open: entry and stemmer; ' +
    "then the words' shards and the results' texts)",
);
for (const { name, measured } of firstSearches) console.log(firstSearchLine(name, measured));
console.log('\nbudget (issue 18)');
for (const line of budgetLines(results)) console.log(line);
console.log(
  "\nbudget (issue 35: whole processes' wall times, for an idle 2-processor machine; `npm run bench:dev` has dev's)",
);
for (const line of issue35BudgetLines(results)) console.log(line);
// Everything is measured: the clean-up may cost the disk what it likes now.
emptyTrash();
