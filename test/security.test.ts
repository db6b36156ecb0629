import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../src/build/build-site';
import { startDev } from '../src/cli/dev-command';
import { serve } from '../src/cli/serve-command';
import { safeUrl } from '../templates/safe-url';
import { copyFixture, removeDir, repoRoot } from './helpers';

const outsideDir = mkdtempSync(path.join(tmpdir(), 'docs-it-segreti-'));
const outsideFile = path.join(outsideDir, 'segreto.txt');
writeFileSync(outsideFile, 'fuori dal sito');
const evil = `<script>alert(1)</script>"><img src=x onerror=alert(2)>`;
const dir = copyFixture('basic', {
  'content/docs/guides/malevola.md':
    `---\ntitle: '${evil}'\ndescription: '${evil}'\nkeywords: ['${evil}']\n---\n\nTesto ` +
    `normale con <b>HTML scritto dall'autore</b>.\n\n## Titolo ${evil.replace(/[<>]/g, '')}\n`,
  'content/blog/2023-02-01-malevolo.md':
    `---\ntitle: '${evil}'\ndescription: '${evil}'\nauthors:\n  - name: '${evil}'\n` +
    `    url: 'javascript:alert(3)'\n` +
    `    image_url: 'javascript:alert(4)'\ntags: ['${evil}']\n---\n\n` +
    `Riassunto ${evil.replace(/[<>]/g, '')}.\n`,
  'content/pages/index.md':
    `---\ntitle: Benvenuto\nhero:\n  title: '${evil}'\n  tagline: '${evil}'\n  actions:\n    ` +
    `- label: '${evil}'\n      href: 'javascript:alert(5)'\n    - label: Tab\n      href: ` +
    `"java\\tscript:alert(6)"\n---\n\n## Sponsor {#sponsors}\n\nSostieni il progetto.\n`,
});
const out = path.join(dir, 'build');
const read = (rel: string) => readFileSync(path.join(out, rel), 'utf8');
let server: Awaited<ReturnType<typeof serve>>;

test.before(async () => {
  await buildSite({ packageRoot: repoRoot, config: path.join(dir, 'site.config.ts'), out });
  server = await serve({ dir: out, port: 0, host: '127.0.0.1' });
});
test.after(async () => {
  await server.close();
  removeDir(dir);
  removeDir(outsideDir);
});

const noLiveMarkup = (html: string, where: string) => {
  assert.not.match(html, '<script>alert(1)</script>', where);
  assert.not.match(html, '<img src=x onerror', where);
  assert.not.match(html, /href="\s*java\s*script:/i, where);
  assert.not.match(html, /src="\s*javascript:/i, where);
};

test('titles, descriptions and front matter values render as text in the HTML', () => {
  const page = read('it/v1/guides/malevola/index.html');
  noLiveMarkup(page, 'doc page');
  assert.match(page, '&lt;script&gt;alert(1)&lt;/script&gt;');
  assert.match(page, '<b>HTML scritto dall');
  noLiveMarkup(read('it/index.html'), 'home hero');
  noLiveMarkup(read('it/blog/2023/02/01/malevolo/index.html'), 'blog post');
  noLiveMarkup(read('it/blog/index.html'), 'blog list');
  noLiveMarkup(read('it/v1/guides/faq/index.html'), 'sidebar of another page');
});

test('inline hydration data cannot close its script element', () => {
  const page = read('it/v1/guides/malevola/index.html');
  const data = /<script id="__docs-data" type="application\/json">([\s\S]*?)<\/script>/.exec(page)![1]!;
  assert.not.match(data, '</script>');
  assert.is(JSON.parse(data).page.title, evil);
});

test('page data keeps the text intact as JSON (the client renders it as text)', () => {
  assert.is(JSON.parse(read('it/v1/guides/malevola/page-data.json')).title, evil);
});

test('feeds and sitemap escape every value', () => {
  for (const file of ['it/blog/rss.xml', 'it/blog/atom.xml', 'it/sitemap.xml']) {
    const xml = read(file);
    assert.not.match(xml, '<script>alert(1)', file);
    assert.not.match(xml, '<img src=x', file);
  }
});

/** What an XML parser gives for an element's text: entities decoded once, CDATA unwrapped. */
const xmlText = (raw: string) =>
  raw
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&(lt|gt|quot|apos|#39|amp);/g, (_, name: string) =>
      name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'quot' ? '"' : name === 'amp' ? '&' : "'",
    );

test('feed readers show the post title and description as text, never as markup', () => {
  const rss = read('it/blog/rss.xml');
  const item = /<item><title>((?:(?!<\/item>)[\s\S])*?malevolo[\s\S]*?)<\/item>/.exec(rss)?.[0] ?? '';
  const rssTitle = xmlText(/<title>([\s\S]*?)<\/title>/.exec(item)?.[1] ?? '');
  assert.is(rssTitle, evil, 'an RSS title is text');
  // An RSS description is HTML to the reader: once the XML is decoded it must still be escaped markup.
  const description = xmlText(/<description>([\s\S]*?)<\/description>/.exec(item)?.[1] ?? '');
  assert.not.match(description, '<img');
  assert.is(xmlText(description), evil);
  const atom = read('it/blog/atom.xml');
  const entry = atom.split('<entry>').find((e) => e.includes('malevolo')) ?? '';
  for (const tag of ['title', 'summary']) {
    const [, type, text] = new RegExp(`<${tag} type="(\\w+)">([\\s\\S]*?)</${tag}>`).exec(entry) ?? [];
    assert.is(type, 'text', `Atom ${tag} is declared as text`);
    assert.is(xmlText(text ?? ''), evil, `Atom ${tag}`);
  }
});

test('unsafe URLs become #', () => {
  for (const url of ['javascript:alert(1)', ' JavaScript:alert(1)', 'java\tscript:x', 'data:text/html,x', 'vbscript:x'])
    assert.is(safeUrl(url), '#', url);
  for (const url of ['https://tauri.app', '/it/blog', '#x', 'mailto:a@b.c', 'pagina']) assert.is(safeUrl(url), url);
});

test('a strict CSP: inline scripts allowed by hash, never unsafe-inline; served with nosniff', async () => {
  const headers = read('_headers');
  const csp = /Content-Security-Policy: (.+)/.exec(headers)![1]!;
  const scriptSrc = /script-src ([^;]+)/.exec(csp)![1]!;
  assert.not.match(scriptSrc, 'unsafe-inline');
  for (const page of ['it/index.html', 'it/v1/guides/faq/index.html']) {
    for (const match of read(page).matchAll(/<script>([\s\S]*?)<\/script>/g)) {
      const hash = `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`;
      assert.ok(scriptSrc.includes(hash), `${page}: inline script not allowed by hash`);
    }
  }
  const res = await fetch(`${server.url}it/`);
  assert.is(res.headers.get('content-security-policy'), csp);
  assert.is(res.headers.get('x-content-type-options'), 'nosniff');
  assert.is((await fetch(`${server.url}_headers`)).status, 404);
  assert.is((await fetch(`${server.url}_redirects`)).status, 404, 'host files are not served');
  assert.is(read('_redirects'), '/it/* /it/404.html 404\n');
});

test('serve survives 1,000 concurrent requests', async () => {
  const paths = ['/it/', '/it/v1/guides/faq', '/it/blog', '/it/non-esiste', '/it/assets/nope.js'];
  const results = await Promise.all(
    Array.from({ length: 1000 }, (_, i) =>
      fetch(`${server.url.replace(/\/$/, '')}${paths[i % paths.length]}`).then(
        async (r) => {
          await r.arrayBuffer();
          return r.status;
        },
        () => 0,
      ),
    ),
  );
  const errors = results.filter((s) => s !== 200 && s !== 404).length;
  assert.is(errors, 0, `${errors} failed`);
  assert.is((await fetch(`${server.url}it/`)).status, 200);
});

/** Sends raw bytes and returns what the server answered (or '' when it just closed). */
function raw(port: number, payload: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(payload));
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (answer += d));
    socket.on('close', () => resolve(answer));
    socket.on('error', () => resolve(answer));
    socket.setTimeout(5000, () => socket.destroy());
  });
}

