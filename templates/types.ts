import type { LinkItem, NavbarItem } from '../src/config/schema';
import type { Breadcrumb, NavLink, SidebarCategory, SidebarItem } from '../src/content/model';
import type { Release } from '../src/content/releases';
import type { TocItem } from '../src/markdown/problems';

export type { Breadcrumb, LinkItem, NavbarItem, NavLink, Release, SidebarCategory, SidebarItem, TocItem };

/** Site-wide data every page shows (navbar, footer, bars); the same object for every route. */
export interface SiteChrome {
  title: string;
  tagline: string;
  baseUrl: string;
  docsBase: string;
  versionLabel: string;
  navbar: {
    title: string;
    logo: { alt: string; src: string; srcDark: string };
    hideOnScroll: boolean;
    items: NavbarItem[];
  };
  footer: { columns: { title: string; items: LinkItem[] }[]; copyright: string };
  announcementBar?: { id: string; content: string; backgroundColor: string; textColor: string; isCloseable: boolean };
  translationNotice: string;
  colorModeSwitch: boolean;
  locales: { code: string; label: string }[];
  defaultLocale: string;
  currentLocale: string;
}

export interface PostSummary {
  title: string;
  route: string;
  date: string;
  authors: { name: string; title?: string; url?: string; imageUrl?: string }[];
  tags: string[];
  readingMinutes: number;
  excerptHtml?: string;
}

interface Base {
  /** Route path of the page. */
  path: string;
  /** Page title without the site suffix. */
  title: string;
  description?: string;
}

export interface DocProps extends Base {
  kind: 'doc';
  contentHtml: string;
  hideTitle: boolean;
  toc: TocItem[];
  sidebarId?: string;
  breadcrumbs: Breadcrumb[];
  prev?: NavLink;
  next?: NavLink;
}

export interface DocsHomeProps extends Base {
  kind: 'docs-home';
  contentHtml: string;
  sections: {
    sidebarId: string;
    label: string;
    href: string;
    description?: string;
    items: { label: string; href: string }[];
  }[];
}

export interface BlogListProps extends Base {
  kind: 'blog-list';
  page: number;
  totalPages: number;
  posts: PostSummary[];
  prevHref?: string;
  nextHref?: string;
  recent: { title: string; route: string }[];
}

export interface BlogPostProps extends Base {
  kind: 'blog-post';
  post: PostSummary;
  contentHtml: string;
  toc: TocItem[];
  /** Newer and older posts. */
  newer?: NavLink;
  older?: NavLink;
  recent: { title: string; route: string }[];
}

export interface BlogArchiveProps extends Base {
  kind: 'blog-archive';
  years: { year: string; posts: { title: string; route: string; date: string }[] }[];
}

export interface HomeProps extends Base {
  kind: 'home';
  hero?: {
    title: string;
    tagline: string;
    actions: { label: string; href: string; variant: 'primary' | 'secondary' }[];
  };
  contentHtml: string;
}

export interface PageProps extends Base {
  kind: 'page';
  contentHtml: string;
  toc: TocItem[];
  hideTitle: boolean;
}

export interface ReleasesProps extends Base {
  kind: 'releases';
  contentHtml: string;
  packages: { name: string; id: string; releases: (Omit<Release, 'highlights'> & { highlightsHtml: string[] })[] }[];
}

export interface NotFoundProps extends Base {
  kind: 'not-found';
}

/** Everything a page template needs; also the JSON that client navigation fetches. */
export type RouteProps =
  | DocProps
  | DocsHomeProps
  | BlogListProps
  | BlogPostProps
  | BlogArchiveProps
  | HomeProps
  | PageProps
  | ReleasesProps
  | NotFoundProps;
