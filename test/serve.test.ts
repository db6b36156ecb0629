import { spawn, spawnSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { serve } from '../src/cli/serve-command';
import { cacheControlOf, resolveRequestPath } from '../src/serve/http-paths';
import { copyFixture, pipeEnv, removeDir, repoRoot } from './helpers';

const dir = copyFixture('serve', {
  'build/it/index.html': '<h1>Home</h1>',
  'build/it/v1/guides/index.html': `<h1>Guide</h1>${'testo '.repeat(400)}`,
  'build/it/404.html': '<h1>Pagina non trovata</h1>',
  'build/_redirects': '/it/* /it/404.html 404\n',
  'build/it/assets/app.ABCDEFGH.js': 'console.log(1)',
  'build/it/img/logo.svg': '<svg/>',
  'secret.txt': 'segreto',
});
const out = path.join(dir, 'build');
symlinkSync(path.join(dir, 'secret.txt'), path.join(out, 'it/link.txt'));
let running: Awaited<ReturnType<typeof serve>>;

test.before(async () => {
  running = await serve({ dir: out, port: 0, host: '127.0.0.1', keepAliveTimeoutMs: 300 });
});
test.after(async () => {
  await running.close();
  removeDir(dir);
});

/** A raw request, so paths reach the server exactly as written. */
function raw(
  pathname: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const url = new URL(running.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: pathname, headers }, (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('the CLI binds to loopback when --host is not given', async () => {
  const child = spawn(
    process.execPath,
    [path.join(repoRoot, 'bin/docs-it.mjs'), 'serve', '--dir', out, '--port', '0'],
    {
      env: pipeEnv(),
    },
  );
  try {
    const line = await new Promise<string>((resolve, reject) => {
      let text = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
        if (text.includes('\n')) resolve(text);
      });
      child.once('exit', () => reject(new Error(`serve exited: ${text}`)));
    });
    assert.match(line, / at http:\/\/127\.0\.0\.1:\d+\//);
  } finally {
    child.kill();
  }
});

test('clean URLs: /it/x and /it/x/ both serve it/x/index.html', async () => {
  for (const p of ['/it/v1/guides', '/it/v1/guides/', '/it/', '/it']) {
    const res = await raw(p);
    assert.is(res.status, 200, p);
    assert.is(res.headers['content-type'], 'text/html; charset=utf-8');
  }
});

test('unknown paths get the 404 page with status 404', async () => {
  const res = await raw('/it/non-esiste');
  assert.is(res.status, 404);
  assert.match(res.body, 'Pagina non trovata');
});

test('content types, nosniff, compression and long cache for hashed assets', async () => {
  const js = await raw('/it/assets/app.ABCDEFGH.js');
  assert.is(js.headers['content-type'], 'text/javascript; charset=utf-8');
  assert.is(js.headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.is(js.headers['x-content-type-options'], 'nosniff');
  assert.is((await raw('/it/img/logo.svg')).headers['content-type'], 'image/svg+xml');
  assert.is((await raw('/it/v1/guides')).headers['cache-control'], 'no-cache');
  const gz = await raw('/it/v1/guides', { 'accept-encoding': 'gzip' });
  assert.is(gz.headers['content-encoding'], 'gzip');
  const br = await raw('/it/v1/guides', { 'accept-encoding': 'br, gzip' });
  assert.is(br.headers['content-encoding'], 'br');
});

test('never serves a file outside the folder', async () => {
  for (const p of [
    '/../secret.txt',
    '/it/%2e%2e/%2e%2e/secret.txt',
    '/it/..%2f..%2fsecret.txt',
    '/it/link.txt',
    '/%2fetc/passwd',
  ]) {
    const res = await raw(p);
    assert.ok(res.status === 404 || res.status === 400, `${p}: ${res.status}`);
    assert.not.match(res.body, 'segreto', p);
  }
  assert.is((await raw('/it/%00')).status, 400);
  assert.is((await raw('/it/a%5c..%5c..%5csecret.txt')).status, 400);
});

test('request paths resolve to candidate files', () => {
  assert.equal(resolveRequestPath('/it/x?q=1'), { ok: true, candidates: ['it/x', 'it/x/index.html'] });
  assert.equal(resolveRequestPath('/it/x/'), { ok: true, candidates: ['it/x/index.html'] });
  assert.equal(resolveRequestPath('/%E0%A4%A'), { ok: false, status: 400 });
  assert.equal(resolveRequestPath('/it/.env'), { ok: false, status: 404 });
  assert.is(cacheControlOf('it/assets/styles.ABCDEFGH.css'), 'public, max-age=31536000, immutable');
});

test('revalidation: ETag and Last-Modified, 304 for a current copy (HTML is no-cache, so browsers ask)', async () => {
  const first = await raw('/it/');
  const etag = String(first.headers.etag);
  assert.match(etag, /^"[0-9a-f]+-[0-9a-f]+"$/);
  assert.is((await raw('/it/', { 'if-none-match': etag })).status, 304);
  assert.is((await raw('/it/', { 'if-none-match': 'W/"0-0"' })).status, 200);
  assert.is((await raw('/it/', { 'if-modified-since': String(first.headers['last-modified']) })).status, 304);
  assert.is((await raw('/it/manca', { 'if-none-match': '*' })).status, 404, 'the 404 page is never a 304');
});

test('Accept-Encoding: q=0 refuses an encoding', async () => {
  const encodingOf = async (accept: string) =>
    (await raw('/it/v1/guides/', { 'accept-encoding': accept })).headers['content-encoding'];
  assert.is(await encodingOf('br, gzip'), 'br');
  assert.is(await encodingOf('br;q=0, gzip'), 'gzip');
  assert.is(await encodingOf('br;q=0, gzip;q=0'), undefined);
  assert.is(await encodingOf('identity'), undefined);
  assert.is(await encodingOf('*;q=0.5'), 'br');
});

test('Range: one byte range of a file gets 206, an impossible one 416', async () => {
  const part = await raw('/it/v1/guides/', { range: 'bytes=4-9' });
  assert.is(part.status, 206);
  assert.is(part.headers['content-range'], `bytes 4-9/${'<h1>Guide</h1>'.length + 'testo '.length * 400}`);
  assert.is(part.body, 'Guide<');
  assert.is((await raw('/it/v1/guides/', { range: 'bytes=-5' })).body, 'esto ');
  assert.is((await raw('/it/v1/guides/', { range: 'bytes=999999-' })).status, 416);
  assert.is((await raw('/it/')).headers['accept-ranges'], 'bytes');
});

test('search files are revalidated: a shard keeps its name when a new build changes it', () => {
  for (const file of ['local-index.json', 'text/12.json', 'terms/1hx3k0q2v.json', 'postings/1hx3k0q2v-3.json'])
    assert.is(cacheControlOf(`it/search/${file}`), 'no-cache', file);
  assert.match(cacheControlOf('it/assets/app.ABCDEFGH12.js'), 'immutable');
});

/** Sends raw bytes on one connection; resolves with the answer when the server closes the connection. */
function rawSocket(payload: string, server = running.url): Promise<{ answer: string }> {
  const url = new URL(server);
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect(Number(url.port), url.hostname, () => {
      if (payload) socket.write(payload);
    });
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => {
      answer += d;
    });
    socket.on('close', () => resolve({ answer }));
    socket.on('error', reject);
    // A hang guard: the server is expected to close long before.
    socket.setTimeout(30_000, () => reject(new Error('hang: the connection was never closed')));
  });
}

