/**
 * The origin browsers contact for a Meilisearch host as a site writes it (`https://search.example.org`, or
 * `localhost:7700`, taken as http), or `undefined` when it is not the address of a server: the config's
 * validation, the deploy-time variable and the Content-Security-Policy read it the same way.
 */
export function searchHostOrigin(host: string): string | undefined {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(host) ? host : `http://${host}`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** What a host that is not a server's address is told to be. */
export const searchHostExpected = 'expected the address of a Meilisearch server, such as "https://search.example.org"';
