/*
 * `docs-it serve` like a static host under load and odd requests: each compressed variant computed once per
 * file version, the right Content-Encoding, Vary, ETag and Content-Length for it, memory held to its bound,
 * If-Range honoured (RFC 9110 13.1.5), and hostile Accept-Encoding and Range headers answered sanely.
 * Loopback only; every number below counts work, none measures time.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { Agent, request, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CompressedVariants } from '../../src/serve/compressed-variants';
import { listen } from '../../src/serve/listen';
import { createStaticServer } from '../../src/serve/static-server';

const dir = mkdtempSync(path.join(os.tmpdir(), 'docs-it-hostile-serve-'));
const write = (rel: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  writeFileSync(path.join(dir, rel), text);
};
/** JSON that compresses well but differs per file, as search shards do. */
const shard = (n: number, kb: number) =>
  JSON.stringify(
    Array.from({ length: kb * 12 }, (_, i) => ({ id: `${n}-${i}`, testo: `parola ${(i * 7919 + n) % 1000}` })),
  );
const records = shard(0, 400);
write('it/search/records.json', records);
for (let n = 1; n <= 40; n++) write(`it/search/text/${n}.json`, shard(n, 60));
write('it/index.html', `<h1>Home</h1>${'testo '.repeat(400)}`);
write('it/404.html', '<h1>Pagina non trovata</h1>');
write('it/img/big.png', 'x'.repeat(5000));
write('it/huge.json', shard(99, 300));

let variants: CompressedVariants;
let server: Server | undefined;
let origin: URL;
const agent = new Agent({ keepAlive: true, maxSockets: 50 });

async function start(options: ConstructorParameters<typeof CompressedVariants>[0] = {}) {
  variants = new CompressedVariants(options);
  server = createStaticServer({ dir, notFoundFile: 'it/404.html', variants });
  origin = new URL((await listen(server!, 0, '127.0.0.1')).origin);
}
async function stop() {
  const running = server;
  server = undefined;
  if (!running) return;
  await new Promise<void>((resolve) => {
    running.closeAllConnections();
    running.close(() => resolve());
  });
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}
function get(pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: origin.hostname, port: origin.port, path: pathname, headers, method, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}
const decode = (answer: Answer) => {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(answer.body).toString('utf8');
  return answer.body.toString('utf8');
};

// A failed test leaves its server running: stopped here, so the file still ends.
test.after.each(stop);
test.after(async () => {
  agent.destroy();
  rmSync(dir, { recursive: true, force: true });
});

test('200 concurrent requests for one file: one brotli and one gzip compression, every answer whole', async () => {
  await start();
  const answers = await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      get('/it/search/records.json', { 'accept-encoding': i % 4 === 0 ? 'gzip' : 'br, gzip' }),
    ),
  );
  assert.is(variants.compressions, 2, 'one compression per encoding');
  for (const answer of answers) {
    assert.is(answer.status, 200);
    assert.is(answer.headers.vary, 'Accept-Encoding');
    assert.is(answer.headers['content-length'], String(answer.body.length));
    assert.is(decode(answer), records);
  }
  const br = answers.find((a) => a.headers['content-encoding'] === 'br')!;
  const gz = answers.find((a) => a.headers['content-encoding'] === 'gzip')!;
  const plain = await get('/it/search/records.json', { 'accept-encoding': 'identity' });
  assert.is(plain.headers['content-encoding'], undefined);
  assert.is(plain.body.toString('utf8'), records);
  // Three representations, three strong tags of one version.
  const tags = [br, gz, plain].map((a) => String(a.headers.etag));
  assert.is(new Set(tags).size, 3, tags.join(' '));
  for (const tag of tags) assert.match(tag, /^"[0-9a-f]+-[0-9a-f]+(-br|-gzip)?"$/);
  // A HEAD says what a GET would send.
  const head = await get('/it/search/records.json', { 'accept-encoding': 'br' }, 'HEAD');
  assert.is(head.headers['content-length'], String(br.body.length));
  assert.is(head.body.length, 0);
  // A client holding the brotli variant gets a 304 for it.
  assert.is((await get('/it/search/records.json', { 'accept-encoding': 'br', 'if-none-match': tags[0]! })).status, 304);
  assert.is(variants.compressions, 2, 'and nothing was compressed again');
});

