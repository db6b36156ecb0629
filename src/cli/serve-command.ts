import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DocsItError } from '../errors';
import { listen } from '../serve/listen';
import { createStaticServer, parseHeadersFile } from '../serve/static-server';
import { notFoundFileOf } from '../site/files/redirects';
import type { TerminalReporter } from './terminal-reporter';

export interface ServeOptions {
  dir: string;
  port: number;
  host: string;
  /** Fail when the port is taken instead of taking the next free one. */
  strictPort?: boolean;
  /** Idle keep-alive connections are closed after this long (default 5000 ms). */
  keepAliveTimeoutMs?: number;
  /** How long a connection may take to send a request's headers (default 10 s). */
  headersTimeoutMs?: number;
}

export interface RunningServe {
  url: string;
  siteUrl: string;
  port: number;
  /** How the build's host files configured the server, for `--verbose`. */
  configured: string[];
  close(): Promise<void>;
}

const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined);

/**
 * `docs-it serve`: a finished build served like a static host would, configured by the same files a host
 * reads (`_headers`, and `_redirects` for the not-found page). Resolves once listening.
 */
export async function serve(options: ServeOptions): Promise<RunningServe> {
  const dir = path.resolve(options.dir);
  if (!existsSync(dir))
    throw new DocsItError(
      `${options.dir} does not exist`,
      undefined,
      'Run `docs-it build` first, or pass --dir with the folder of a build.',
    );
  const headersFile = read(path.join(dir, '_headers'));
  const headers = headersFile ? parseHeadersFile(headersFile) : {};
  const notFound = notFoundFileOf(read(path.join(dir, '_redirects')) ?? '');
  const server = createStaticServer({
    dir,
    notFoundFile: notFound?.file ?? '404.html',
    headers,
    ...(options.keepAliveTimeoutMs === undefined ? {} : { keepAliveTimeoutMs: options.keepAliveTimeoutMs }),
    ...(options.headersTimeoutMs === undefined ? {} : { headersTimeoutMs: options.headersTimeoutMs }),
  });
  const { origin, port } = await listen(server, options.port, options.host, { strict: options.strictPort ?? false });
  const rules = Object.keys(headers).length;
  return {
    url: `${origin}/`,
    siteUrl: `${origin}${notFound?.base ?? '/'}`,
    port,
    configured: [
      `_headers: ${rules} ${rules === 1 ? 'header' : 'headers'} on every response`,
      notFound
        ? `_redirects: unknown paths under ${notFound.base} get ${notFound.file} with status 404`
        : '_redirects: no not-found page named; unknown paths get 404.html with status 404',
    ],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The command: serves until stopped, saying where (and, with --verbose, how it is configured). */
export async function serveCommand(options: ServeOptions, reporter: TerminalReporter): Promise<never> {
  const running = await serve(options);
  const moved = running.port !== options.port && options.port !== 0 ? ` (port ${options.port} is in use)` : '';
  reporter.ready(`docs-it serve: ${options.dir}/`, running.siteUrl, moved);
  for (const line of running.configured) reporter.detail(line);
  return new Promise<never>(() => undefined);
}
