/**
 * A URL safe to put in `href`/`src` from front matter or config: http(s), mailto, site-relative paths and
 * fragments pass; `javascript:`, `data:` and anything else becomes `#` (React escapes text, not URLs).
 */
export function safeUrl(url: string | undefined): string {
  if (!url) return '#';
  const trimmed = url.trim();
  // Browsers ignore tabs and newlines inside a scheme: `java\tscript:` is still a script URL.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is stripped.
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed.replace(/[\u0000-\u0020]/g, ''))?.[1]?.toLowerCase();
  if (scheme === undefined) return trimmed;
  return scheme === 'http' || scheme === 'https' || scheme === 'mailto' ? trimmed : '#';
}
