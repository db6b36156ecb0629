/*
 * What a site imports from `docs-it` in its own TypeScript files: the identity helpers that type
 * `site.config.ts` and `content/data/releases.ts`.
 */

export { defineConfig, type UserConfig } from './config/define-config';
export { defineReleases, type Release, type ReleasesData } from './content/releases';
export type {
  NavbarProps,
  ThemeComponentName,
  ThemeComponentProps,
} from './shared/theme-components';