test('an absolute-form request line (as proxies send) is served like its path', async () => {
  const { answer } = await rawSocket(
    'GET http://127.0.0.1/it/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
  );
  assert.match(answer, /^HTTP\/1\.1 200/);
  assert.match(answer, '<h1>Home</h1>');
});

test('an idle keep-alive connection is closed by the server', async () => {
  // The connection stays open after the answer (keep-alive) until the server's idle timeout closes it.
  const { answer } = await rawSocket('GET /it/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  assert.match(answer, /^HTTP\/1\.1 200/);
  assert.match(answer, /keep-alive/i);
});

test('a connection that sends nothing in time is closed unanswered; a stalled one gets a 400', async () => {
  const impatient = await serve({ dir: out, port: 0, host: '127.0.0.1', headersTimeoutMs: 200 });
  try {
    // A browser's spare connection: an answer written there would be read as the answer to the request the browser
    // may be sending on it at that moment.
    const [spare, stalled] = await Promise.all([
      rawSocket('', impatient.url),
      rawSocket('GET /it/ HTTP/1.1\r\nHost: 127.0.0.1\r\n', impatient.url),
    ]);
    assert.is(spare.answer, '', 'nothing is written on a connection that sent nothing');
    assert.match(stalled.answer, /^HTTP\/1\.1 400 /);
  } finally {
    await impatient.close();
  }
});

test('serve and dev accept the --debug their messages recommend', () => {
  for (const command of ['serve', 'dev']) {
    const result = spawnSync(process.execPath, [path.join(repoRoot, 'bin/docs-it.mjs'), command, '--debug', '--help'], {
      encoding: 'utf8',
      env: pipeEnv(),
    });
    assert.is(result.status, 0, result.stderr);
    assert.match(result.stdout, '--debug');
  }
  const failed = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'bin/docs-it.mjs'), 'serve', '--debug', '--dir', path.join(dir, 'manca'), '--port', '0'],
    { encoding: 'utf8', env: pipeEnv() },
  );
  assert.is(failed.status, 1);
  assert.match(failed.stderr, /\n\s+at /, 'the stack trace is printed');
});

test.run();
