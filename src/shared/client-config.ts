import type { DocusaurusSiteConfig } from './docusaurus-site-config';
import type { SiteChrome } from './site-chrome';

/** Site settings compiled into the browser bundle (no request needed to know them). */
export interface ClientConfig {
  baseUrl: string;
  /** `useDocusaurusContext().siteConfig` in the site's hydrated components. */
  siteConfig: DocusaurusSiteConfig;
  /** Navbar, footer and bars: the same on every page. */
  chrome: SiteChrome;
  /** Route of the not-found page. */
  notFoundPath: string;
  siteTitle: string;
  mode: 'production' | 'development';
  /** The `lang` search results are filtered by (the site's current locale). */
  lang: string;
  search: {
    /** `local` reads the embedded index; `meilisearch` queries `host`. */
    provider: 'local' | 'meilisearch';
    /** URL of the local index (set for the local provider). */
    localIndexUrl?: string;
    host?: string;
    /** Public search-only key. */
    apiKey?: string;
    indexUid: string;
    clientAgents: string[];
    searchParams: Record<string, unknown>;
    /**
     * The site's sections as search files them (each sidebar's top-level categories, the blog), with the page
     * each leads to: links to browse before the first query, and queries to try when one finds nothing.
     */
    sections: { label: string; href?: string }[];
  };
  pwa: {
    offlineModeActivationStrategies: string[];
    debug: boolean;
    /** Files the service worker keeps at most as readers open them (`pwa.keep.maxFiles`). */
    keepMaxFiles: number;
  };
}
