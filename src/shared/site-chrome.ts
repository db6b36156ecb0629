import type { InterfaceText } from './i18n/interface-text';

/*
 * The site-wide part of every page (navbar, footer, bars), computed once by the build from the config and
 * the sidebars, and compiled into the browser bundle so hydration and navigation need no request for it.
 */

/** A link in a dropdown or the footer: `to` is a route of this site, `href` any URL. */
export interface LinkItem {
  label: string;
  to?: string;
  href?: string;
  /** Extra `rel` values, e.g. `me` for Mastodon verification. */
  rel?: string;
}

type Position = 'left' | 'right';

/** A navbar item as the templates render it: sidebar items already point at their sidebar's first page. */
export type NavbarItem =
  | { type: 'link'; label: string; to?: string; href?: string; position: Position }
  | { type: 'docSidebar'; label: string; sidebarId: string; to: string; position: Position }
  | { type: 'dropdown'; label: string; items: LinkItem[]; position: Position }
  | { type: 'github'; href: string; label: string; position: Position }
  | { type: 'localeDropdown'; itemsAfter: LinkItem[]; position: Position }
  | { type: 'docsVersionDropdown'; itemsAfter: LinkItem[]; position: Position };

export interface AnnouncementBar {
  id: string;
  /** Inline HTML written by the site's maintainers. */
  content: string;
  backgroundColor: string;
  textColor: string;
  isCloseable: boolean;
}

export interface SiteChrome {
  title: string;
  tagline: string;
  baseUrl: string;
  /** Where the docs live (`/docs/manual`): pages under it mark the version dropdown active. */
  docsBase: string;
  versionLabel: string;
  /** The page the version dropdown and the breadcrumbs' home link lead to. */
  docsHome: string;
  navbar: {
    title: string;
    /** None: the title alone. */
    logo?: { alt: string; src: string; srcDark: string; width?: number | string; height?: number | string };
    hideOnScroll: boolean;
    items: NavbarItem[];
  };
  /** A footer item is a link, or markup of the site's own (`{ html }`, as in Docusaurus). */
  footer: { columns: { title: string; items: (LinkItem | { html: string })[] }[]; copyright: string };
  announcementBar?: AnnouncementBar;
  /**
   * A notice shown on every page above the navbar (how current a translation is, say); `id` changes with the
   * text, so a reader who dismissed one notice sees the next.
   */
  translationNotice?: { id: string; text: string };
  colorModeSwitch: boolean;
  /** Each locale, with its path segment (see `localeHref`). */
  locales: { code: string; label: string; path: string }[];
  defaultLocale: string;
  currentLocale: string;
  /** The interface strings the templates and the browser code show. */
  text: InterfaceText;
}
