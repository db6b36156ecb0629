/** A problem found while compiling a page that does not stop the compile: reported with all the others. */
export interface Problem {
  message: string;
  line: number;
  column: number;
  hint: string;
}

/** A link or image found in a page, to be checked once every page is known. */
export interface LinkRef {
  /** Route path (no trailing slash, no hash), or a static file URL. */
  path: string;
  anchor?: string;
  kind: 'link' | 'image';
  line: number;
  column: number;
}

export interface TocItem {
  id: string;
  value: string;
  level: number;
}

/** What compiling one content file yields. */
export interface CompiledPage {
  html: string;
  excerptHtml?: string;
  toc: TocItem[];
  /** Every element id in the page, for anchor checks. */
  ids: string[];
  links: LinkRef[];
  problems: Problem[];
  cardList?: { line: number; column: number };
  /** Content files this page links to, with the route each had: a cached page is stale when one changes. */
  deps: Record<string, string | null>;
}

/** Per-file settings the plugins read from `file.data.page`, so one processor serves every file. */
export interface PageContext {
  /** Site-root relative path of the file. */
  file: string;
  /** Route of the page. */
  route: string;
  tocMin: number;
  tocMax: number;
}

declare module 'vfile' {
  interface DataMap {
    toc: TocItem[];
    ids: string[];
    links: LinkRef[];
    problems: Problem[];
    cardList: { line: number; column: number };
    excerptHtml: string;
    page: PageContext;
    deps: Record<string, string | null>;
  }
}
