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

/** Picks the encoding a client accepts: brotli, then gzip. */
function encodingFor(req: IncomingMessage): 'br' | 'gzip' | undefined {
  const accept = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return undefined;
}

/** Sends one file from disk with type, cache, compression headers and the given status. */
async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  status: number,
  size: number,
  extra: Record<string, string>,
): Promise<void> {
  const type = contentTypeOf(file);
  const headers: Record<string, string> = {
    ...baseHeaders,
    ...extra,
    'Content-Type': type,
    'Cache-Control': cacheControlOf(file),
    Vary: 'Accept-Encoding',
  };
  const encoding = isCompressible(type) && size > 1024 ? encodingFor(req) : undefined;
  if (encoding) headers['Content-Encoding'] = encoding;
  else headers['Content-Length'] = String(size);
  res.writeHead(status, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const source = createReadStream(file);
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

/** Serves a finished build like a static host: clean URLs, a real 404 page, compression, long-lived hashed assets. */
export function createStaticServer({ dir, notFoundFile, headers: extra = {} }: StaticServerOptions): Server {
  const root = path.resolve(dir);
  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, baseHeaders);
      res.end();
    });
  });
  // Malformed requests get a 400 and the connection closes; the server keeps going.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  return server;

  async function findFile(candidates: string[]): Promise<{ file: string; size: number } | undefined> {
    const realRoot = await realpath(root);
    for (const candidate of candidates) {
      const full = path.join(root, candidate);
      try {
        const info = await stat(full);
        if (!info.isFile()) continue;
        // A symlink inside the folder must not lead outside it.
        const real = await realpath(full);
        if (real !== realRoot && !real.startsWith(realRoot + path.sep)) continue;
        return { file: full, size: info.size };
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
      await sendFile(req, res, found.file, 200, found.size, extra);
      return;
    }
    const notFound = await findFile([notFoundFile]);
    if (notFound) await sendFile(req, res, notFound.file, 404, notFound.size, extra);
    else res.writeHead(404, { ...baseHeaders, 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
  }
}
