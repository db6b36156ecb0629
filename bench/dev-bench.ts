/*
 * npm run bench:dev — `docs-it dev` on a copy of this site: time from start to the first served page, and
 * from saving a doc page to the browser-side having the new HTML (SSE event received + page fetched), its p50
 * and p90 against issue 35's budget, and where that time goes: from the save to the `reload` event, which the
 * browser acts on (the file watcher, its debounce, the server's update up to the page being servable, the
 * event), the server's whole update (as it logs it: the link check too, after which the `update` event follows),
 * and the page's fetch after the event.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { devBudgetLines, quantile } from './budgets';

const repo = path.resolve(import.meta.dirname, '..');
const site = path.join(repo, 'bench/.sites/dev');
rmSync(site, { recursive: true, force: true });
mkdirSync(site, { recursive: true });
cpSync(path.join(repo, 'content'), path.join(site, 'content'), { recursive: true });
writeFileSync(path.join(site, 'site.config.ts'), "export { default } from '../../../site.config';\n");
// The typed data imports its types relatively: point the copy back at the original.
writeFileSync(
  path.join(site, 'content/data/releases.ts'),
  "export { default } from '../../../../../content/data/releases';\n",
);
// Flush the copy to disk first, so the kernel's write-back is not billed to the server's start.
spawnSync('sync');

const port = 3900 + Math.floor(Math.random() * 90);
const origin = `http://127.0.0.1:${port}`;
const page = '/it/v1/guides/features/events';
const file = path.join(site, 'content/docs/guides/features/events.md');

const bin = path.join(repo, 'bin/docs-it.mjs');

/** Starts `docs-it dev` (without the supervisor, which only restarts it on template changes). */
function startDev() {
  const child = spawn(
    process.execPath,
    // The bench asks that port and no other: another server there must stop it, not move it.
    [bin, 'dev', '--port', String(port), '--strict-port', '--config', path.join(site, 'site.config.ts')],
    {
      cwd: repo,
      env: { ...process.env, DOCS_IT_DEV_CHILD: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout.resume();
  // The server logs each update with its time (`↻ <file> (12 ms)`, src/cli/dev-command.ts): kept, the rest shown.
  createInterface({ input: child.stderr }).on('line', (line) => {
    const logged = /^↻ .* \(([\d.]+) (ms|s)\)$/.exec(line);
    if (logged) serverUpdates.push(Number(logged[1]) * (logged[2] === 's' ? 1000 : 1));
    else process.stderr.write(`${line}\n`);
  });
  return child;
}

/** The server's own time for each update, in the order it logged them. */
const serverUpdates: number[] = [];

let start = performance.now();
let child = startDev();

async function firstPage(): Promise<number> {
  for (;;) {
    try {
      const res = await fetch(origin + page);
      if (res.status === 200) {
        await res.text();
        return performance.now() - start;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}

try {
  const startup = await firstPage();
  // Let the background compile of the other pages finish, as it would while a writer reads the page.
  await new Promise((r) => setTimeout(r, 15_000));
  const updates: (() => void)[] = [];
  await new Promise<void>((resolve) => {
    get(`${origin}/__docs-it/events`, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (chunk.includes('event: hello')) resolve();
        // The browser reloads on the `reload` event (sent as soon as the page can be served, before the link check).
        if (chunk.includes('event: reload')) updates.shift()?.();
      });
    });
  });
  const original = readFileSync(file, 'utf8');
  const times: number[] = [];
  const toEvent: number[] = [];
  const fetching: number[] = [];
  const loggedBefore = serverUpdates.length;
  for (let i = 0; i < 25; i++) {
    const marker = `Modifica di prova numero ${i}.`;
    const t = performance.now();
    const updated = new Promise<void>((resolve) => updates.push(resolve));
    writeFileSync(file, `${original}\n${marker}\n`);
    await updated;
    const event = performance.now();
    const html = await (await fetch(origin + page)).text();
    if (!html.includes(marker)) throw new Error('the page did not have the edit');
    const done = performance.now();
    times.push(done - t);
    toEvent.push(event - t);
    fetching.push(done - event);
    await new Promise((r) => setTimeout(r, 150));
  }
  writeFileSync(file, original);
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const median = (values: number[]) => quantile(sorted(values), 0.5).toFixed(1);
  const server = serverUpdates.slice(loggedBefore, loggedBefore + times.length);
  // A writer's usual start: the site's cache already holds the code blocks of an earlier session.
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  start = performance.now();
  child = startDev();
  const restart = await firstPage();
  console.log(
    `start to the first page served: ${startup.toFixed(0)} ms (empty cache), ` +
      `${restart.toFixed(0)} ms (restart, code blocks cached)`,
  );
  const all = sorted(times);
  const [p50, p90] = [quantile(all, 0.5), quantile(all, 0.9)];
  console.log(
    `save → new HTML in the browser (${times.length} edits of ${page}): median ${p50.toFixed(1)} ms, p90 ` +
      `${p90.toFixed(1)} ms, max ${all.at(-1)!.toFixed(1)} ms`,
  );
  console.log(
    `medians: save → reload event ${median(toEvent)} ms (the server's whole update, link check included, ` +
      `${server.length === times.length ? `${median(server)} ms` : 'not logged'}), event → page fetched ` +
      `${median(fetching)} ms`,
  );
  console.log('\nbudget (issue 35: wall times, for an idle 2-processor machine)');
  for (const line of devBudgetLines(p50, p90)) console.log(line);
} finally {
  child.kill('SIGTERM');
}
