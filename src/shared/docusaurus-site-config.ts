/**
 * What Docusaurus's `useDocusaurusContext().siteConfig` gives the site's pages and components in docs-it: the same
 * on the server and in the browser (it is part of the client config), so a hydrated component renders alike.
 */
export interface DocusaurusSiteConfig {
  title: string;
  tagline: string;
  url: string;
  baseUrl: string;
  customFields: Record<string, unknown>;
}

export function docusaurusSiteConfigOf(site: {
  title: string;
  tagline: string;
  url: string;
  baseUrl: string;
  customFields?: Record<string, unknown> | undefined;
}): DocusaurusSiteConfig {
  const { title, tagline, url, baseUrl } = site;
  return { title, tagline, url, baseUrl, customFields: site.customFields ?? {} };
}
