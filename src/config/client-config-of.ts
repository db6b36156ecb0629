import type { ClientConfig } from '../client/client-config';
import { joinRoute } from '../content/paths';
import { buildChrome } from '../render/chrome';
import type { SiteConfig } from './schema';

/** The part of the site config the browser needs. */
export function clientConfigOf(site: SiteConfig, mode: 'production' | 'development'): ClientConfig {
  const search = site.search;
  return {
    baseUrl: site.baseUrl,
    chrome: buildChrome(site),
    notFoundPath: joinRoute(site.baseUrl, '404'),
    siteTitle: site.title,
    mode,
    search: {
      provider: search.host ? 'meilisearch' : 'local',
      localIndexUrl: search.host ? undefined : `${site.baseUrl}search/local-index.json`,
      host: search.host,
      apiKey: search.apiKey,
      indexUid: search.indexUid,
      clientAgents: search.clientAgents,
      searchParams: search.searchParams,
    },
    pwa: { offlineModeActivationStrategies: site.pwa.offlineModeActivationStrategies, debug: site.pwa.debug },
  };
}
