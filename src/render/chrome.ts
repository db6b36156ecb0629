import type { SiteChrome } from '../../templates/types';
import type { SiteConfig } from '../config/schema';
import { joinRoute } from '../content/paths';

/** The site-wide part of every page, computed once per build. */
export function buildChrome(site: SiteConfig): SiteChrome {
  const chrome: SiteChrome = {
    title: site.title,
    tagline: site.tagline,
    baseUrl: site.baseUrl,
    docsBase: joinRoute(site.baseUrl, site.docs.routeBasePath),
    versionLabel: site.docs.version.label,
    navbar: site.navbar,
    footer: site.footer,
    translationNotice: site.translationNotice,
    colorModeSwitch: !site.colorMode.disableSwitch,
    locales: site.i18n.locales.map((l) => ({ code: l.code, label: l.label })),
    defaultLocale: site.i18n.defaultLocale,
    currentLocale: site.i18n.currentLocale,
  };
  if (site.announcementBar) chrome.announcementBar = site.announcementBar;
  return chrome;
}