test('under load over many files the kept variants stay within their bound, two compressions at a time', async () => {
  // 80 variants of about 4 KB each: far more than the bound keeps.
  await start({ maxBytes: 64 * 1024, parallel: 2 });
  const files = Array.from({ length: 40 }, (_, n) => `/it/search/text/${n + 1}.json`);
  let next = 0;
  let wrong = 0;
  let peakKept = 0;
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      for (let i = next++; i < 2000; i = next++) {
        const answer = await get(files[i % files.length]!, { 'accept-encoding': i % 3 ? 'br' : 'gzip' });
        if (answer.status !== 200 || decode(answer) !== shard((i % files.length) + 1, 60)) wrong++;
        peakKept = Math.max(peakKept, variants.bytes);
      }
    }),
  );
  assert.is(wrong, 0);
  assert.ok(peakKept <= 64 * 1024, `${peakKept} bytes kept`);
  assert.ok(variants.compressions > 80, 'evicted variants were computed again when asked for');
  assert.ok(variants.mostAtOnce <= 2, `${variants.mostAtOnce} compressions at once`);
});

test('a file rewritten between two requests is served as it is now, never a stale variant', async () => {
  await start();
  write('it/cambia.json', shard(7, 20));
  const first = await get('/it/cambia.json', { 'accept-encoding': 'br' });
  assert.is(decode(first), shard(7, 20));
  write('it/cambia.json', shard(8, 25));
  // A later mtime, whatever the file system's clock resolution.
  const later = new Date(Date.now() + 5000);
  utimesSync(path.join(dir, 'it/cambia.json'), later, later);
  const second = await get('/it/cambia.json', { 'accept-encoding': 'br' });
  assert.is(decode(second), shard(8, 25));
  assert.is.not(second.headers.etag, first.headers.etag);
});

test('If-Range: a range only of the version the client holds; otherwise the whole file with 200', async () => {
  await start();
  const file = '/it/search/records.json';
  // Last-Modified an hour ago: a strong date validator.
  const hourAgo = new Date(Math.floor(Date.now() / 1000) * 1000 - 3_600_000);
  utimesSync(path.join(dir, 'it/search/records.json'), hourAgo, hourAgo);
  const plain = await get(file, { 'accept-encoding': 'identity' });
  const etag = String(plain.headers.etag);
  const lastModified = String(plain.headers['last-modified']);
  const range = { range: 'bytes=10-19', 'accept-encoding': 'br, gzip' };

  const matching = await get(file, { ...range, 'if-range': etag });
  assert.is(matching.status, 206);
  assert.is(matching.body.toString('utf8'), records.slice(10, 20));
  assert.is(matching.headers['content-range'], `bytes 10-19/${records.length}`);
  assert.is((await get(file, { ...range, 'if-range': lastModified })).status, 206, 'the same date');

  for (const [what, condition] of [
    ['another version', '"0-0"'],
    ['a weak tag', `W/${etag}`],
    ['the brotli variant', etag.replace(/"$/, '-br"')],
    ['another date', new Date(hourAgo.getTime() - 1000).toUTCString()],
    ['not a validator', 'yesterday'],
  ]) {
    const answer = await get(file, { ...range, 'if-range': condition! });
    assert.is(answer.status, 200, what!);
    assert.is(answer.headers['content-range'], undefined, what!);
    assert.is(decode(answer), records, `${what}: the whole file`);
  }
});

test('hostile Accept-Encoding and Range headers: sane answers, no crash', async () => {
  await start();
  const file = '/it/search/records.json';
  for (const accept of ['br;q=abc', 'gzip;q=1.5, br;q=-1', ';;;,,,', 'x'.repeat(8000), 'BR', '*']) {
    const answer = await get(file, { 'accept-encoding': accept });
    assert.is(answer.status, 200, accept.slice(0, 20));
    assert.is(decode(answer), records, accept.slice(0, 20));
  }
  const ranged = async (value: string) => (await get(file, { range: value })).status;
  assert.is(await ranged('bytes=0-0,5-5'), 200, 'several ranges: the whole file');
  assert.is(await ranged('bytes=99999999999999999999-'), 416);
  assert.is(await ranged('bytes=5-2'), 416);
  assert.is(await ranged('items=0-5'), 416);
  assert.is(await ranged('bytes=-0'), 416);
  // Not compressible, or too large for a kept variant: sent as they are, and no Vary.
  const png = await get('/it/img/big.png', { 'accept-encoding': 'br' });
  assert.is(png.headers['content-encoding'], undefined);
  assert.is(png.headers.vary, undefined);
  await stop();
  await start({ maxFileBytes: 100 * 1024 });
  const huge = await get('/it/huge.json', { 'accept-encoding': 'br' });
  assert.is(huge.headers['content-encoding'], undefined);
  assert.is(huge.headers['accept-ranges'], 'bytes');
  assert.is(huge.body.toString('utf8'), shard(99, 300));
  assert.is(variants.compressions, 0);
});

test.run();
