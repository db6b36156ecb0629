/*
 * npm run bench:serve [-- --dir build] [--pages 1000] [--requests 20000] [--concurrency 50] [--rebuild]
 *
 * `docs-it serve` under load: 20,000 GET requests, 50 at a time, over the search files of a build (the local
 * index, the records, every text shard), each asking for `br, gzip` as browsers do, on keep-alive
 * connections. Prints requests per second, p50/p99 latency and the server's resident memory before the run,
 * at its peak and after it (from /proc, Linux). Node alone: no wrk needed.
 *
 * The build: `--dir` an existing one; else the real site (or, with `--pages N`, a synthetic site of N pages)
 * built into bench/.sites once and kept (`--rebuild` builds it again).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import path from 'node:path';
import { writeSyntheticSite } from './synthetic-site';

const repo = path.resolve(import.meta.dirname, '..');
const bin = path.join(repo, 'bin/docs-it.mjs');
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > -1 ? process.argv[i + 1] : undefined;
};
const total = Number(arg('requests') ?? 20_000);
const concurrency = Number(arg('concurrency') ?? 50);
const pages = arg('pages') ? Number(arg('pages')) : undefined;
const rebuild = process.argv.includes('--rebuild');

/** The build to serve: given, or built once into bench/.sites. */
function buildFolder(): string {
  const given = arg('dir');
  if (given) return path.resolve(given);
  const site = pages ? writeSyntheticSiteOnce(pages) : repo;
  const out = path.join(repo, 'bench/.sites', pages ? `out-serve-${pages}` : 'out-serve-real');
  if (rebuild || !existsSync(path.join(out, '_redirects'))) {
    console.log(`build of ${pages ? `${pages} synthetic pages` : 'the real site'} into ${path.relative(repo, out)}…`);
    const result = spawnSync(process.execPath, [bin, 'build', '--quiet', '--out', out], {
      cwd: site,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error('the build failed');
  }
  return out;
}

function writeSyntheticSiteOnce(n: number): string {
  const dir = path.join(repo, 'bench/.sites', String(n));
  return existsSync(path.join(dir, 'site.config.ts')) && !rebuild
    ? dir
    : writeSyntheticSite(path.join(repo, 'bench/.sites'), n);
}

/** Every file under the build's `search` folders, as URL paths. */
function searchFiles(dir: string): { url: string; bytes: number }[] {
  const files: { url: string; bytes: number }[] = [];
  const walk = (folder: string, inSearch: boolean) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full, inSearch || entry.name === 'search');
      else if (inSearch)
        files.push({ url: `/${path.relative(dir, full).split(path.sep).join('/')}`, bytes: statSync(full).size });
    }
  };
  walk(dir, false);
  return files.sort((a, b) => (a.url < b.url ? -1 : 1));
}

/** Resident memory of a process, now and at its peak, in MB (Linux). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

async function main() {
  const dir = buildFolder();
  const files = searchFiles(dir);
  if (!files.length) throw new Error(`no search files under ${dir}`);
  const bytes = files.reduce((sum, f) => sum + f.bytes, 0);
  const largest = files.reduce((a, b) => (a.bytes > b.bytes ? a : b));
  console.log(
    `${files.length} search files, ${(bytes / 1024 / 1024).toFixed(1)} MB; largest ${largest.url} ` +
      `(${(largest.bytes / 1024).toFixed(0)} KB)`,
  );

  const server = spawn(process.execPath, [bin, 'serve', '--dir', dir, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const origin = await new Promise<URL>((resolve, reject) => {
    let text = '';
    server.stdout.setEncoding('utf8');
    server.stdout.on('data', (chunk: string) => {
      text += chunk;
      const url = /(http:\/\/127\.0\.0\.1:\d+)\//.exec(text)?.[1];
      if (url) resolve(new URL(url));
    });
    server.on('exit', (code) => reject(new Error(`docs-it serve exited with ${code}: ${text}`)));
  });
  const before = memoryOf(server.pid!);

  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const get = (url: string) =>
    new Promise<{ status: number; bytes: number }>((resolve, reject) => {
      const req = request(
        { host: origin.hostname, port: origin.port, path: url, agent, headers: { 'accept-encoding': 'br, gzip' } },
        (res) => {
          let received = 0;
          res.on('data', (chunk: Buffer) => {
            received += chunk.length;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes: received }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end();
    });

  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  let received = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < total; i = next++) {
        const t = performance.now();
        try {
          const res = await get(files[i % files.length]!.url);
          if (res.status !== 200) errors++;
          received += res.bytes;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const after = memoryOf(server.pid!);
  agent.destroy();
  server.kill();

  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  console.log(
    `${total} requests, ${concurrency} at a time: ${(total / seconds).toFixed(0)} req/s in ${seconds.toFixed(1)} s; ` +
      `latency p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms; ${errors} errors; ` +
      `${(received / 1024 / 1024).toFixed(1)} MB received`,
  );
  console.log(
    `server RSS: ${before.rss.toFixed(0)} MB before, ${after.rss.toFixed(0)} MB after, ` +
      `${after.peak.toFixed(0)} MB at its peak`,
  );
}

await main();
