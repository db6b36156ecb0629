/**
 * The scheme of a URL as a browser reads it (`javascript` for ` java\tscript:x`): browsers skip whitespace and
 * control characters inside a scheme, so a check that does not would let such a URL through.
 */
export function schemeOf(url: string): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is stripped.
  return /^([a-z][a-z0-9+.-]*):/i.exec(url.replace(/[\u0000-\u0020]/g, ''))?.[1]?.toLowerCase();
}

/** Whether a link leaves the site as written: it has a scheme (`https:`, `mailto:`) or is protocol-relative. */
export function isExternalUrl(url: string): boolean {
  return /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(url);
}
