import { createHash } from 'node:crypto';
import { searchHostOrigin } from '../config/search-host';
import type { SiteConfig } from '../config/site-schema';
import { baseUrlBannerScript, colorModeScript } from './inline-scripts';

const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/**
 * The Content-Security-Policy the pages satisfy: scripts only from the site itself plus the two inline
 * scripts, allowed by their hashes (never 'unsafe-inline'). Styles allow inline attributes, which the
 * highlighted code and the announcement bar use.
 */
export function contentSecurityPolicy(
  site: SiteConfig,
  options: { frameAncestors: boolean } = { frameAncestors: true },
): string {
  const connect = [
    "'self'",
    // The config's validation refused a host that is not a server's address (see `searchHostOrigin`).
    ...(site.search.host ? [searchHostOrigin(site.search.host) ?? ''] : []),
  ];
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${hash(colorModeScript(site))} ${hash(baseUrlBannerScript(site))}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' https: data:",
    `connect-src ${connect.join(' ')}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    ...(options.frameAncestors ? ["frame-ancestors 'none'"] : []),
  ];
  // The origins of the site's stylesheets from elsewhere (`stylesheets`).
  const styleOrigins = site.stylesheets.flatMap(({ href }) =>
    href.startsWith('https://') ? [new URL(href).origin] : [],
  );
  const csp = { ...site.csp, 'style-src': [...(site.csp['style-src'] ?? []), ...styleOrigins] };
  return withSiteSources(directives, csp).join('; ');
}

/** The site's `csp` sources appended to their directives; a directive not written yet comes with `'self'`. */
function withSiteSources(directives: string[], added: SiteConfig['csp']): string[] {
  const result = [...directives];
  for (const [name, sources] of Object.entries(added)) {
    if (!sources || sources.length === 0) continue;
    const at = result.findIndex((d) => d.split(' ')[0] === name);
    if (at === -1) result.push([name, "'self'", ...sources].join(' '));
    else result[at] = [result[at], ...sources.filter((s) => !result[at]!.split(' ').includes(s))].join(' ');
  }
  return result;
}
