import { createHash } from 'node:crypto';
import { currentLocaleOf } from '../config/locales';
import { lineOfKeyPath } from '../config/locate-key';
import type { SiteConfig } from '../config/site-schema';
import type { ContentModel } from '../content/build-content-model';
import { DocsItError, DocsItErrors } from '../errors';
import { interfaceTextOf } from '../shared/i18n/catalogues';
import type { InterfaceText } from '../shared/i18n/interface-text';
import { firstHref } from '../shared/sidebar';
import type { NavbarItem, SiteChrome } from '../shared/site-chrome';
import { joinRoute } from '../shared/urls';

const siteTexts = new WeakMap<SiteConfig, InterfaceText>();

/** The site's interface strings, in the language of its pages: the theme's, with the site's own over them. */
export function siteInterfaceText(site: SiteConfig): InterfaceText {
  let text = siteTexts.get(site);
  if (!text) {
    text = interfaceTextOf(currentLocaleOf(site).htmlLang, site.themeText);
    siteTexts.set(site, text);
  }
  return text;
}

/** A short digest of the translation notice's text: a dismissal holds for this text only. */
export function translationNoticeIdOf(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 10);
}

/**
 * The site-wide part of every page, computed once per run from the config and the sidebars: a navbar item for
 * a sidebar leads to the sidebar's first page, whatever the sidebar is called.
 */
export function buildChrome(
  site: SiteConfig,
  model: ContentModel,
  config: { file: string; source: string },
): SiteChrome {
  const errors: DocsItError[] = [];
  const items = site.navbar.items.map((item, i): NavbarItem => {
    if (item.type !== 'docSidebar') return item;
    const sidebar = model.sidebars.sidebars[item.sidebarId];
    const to = sidebar ? firstHref(sidebar) : undefined;
    if (!to) {
      const known = Object.keys(model.sidebars.sidebars);
      errors.push(
        new DocsItError(
          sidebar
            ? `navbar.items[${i}]: sidebar "${item.sidebarId}" has no page to link to`
            : `navbar.items[${i}]: no sidebar "${item.sidebarId}"`,
          { file: config.file, ...lineOfKeyPath(config.source, ['navbar', 'items', 'sidebarId']) },
          sidebar ? 'Add a doc to the sidebar.' : `Use one of: ${known.map((k) => `"${k}"`).join(', ')}.`,
        ),
      );
    }
    return { ...item, to: to ?? joinRoute(site.baseUrl, site.docs.routeBasePath) };
  });
  if (errors.length > 0) throw new DocsItErrors(errors);
  const chrome: SiteChrome = {
    title: site.title,
    tagline: site.tagline,
    baseUrl: site.baseUrl,
    docsBase: model.basePaths.docs,
    versionLabel: site.docs.version.label,
    docsHome: model.docsHomeRoute,
    navbar: {
      title: site.navbar.title,
      ...(site.navbar.logo && {
        logo: {
          alt: site.navbar.logo.alt,
          src: site.navbar.logo.src,
          srcDark: site.navbar.logo.srcDark ?? site.navbar.logo.src,
          ...(site.navbar.logo.width === undefined ? {} : { width: site.navbar.logo.width }),
          ...(site.navbar.logo.height === undefined ? {} : { height: site.navbar.logo.height }),
        },
      }),
      hideOnScroll: site.navbar.hideOnScroll,
      items,
    },
    footer: site.footer,
    colorModeSwitch: !site.colorMode.disableSwitch,
    locales: site.i18n.locales.map((l) => ({ code: l.code, label: l.label, path: l.path })),
    defaultLocale: site.i18n.defaultLocale,
    currentLocale: site.i18n.currentLocale,
    text: siteInterfaceText(site),
  };
  if (site.translationNotice) {
    chrome.translationNotice = { id: translationNoticeIdOf(site.translationNotice), text: site.translationNotice };
  }
  if (site.announcementBar) chrome.announcementBar = site.announcementBar;
  return chrome;
}
