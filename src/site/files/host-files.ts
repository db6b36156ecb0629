import { DocsItError, DocsItErrors } from '../../errors';
import { assetCacheControl } from './headers';

/** A host file the site keeps in its static folder (`content/static/_headers`), relative to the site folder. */
export interface SiteHostFile {
  file: string;
  text: string;
}

/** The static files that are host files: merged with docs-it's own instead of copied over them. */
export const hostFileNames = ['_headers', '_redirects'] as const;

const isHeaderLine = (line: string) => /^\s+\S/.test(line);

/** Each header a `_headers` text sets, lower-cased name → value, with the line it is on (1-based). */
function headersOf(text: string): { name: string; value: string; line: number }[] {
  const found: { name: string; value: string; line: number }[] = [];
  text.split('\n').forEach((line, i) => {
    if (!isHeaderLine(line) || line.trim().startsWith('#')) return;
    const colon = line.indexOf(':');
    if (colon === -1) return;
    found.push({ name: line.slice(0, colon).trim().toLowerCase(), value: line.slice(colon + 1).trim(), line: i + 1 });
  });
  return found;
}

/**
 * Where the site's `_headers` sets Cache-Control other than docs-it's for its assets, if it does: then its rule
 * is the one that caches, docs-it's hashed assets included (both rules would apply to them, with two values), and
 * docs-it says so.
 */
export function siteCacheControl(site: SiteHostFile | undefined): DocsItError | undefined {
  const line =
    site && headersOf(site.text).find((h) => h.name === 'cache-control' && h.value !== assetCacheControl)?.line;
  if (!site || line === undefined) return undefined;
  return new DocsItError(
    "cache-control: the site's rule caches every file it matches, docs-it's hashed assets too (docs-it leaves " +
      'out its own rule, which keeps them a year)',
    { file: site.file, line, column: 1 },
    'Keep it if that is what the site wants; remove it to let docs-it cache the assets under assets/ for a year.',
  );
}

/**
 * docs-it's `_headers` followed by the site's own rules. Hosts apply every rule whose path matches, so a header
 * both set would reach readers twice or, worse, one of the two silently: a header of the site's that docs-it
 * sets too, with another value, is an error at its line.
 */
export function mergeHeaders(own: string, site: SiteHostFile | undefined): string {
  if (!site) return own;
  const ownValues = new Map(headersOf(own).map((h) => [h.name, h.value]));
  const errors = headersOf(site.text)
    .filter((h) => ownValues.has(h.name) && ownValues.get(h.name) !== h.value)
    .map(
      (h) =>
        new DocsItError(
          `${h.name}: docs-it sets this header on every page (${ownValues.get(h.name)})`,
          { file: site.file, line: h.line, column: 1 },
          h.name === 'content-security-policy'
            ? 'Remove it; add the sources the site needs with `csp` in site.config.ts (e.g. frame-src).'
            : 'Remove it from this file, or give it the same value.',
        ),
    );
  if (errors.length > 0) throw new DocsItErrors(errors);
  return `${own.replace(/\n*$/, '\n')}\n${site.text.replace(/\n*$/, '\n')}`;
}

/**
 * The site's `_redirects` rules, then docs-it's: hosts take the first rule that matches, and docs-it's sends
 * every unknown path under the base URL to the not-found page, so it must come last. A rule of the site's for
 * the very path docs-it's rule has is an error at its line.
 */
export function mergeRedirects(own: string, site: SiteHostFile | undefined): string {
  if (!site) return own;
  const ownFroms = new Set(
    own
      .split('\n')
      .map((l) => l.trim().split(/\s+/)[0])
      .filter((from): from is string => Boolean(from)),
  );
  const errors: DocsItError[] = [];
  site.text.split('\n').forEach((line, i) => {
    const from = line.trim().split(/\s+/)[0];
    if (!from || from.startsWith('#') || !ownFroms.has(from)) return;
    errors.push(
      new DocsItError(
        `${from}: docs-it's own rule sends these paths to the not-found page`,
        { file: site.file, line: i + 1, column: 1 },
        'Remove this rule, or narrow its path: the site keeps its not-found page (content/pages/404.md).',
      ),
    );
  });
  if (errors.length > 0) throw new DocsItErrors(errors);
  return `${site.text.replace(/\n*$/, '\n')}${own}`;
}
