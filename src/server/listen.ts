import type { Server } from 'node:http';
import { DocsItError } from '../errors';

/** Starts listening and resolves to the origin a person can click (`localhost` when bound to every interface). */
export async function listen(server: Server, port: number, host: string): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new DocsItError(
              `port ${port} on ${host} is already in use`,
              undefined,
              'Stop the server that uses it, or choose another port with --port.',
            )
          : error,
      ),
    );
    // Node's default queue of connections not yet accepted is 511: a burst of 1,000 connections to a busy
    // server overflowed it and some clients gave up. The kernel caps this at its own limit (somaxconn).
    server.listen({ port, host, backlog: 4096 }, resolve);
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${shownHost}:${actualPort}`;
}
