import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { notFoundFileOf } from '../output/redirects';
import { listen } from '../server/listen';
import { createStaticServer, parseHeadersFile } from '../server/static-server';

export interface ServeOptions {
  dir: string;
  port: number;
  host: string;
  /** Idle keep-alive connections are closed after this long (default 5000 ms). */
  keepAliveTimeoutMs?: number;
}

const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined);

/**
 * `docs-it serve`: a finished build served like a static host would, configured by the same files a host
 * reads (`_headers`, and `_redirects` for the not-found page). Resolves once listening.
 */
export async function serve(options: ServeOptions): Promise<{ url: string; siteUrl: string; close(): Promise<void> }> {
  const dir = path.resolve(options.dir);
  if (!existsSync(dir)) throw new Error(`${options.dir} does not exist: run \`docs-it build\` first.`);
  const headersFile = read(path.join(dir, '_headers'));
  const notFound = notFoundFileOf(read(path.join(dir, '_redirects')) ?? '');
  const server = createStaticServer({
    dir,
    notFoundFile: notFound?.file ?? '404.html',
    headers: headersFile ? parseHeadersFile(headersFile) : {},
    ...(options.keepAliveTimeoutMs === undefined ? {} : { keepAliveTimeoutMs: options.keepAliveTimeoutMs }),
  });
  const origin = await listen(server, options.port, options.host);
  return {
    url: `${origin}/`,
    siteUrl: `${origin}${notFound?.base ?? '/'}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
