/** How long browsers keep docs-it's hashed assets. */
export const assetCacheControl = 'public, max-age=31536000, immutable';

/**
 * `_headers` in the format static hosts (Netlify, Cloudflare Pages) read; `docs-it serve` reads it too. Without
 * `assetCaching` (a site that sets Cache-Control itself) the hashed assets get no rule of their own.
 */
export function renderHeadersFile(contentSecurityPolicy: string, baseUrl: string, assetCaching = true): string {
  const assets = [
    '/*',
    `  Content-Security-Policy: ${contentSecurityPolicy}`,
    '  X-Content-Type-Options: nosniff',
    '  Referrer-Policy: strict-origin-when-cross-origin',
  ];
  const caching = [
    // Every file under assets/ has its content's hash in its name (the bundle's chunks, React's own among them,
    // and the files pages link): a new version is a new name, so browsers may keep these a year.
    `${baseUrl}assets/*`,
    `  Cache-Control: ${assetCacheControl}`,
  ];
  return [...assets, ...(assetCaching ? caching : []), ''].join('\n');
}
