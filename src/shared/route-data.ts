/*
 * The data of a route: what the server renders a page's template with, what the browser hydrates it with and what
 * client navigation fetches, and what search indexes. Every side reads it, so it lives here.
 */

import type { Breadcrumb, NavLink, ShownSidebarItem } from './sidebar';
import type { TocItem } from './toc';
import type { TranslationState } from './translation-states';

/** Shown under a translated page's title when its upstream page changed after the translation. */
export interface TranslationNoticeProps {
  state: 'changed' | 'moved' | 'deleted';
  /** `YYYY-MM-DD` of the newest upstream change. */
  date: string;
  /** The upstream file's history. */
  historyUrl?: string;
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
  translation?: TranslationNoticeProps;
  contentHtml: string;
  hideTitle: boolean;
  toc: TocItem[];
  sidebarId?: string;
  breadcrumbs: Breadcrumb[];
  /** `docs.breadcrumbs: false`: the page shows none (search still names the page's category). */
  hideBreadcrumbs?: true;
  prev?: NavLink;
  next?: NavLink;
  /** "Edit this page": the page's source in the site's repository. */
  editUrl?: string;
  /** When (`YYYY-MM-DD`) and by whom the page was last changed, as its front matter says. */
  lastUpdate?: { date?: string; author?: string };
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
  translation?: TranslationNoticeProps;
  post: PostSummary;
  contentHtml: string;
  toc: TocItem[];
  /** Newer and older posts. */
  newer?: NavLink;
  older?: NavLink;
  recent: { title: string; route: string }[];
  /** "Edit this page": the post's source in the site's repository. */
  editUrl?: string;
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
  translation?: TranslationNoticeProps;
  contentHtml: string;
  toc: TocItem[];
  hideTitle: boolean;
}

export interface ReleasesProps extends Base {
  kind: 'releases';
  contentHtml: string;
  packages: {
    name: string;
    id: string;
    releases: { package: string; version: string; date: string; highlightsHtml: string[] }[];
  }[];
}

export interface NotFoundProps extends Base {
  kind: 'not-found';
  /** The site's own `404.md`, compiled; empty for the default text. */
  contentHtml: string;
}

/** One row of the translation status page. */
export interface TranslationStatusRow {
  file: string;
  title: string;
  href?: string;
  state: TranslationState;
  upstreamPath?: string;
  /** Where the upstream file is now, when it moved. */
  currentPath?: string;
  commits: number;
  added: number;
  deleted: number;
  /** `YYYY-MM-DD` and subject of the newest upstream change since the translation. */
  date?: string;
  subject?: string;
  historyUrl?: string;
}

export interface TranslationStatusProps extends Base {
  kind: 'translation-status';
  /** The upstream revision and its newest commit. */
  ref: string;
  head: { sha: string; date: string };
  rows: TranslationStatusRow[];
  untranslated: { path: string; date?: string; historyUrl?: string }[];
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
  | TranslationStatusProps
  | NotFoundProps;

/** What the browser hydrates a page with (besides the content HTML already in the DOM), inline in the page. */
export interface HydrationData {
  page: RouteProps;
  sidebar?: ShownSidebarItem[];
  renderCollapsed: boolean;
}
