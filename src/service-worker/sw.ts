/// <reference lib="webworker" />
/*
 * The service worker. Registered with `?offlineMode=…&debug=…`: in offline mode (installed app, standalone
 * window or save-data) it precaches the whole site at install and serves it from the cache, so every page
 * and the search index work with no network; otherwise it precaches nothing and stays out of the way.
 */
import { PrecacheController, type PrecacheEntry } from 'workbox-precaching';
import { candidatesOf, notFoundFileOf } from '../shared/served-files';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

const params = new URLSearchParams(self.location.search);
const offlineMode = params.get('offlineMode') === 'true';
const debug = params.get('debug') === 'true';
const log = (...args: unknown[]) => debug && console.log('[docs-it sw]', ...args);

const precache = new PrecacheController({ fallbackToNetwork: true });
precache.addToCacheList(self.__WB_MANIFEST);
const scope = new URL(self.registration.scope).pathname;
const onDemandCache = 'docs-it-on-demand';

/** The precached file that answers a path: the first of its candidates (the files `serve` would look for). */
async function fromPrecache(pathname: string): Promise<Response | undefined> {
  for (const candidate of candidatesOf(pathname)) {
    const key = precache.getCacheKeyForURL(new URL(`/${candidate}`, self.location.origin).href);
    if (!key) continue;
    const cached = await caches.match(key, { cacheName: precache.strategy.cacheName });
    if (cached) return cached;
  }
  return undefined;
}

self.addEventListener('install', (event) => {
  log('install', { offlineMode });
  if (offlineMode) event.waitUntil(precache.install(event));
});

self.addEventListener('activate', (event) => {
  log('activate');
  event.waitUntil(precache.activate(event));
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | undefined)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(scope)) return;
  event.respondWith(
    (async () => {
      const cached = await fromPrecache(url.pathname);
      if (cached) return cached;
      // Hashed files left out of the precache (Mermaid's chunks) are kept once a page has loaded them.
      const onDemand = offlineMode && url.pathname.startsWith(`${scope}assets/`);
      try {
        const response = await fetch(request);
        if (onDemand && response.ok) {
          const copy = response.clone();
          event.waitUntil(caches.open(onDemandCache).then((cache) => cache.put(request, copy)));
        }
        return response;
      } catch (error) {
        const kept = onDemand ? await caches.match(request, { cacheName: onDemandCache }) : undefined;
        if (kept) return kept;
        // Offline and not precached: the site's own 404 answers, as the server would.
        const notFound = `/${notFoundFileOf(url.pathname, scope)}`;
        if (url.pathname.endsWith('/page-data.json')) {
          const data = await fromPrecache(notFound);
          if (data) return new Response('', { status: 404 });
        }
        if (request.mode === 'navigate') {
          const page = await fromPrecache(notFound);
          if (page) return new Response(page.body, { status: 404, headers: page.headers });
        }
        throw error;
      }
    })(),
  );
});
