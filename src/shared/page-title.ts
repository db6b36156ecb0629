/** The document title of a page: `Page | Site`, on the server and after client navigation alike. */
export function documentTitle(pageTitle: string, siteTitle: string): string {
  return `${pageTitle} | ${siteTitle}`;
}
