import { schemeOf } from '../src/shared/url-scheme';

/**
 * A URL safe to put in `href`/`src` from front matter or config: http(s), mailto, site-relative paths and
 * fragments pass; `javascript:`, `data:` and anything else becomes `#` (React escapes text, not URLs).
 */
export function safeUrl(url: string | undefined): string {
  if (!url) return '#';
  const trimmed = url.trim();
  const scheme = schemeOf(trimmed);
  if (scheme === undefined) return trimmed;
  return scheme === 'http' || scheme === 'https' || scheme === 'mailto' ? trimmed : '#';
}
