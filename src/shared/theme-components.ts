import type { NotFoundProps } from './route-data';
import type { SidebarItem } from './sidebar';
import type { SiteChrome } from './site-chrome';

/** Where a site keeps its overrides of theme components, as in Docusaurus. */
export const themeOverridesDir = 'src/theme';

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
  'NotFound',
] satisfies ThemeComponentName[];

export const isThemeComponentName = (name: string): name is ThemeComponentName =>
  (themeComponentNames as readonly string[]).includes(name);

export type LogoProps = ThemeComponentProps['Logo'];
export type SearchBarProps = ThemeComponentProps['SearchBar'];
export type FooterProps = ThemeComponentProps['Footer'];
export type DocCardProps = ThemeComponentProps['DocCard'];
export type NotFoundPageProps = ThemeComponentProps['NotFound'];
