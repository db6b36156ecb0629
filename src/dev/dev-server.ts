import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { build } from 'esbuild';
import { type Diagnostic, formatLocation } from '../errors';
import { siteInterfaceText } from '../render/chrome';
import { contentSecurityPolicy } from '../render/csp';
import { isAllowedHost } from '../serve/allowed-host';
import { contentTypeOf, resolveRequestPath } from '../serve/http-paths';
import { answerClientError, baseHeaders, noneMatchHolds } from '../serve/static-server';
import type { HelloEvent, ReloadEvent, ShownDiagnostic, UpdateEvent } from '../shared/dev-events';
import type { DevSite, UpdateResult } from './dev-site';

export const eventsPath = '/__docs-it/events';
export const clientPath = '/__docs-it/client.js';

/** Diagnostics as the overlay shows them. */
export function serializeDiagnostics(diagnostics: readonly Diagnostic[]): ShownDiagnostic[] {
  return diagnostics.map(({ severity, error }) => ({
    severity,
    ...(error.location ? { location: formatLocation(error.location) } : {}),
    message: error.message,
    ...(error.hint ? { hint: error.hint } : {}),
  }));
}

/** The live-reload client, bundled once at start. */
export async function bundleDevClient(packageRoot: string): Promise<string> {
  const result = await build({
    entryPoints: [path.join(packageRoot, 'src/client/dev-client.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2020',
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/**
 * Sends a script or another asset held in memory, revalidated on every use (`no-cache`) against a strong ETag of
 * its bytes: a page loaded again answers 304 for the assets an edit did not change, and the browser keeps what it
 * made of them (React's development build, compiled again on every load without it).
 */
function sendAsset(req: IncomingMessage, res: ServerResponse, type: string, body: string | Uint8Array): void {
  const headers = {
    ...baseHeaders,
    'Content-Type': type,
    'Cache-Control': 'no-cache',
    ETag: `"${createHash('sha1').update(body).digest('base64url')}"`,
  };
  if (noneMatchHolds(req, headers.ETag)) res.writeHead(304, headers).end();
  else res.writeHead(200, headers).end(body);
}

/** The HTTP side of `docs-it dev`: pages rendered from memory, assets, static files, and the event stream. */
export function createDevServer(
  site: DevSite,
  devClient: string,
  boundHost = '127.0.0.1',
): {
  server: Server;
  /** Tells the readers of `paths` to reload now (the change `id`'s pages can be served). */
  reload(id: string, paths: UpdateResult['paths']): void;
  /** The change `id` applied: what to reload (if not reloaded yet), and what is open now. */
  broadcast(update: UpdateResult, id: string): void;
} {
  const clients = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(site.config.site));
    if (!isAllowedHost(req.headers.host, boundHost)) {
      res
        .writeHead(403, { ...baseHeaders, 'Content-Type': 'text/plain; charset=utf-8' })
        .end('docs-it dev: this host name is not this machine (open the site through localhost or its address)');
      return;
    }
    // Read-only, like `serve`.
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...baseHeaders, Allow: 'GET, HEAD' }).end();
      return;
    }
    const url = req.url ?? '/';
    if (url === eventsPath) {
      res.writeHead(200, {
        ...baseHeaders,
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-cache',
        Connection: 'keep-alive',
      });
      const hello: HelloEvent = {
        buildId: site.buildId,
        diagnostics: serializeDiagnostics(site.diagnostics),
        text: siteInterfaceText(site.config.site),
      };
      res.write(`event: hello\ndata: ${JSON.stringify(hello)}\n\n`);
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return;
    }
    if (!resolveRequestPath(url).ok) {
      res.writeHead(400, { ...baseHeaders, 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request');
      return;
    }
    if (url === clientPath) {
      sendAsset(req, res, 'text/javascript; charset=utf-8', devClient);
      return;
    }
    site
      .respond(url)
      .then((response) => {
        switch (response.kind) {
          case 'page':
            res
              .writeHead(response.status, {
                ...baseHeaders,
                'Content-Type': 'text/html; charset=utf-8',
                'Cache-Control': 'no-cache',
              })
              .end(response.html);
            return;
          case 'data':
            res
              .writeHead(response.status, {
                ...baseHeaders,
                // Page data and search files are JSON, but for the search's stemmer, a module (`.js`).
                'Content-Type': /\.js$/.test(url.split(/[?#]/, 1)[0] ?? '')
                  ? contentTypeOf('x.js')
                  : 'application/json; charset=utf-8',
                'Cache-Control': 'no-cache',
              })
              .end(response.json);
            return;
          case 'asset':
            sendAsset(req, res, contentTypeOf(response.file), response.contents);
            return;
          case 'static':
            res.writeHead(200, {
              ...baseHeaders,
              'Content-Type': contentTypeOf(response.file),
              'Cache-Control': 'no-cache',
            });
            createReadStream(response.file)
              .on('error', () => res.end())
              .pipe(res);
            return;
          case 'none':
            res.writeHead(404, baseHeaders).end();
        }
      })
      .catch((error: unknown) => {
        res
          .writeHead(500, { ...baseHeaders, 'Content-Type': 'text/plain; charset=utf-8' })
          .end(`docs-it dev: ${(error as Error).message}`);
      });
  });
  server.on('clientError', answerClientError);
  const send = (payload: string) => {
    for (const client of clients) client.write(payload);
  };
  return {
    server,
    reload(id, paths) {
      const event: ReloadEvent = { id, paths };
      send(`event: reload\ndata: ${JSON.stringify(event)}\n\n`);
    },
    broadcast(update, id) {
      const event: UpdateEvent = {
        id,
        paths: update.paths,
        diagnostics: serializeDiagnostics(update.diagnostics),
        text: siteInterfaceText(site.config.site),
      };
      send(`event: update\ndata: ${JSON.stringify(event)}\n\n`);
    },
  };
}
