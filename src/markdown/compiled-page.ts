import type { ReactElement } from 'react';
import type { DocusaurusSiteConfig } from '../shared/docusaurus-site-config';
import type { InterfaceText } from '../shared/i18n/interface-text';
import type { SidebarCategory } from '../shared/sidebar';
import type { SiteCode } from '../shared/site-code';
import type { ContentOverrides } from '../shared/theme-components';
import type { TocItem } from '../shared/toc';

/** A problem found while compiling a page that does not stop the compile: reported with all the others. */
export interface Problem {
  message: string;
  line: number;
  column: number;
  hint: string;
  /** A warning is printed and does not fail the build (an error is the default). */
  severity?: 'warning';
  /** The file it is in, when not the page's own (a fragment the page imports). */
  file?: string;
}

/**
 * A link or image found in a page. Links to content files (`../guida.md`) name the file: the page's HTML
 * holds a placeholder for them until the link stage knows every file's route, so a compiled page does not
 * depend on the routes of other pages.
 */
export type LinkRef =
  | { kind: 'link' | 'image'; path: string; anchor?: string; line: number; column: number }
  | {
      kind: 'file';
      target: string;
      /** The file to try when `target` is no page: the same path from the page's content folder, as Docusaurus. */
      fallback?: string;
      href: string;
      anchor?: string;
      line: number;
      column: number;
    }
  /** A file next to the page, published as it is (see `asset-refs`): until the link stage, a placeholder. */
  | { kind: 'asset'; target: string; line: number; column: number };

/** A heading or a block of text of a page, in document order: what search indexes. */
export type SearchBlock =
  | { kind: 'heading'; level: number; id: string | undefined; text: string }
  | { kind: 'text'; text: string };

/** What compiling one content file yields. */
export interface CompiledPage {
  html: string;
  excerptHtml?: string;
  toc: TocItem[];
  /** Every element id in the page, for anchor checks. */
  ids: string[];
  links: LinkRef[];
  problems: Problem[];
  /** Where `::doc-card-list` stands, when the page has one. */
  cardList?: { line: number; column: number };
  /** Headings and text blocks, for search. */
  search: SearchBlock[];
  /** Words of text, for a blog post's reading time; 0 on any other page (compiled without `excerpt`). */
  words: number;
}

/** What the plugins read of the page being compiled (from `file.data.page`), so one processor serves every page. */
/** What a Docusaurus MDX page exports besides its content, as docs-it gives it (see rehype-mdx-exports). */
export interface MdxPageData {
  frontMatter: Record<string, unknown>;
  /** Docusaurus's `metadata`: title, description, permalink, source (`@site/…`), id of a doc, frontMatter. */
  metadata: Record<string, unknown>;
  /** `useDocusaurusContext().siteConfig` while the page renders. */
  siteConfig: DocusaurusSiteConfig;
  /** `useCurrentSidebarCategory()`: the category a doc is the index page of, in its sidebar. */
  sidebarCategory?: SidebarCategory;
}

export interface PageContext {
  /** Site-root relative path of the file. */
  file: string;
  /** Route of the page. */
  route: string;
  baseUrl: string;
  tocMin: number;
  tocMax: number;
  /** Line of the leading `# Heading` that is the page title (the templates show it, so the content drops it). */
  titleLine?: number;
  /** Files imported by an MDX page, by site-root relative path. */
  fragments: Record<string, string>;
  /** The site's interface strings: admonition titles, heading link labels, theme components in MDX. */
  text: InterfaceText;
  /** The site's code an MDX page can use (its components; the modules it imports), when the site has some. */
  code?: SiteCode;
  /**
   * What an MDX page exports as `frontMatter` and `metadata` (see rehype-mdx-exports), and what the site's code it
   * draws reads (the site's config, the category): on `.md` pages too when they draw an override.
   */
  mdxData?: MdxPageData;
  /** The site's overrides of content components this page may draw (absent: it draws the theme's). */
  theme?: ContentOverrides;
  /**
   * A component the page neither imports nor is given renders as an empty div with a warning, as in MDX 1
   * (`markdown.mdx1Compat.undefinedComponents`), instead of failing the page.
   */
  mdx1UndefinedComponents?: true;
}

declare module 'vfile' {
  interface DataMap {
    toc: TocItem[];
    /** The text of the page's `# Title` heading (Docusaurus's `contentTitle`), see remark-strip-title. */
    contentTitle: string;
    ids: string[];
    links: LinkRef[];
    problems: Problem[];
    cardList: { line: number; column: number };
    excerptHtml: string;
    page: PageContext;
    search: SearchBlock[];
    /** Each name an MDX page's imports bind (see remark-imports), to name an import that binds `undefined`. */
    importBindings: ImportBinding[];
    /** An import of the page named nothing: its problems say which, and the page's code does not run. */
    importFailed: boolean;
    /**
     * Renders an element of the page's content (an override's island) to HTML, with what the page's components read
     * (see `pageContexts`): set when the page draws an override of a content component.
     */
    renderIsland: (element: ReactElement) => string;
  }
}

/** A name an MDX page imports: from which module key (`m3`, `builtin:@theme/Tabs`) and export, and where. */
export interface ImportBinding {
  local: string;
  /** The module as the page wrote it. */
  source: string;
  key: string;
  /** The export's name, `default`, or `*` for a namespace. */
  imported: string;
  file: string;
  line: number;
  column: number;
}
