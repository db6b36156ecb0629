import type { SiteConfig } from '../config/site-schema';
import type { ContentModel } from '../content/build-content-model';
import type { ClientConfig } from '../shared/client-config';
import { docusaurusSiteConfigOf } from '../shared/docusaurus-site-config';
import { sidebarSections } from '../shared/sidebar';
import type { SiteChrome } from '../shared/site-chrome';
import { notFoundRouteOf, searchDirOf, urlOfFile } from '../shared/urls';

/** The part of the site the browser needs, compiled into its bundle. */
export function clientConfigOf(
  site: SiteConfig,
  chrome: SiteChrome,
  model: ContentModel,
  mode: 'production' | 'development',
): ClientConfig {
  const search = site.search;
  return {
    baseUrl: site.baseUrl,
    siteConfig: docusaurusSiteConfigOf(site),
    chrome,
    notFoundPath: notFoundRouteOf(site.baseUrl),
    siteTitle: site.title,
    mode,
    lang: site.i18n.currentLocale,
    search: {
      provider: search.host ? 'meilisearch' : 'local',
      localIndexUrl: search.host ? undefined : urlOfFile(`${searchDirOf(site.baseUrl)}local-index.json`),
      host: search.host,
      apiKey: search.apiKey,
      indexUid: search.indexUid,
      clientAgents: search.clientAgents,
      searchParams: search.searchParams,
      sections: [
        ...sidebarSections(model.sidebars.sidebars),
        ...(model.posts.length > 0 ? [{ label: site.blog.title, href: model.basePaths.blog }] : []),
      ],
    },
    pwa: {
      offlineModeActivationStrategies: site.pwa.offlineModeActivationStrategies,
      debug: site.pwa.debug,
      keepMaxFiles: site.pwa.keep.maxFiles,
    },
  };
}
