/*
 * npm run bench:peers [-- --sizes 100,1000] [--runs 3] [--peers docusaurus,vitepress,rspress,starlight]: builds
 * one corpus (bench/peer-corpus.ts) with docs-it and its peers, cold each time, the tools in turn within each run:
 * Docusaurus 3 (latest 3.x, its faster toolchain), VitePress 1 (latest 1.x), Rspress 2 (latest 2.x) and Starlight
 * 0.37 with Astro 5 (the newest that runs on Node 20), each with its defaults, local search where the tool has it
 * built in (all but Docusaurus) and a sidebar over every doc. Each build must show every doc and post of the
 * corpus, or the benchmark stops. Also times the floor: the same markdown parsed by md4c (md4w) and written by a
 * plain loop (bench/markdown-floor.mjs). Prints wall and CPU time, peak RSS and pages per tool and size (medians
 * of the runs), one `ratio <peer> <docs>: <x>x` line per peer and size, the floor's lines and the round's goal.
 * The peers and md4w are installed on first use from the npm registry into node_modules/.cache/docs-it-peers.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { blogPosts, missingPages, type Tool, writePeerSite } from './peer-corpus';
import { install, peersDir } from './peer-install';
import { floorLines, goalLines, type Row, ratioLines, ratioText } from './peer-report';
import { timedRun } from './timed-run';
import { emptyTrash, throwAway, waitForCleanUp } from './trash';

type Peer = Exclude<Tool, 'docs-it'>;
const allPeers: Peer[] = ['docusaurus', 'vitepress', 'rspress', 'starlight'];

const repo = path.resolve(import.meta.dirname, '..');
const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const sizes = (arg('--sizes') ?? '100,1000').split(',').map(Number);
const runs = Number(arg('--runs') ?? 3);
const chosen = (arg('--peers') ?? allPeers.join(',')).split(',');
for (const name of chosen)
  if (!allPeers.includes(name as Peer))
    throw new Error(`--peers: unknown peer ${name} (known: ${allPeers.join(', ')})`);
const peers = allPeers.filter((p) => chosen.includes(p));

interface Sample {
  wall: number;
  cpu: number;
  rssMb: number;
  stdout: string;
}

/** Runs a build under GNU time (see timed-run.ts); a failed build stops the benchmark. */
function timed(command: string[], cwd: string): Sample {
  const env = { ...process.env, NODE_ENV: 'production', CI: 'true', ASTRO_TELEMETRY_DISABLED: '1' };
  const run = timedRun(command, { cwd, env });
  if (run.status !== 0 || Number.isNaN(run.cpuS))
    throw new Error(`${command.join(' ')} failed:\n${run.stdout}\n${run.stderr}`);
  return { wall: run.wallS, cpu: run.cpuS, rssMb: run.rssMb, stdout: run.stdout };
}

function htmlFiles(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) files.push(...htmlFiles(full));
    else if (name.endsWith('.html') && name !== '404.html') files.push(full);
  }
  return files;
}

/** The HTML pages of a build, after checking that each doc and post of the corpus has one (else it throws). */
function checkPages(name: string, out: string, docs: number): number {
  const files = htmlFiles(out);
  const missing = missingPages(
    files.map((f) => readFileSync(f, 'utf8')),
    docs,
  );
  if (missing.docs.length || missing.posts.length) {
    const list = (what: string, ids: number[]) =>
      ids.length ? `${ids.length} ${what} (${ids.slice(0, 10).join(', ')}${ids.length > 10 ? '…' : ''})` : '';
    throw new Error(
      `${name} built ${files.length} HTML pages from ${docs} docs and ${blogPosts} posts in ${out}, but no page ` +
        `shows ${[list('docs', missing.docs), list('posts', missing.posts)].filter(Boolean).join(' and ')}: ` +
        'look at its build output above or in that folder.',
    );
  }
  return files.length;
}

interface Runner {
  name: Tool | 'floor';
  out: string;
  build(): Sample;
}

