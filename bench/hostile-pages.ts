/*
 * npm run bench:hostile-pages [-- --bin path/to/docs-it.mjs --timeout 120 --only name,name]: how long a whole
 * `docs-it build --no-cache` of the basic test site takes with one small hostile page added (a 10,000-deep list
 * in 20 KB, 1,000 nested admonitions, 3,000 `_`, a component that renders itself…), and how it ends: the
 * located error, a crash, the memory, or the time limit. `--bin` runs another checkout's docs-it on the same
 * pages (to compare with an older version). Each build is a process of its own, killed at the time limit.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..');
const option = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > -1 ? process.argv[i + 1] : undefined;
};
const bin = path.resolve(option('bin') ?? path.join(repoRoot, 'bin/docs-it.mjs'));
const timeoutMs = Number(option('timeout') ?? 120) * 1000;
const only = option('only')?.split(',');

const r = (text: string, times: number) => text.repeat(times);

/** Each hostile page: its extension and text (all under 25 KB). */
const pages: Record<string, { ext: 'md' | 'mdx'; text: string }> = {
  none: { ext: 'md', text: 'Una pagina qualsiasi.\n' },
  'list-10000-deep': { ext: 'md', text: `${r('- ', 10_000)}x\n` },
  'admonitions-1000': { ext: 'md', text: `${r(':::note\n', 1000)}x\n${r(':::\n', 1000)}` },
  'underscores-3000': { ext: 'md', text: `${r('a_ ', 3000)}\n` },
  'underscores-open-close': { ext: 'md', text: `${r('_a ', 1500)}${r('a_ ', 1500)}\n` },
  'stars-3000': { ext: 'md', text: `${r('*', 3000)}a${r('*', 3000)}\n` },
  'links-10000': { ext: 'md', text: `${r('[', 10_000)}a${r('](b)', 10_000)}\n` },
  'images-2000': { ext: 'md', text: `${r('![', 2000)}a${r('](b.png)', 2000)}\n` },
  'brackets-unmatched-8000': { ext: 'md', text: `${r('a] ', 8000)}\n` },
  'quotes-lists-5000': { ext: 'md', text: `${r('> - ', 5000)}x\n` },
  'lazy-lines-8000': { ext: 'md', text: `- a\n${r('b\n', 8000)}` },
  'html-10000': { ext: 'md', text: `${r('<div>', 10_000)}x${r('</div>', 10_000)}\n` },
  'jsx-10000': { ext: 'mdx', text: `${r('<div>', 10_000)}x${r('</div>', 10_000)}\n` },
  'component-renders-itself': { ext: 'mdx', text: 'export const Io = () => <Io />;\n\n<Io />\n' },
};

const sites = path.join(repoRoot, 'bench', '.sites', 'hostile');

function build(site: string): Promise<{ ms: number; code: number | null; signal: string | null; output: string }> {
  return new Promise((resolve) => {
    const start = performance.now();
    const child = spawn(process.execPath, [bin, 'build', '--no-cache'], {
      cwd: site,
      env: { ...process.env, CI: 'true' },
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (output += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (output += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ ms: performance.now() - start, code, signal, output });
    });
  });
}

/** How a build ended, in a few words. */
function outcome(result: { ms: number; code: number | null; signal: string | null; output: string }): string {
  if (result.signal === 'SIGKILL' && result.ms >= timeoutMs) return `killed at the ${timeoutMs / 1000} s limit`;
  if (/heap out of memory|Allocation failed/.test(result.output)) return 'out of memory (abort)';
  if (result.code === 0) return 'built';
  const located = /content\/docs\/guides\/ostile\.mdx?:\d+:\d+: [^\n]*/.exec(result.output)?.[0];
  if (located) return located.slice(0, 110);
  const last = result.output.trim().split('\n').filter(Boolean).at(-1) ?? '';
  return `exit ${result.code ?? result.signal}: ${last.slice(0, 100)}`;
}

mkdirSync(sites, { recursive: true });
console.log(`docs-it: ${path.relative(process.cwd(), bin) || bin}`);
console.log(`${'page'.padEnd(26)} ${'bytes'.padStart(6)} ${'build'.padStart(8)}  outcome`);
for (const [name, page] of Object.entries(pages)) {
  if (only && !only.includes(name)) continue;
  const site = path.join(sites, name);
  rmSync(site, { recursive: true, force: true });
  cpSync(path.join(repoRoot, 'test/fixtures/basic'), site, { recursive: true });
  writeFileSync(path.join(site, `content/docs/guides/ostile.${page.ext}`), `---\ntitle: Ostile\n---\n\n${page.text}`);
  const result = await build(site);
  const seconds = `${(result.ms / 1000).toFixed(2)} s`;
  console.log(`${name.padEnd(26)} ${String(page.text.length).padStart(6)} ${seconds.padStart(8)}  ${outcome(result)}`);
  rmSync(site, { recursive: true, force: true });
}
