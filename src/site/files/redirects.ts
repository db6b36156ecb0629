/**
 * `_redirects` in the format static hosts (Netlify, Cloudflare Pages) read: every unknown path under the base
 * URL gets the site's own not-found page, with status 404. `docs-it serve` reads it too.
 */
export function renderRedirects(baseUrl: string, notFoundFile: string): string {
  return `${baseUrl}* /${notFoundFile} 404\n`;
}

/** The not-found page a `_redirects` file names for the paths under `base`, if any. */
export function notFoundFileOf(redirects: string): { base: string; file: string } | undefined {
  for (const line of redirects.split('\n')) {
    const match = /^(\/\S*)\*\s+\/(\S+)\s+404\s*$/.exec(line.trim());
    if (match) return { base: match[1]!, file: match[2]! };
  }
  return undefined;
}