const node = process.execPath;
const cli = {
  docusaurus: path.join(peersDir, 'docusaurus/node_modules/@docusaurus/core/bin/docusaurus.mjs'),
  vitepress: path.join(peersDir, 'vitepress/node_modules/vitepress/bin/vitepress.js'),
  rspress: path.join(peersDir, 'rspress/node_modules/@rspress/core/bin/rspress.js'),
  starlight: path.join(peersDir, 'starlight/node_modules/astro/astro.js'),
};

/** Each tool's build of the corpus of `docs` docs: where it writes and how to build it cold. */
function runnersFor(docs: number, fasterKey: string): Runner[] {
  const fresh = (...dirs: string[]) => {
    for (const d of dirs) throwAway(d);
  };
  const it = writePeerSite('docs-it', path.join(repo, 'bench/.sites', `peers-${docs}`), docs);
  const floorOut = path.join(repo, 'bench/.sites', `floor-${docs}`);
  const runners: Runner[] = [
    {
      name: 'docs-it',
      out: path.join(it, 'build'),
      build: () => {
        fresh(path.join(it, 'build'), path.join(it, 'node_modules'));
        return timed([node, path.join(repo, 'bin/docs-it.mjs'), 'build', '--quiet'], it);
      },
    },
    {
      name: 'floor',
      out: floorOut,
      build: () => {
        fresh(floorOut);
        const floorScript = path.join(repo, 'bench/markdown-floor.mjs');
        return timed([node, floorScript, path.join(peersDir, 'md4w'), path.join(it, 'content'), floorOut], repo);
      },
    },
  ];
  const siteDir = (peer: Peer) => path.join(peersDir, peer, `site-${docs}`);
  for (const peer of peers) {
    const dir = writePeerSite(peer, siteDir(peer), docs, fasterKey);
    if (peer === 'docusaurus')
      runners.push({
        name: peer,
        out: path.join(dir, 'build'),
        build: () => {
          fresh(path.join(dir, 'build'), path.join(dir, '.docusaurus'), path.join(dir, 'node_modules'));
          return timed([node, cli.docusaurus, 'build', '.'], dir);
        },
      });
    else if (peer === 'vitepress')
      runners.push({
        name: peer,
        out: path.join(dir, '.vitepress/dist'),
        build: () => {
          fresh(path.join(dir, '.vitepress/dist'), path.join(dir, '.vitepress/cache'));
          return timed([node, cli.vitepress, 'build', '.'], dir);
        },
      });
    else if (peer === 'rspress')
      runners.push({
        name: peer,
        out: path.join(dir, 'doc_build'),
        build: () => {
          // node_modules holds Rspack's persistent cache.
          fresh(path.join(dir, 'doc_build'), path.join(dir, 'node_modules'));
          return timed([node, cli.rspress, 'build'], dir);
        },
      });
    else
      runners.push({
        name: peer,
        out: path.join(dir, 'dist'),
        build: () => {
          fresh(path.join(dir, 'dist'), path.join(dir, '.astro'), path.join(dir, 'node_modules'));
          return timed([node, cli.starlight, 'build'], dir);
        },
      });
  }
  return runners;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
const versionOf = (peer: Peer | 'md4w', pkg: string) =>
  (
    JSON.parse(readFileSync(path.join(peersDir, peer, 'node_modules', pkg, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;

const versions = new Map<Peer, string>(peers.map((p) => [p, install(p)]));
const md4wVersion = install('md4w');
// Docusaurus 3.10 made its faster toolchain stable under a new name.
const [major, minor] = (versions.get('docusaurus') ?? '3.10').split('.').map(Number) as [number, number];
const fasterKey = major > 3 || minor >= 10 ? 'faster' : 'experimental_faster';
// The docs-it CLI bundle is made before the first timed run.
spawnSync(node, [path.join(repo, 'bin/docs-it.mjs'), '--help'], { cwd: repo });

waitForCleanUp();
const loadBefore = load();
const rows: Row[] = [];
const floorPhases: string[] = [];
for (const size of sizes) {
  const runners = runnersFor(size, fasterKey);
  const samples = new Map<string, Sample[]>(runners.map((r) => [r.name, []]));
  const pages = new Map<string, number>();
  for (let run = 0; run < runs; run++) {
    for (const runner of runners) {
      process.stdout.write(`  ${size} docs, run ${run + 1}/${runs}: ${runner.name} (load ${load()})… `);
      const sample = runner.build();
      pages.set(runner.name, checkPages(runner.name, runner.out, size));
      samples.get(runner.name)!.push(sample);
      console.log(`${sample.wall.toFixed(1)} s wall, ${sample.cpu.toFixed(1)} s CPU`);
      if (runner.name === 'floor') {
        const phases = JSON.parse(sample.stdout) as Record<string, number>;
        const ms = (k: string) => `${k.replace('Ms', '')} ${Math.round(phases[k] ?? Number.NaN)} ms`;
        floorPhases.push(
          `  floor ${size}, run ${run + 1}: ${phases.pages} pages; ` +
            ['loadMs', 'readMs', 'parseMs', 'writeMs'].map(ms).join(', '),
        );
      }
    }
  }
  for (const runner of runners) {
    const all = samples.get(runner.name)!;
    rows.push({
      size,
      tool: runner.name,
      pages: pages.get(runner.name)!,
      wall: median(all.map((s) => s.wall)),
      cpu: median(all.map((s) => s.cpu)),
      rssMb: Math.max(...all.map((s) => s.rssMb)),
    });
  }
}

emptyTrash();
const date = new Date().toISOString().slice(0, 10);
const named = { docusaurus: 'Docusaurus', vitepress: 'VitePress', rspress: 'Rspress', starlight: 'Starlight' };
const peerVersions = peers.map((p) => {
  const v = `${named[p]} ${versions.get(p)}`;
  if (p === 'docusaurus') return `${v} (${fasterKey})`;
  if (p === 'starlight') return `${v} (Astro ${versionOf('starlight', 'astro')})`;
  return v;
});
console.log(
  `\n${date}, ${cpus().length} processors, ${(totalmem() / 1024 ** 3).toFixed(0)} GB of RAM, ` +
    `load average ${loadBefore} before and ${load()} after; ${peerVersions.join(', ')}; floor: md4w ${md4wVersion}; ` +
    `cold builds, median of ${runs}${runs === 1 ? ' (one run: no median)' : ''}\n`,
);
console.log('| docs | tool | pages | wall | CPU | peak RSS | ratio (wall) | ratio (CPU) |');
console.log('|---|---|---|---|---|---|---|---|');
for (const row of rows) {
  const docsIt = rows.find((r) => r.size === row.size && r.tool === 'docs-it')!;
  // The floor's row says how many times the floor docs-it takes; a peer's, how many times docs-it's time it takes.
  const ratio = (n: number, of: number) =>
    row.tool === 'docs-it' ? '1x' : row.tool === 'floor' ? `docs-it ${ratioText(of / n)}` : ratioText(n / of);
  console.log(
    `| ${row.size} | ${row.tool} | ${row.pages} | ${row.wall.toFixed(2)} s | ${row.cpu.toFixed(2)} s | ` +
      `${row.rssMb.toFixed(0)} MB | ${ratio(row.wall, docsIt.wall)} | ${ratio(row.cpu, docsIt.cpu)} |`,
  );
}
console.log('\nfloor phases, inside its process (load: md4w and its WebAssembly):');
for (const line of floorPhases) console.log(line);
console.log('');
for (const line of [...ratioLines(rows), ...floorLines(rows), '', ...goalLines(rows)]) console.log(line);
if (loadBefore.split(' ').some((n) => Number(n) > cpus().length))
  console.log('\n(the machine was loaded: wall figures need a quiet machine; CPU figures hold better)');
