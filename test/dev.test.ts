import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { get, request } from 'node:http';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type RunningDev, startDev } from '../src/cli/dev-command';
import { formatError } from '../src/errors';
import { isAllowedHost } from '../src/serve/allowed-host';
import type { ShownDiagnostic } from '../src/shared/dev-events';
import { collectingReporter } from '../src/site/reporter';
import { afterChangeThrottle, copyFixture, removeDir, repoRoot } from './helpers';

const dir = copyFixture('basic');
let dev: RunningDev;
const report = collectingReporter();
const origin = () => dev.url.replace(/\/it\/$/, '');

interface SseEvent {
  event: string;
  data: { paths?: string[] | 'all'; diagnostics: ShownDiagnostic[]; buildId?: string };
}

/** Opens the live-reload stream and collects its events. */
function listen(): { events: SseEvent[]; next(kind: string): Promise<SseEvent>; close(): void } {
  const events: SseEvent[] = [];
  const waiters: { kind: string; resolve: (e: SseEvent) => void }[] = [];
  let buffer = '';
  const req = get(`${origin()}/__docs-it/events`, (res) => {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.+)$/m.exec(block)?.[1] ?? 'message';
        const data = JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? '{}');
        const parsed = { event, data };
        events.push(parsed);
        const i = waiters.findIndex((w) => w.kind === event);
        if (i !== -1) waiters.splice(i, 1)[0]!.resolve(parsed);
      }
    });
  });
  req.on('error', () => undefined);
  return {
    events,
    next: (kind) =>
      new Promise((resolve, reject) => {
        // A hang guard, far above the few hundred ms an update takes.
        const t = setTimeout(() => reject(new Error(`no ${kind} event`)), 60_000);
        waiters.push({
          kind,
          resolve: (e) => {
            clearTimeout(t);
            resolve(e);
          },
        });
      }),
    close: () => req.destroy(),
  };
}

async function fetchText(url: string): Promise<{ status: number; body: string; headers: Headers }> {
  const res = await fetch(url);
  return { status: res.status, body: await res.text(), headers: res.headers };
}

test.before(async () => {
  dev = await startDev(
    { packageRoot: repoRoot, config: path.join(dir, 'site.config.ts'), port: 0, host: '127.0.0.1', open: false },
    report,
  );
  await dev.site.compileEverything();
});
test.after(async () => {
  if (process.env.DEBUG_DEV) console.log(report.found.map((d) => formatError(d.error)).join('\n'));
  await dev.close();
  removeDir(dir);
});

test('serves pages from memory on loopback, with the live-reload client, and 404 for unknown paths', async () => {
  assert.match(dev.url, /^http:\/\/127\.0\.0\.1:\d+\/it\/$/);
  const page = await fetchText(`${origin()}/it/v1/guides/faq`);
  assert.is(page.status, 200);
  assert.match(page.body, '<h1>FAQ</h1>');
  assert.match(page.body, '<script type="module" src="/__docs-it/client.js"></script>');
  const slash = await fetchText(`${origin()}/it/v1/guides/faq/`);
  assert.is(slash.status, 200);
  const missing = await fetchText(`${origin()}/it/non-esiste`);
  assert.is(missing.status, 404);
  assert.match(missing.body, 'Pagina non trovata');
  const css = /href="(\/it\/assets\/styles\.[^"]+\.css)"/.exec(page.body)![1]!;
  assert.is((await fetchText(`${origin()}${css}`)).status, 200);
});

test('assets and the dev client are revalidated: 304 for the ETag of their bytes, the bytes for another', async () => {
  const page = await fetchText(`${origin()}/it/v1/guides/faq`);
  const css = /href="(\/it\/assets\/styles\.[^"]+\.css)"/.exec(page.body)![1]!;
  for (const asset of [css, '/__docs-it/client.js']) {
    const first = await fetch(`${origin()}${asset}`);
    const body = await first.text();
    const etag = first.headers.get('etag');
    assert.is(first.headers.get('cache-control'), 'no-cache', asset);
    assert.ok(etag && body.length > 0, `${asset}: ETag ${etag}`);
    const same = await fetch(`${origin()}${asset}`, { headers: { 'If-None-Match': etag } });
    assert.is(same.status, 304, asset);
    assert.is(await same.text(), '', asset);
    const other = await fetch(`${origin()}${asset}`, { headers: { 'If-None-Match': '"another-version"' } });
    assert.is(other.status, 200, asset);
    assert.is(await other.text(), body, asset);
  }
});

