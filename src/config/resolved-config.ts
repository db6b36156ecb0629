import type { DocsItError } from '../errors';
import type { EditUrlFunctions } from './edit-url-schema';
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
  /** `docs.editUrl`/`blog.editUrl` given as functions (the site's config is data: the cache digests it). */
  editUrls?: EditUrlFunctions;
  /** The sidebars file `docs.sidebarPath` names, relative to the site folder, and its text (errors point into it). */
  sidebarsFile?: { file: string; source: string };
  paths: ResolvedPaths;
  mode: 'production' | 'development';
  debug: boolean;
  /**
   * What loading the config found worth a word without stopping: a default a published build should not keep
   * (a `url`), the site's interface strings (see `theme-text`).
   */
  warnings: DocsItError[];
}