test('malformed HTTP gets 400 and the server keeps serving', async () => {
  const port = Number(new URL(server.url).port);
  for (const payload of [
    'GARBAGE\r\n\r\n',
    'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
    'GET /\0 HTTP/1.1\r\n\r\n',
    `GET /${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    '\x16\x03\x01\x00\xa5\x01\x00\x00',
  ]) {
    const answer = await raw(port, payload);
    // An answer is required: a server that just hangs up (or crashed) does not pass.
    assert.ok(/^HTTP\/1\.1 (400|414|431)/.test(answer), JSON.stringify(answer.slice(0, 60)));
  }
  assert.is((await fetch(`${server.url}it/`)).status, 200);
});

test('dev binds to loopback, refuses paths outside the site, and sends the CSP', async () => {
  const dev = await startDev({
    packageRoot: repoRoot,
    config: path.join(dir, 'site.config.ts'),
    port: 0,
    host: '127.0.0.1',
    open: false,
  });
  try {
    assert.match(dev.url, /^http:\/\/127\.0\.0\.1:/);
    const { port } = new URL(dev.url);
    const status = (p: string) =>
      new Promise<number>((resolve) => {
        request({ host: '127.0.0.1', port, path: p }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        })
          .on('error', () => resolve(0))
          .end();
      });
    for (const p of [
      '/../site.config.ts',
      '/it/%2e%2e/%2e%2e/site.config.ts',
      '/it/..%5c..%5csite.config.ts',
      '/it/%00',
      '/it/img/%2e%2e%2f%2e%2e%2f%2e%2e%2fsite.config.ts',
      '//etc/passwd',
    ]) {
      const code = await status(p);
      assert.ok(code === 400 || code === 404, `${p}: ${code}`);
    }
    const res = await fetch(`${dev.url}v1/guides/faq`);
    assert.match(res.headers.get('content-security-policy') ?? '', "script-src 'self' 'sha256-");
    // A symlink in content/static that points outside the site folder is not served.
    symlinkSync(outsideFile, path.join(dir, 'content/static/img/fuori.ts'));
    await dev.site.update([path.join(dir, 'content/static/img/fuori.ts')]);
    assert.is(await status('/it/img/fuori.ts'), 404);
    // 1,000 concurrent requests and malformed HTTP do not bring it down.
    const results = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        fetch(`${dev.url}${['', 'v1/guides/faq', 'blog', 'manca'][i % 4]}`).then(
          async (r) => {
            await r.arrayBuffer();
            return r.status;
          },
          () => 0,
        ),
      ),
    );
    assert.is(results.filter((s) => s !== 200 && s !== 404).length, 0);
    for (const payload of ['GARBAGE\r\n\r\n', 'GET /\0 HTTP/1.1\r\n\r\n']) {
      const answer = await raw(Number(port), payload);
      assert.ok(/^HTTP\/1\.1 400/.test(answer), JSON.stringify(answer.slice(0, 40)));
    }
    assert.is(await status('/it/'), 200);
  } finally {
    await dev.close();
  }
});

test.run();
