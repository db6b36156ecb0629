import type { BlogFrontMatter, DocFrontMatter, PageFrontMatter } from './front-matter';
import type { ParsedSource } from './source-file';

export type RouteKind =
  | 'home'
  | 'page'
  | 'releases'
  | 'docs-home'
  | 'doc'
  | 'blog-list'
  | 'blog-post'
  | 'blog-archive'
  | 'not-found';

export interface Doc {
  /** Path under `content/docs` without extension: `guides/features/menu`. */
  id: string;
  source: ParsedSource;
  frontMatter: DocFrontMatter;
  title: string;
  sidebarLabel: string;
  position: number | undefined;
  /** Folder of the doc relative to `content/docs` ('' at the top). */
  dir: string;
  /** True for `README.md`, `readme.md` and `index.md`: the page of its folder. */
  isIndex: boolean;
  route: string;
  unlisted: boolean;
}

export interface CategoryMeta {
  label?: string;
  position?: number;
  description?: string;
  collapsed?: boolean;
}

export type SidebarItem = SidebarLink | SidebarCategory;

export interface SidebarLink {
  type: 'link';
  label: string;
  href: string;
  docId?: string;
  description?: string;
}

export interface SidebarCategory {
  type: 'category';
  label: string;
  /** Present when the category has an index doc. */
  href?: string;
  docId?: string;
  description?: string;
  collapsed: boolean;
  items: SidebarItem[];
}

export interface Author {
  key: string;
  name: string;
  title?: string;
  url?: string;
  imageUrl?: string;
}

export interface BlogPost {
  source: ParsedSource;
  frontMatter: BlogFrontMatter;
  title: string;
  /** `YYYY-MM-DD`. */
  date: string;
  slug: string;
  route: string;
  authors: Author[];
  tags: string[];
}

export interface Page {
  source: ParsedSource;
  frontMatter: PageFrontMatter;
  title: string;
  route: string;
  kind: 'home' | 'page' | 'releases';
}

export interface Breadcrumb {
  label: string;
  href?: string;
}

export interface NavLink {
  title: string;
  href: string;
}

/** A published route and what produces it. */
export interface Route {
  path: string;
  kind: RouteKind;
  /** Content file behind the route, relative to the site root (none for generated lists). */
  file?: string;
}
