import type { Server } from 'node:http';
import { DocsItError } from '../errors';

export interface ListenOptions {
  /** Fail when the port is taken instead of taking the next free one (`--strict-port`). */
  strict?: boolean;
}

/** How many ports after a taken one are tried before giving up. */
const portsTried = 100;

/** Listens once; rejects with Node's error (EADDRINUSE…), leaving the server ready to listen again. */
function listenOnce(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    server.once('error', failed);
    // Node's default queue of connections not yet accepted is 511: a burst of 1,000 connections to a busy
    // server overflowed it and some clients gave up. The kernel caps this at its own limit (somaxconn).
    server.listen({ port, host, backlog: 4096 }, () => {
      server.off('error', failed);
      resolve();
    });
  });
}

const inUse = (error: unknown) => (error as NodeJS.ErrnoException).code === 'EADDRINUSE';

/**
 * Starts listening on `port`, or when it is taken on the next free one after it (unless `strict`), and resolves
 * to the origin a person can click (`localhost` when bound to every interface) and the port it got.
 */
export async function listen(
  server: Server,
  port: number,
  host: string,
  options: ListenOptions = {},
): Promise<{ origin: string; port: number }> {
  const last = options.strict || port === 0 ? port : Math.min(65535, port + portsTried - 1);
  for (let candidate = port; ; candidate++) {
    try {
      await listenOnce(server, candidate, host);
      break;
    } catch (error) {
      if (!inUse(error)) throw error;
      if (candidate < last) continue;
      throw new DocsItError(
        last === port ? `port ${port} on ${host} is already in use` : `ports ${port} to ${last} on ${host} are in use`,
        undefined,
        options.strict
          ? 'Stop the server that uses it, choose another port with --port, or leave out --strict-port to take ' +
              'the next free one.'
          : 'Stop the servers that use them, or choose another port with --port.',
      );
    }
  }
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return { origin: `http://${shownHost}:${actualPort}`, port: actualPort };
}
