import type { SidebarItem } from '../shared/sidebar';
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
  | 'translation-status'
  | 'category-index'
  | 'not-found';

/** The leading `# Heading` a page's title comes from, when the front matter has none. */
export interface TitleHeading {
  /** Plain text of the heading (inline markdown removed). */
  text: string;
  line: number;
}

export interface Doc {
  /** Path under `content/docs` without extension: `getting-started/install`. */
  id: string;
  source: ParsedSource;
  frontMatter: DocFrontMatter;
  title: string;
  /** Line of the heading that gave the title, which the compiled content leaves out. */
  titleLine?: number;
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
  collapsible?: boolean;
  className?: string;
  /** `link: {type: doc, id}`: the doc the category's label opens. */
  linkDoc?: string;
  /** `link: {type: generated-index}`: the category's label opens a generated page of cards of its items. */
  generatedIndex?: { title?: string; description?: string; slug?: string };
}

export interface Author {
  key: string;
  name: string;
  title?: string;
  url?: string;
  imageUrl?: string;
  /** Where `imageUrl` is written (authors.yml or the post), and at which line: a relative path is from there. */
  imageFrom?: { file: string; line: number };
}

export interface BlogPost {
  source: ParsedSource;
  frontMatter: BlogFrontMatter;
  title: string;
  titleLine?: number;
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
  titleLine?: number;
  route: string;
  /** `home` for the root page, `not-found` for `404.md`, `releases` for `layout: releases`. */
  kind: 'home' | 'page' | 'releases' | 'not-found';
}

/** A published route and what produces it. */
export interface Route {
  path: string;
  kind: RouteKind;
  /** Content file behind the route, relative to the site root (none for generated lists). */
  file?: string;
}

export type { SidebarItem };
