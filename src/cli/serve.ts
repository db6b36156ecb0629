import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { listen } from '../server/listen';
import { createStaticServer, parseHeadersFile } from '../server/static-server';

export interface ServeOptions {
  dir: string;
  port: number;
  host: string;
}

/** `docs-it serve`: a finished build served like a static host would. Resolves once listening. */
export async function serve(options: ServeOptions): Promise<{ url: string; close(): Promise<void> }> {
  const dir = path.resolve(options.dir);
  if (!existsSync(dir)) throw new Error(`${options.dir} does not exist: run \`docs-it build\` first.`);
  const notFoundFile = existsSync(path.join(dir, 'it/404.html')) ? 'it/404.html' : '404.html';
  const headersFile = path.join(dir, '_headers');
  const headers = existsSync(headersFile) ? parseHeadersFile(readFileSync(headersFile, 'utf8')) : {};
  const server = createStaticServer({ dir, notFoundFile, headers });
  const origin = await listen(server, options.port, options.host);
  return {
    url: `${origin}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