test('a page edit recompiles only that page and tells the browser to reload only it', async () => {
  const stream = listen();
  await stream.next('hello');
  const file = path.join(dir, 'content/docs/guides/faq.md');
  writeFileSync(file, readFileSync(file, 'utf8').replace('Risposte brevi.', 'Risposte nuove.'));
  const update = await stream.next('update');
  assert.equal(update.data.paths, ['/it/v1/guides/faq']);
  assert.equal(update.data.diagnostics, []);
  assert.match((await fetchText(`${origin()}/it/v1/guides/faq`)).body, 'Risposte nuove.');
  stream.close();
});

/**
 * Runs `edit` (a write and a direct `update` call) and waits for the watcher's own update of that write, so
 * that it cannot come later, into another test.
 */
async function withWatcherUpdate<T>(edit: () => Promise<T>): Promise<T> {
  const stream = listen();
  await stream.next('hello');
  const watched = stream.next('update');
  const value = await edit();
  await watched;
  stream.close();
  return value;
}

test('an update compiles only the changed page', async () => {
  const file = path.join(dir, 'content/docs/guides/intro/primo.md');
  const result = await withWatcherUpdate(() => {
    writeFileSync(file, readFileSync(file, 'utf8').replace('Usa rustup.', 'Usa rustup, sempre.'));
    return dev.site.update([file]);
  });
  assert.equal(result.compiled, ['content/docs/guides/intro/primo.md']);
  assert.equal(result.paths, ['/it/v1/guides/intro/primo']);
});

test('a blog post edit reloads the post and the blog lists', async () => {
  const file = path.join(dir, 'content/blog/2023-01-05-post-05.md');
  const result = await withWatcherUpdate(() => {
    writeFileSync(file, readFileSync(file, 'utf8').replace('Il resto', 'Tutto il resto'));
    return dev.site.update([file]);
  });
  assert.equal(result.compiled, ['content/blog/2023-01-05-post-05.md']);
  assert.equal([...(result.paths as string[])].sort(), [
    '/it/blog',
    '/it/blog/2023/01/05/post-05',
    '/it/blog/archive',
    '/it/blog/page/2',
  ]);
});

test('a title change reloads every page (sidebars and neighbours show it)', async () => {
  const stream = listen();
  await stream.next('hello');
  const file = path.join(dir, 'content/docs/guides/intro/primo.md');
  // An earlier test changed this file: the watcher takes a new change of it only after its throttle.
  await afterChangeThrottle();
  writeFileSync(file, readFileSync(file, 'utf8').replace('title: Primo passo', 'title: Primo passo rinominato'));
  const update = await stream.next('update');
  assert.is(update.data.paths, 'all');
  assert.match((await fetchText(`${origin()}/it/v1/guides/intro/secondo`)).body, 'Primo passo rinominato');
  stream.close();
});

test('a broken page shows its error with file:line:column; fixing it clears the error without a restart', async () => {
  const stream = listen();
  await stream.next('hello');
  const file = path.join(dir, 'content/docs/guides/faq.md');
  const good = readFileSync(file, 'utf8');
  await afterChangeThrottle();
  writeFileSync(file, `${good}\n[rotto](./manca.md)\n`);
  const broken = await stream.next('update');
  assert.is(broken.data.diagnostics.length, 1);
  assert.is(broken.data.diagnostics[0]!.severity, 'error');
  assert.match(broken.data.diagnostics[0]!.location!, /^content\/docs\/guides\/faq\.md:\d+:1$/);
  assert.match(broken.data.diagnostics[0]!.message, 'broken link');
  // The terminal is told too.
  assert.ok(
    report.current.some((d) => d.severity === 'error' && d.error.location?.file === 'content/docs/guides/faq.md'),
  );
  await afterChangeThrottle();
  writeFileSync(file, good.replace('title: FAQ', 'title: [rotto'));
  const badYaml = await stream.next('update');
  assert.match(badYaml.data.diagnostics[0]!.location!, /^content\/docs\/guides\/faq\.md:[23]:\d+$/);
  assert.match(badYaml.data.diagnostics[0]!.message, 'invalid front matter');
  await afterChangeThrottle();
  writeFileSync(file, good);
  const fixed = await stream.next('update');
  assert.equal(fixed.data.diagnostics, []);
  assert.equal(report.current, []);
  stream.close();
});

