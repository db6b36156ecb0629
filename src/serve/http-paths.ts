import { candidatesOf } from '../shared/served-files';

const types: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  webmanifest: 'application/manifest+json',
  wasm: 'application/wasm',
};

/** Content type of a file by its extension. */
export function contentTypeOf(file: string): string {
  const ext = file.slice(file.lastIndexOf('.') + 1).toLowerCase();
  return types[ext] ?? 'application/octet-stream';
}

/** Types worth compressing. */
export function isCompressible(type: string): boolean {
  return /^(text\/|application\/(json|xml|manifest\+json)|image\/svg)/.test(type);
}

/**
 * Hashed files never change, so browsers may keep them a year: assets. Everything else is revalidated, the
 * search shards too: they are named by position (so the index's entry need not list them) and a new build may
 * change any of them.
 */
export function cacheControlOf(file: string): string {
  const hashed = /(^|\/)assets\/.+\.[A-Z0-9]{8,}\.(js|css|map)$/.test(file);
  return hashed ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** The path of a request target: origin-form (`/x`) as it is, absolute-form (`http://host/x`, from proxies) reduced. */
export function pathOfTarget(target: string): string {
  if (!/^https?:\/\//i.test(target)) return target;
  try {
    const url = new URL(target);
    return url.pathname + url.search;
  } catch {
    return target;
  }
}

export type ResolvedRequest = { ok: true; candidates: string[] } | { ok: false; status: 400 | 404 };

/**
 * The files that may answer a request target, relative to the output folder, most specific first (see
 * `candidatesOf`). Anything that could escape the folder is refused.
 */
export function resolveRequestPath(rawUrl: string): ResolvedRequest {
  const pathname = pathOfTarget(rawUrl).split(/[?#]/, 1)[0] ?? '/';
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { ok: false, status: 400 };
  }
  if (decoded.includes('\0') || decoded.includes('\\') || !decoded.startsWith('/')) return { ok: false, status: 400 };
  const candidates = candidatesOf(decoded);
  return candidates.length > 0 ? { ok: true, candidates } : { ok: false, status: 404 };
}
