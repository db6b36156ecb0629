/*
 * npm run bench:peers [-- --sizes 100,1000] [--runs 3]: builds one corpus (bench/peer-corpus.ts) with docs-it,
 * Docusaurus 3 (latest 3.x, its faster toolchain) and VitePress 1 (latest 1.x, local search, a sidebar over
 * every doc), cold each time, the tools in turn within each run, and prints wall and CPU time, peak RSS and
 * pages per tool and size, the median of the runs, and one `ratio <peer> <docs>: <x.x>x` line per peer and
 * size. The peers are installed on first use from the npm registry into node_modules/.cache/docs-it-peers.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { type Tool, writePeerSite } from './peer-corpus';
import { install, peersDir } from './peer-install';
import { emptyTrash, throwAway, waitForCleanUp } from './trash';

const repo = path.resolve(import.meta.dirname, '..');
const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const sizes = (arg('--sizes') ?? '100,1000').split(',').map(Number);
const runs = Number(arg('--runs') ?? 3);

interface Sample {
  wall: number;
  cpu: number;
  rssMb: number;
}

/** Runs a command under GNU time: wall, user + system CPU of it and its children, and the largest RSS. */
function timed(command: string[], cwd: string): Sample {
  const child = spawnSync('/usr/bin/time', ['-f', 'DOCS_IT_TIME %e %U %S %M', ...command], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, NODE_ENV: 'production', CI: 'true' },
  });
  const line = /DOCS_IT_TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(child.stderr);
  if (child.status !== 0 || !line) throw new Error(`${command.join(' ')} failed:\n${child.stdout}\n${child.stderr}`);
  return { wall: Number(line[1]), cpu: Number(line[2]) + Number(line[3]), rssMb: Number(line[4]) / 1024 };
}

function countPages(dir: string): number {
  let count = 0;
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) count += countPages(full);
    else if (name.endsWith('.html') && name !== '404.html') count++;
  }
  return count;
}

interface Site {
  tool: Tool;
  build(): Sample;
  out: string;
}

function sitesFor(docs: number, fasterKey: string): Site[] {
  const itDir = path.join(repo, 'bench/.sites', `peers-${docs}`);
  const it = writePeerSite('docs-it', itDir, docs);
  const docuDir = writePeerSite('docusaurus', path.join(peersDir, 'docusaurus', `site-${docs}`), docs, fasterKey);
  const vpDir = writePeerSite('vitepress', path.join(peersDir, 'vitepress', `site-${docs}`), docs);
  const fresh = (...dirs: string[]) => {
    for (const d of dirs) throwAway(d);
  };
  return [
    {
      tool: 'docs-it',
      out: path.join(it, 'build'),
      build: () => {
        fresh(path.join(it, 'build'), path.join(it, 'node_modules'));
        return timed([process.execPath, path.join(repo, 'bin/docs-it.mjs'), 'build', '--quiet'], it);
      },
    },
    {
      tool: 'docusaurus',
      out: path.join(docuDir, 'build'),
      build: () => {
        fresh(path.join(docuDir, 'build'), path.join(docuDir, '.docusaurus'), path.join(docuDir, 'node_modules'));
        const cli = path.join(peersDir, 'docusaurus/node_modules/@docusaurus/core/bin/docusaurus.mjs');
        return timed([process.execPath, cli, 'build', '.'], docuDir);
      },
    },
    {
      tool: 'vitepress',
      out: path.join(vpDir, '.vitepress/dist'),
      build: () => {
        fresh(path.join(vpDir, '.vitepress/dist'), path.join(vpDir, '.vitepress/cache'));
        const cli = path.join(peersDir, 'vitepress/node_modules/vitepress/bin/vitepress.js');
        return timed([process.execPath, cli, 'build', '.'], vpDir);
      },
    },
  ];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const docusaurusVersion = install('docusaurus');
const vitepressVersion = install('vitepress');
// Docusaurus 3.10 made its faster toolchain stable under a new name.
const [major, minor] = docusaurusVersion.split('.').map(Number) as [number, number];
const fasterKey = major > 3 || minor >= 10 ? 'faster' : 'experimental_faster';
// The docs-it CLI bundle is made before the first timed run.
spawnSync(process.execPath, [path.join(repo, 'bin/docs-it.mjs'), '--help'], { cwd: repo });

waitForCleanUp();
const rows: { size: number; tool: Tool; pages: number; wall: number; cpu: number; rssMb: number }[] = [];
for (const size of sizes) {
  const sites = sitesFor(size, fasterKey);
  const samples = new Map<Tool, Sample[]>(sites.map((s) => [s.tool, []]));
  for (let run = 0; run < runs; run++) {
    for (const site of sites) {
      process.stdout.write(`  ${size} documenti, giro ${run + 1}/${runs}: ${site.tool}… `);
      const sample = site.build();
      samples.get(site.tool)!.push(sample);
      console.log(`${sample.wall.toFixed(1)} s`);
    }
  }
  for (const site of sites) {
    const all = samples.get(site.tool)!;
    rows.push({
      size,
      tool: site.tool,
      pages: countPages(site.out),
      wall: median(all.map((s) => s.wall)),
      cpu: median(all.map((s) => s.cpu)),
      rssMb: Math.max(...all.map((s) => s.rssMb)),
    });
  }
}

emptyTrash();
const date = new Date().toISOString().slice(0, 10);
console.log(
  `\n${date}, ${cpus().length} processori, ${(totalmem() / 1024 ** 3).toFixed(0)} GB di RAM; ` +
    `Docusaurus ${docusaurusVersion} (${fasterKey}), VitePress ${vitepressVersion}; ` +
    `build a freddo, mediana di ${runs}\n`,
);
console.log('| documenti | strumento | pagine | tempo | CPU | picco RSS | rapporto (tempo) |');
console.log('|---|---|---|---|---|---|---|');
for (const row of rows) {
  const docsIt = rows.find((r) => r.size === row.size && r.tool === 'docs-it')!;
  const ratio = row.tool === 'docs-it' ? '1×' : `${(row.wall / docsIt.wall).toFixed(1)}×`;
  console.log(
    `| ${row.size} | ${row.tool} | ${row.pages} | ${row.wall.toFixed(1)} s | ${row.cpu.toFixed(1)} s | ` +
      `${row.rssMb.toFixed(0)} MB | ${ratio} |`,
  );
}
console.log('');
for (const row of rows) {
  if (row.tool === 'docs-it') continue;
  const docsIt = rows.find((r) => r.size === row.size && r.tool === 'docs-it')!;
  console.log(`ratio ${row.tool} ${row.size}: ${(row.wall / docsIt.wall).toFixed(1)}x`);
}
