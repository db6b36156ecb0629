import type { DocsItError } from '../errors';
import type { SiteConfig } from './site-schema';

export interface ResolvedPaths {
  /** The site's folder (holds `site.config.ts` and `content/`). */
  root: string;
  configFile: string;
  content: string;
  docs: string;
  blog: string;
  pages: string;
  static: string;
  data: string;
  out: string;
  /** `node_modules/.cache/docs-it` of the site. */
  cache: string;
  /** The docs-it package (its client code, templates and public API). */
  packageRoot: string;
}

/** Everything a run needs to know, resolved once: the validated site config, absolute paths and flags. */
export interface ResolvedConfig {
  site: SiteConfig;
  paths: ResolvedPaths;
  mode: 'production' | 'development';
  debug: boolean;
  /**
   * What loading the config found worth a word without stopping: a default a published build should not keep
   * (a `url`), the site's interface strings (see `theme-text`).
   */
  warnings: DocsItError[];
}
