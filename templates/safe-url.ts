import { schemeOf } from '../src/shared/url-scheme';

/**
 * Whether a URL may go into `href`/`src`: http(s), mailto, site-relative paths and fragments; not
 * `javascript:`, `data:` or any other scheme (browsers run some of them on click). Front matter, config and
 * search hits from every provider pass this one check.
 */
export function isSafeUrl(url: string): boolean {
  const scheme = schemeOf(url.trim());
  return scheme === undefined || scheme === 'http' || scheme === 'https' || scheme === 'mailto';
}

/** A URL safe to put in `href`/`src` from front matter or config; an unsafe or empty one becomes `#`. */
export function safeUrl(url: string | undefined): string {
  if (!url) return '#';
  return isSafeUrl(url) ? url.trim() : '#';
}
