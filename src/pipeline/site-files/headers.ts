/** `_headers` in the format static hosts (Netlify, Cloudflare Pages) read; `docs-it serve` reads it too. */
export function renderHeadersFile(contentSecurityPolicy: string): string {
  return [
    '/*',
    `  Content-Security-Policy: ${contentSecurityPolicy}`,
    '  X-Content-Type-Options: nosniff',
    '  Referrer-Policy: strict-origin-when-cross-origin',
    '',
  ].join('\n');
}
