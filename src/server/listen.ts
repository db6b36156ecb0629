import type { Server } from 'node:http';

/** Starts listening and resolves to the origin a person can click (`localhost` when bound to every interface). */
export async function listen(server: Server, port: number, host: string): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${shownHost}:${actualPort}`;
}
