/// <reference lib="webworker" />
/*
 * The service worker. Registered with `?offlineMode=…&debug=…`: in offline mode (installed app, standalone
 * window or save-data) it precaches the site at install, as much of it as the precache budget holds (the whole
 * site when it fits; see src/build/precache-order.ts), serves that from the cache, and keeps every other file of
 * the site when a reader first loads it, so a page opened once opens again with no network: the `keep` files
 * used last (`pwa.keep.maxFiles`). Otherwise it precaches and keeps nothing and stays out of the way.
 */
import { CacheExpiration } from 'workbox-expiration';
import { PrecacheController, type PrecacheEntry } from 'workbox-precaching';
import { keptFilesOf, keptFilesParam } from '../shared/kept-files';
import { candidatesOf, notFoundFileOf } from '../shared/served-files';
import { keptOrder } from './kept-order';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

const params = new URLSearchParams(self.location.search);
const offlineMode = params.get('offlineMode') === 'true';
const debug = params.get('debug') === 'true';
const log = (...args: unknown[]) => debug && console.log('[docs-it sw]', ...args);

const precache = new PrecacheController({ fallbackToNetwork: true });
precache.addToCacheList(self.__WB_MANIFEST);
const scope = new URL(self.registration.scope).pathname;
/** The site's files the precache left out, kept as readers load them (the name predates pages being kept). */
const onDemandCache = 'docs-it-on-demand';

/** Where a file loaded on demand is kept: its URL without query or fragment. */
const keptKeyOf = (url: URL) => url.origin + url.pathname;
/**
 * The kept files used longest ago are let go past `keep` (a page's own storage is otherwise unbounded, and a
 * browser short of space may clear the whole site's, precache included). Workbox notes when each was last used.
 */
const keptFiles = new CacheExpiration(onDemandCache, { maxEntries: keptFilesOf(params.get(keptFilesParam)) });

/** Kept files are dated as used in the order they were answered (see kept-order.ts). */
const keptFilesOrder = keptOrder(async (key) => {
  await keptFiles.updateTimestamp(key);
  await keptFiles.expireEntries();
});

/**
 * A kept file for a path: the path as it was asked for, else with or without its trailing slash. It is dated as
 * used (within `event`'s life) after the files answered before it.
 */
async function fromKept(url: URL, event: FetchEvent): Promise<Response | undefined> {
  const key = keptKeyOf(url);
  const other = key.endsWith('/') ? key.slice(0, -1) : `${key}/`;
  for (const k of [key, other]) {
    const kept = await caches.match(k, { cacheName: onDemandCache });
    if (kept) {
      event.waitUntil(keptFilesOrder.answered(k, Promise.resolve()));
      return kept;
    }
  }
  return undefined;
}

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
      // In offline mode, what the precache left out (pages past its budget, files loaded on demand such as
      // Mermaid's chunks) is kept once loaded: the network first, so an online reader always gets the newest.
      try {
        const response = await fetch(request);
        // A partial or redirected response cannot answer a later request for the whole file.
        if (offlineMode && response.status === 200 && !response.redirected && response.type === 'basic') {
          const copy = response.clone();
          log('keep', url.pathname);
          const key = keptKeyOf(url);
          const kept = caches.open(onDemandCache).then((cache) => cache.put(key, copy));
          event.waitUntil(keptFilesOrder.answered(key, kept));
        }
        return response;
      } catch (error) {
        const kept = offlineMode ? await fromKept(url, event) : undefined;
        if (kept) return kept;
        // Offline, neither precached nor kept: the site's own 404 answers, as the server would for a path it
        // does not have (the worker knows only the files it holds, not every page of the site).
        const notFound = `/${notFoundFileOf(url.pathname, scope)}`;
        if (url.pathname.endsWith('/page-data.json')) {
          // A page kept without its data (opened by its address, not in the app): failing makes the app load
          // it the ordinary way, which the kept page answers.
          const page = new URL(url.pathname.slice(0, -'page-data.json'.length), url.origin);
          if (offlineMode && (await fromKept(page, event))) throw error;
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
