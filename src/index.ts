/*
 * What a site imports from `docs-it` in its own TypeScript files: the identity helpers that type
 * `site.config.ts` and `content/data/releases.ts`.
 */

export { defineConfig, type UserConfig } from './config/define-config';
export { defineReleases, type Release, type ReleasesData } from './content/releases';
/** The theme components a site may override (`src/theme/<Name>.tsx`) and their props (WRITING.md). */
export type {
  AdmonitionProps,
  BlogPostItemProps,
  CodeBlockProps,
  DocCardProps,
  DocItemFooterProps,
  FooterProps,
  LogoProps,
  NavbarProps,
  NotFoundPageProps,
  SearchBarProps,
  ThemeComponentName,
  ThemeComponentProps,
  ThemeElement,
  ThemeNode,
} from './shared/theme-components';
