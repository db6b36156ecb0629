import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CompressedVariants, type Encoding } from './compressed-variants';
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
  /** How long a connection may take to send a request's headers (default 10 s): see `answerClientError`. */
  headersTimeoutMs?: number;
  /** Where compressed variants are kept (default: a cache of this server's own). */
  variants?: CompressedVariants;
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
function encodingFor(req: IncomingMessage): Encoding | undefined {
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

interface FileInfo {
  file: string;
  size: number;
  mtimeMs: number;
}

/**
 * Validators of one file version: a strong ETag per representation (the bytes as they are, and each
 * compressed variant: different bytes, so different tags), and Last-Modified to the second.
 */
function validatorsOf(info: FileInfo) {
  const version = `${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}`;
  return {
    etag: (encoding?: Encoding) => `"${version}${encoding ? `-${encoding}` : ''}"`,
    lastModifiedMs: Math.floor(info.mtimeMs / 1000) * 1000,
  };
}

/**
 * Whether a Range applies under If-Range (RFC 9110 13.1.5): only to the representation the client holds,
 * named by a strong ETag that matches exactly or by a date equal to Last-Modified, itself strong (the file
 * was not changed in the second the answer is sent). Anything else: the whole file, 200.
 */
function rangeAllowed(req: IncomingMessage, identityEtag: string, lastModifiedMs: number): boolean {
  if (req.headers['if-range'] === undefined) return true;
  const condition = String(req.headers['if-range']).trim();
  if (condition.startsWith('"')) return condition === identityEtag;
  if (condition.startsWith('W/')) return false;
  const date = Date.parse(condition);
  return !Number.isNaN(date) && date === lastModifiedMs && Date.now() - lastModifiedMs >= 1000;
}

/** Sends one file from disk with type, cache, compression headers and the given status. */
async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  info: FileInfo,
  status: number,
  extra: Record<string, string>,
  variants: CompressedVariants,
): Promise<void> {
  const { file, size } = info;
  const type = contentTypeOf(file);
  const { etag, lastModifiedMs } = validatorsOf(info);
  // Only files that may be sent compressed have representations chosen by Accept-Encoding.
  const compressible = isCompressible(type) && size > 1024 && variants.fits(size);
  const requested = status === 200 ? rangeOf(req.headers.range, size) : undefined;
  // A range is of the bytes as they are; an If-Range for another version turns it into the whole file.
  const range = requested && rangeAllowed(req, etag(), lastModifiedMs) ? requested : undefined;
  const encoding = compressible && !range ? encodingFor(req) : undefined;
  const headers: Record<string, string> = {
    ...baseHeaders,
    ...extra,
    'Content-Type': type,
    'Cache-Control': cacheControlOf(file),
    ...(compressible ? { Vary: 'Accept-Encoding' } : {}),
    ETag: etag(encoding),
    'Last-Modified': new Date(lastModifiedMs).toUTCString(),
  };
  if (status === 200 && isNotModified(req, headers.ETag!, info.mtimeMs)) {
    res.writeHead(304, headers).end();
    return;
  }
  if (range === 'invalid') {
    res.writeHead(416, { ...baseHeaders, 'Content-Range': `bytes */${size}` }).end();
    return;
  }
  if (encoding) {
    const body = await variants.get(info, encoding);
    headers['Content-Encoding'] = encoding;
    headers['Content-Length'] = String(body.length);
    res.writeHead(status, headers).end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  headers['Accept-Ranges'] = 'bytes';
  headers['Content-Length'] = String(range ? range.end - range.start + 1 : size);
  if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${size}`;
  res.writeHead(range ? 206 : status, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  await pipeline(createReadStream(file, range ? { start: range.start, end: range.end } : {}), res);
}

/** Whether the request's `If-None-Match` names `etag` (weak comparison, as RFC 9110 asks); undefined without one. */
export function noneMatchHolds(req: IncomingMessage, etag: string): boolean | undefined {
  const match = req.headers['if-none-match'];
  if (match === undefined) return undefined;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return match.trim() === '*' || match.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/** Whether the client's copy is current: `If-None-Match` first, then `If-Modified-Since` (RFC 9110). */
function isNotModified(req: IncomingMessage, etag: string, mtimeMs: number): boolean {
  const matched = noneMatchHolds(req, etag);
  if (matched !== undefined) return matched;
  const since = Date.parse(String(req.headers['if-modified-since'] ?? ''));
  return !Number.isNaN(since) && Math.floor(mtimeMs / 1000) * 1000 <= since;
}

/**
 * What a server says to a client that broke the protocol (Node's `clientError`): a malformed request gets a 400
 * and the connection closes; so does one whose headers did not come in time (slow or stalled). A connection that
 * timed out without sending a single byte is closed without an answer: browsers open spare connections ahead of
 * their requests, and one may send its request on it just as the server writes there; an answer written then is
 * taken as the answer to that request (a script failed, a page that never hydrates), where a connection closed
 * unanswered is one a browser opens again and sends the request on.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  const unused = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' && (socket as Socket).bytesRead === 0;
  if (socket.writable && !unused) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  else socket.destroy();
}

/** Serves a finished build like a static host: clean URLs, a real 404 page, compression, long-lived hashed assets. */
export function createStaticServer({
  dir,
  notFoundFile,
  headers: extra = {},
  keepAliveTimeoutMs = 5000,
  headersTimeoutMs = 10_000,
  variants = new CompressedVariants(),
}: StaticServerOptions): Server {
  const root = path.resolve(dir);
  // Node looks for connections past their timeout every 30 s by default: a shorter timeout is looked for as often.
  const checking = { connectionsCheckingInterval: Math.min(30_000, headersTimeoutMs) };
  const server = createServer(checking, (req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, baseHeaders);
      res.end();
    });
  });
  // An idle keep-alive connection is closed after this long; a request must send its headers in time.
  server.keepAliveTimeout = keepAliveTimeoutMs;
  server.headersTimeout = headersTimeoutMs;
  server.on('clientError', answerClientError);
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
      await sendFile(req, res, found, 200, extra, variants);
      return;
    }
    const notFound = await findFile([notFoundFile]);
    if (notFound) await sendFile(req, res, notFound, 404, extra, variants);
    else res.writeHead(404, { ...baseHeaders, 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
  }
}
