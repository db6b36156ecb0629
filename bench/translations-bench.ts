/*
 * npm run bench:translations [-- --commits 5000 --pages 500 --runs 5]: the cost of `docs-it translations`.
 * Generates (once, kept in bench/.sites/translations-<commits>-<pages>) an upstream repository with that many
 * commits touching that many pages (edits, renames, deletions, new pages; written with `git fast-import`) and
 * a site whose pages each follow one of them from some commit in the middle of the history. Then times:
 * - reading the history and computing every page's state, in this process (the budget: under 2 s);
 * - the whole `docs-it translations --json` command, process start included.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readUpstreamHistory } from '../src/translations/read-history';
import { translationStatus } from '../src/translations/translation-status';

const repoRoot = path.resolve(import.meta.dirname, '..');
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > -1 ? Number(process.argv[i + 1]) : fallback;
};
const commits = arg('commits', 5000);
const pages = arg('pages', 500);
const runs = arg('runs', 5);
const budgetMs = 2000;

const dir = path.join(repoRoot, 'bench', '.sites', `translations-${commits}-${pages}`);
const upstream = path.join(dir, 'upstream');
const site = path.join(dir, 'site');

/** A deterministic sequence, so every machine benchmarks the same history. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/** The upstream history as a `git fast-import` stream, and where each page is at the recorded commit. */
function history(): { stream: string; recorded: { path: string; mark: number }[] } {
  const rnd = random(42);
  // A few more upstream pages than site pages: some are deleted before the recorded commit.
  const upstreamPages = Math.ceil(pages * 1.05);
  const paths = Array.from({ length: upstreamPages }, (_, i) => `docs/section-${i % 20}/page-${i}.md`);
  const lines = paths.map(() => 20);
  const out: string[] = [];
  const recordedAt = Math.floor(commits / 2);
  const recorded: { path: string; mark: number }[] = [];
  const blob = (text: string) => `data ${Buffer.byteLength(text)}\n${text}\n`;
  const content = (i: number, n: number) =>
    `# Page ${i}\n\n${Array.from({ length: n }, (_, k) => `Line ${k} of page ${i}.`).join('\n')}\n`;
  for (let c = 1; c <= commits; c++) {
    const when = 1_600_000_000 + c * 3600;
    out.push(`commit refs/heads/main\nmark :${c}\ncommitter Bench <bench@example.org> ${when} +0000\n`);
    out.push(blob(c === 1 ? 'All pages' : `Change ${c}`));
    if (c > 1) out.push(`from :${c - 1}\n`);
    if (c === 1) {
      paths.forEach((p, i) => {
        out.push(`M 100644 inline ${p}\n${blob(content(i, lines[i]!))}`);
      });
    } else {
      const roll = rnd();
      const i = Math.floor(rnd() * upstreamPages);
      if (roll < 0.02 && paths[i]) {
        const to = paths[i]!.replace('.md', `-r${c}.md`);
        out.push(`R ${paths[i]} ${to}\n`);
        paths[i] = to;
      } else if (roll < 0.025 && paths[i]) {
        out.push(`D ${paths[i]}\n`);
        paths[i] = '';
      } else if (roll < 0.04) {
        out.push(`M 100644 inline docs/new/page-${c}.md\n${blob(content(c, 5))}`);
      } else {
        for (const j of [i, Math.floor(rnd() * upstreamPages)]) {
          if (!paths[j]) continue;
          lines[j] = lines[j]! + 1;
          out.push(`M 100644 inline ${paths[j]}\n${blob(content(j, lines[j]!))}`);
        }
      }
    }
    if (c === recordedAt)
      recorded.push(
        ...paths
          .filter((p) => p !== '')
          .slice(0, pages)
          .map((p) => ({ path: p, mark: c })),
      );
    out.push('\n');
  }
  return { stream: out.join(''), recorded };
}

function prepare(): void {
  if (existsSync(path.join(site, 'site.config.ts'))) return;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(upstream, { recursive: true });
  const run = (args: string[], input?: string) => {
    const result = spawnSync('git', args, { cwd: upstream, input, encoding: 'utf8', maxBuffer: 1 << 30 });
    if (result.status !== 0) throw new Error(`git ${args[0]}: ${result.stderr}`);
    return result.stdout;
  };
  run(['init', '-q', '-b', 'main']);
  const { stream, recorded } = history();
  run(['fast-import', '--quiet', '--export-marks=marks'], stream);
  run(['checkout', '-q', 'main']);
  const marks = new Map(
    spawnSync('cat', ['marks'], { cwd: upstream, encoding: 'utf8' })
      .stdout.trim()
      .split('\n')
      .map((l) => {
        const [mark, sha] = l.split(' ');
        return [Number(mark!.slice(1)), sha!] as const;
      }),
  );
  cpSync(path.join(repoRoot, 'test', 'fixtures', 'basic'), site, { recursive: true });
  recorded.forEach((r, i) => {
    const file = path.join(site, 'content', 'docs', 'guides', 'tradotte', `pagina-${i}.md`);
    mkdirSync(path.dirname(file), { recursive: true });
    const front = `---\ntitle: Pagina ${i}\nupstream:\n  path: ${r.path}\n  commit: ${marks.get(r.mark)}\n---\n`;
    writeFileSync(file, `${front}\nTesto della pagina ${i}.\n`);
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

prepare();
const siteConfig = path.join(site, 'site.config.ts');
const pagesOfSite = Array.from({ length: pages }, (_, i) => i);
const inProcess: number[] = [];
let summary = '';
for (let r = 0; r < runs; r++) {
  const start = performance.now();
  const historyRead = await readUpstreamHistory({ repo: upstream, ref: 'main' });
  // The pages as the model hands them over: their recorded upstream path and commit.
  const recorded = await import('node:fs').then((fs) =>
    pagesOfSite.map((i) => {
      const file = `content/docs/guides/tradotte/pagina-${i}.md`;
      const text = fs.readFileSync(path.join(site, file), 'utf8');
      const [, upPath = '', commit = ''] = /path: (.+)\n {2}commit: (\w+)/.exec(text) ?? [];
      return { file, upstream: { path: upPath, commit } };
    }),
  );
  const { report, errors } = translationStatus(recorded, historyRead, { folders: ['docs'] });
  if (errors.length > 0) throw errors[0];
  inProcess.push(performance.now() - start);
  const states = new Map<string, number>();
  for (const p of report.pages) states.set(p.state, (states.get(p.state) ?? 0) + 1);
  const byState = [...states].map(([s, n]) => `${n} ${s}`).join(', ');
  summary = `${historyRead.commits.length} commits, ${report.pages.length} pages (${byState}), `;
  summary += `${report.untranslated.length} untranslated`;
}
const command: number[] = [];
for (let r = 0; r < runs; r++) {
  const start = performance.now();
  const result = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'bin/docs-it.mjs'), 'translations', '--upstream', upstream, '--json', '--config', siteConfig],
    { encoding: 'utf8', maxBuffer: 1 << 28 },
  );
  command.push(performance.now() - start);
  if (result.status !== 0) throw new Error(result.stderr);
}
const line = (label: string, times: number[]) => {
  const ms = median(times);
  const verdict = ms <= budgetMs ? 'ok' : `OVER by ${Math.round(ms - budgetMs)} ms`;
  return `${label}: median ${Math.round(ms)} ms of ${runs}  budget ${budgetMs} ms  ${verdict}`;
};
console.log(summary);
console.log(line('history + status (in process)', inProcess));
console.log(line('docs-it translations --json (whole command)', command));
