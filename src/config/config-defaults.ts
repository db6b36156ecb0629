import type { SidebarItemInput } from './docs-schema';
import type { NavbarItemConfig } from './navigation-schema';
import type { ParsedConfig, SiteConfig } from './site-schema';

/** What the defaults that depend on the site's folder need to know about it. */
export interface SiteFolderFacts {
  /** `content/docs` exists: the navbar links to the sidebars. */
  hasDocs: boolean;
  /** `content/blog` exists: the navbar links to the blog. */
  hasBlog: boolean;
  /** `content/static/img/favicon.svg` exists: it is the favicon when the config names none. */
  hasDefaultFavicon: boolean;
}

/** Where a site's favicon is when its config names none. */
export const defaultFavicon = 'img/favicon.svg';

/** `getting-started` → `Getting started`; the default sidebar `docs` → `Docs`. */
function labelOfSidebarId(id: string): string {
  const words = id
    .replace(/[-_]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A sidebar's name in the navbar: the label of its one top category, else its id in words. */
function sidebarLabel(id: string, items: SidebarItemInput[]): string {
  const only = items.length === 1 ? items[0] : undefined;
  return typeof only === 'object' && only.type === 'category' ? only.label : labelOfSidebarId(id);
}

/**
 * The navbar of a config that has none or leaves parts out: the site's title, and a link to each sidebar (when
 * there are docs) and to the blog (when there is one), in the order the config lists them.
 */
function completeNavbar(site: ParsedConfig, facts: SiteFolderFacts): SiteConfig['navbar'] {
  const navbar = site.navbar ?? site.themeConfig?.navbar ?? { hideOnScroll: true };
  const items = (): NavbarItemConfig[] => [
    ...(facts.hasDocs ? Object.entries(site.docs.sidebars) : []).map(
      ([sidebarId, sidebar]): NavbarItemConfig => ({
        type: 'docSidebar',
        sidebarId,
        label: sidebarLabel(sidebarId, sidebar),
        position: 'left',
      }),
    ),
    ...(facts.hasBlog ? [{ type: 'link', label: site.blog.title, to: '/blog', position: 'left' } as const] : []),
  ];
  return { ...navbar, title: navbar.title ?? site.title, items: navbar.items ?? items() };
}

/**
 * The config with `themeConfig`'s keys at the top (where Docusaurus has them, docs-it reads them) and the defaults
 * that depend on other keys or on the site's folder: navbar, footer, colour mode, favicon.
 */
export function completeConfig(site: ParsedConfig, facts: SiteFolderFacts): SiteConfig {
  const { themeConfig, ...rest } = site;
  const favicon = site.favicon ?? (facts.hasDefaultFavicon ? defaultFavicon : undefined);
  const announcementBar = site.announcementBar ?? themeConfig?.announcementBar;
  return {
    ...rest,
    favicon,
    navbar: completeNavbar(site, facts),
    footer: site.footer ?? themeConfig?.footer ?? { columns: [], copyright: '' },
    colorMode: site.colorMode ??
      themeConfig?.colorMode ?? { defaultMode: 'dark', respectPrefersColorScheme: true, disableSwitch: false },
    ...(announcementBar && { announcementBar }),
  };
}
