/** `_headers` in the format static hosts (Netlify, Cloudflare Pages) read; `docs-it serve` reads it too. */
export function renderHeadersFile(contentSecurityPolicy: string, baseUrl: string): string {
  return [
    '/*',
    `  Content-Security-Policy: ${contentSecurityPolicy}`,
    '  X-Content-Type-Options: nosniff',
    '  Referrer-Policy: strict-origin-when-cross-origin',
    // Every file under assets/ has its content's hash in its name (the bundle's chunks, React's own among them,
    // and the files pages link): a new version is a new name, so browsers may keep these a year.
    `${baseUrl}assets/*`,
    '  Cache-Control: public, max-age=31536000, immutable',
    '',
  ].join('\n');
}