test('warnings reach the terminal and the browser too: an unknown front matter key, until it is removed', async () => {
  const stream = listen();
  await stream.next('hello');
  const file = path.join(dir, 'content/docs/guides/faq.md');
  const good = readFileSync(file, 'utf8');
  await afterChangeThrottle();
  writeFileSync(file, good.replace(/^---\n/, '---\nsidebar_positon: 3\n'));
  const warned = await stream.next('update');
  assert.equal(warned.data.diagnostics, [
    {
      severity: 'warning',
      location: 'content/docs/guides/faq.md:2:1',
      message: 'unknown front matter key "sidebar_positon"',
      hint: 'Did you mean "sidebar_position"? docs-it ignores this key.',
    },
  ]);
  assert.equal(
    report.current.map((d) => `${d.severity} ${formatError(d.error)}`),
    [
      'warning content/docs/guides/faq.md:2:1: unknown front matter key "sidebar_positon"\n' +
        '  → Did you mean "sidebar_position"? docs-it ignores this key.',
    ],
  );
  await afterChangeThrottle();
  writeFileSync(file, good);
  assert.equal((await stream.next('update')).data.diagnostics, []);
  assert.equal(report.current, []);
  stream.close();
});

test('a deleted or renamed page disappears from routes and sidebars', async () => {
  const stream = listen();
  await stream.next('hello');
  const from = path.join(dir, 'content/docs/guides/intro/secondo.md');
  const mark = report.lines.length;
  renameSync(from, path.join(dir, 'content/docs/guides/intro/terzo.md'));
  // The watcher may report the removal and the new file in one update or in two; each is logged as it is sent.
  const applied = (name: string) => report.lines.slice(mark).some((l) => l.startsWith('↻') && l.includes(name));
  do await stream.next('update');
  while (!applied('intro/secondo.md') || !applied('intro/terzo.md'));
  assert.is((await fetchText(`${origin()}/it/v1/guides/intro/secondo`)).status, 404);
  const page = await fetchText(`${origin()}/it/v1/guides/intro/terzo`);
  assert.is(page.status, 200);
  assert.not.match(page.body, 'href="/it/v1/guides/intro/secondo"');
  rmSync(path.join(dir, 'content/docs/guides/intro/terzo.md'));
  stream.close();
});

/** Status of a request with a chosen method and Host header (fetch cannot set Host). */
function statusOf(url: string, method: string, host?: string): Promise<{ status: number; allow?: string }> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    request({ host: hostname, port, path: pathname, method, headers: host ? { host } : {} }, (res) => {
      res.resume();
      resolve({ status: res.statusCode!, allow: res.headers.allow });
    })
      .on('error', reject)
      .end();
  });
}

test('dev is read-only like serve: other methods get 405 with Allow', async () => {
  for (const method of ['POST', 'PUT', 'DELETE']) {
    assert.equal(await statusOf(dev.url, method), { status: 405, allow: 'GET, HEAD' }, method);
  }
  assert.is((await statusOf(dev.url, 'HEAD')).status, 200);
});

test('dev answers only host names of this machine (DNS rebinding): other names get 403', async () => {
  const { port } = new URL(dev.url);
  assert.is((await statusOf(dev.url, 'GET', 'evil.example')).status, 403);
  assert.is((await statusOf(dev.url, 'GET', `attacker.example:${port}`)).status, 403);
  for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, `docs.localhost:${port}`])
    assert.is((await statusOf(dev.url, 'GET', host)).status, 200, host);
  assert.ok(isAllowedHost('mio-pc.lan:3000', 'mio-pc.lan'), 'the name dev was bound to');
  assert.not.ok(isAllowedHost(undefined, '127.0.0.1'));
});

test.run();
