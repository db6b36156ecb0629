import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { cacheControlOf, contentTypeOf, isCompressible, resolveRequestPath } from './http-paths';

export interface StaticServerOptions {
  /** Output folder of a finished build. */
  dir: string;
  /** The not-found page's file, relative to the folder (`docs/404.html`). */
  notFoundFile: string;
  /** Headers for every response, e.g. from the build's `_headers` file. */
  headers?: Record<string, string>;
  /** How long an idle keep-alive connection stays open (default 5000 ms). */
  keepAliveTimeoutMs?: number;
}

/** Reads the `/*` block of a `_headers` file (the format static hosts use). */
export function parseHeadersFile(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  let inBlock = false;
  for (const line of text.split('\n')) {
    if (/^\S/.test(line)) inBlock = line.trim() === '/*';
    else if (inBlock) {
      const match = /^\s+([\w-]+):\s*(.+)$/.exec(line);
      if (match) headers[match[1]!] = match[2]!.trim();
    }
  }
  return headers;
}

/** Security headers every response carries. */
export const baseHeaders: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** Picks the encoding a client accepts: brotli, then gzip; `q=0` means "not this one" (RFC 9110). */
function encodingFor(req: IncomingMessage): 'br' | 'gzip' | undefined {
  const accepted = new Map<string, number>();
  for (const part of String(req.headers['accept-encoding'] ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return undefined;
}

/** One `bytes=a-b` range of a file of `size` bytes, `'invalid'` when it cannot be satisfied. */
function rangeOf(header: string | undefined, size: number): { start: number; end: number } | 'invalid' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!header) return undefined;
  // Several ranges at once (multipart answers) are not supported: the whole file is sent.
  if (!match) return header.includes(',') ? undefined : 'invalid';
  const [, from, to] = match;
  if (from === '' && to === '') return 'invalid';
  const start = from === '' ? Math.max(0, size - Number(to)) : Number(from);
  const end = from === '' || to === '' ? size - 1 : Math.min(Number(to), size - 1);
  return start > end || start >= size ? 'invalid' : { start, end };
}

/** Sends one file from disk with type, cache, compression headers and the given status. */
async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  status: number,
  info: { size: number; mtimeMs: number },
  extra: Record<string, string>,
): Promise<void> {
  const { size } = info;
  const type = contentTypeOf(file);
  // Weak: the same validator for the compressed and the plain bytes of one file version.
  const etag = `W/"${size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const lastModified = new Date(Math.floor(info.mtimeMs / 1000) * 1000).toUTCString();
  const headers: Record<string, string> = {
    ...baseHeaders,
    ...extra,
    'Content-Type': type,
    'Cache-Control': cacheControlOf(file),
    Vary: 'Accept-Encoding',
    ETag: etag,
    'Last-Modified': lastModified,
  };
  if (status === 200 && isNotModified(req, etag, info.mtimeMs)) {
    res.writeHead(304, headers).end();
    return;
  }
  const range = status === 200 ? rangeOf(req.headers.range, size) : undefined;
  if (range === 'invalid') {
    res.writeHead(416, { ...baseHeaders, 'Content-Range': `bytes */${size}` }).end();
    return;
  }
  // A range is served from the plain bytes; otherwise compressible files are compressed.
  const encoding = !range && isCompressible(type) && size > 1024 ? encodingFor(req) : undefined;
  if (encoding) headers['Content-Encoding'] = encoding;
  else {
    headers['Accept-Ranges'] = 'bytes';
    headers['Content-Length'] = String(range ? range.end - range.start + 1 : size);
  }
  if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${size}`;
  res.writeHead(range ? 206 : status, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const source = createReadStream(file, range ? { start: range.start, end: range.end } : {});
  // On-the-fly compression: brotli's default quality (11) is for precompressed files and far too slow here.
  if (encoding)
    await pipeline(
      source,
      encoding === 'br'
        ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : createGzip({ level: 6 }),
      res,
    );
  else await pipeline(source, res);
}

/** Whether the client's copy is current: `If-None-Match` first, then `If-Modified-Since` (RFC 9110). */
function isNotModified(req: IncomingMessage, etag: string, mtimeMs: number): boolean {
  const match = req.headers['if-none-match'];
  if (match !== undefined) {
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
    return match.trim() === '*' || match.split(',').some((tag) => opaque(tag) === opaque(etag));
  }
  const since = Date.parse(String(req.headers['if-modified-since'] ?? ''));
  return !Number.isNaN(since) && Math.floor(mtimeMs / 1000) * 1000 <= since;
}

/** Serves a finished build like a static host: clean URLs, a real 404 page, compression, long-lived hashed assets. */
export function createStaticServer({
  dir,
  notFoundFile,
  headers: extra = {},
  keepAliveTimeoutMs = 5000,
}: StaticServerOptions): Server {
  const root = path.resolve(dir);
  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, baseHeaders);
      res.end();
    });
  });
  // An idle keep-alive connection is closed after this long; a request must send its headers in 10 s.
  server.keepAliveTimeout = keepAliveTimeoutMs;
  server.headersTimeout = 10_000;
  // Malformed requests get a 400 and the connection closes; the server keeps going.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  return server;

  async function findFile(candidates: string[]): Promise<{ file: string; size: number; mtimeMs: number } | undefined> {
    const realRoot = await realpath(root);
    for (const candidate of candidates) {
      const full = path.join(root, candidate);
      try {
        const info = await stat(full);
        if (!info.isFile()) continue;
        // A symlink inside the folder must not lead outside it.
        const real = await realpath(full);
        if (real !== realRoot && !real.startsWith(realRoot + path.sep)) continue;
        return { file: full, size: info.size, mtimeMs: info.mtimeMs };
      } catch {
        // Try the next candidate.
      }
    }
    return undefined;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...baseHeaders, Allow: 'GET, HEAD' }).end();
      return;
    }
    const resolved = resolveRequestPath(req.url ?? '/');
    if (!resolved.ok && resolved.status === 400) {
      res.writeHead(400, { ...baseHeaders, 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request');
      return;
    }
    // The headers and redirects files configure the host; they are not pages.
    const hostFile = resolved.ok && resolved.candidates.some((c) => c === '_headers' || c === '_redirects');
    const found = resolved.ok && !hostFile ? await findFile(resolved.candidates) : undefined;
    if (found) {
      await sendFile(req, res, found.file, 200, found, extra);
      return;
    }
    const notFound = await findFile([notFoundFile]);
    if (notFound) await sendFile(req, res, notFound.file, 404, notFound, extra);
    else res.writeHead(404, { ...baseHeaders, 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
  }
}
