import type { NotFoundProps, PostSummary, TranslationNoticeProps } from './route-data';
import type { SidebarItem } from './sidebar';
import type { SiteChrome } from './site-chrome';

/** Where a site keeps its overrides of theme components, as in Docusaurus. */
export const themeOverridesDir = 'src/theme';

/**
 * A React element (React's `ReactElement`, written out: the declarations a site type-checks against need no React
 * types, and the site's own React types accept it).
 */
export interface ThemeElement {
  // biome-ignore lint/suspicious/noExplicitAny: React's own element type leaves these open (ReactElement<any, any>).
  type: any;
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  props: any;
  key: string | null;
}

/** What a component draws inside it (React's `ReactNode`, written out as `ThemeElement` is). */
export type ThemeNode = ThemeElement | string | number | bigint | boolean | null | undefined | Iterable<ThemeNode>;

/** The navbar's props: the page it is drawn on and the mobile menu's state. */
export interface NavbarProps {
  chrome: SiteChrome;
  path: string;
  /** The sidebar of the page, on docs pages: its navbar item is active. */
  sidebarId?: string;
  /** True on docs pages, where the mobile menu also offers the docs sidebar. */
  hasSecondaryMenu: boolean;
  mobileOpen?: boolean;
  onToggleMobile?: () => void;
  /** The menu button, which gets focus back when the mobile menu is dismissed. */
  // React's RefObject, written out: the declarations a site type-checks against need no React types.
  toggleRef?: { current: HTMLButtonElement | null };
}

declare global {
  /**
   * The DOM's button element, named here for `NavbarProps` in a project without the DOM's types (this folder's, or
   * a site's without `lib: ["DOM"]`): merged with the DOM's own where it is there. TypeScript 5 took it from
   * React's types (which declare it empty for such projects), read for this folder too; TypeScript 7 does not
   * read them there.
   */
  interface HTMLButtonElement {}
}

/** An admonition (`:::tip[Title]` in markdown, `<Admonition>` in MDX), with the props Docusaurus gives it. */
export interface AdmonitionProps {
  /** Its kind as the page wrote it: note, tip, info, caution, warning or danger. */
  type: string;
  /** The title the page gave it; without one the theme titles it after its kind, in the site's language. */
  title?: ThemeNode;
  /** Its content, drawn by the theme from the page's markdown. */
  children?: ThemeNode;
}

/** A block of code (a fenced block, `<CodeBlock>` in MDX), with the props Docusaurus gives it. */
export interface CodeBlockProps {
  /** The code, as the page wrote it. */
  children?: ThemeNode;
  /** `language-<lang>` of a fenced block's language. */
  className?: string;
  /** The language, as `<CodeBlock language="rust">` names it. */
  language?: string;
  /** `title="…"` of the fence. */
  title?: string;
  /** What follows the language on the fence's line (`title="main.rs" {2-3}`). */
  metastring?: string;
  /** `showLineNumbers` of the fence (a number: the first line's number). */
  showLineNumbers?: boolean | number;
}

/**
 * The theme components a site may replace with a file `src/theme/<Name>.tsx` (Docusaurus's swizzle convention),
 * each with the props the theme renders it with. An override that wraps the original imports it as
 * `@theme-original/<Name>`. The templates draw them through `overridable` (templates/theme-components.ts).
 */
export interface ThemeComponentProps {
  /** The top bar: logo, links, dropdowns, colour mode and search. */
  Navbar: NavbarProps;
  /** The logo and the site's title, linking to the home page (in the navbar and the mobile menu). */
  Logo: { chrome: SiteChrome };
  /** The search button that opens the search modal. */
  SearchBar: Record<string, never>;
  /** The footer: the config's link columns and copyright. */
  Footer: { footer: SiteChrome['footer'] };
  /** One card of a category's pages (`::doc-card-list`, a category's generated index). */
  DocCard: { item: SidebarItem };
  /** The end of a doc page: "edit this page" and when it was last changed (Docusaurus's `DocItem/Footer`). */
  'DocItem/Footer': {
    editUrl?: string;
    /** When (`YYYY-MM-DD`) and by whom the page was last changed. */
    lastUpdate?: { date?: string; author?: string };
  };
  /** An admonition in a page's content. */
  Admonition: AdmonitionProps;
  /** A block of code in a page's content, highlighted when the site builds. */
  CodeBlock: CodeBlockProps;
  /** A blog post: in the blog's lists (its excerpt) and on its own page (its whole text). */
  BlogPostItem: {
    post: PostSummary;
    /** True on the post's own page, false in a list of posts. */
    isBlogPostPage: boolean;
    /** On the post's page: the notice that the text it translates changed since. */
    translation?: TranslationNoticeProps;
    /** The post's text: its excerpt in a list, all of it on its page. */
    children?: ThemeNode;
  };
  /** The body of the page every unknown path shows. */
  NotFound: { page: NotFoundProps; baseUrl: string };
}

export type ThemeComponentName = keyof ThemeComponentProps;

/** Every overridable component's name, in the order WRITING.md lists them. */
export const themeComponentNames: readonly ThemeComponentName[] = [
  'Navbar',
  'Logo',
  'SearchBar',
  'Footer',
  'DocCard',
  'DocItem/Footer',
  'Admonition',
  'CodeBlock',
  'BlogPostItem',
  'NotFound',
] satisfies ThemeComponentName[];

export const isThemeComponentName = (name: string): name is ThemeComponentName =>
  (themeComponentNames as readonly string[]).includes(name);

/**
 * The components a page's content draws, not its frame: the markdown compiler draws their overrides into the
 * page's HTML (as islands the browser hydrates), so a page that may hold one is compiled again when they change.
 */
export const contentComponentNames = ['Admonition', 'CodeBlock'] as const satisfies readonly ThemeComponentName[];

export type ContentComponentName = (typeof contentComponentNames)[number];

export const isContentComponentName = (name: string): name is ContentComponentName =>
  (contentComponentNames as readonly string[]).includes(name);

/**
 * The site's overrides of the content components a page may draw, bundled for the markdown compiler: the bundle's
 * `file:` URL (named after its content, so it keys the compile of the pages that use it) and what it overrides.
 */
export interface ContentOverrides {
  url: string;
  names: ContentComponentName[];
}

/** The export under which a bundle of overrides holds a component: `DocItem/Footer` → `DocItem_Footer`. */
export const overrideExportName = (name: ThemeComponentName): string => name.replace(/\W/g, '_');

/** The name of the props type `'docs-it'` exports for a component: `DocItem/Footer` → `DocItemFooterProps`. */
export const propsTypeName = (name: ThemeComponentName): string =>
  name === 'NotFound' ? 'NotFoundPageProps' : `${name.replace(/\W/g, '')}Props`;

export type LogoProps = ThemeComponentProps['Logo'];
export type SearchBarProps = ThemeComponentProps['SearchBar'];
export type FooterProps = ThemeComponentProps['Footer'];
export type DocCardProps = ThemeComponentProps['DocCard'];
export type DocItemFooterProps = ThemeComponentProps['DocItem/Footer'];
export type BlogPostItemProps = ThemeComponentProps['BlogPostItem'];
export type NotFoundPageProps = ThemeComponentProps['NotFound'];
