import type { SiteChrome } from '../../templates/types';

/** Site settings compiled into the browser bundle (no request needed to know them). */
export interface ClientConfig {
  baseUrl: string;
  /** Navbar, footer and bars: the same on every page. */
  chrome: SiteChrome;
  /** Route of the not-found page (its data is `<route>.page-data.json`). */
  notFoundPath: string;
  siteTitle: string;
  mode: 'production' | 'development';
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
  };
  pwa: {
    offlineModeActivationStrategies: string[];
    debug: boolean;
  };
}

declare const __DOCS_IT_CONFIG__: ClientConfig;

/** The config of this build. */
export const clientConfig: ClientConfig = __DOCS_IT_CONFIG__;
