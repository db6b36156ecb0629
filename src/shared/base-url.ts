/** A site path written without the base URL (`/docs/x` on a site served under `/lanterna/`), with it. */
export function withBaseUrl(baseUrl: string, to: string): string {
  if (!to.startsWith('/') || to.startsWith('//') || to.startsWith(baseUrl) || `${to}/` === baseUrl) return to;
  return baseUrl + to.slice(1);
}
