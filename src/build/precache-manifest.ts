import { hash } from 'node:crypto';

/*
 * The precache manifest injected into the service worker, as workbox-build's `injectManifest` made it from
 * templated URLs (the same bytes: readers' service workers see no change of revision), without loading
 * workbox-build for it: its module graph and the validation of its options cost more processor time than the
 * rest of the step (docs/measurements.md).
 */

/** A file the service worker precaches: its path in the output folder and a string that changes with it. */
export interface PrecachedFile {
  path: string;
  revision: string;
}

/** Where workbox's service worker code takes its manifest. */
const injectionPoint = 'self.__WB_MANIFEST';

/** Hashed assets carry their version in the name: no revision, so no second download of an unchanged one. */
const versionedName = /\.[A-Z0-9]{8,}\.(js|css)$/;

/**
 * The manifest's JSON: one `{"revision","url"}` entry per file, in the order given. A URL is the file's path
 * with the base URL in front (`docs/x.html` → `/docs/x.html`); a revision is the MD5 of the file's revision string
 * (workbox's revision of a templated URL), or null for a versioned name.
 */
export function precacheManifest(files: readonly PrecachedFile[], baseUrl: string): string {
  const base = baseUrl.slice(1);
  const entries = files.map((file) => {
    const url = file.path.startsWith(base) ? baseUrl + file.path.slice(base.length) : file.path;
    const revision = versionedName.test(url) ? null : hash('md5', file.revision, 'hex');
    return `{"revision":${JSON.stringify(revision)},"url":${JSON.stringify(url)}}`;
  });
  return `[${entries.join(',')}]`;
}

/** The service worker's code with its manifest in place; its one injection point missing or repeated throws. */
export function injectPrecacheManifest(code: string, manifest: string): string {
  const at = code.indexOf(injectionPoint);
  if (at === -1 || code.indexOf(injectionPoint, at + 1) !== -1)
    throw new Error(`service worker: its code must hold ${injectionPoint} exactly once`);
  return code.slice(0, at) + manifest + code.slice(at + injectionPoint.length);
}
