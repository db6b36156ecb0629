import type { EditUrlFunctions } from '../config/edit-url-schema';
import type { Refusal } from '../config/publishable';
import type { SiteConfig } from '../config/site-schema';
import type { ContentModel } from '../content/build-content-model';
import type { Route } from '../content/content-types';
import type { DocsItError } from '../errors';
import type { CompiledPage } from '../markdown/compiled-page';
import type { InterfaceText } from '../shared/i18n/interface-text';
import type { RouteProps } from '../shared/route-data';
import type { LastCommit } from '../translations/last-commit-dates';

/** A route ready to render: its template's props and what the document around it needs. */
export interface RoutePage {
  props: RouteProps;
  sidebarId?: string;
  /** Pages kept out of the sitemap and search engines. */
  noIndex: boolean;
  /** Open Graph image, when the page names one. */
  image?: string;
  /** `keywords` of the front matter, for the `keywords` meta tag. */
  keywords?: string[];
}

/** What the props of a route are computed from. */
export interface RoutePropsContext {
  site: SiteConfig;
  model: ContentModel;
  /** The site's interface strings (page titles the theme gives: the archive, the 404 page…). */
  text: InterfaceText;
  /** The last commit of each content file in git, when the site shows it (`docs.showLastUpdate*`). */
  lastCommits?: ReadonlyMap<string, LastCommit>;
  /** `editUrl` functions of the config, if any. */
  editUrls?: EditUrlFunctions;
  /** A content file's compiled page, its links resolved. */
  page(file: string): Promise<CompiledPage>;
  /** The URL of a published file next to the pages (see `site-assets`), or why the file is not published. */
  assetUrl(target: string): Promise<{ url: string } | Refusal>;
}

/**
 * Makes the page of one kind of route. A problem that does not stop the page from rendering (a misplaced card list,
 * a missing image) is pushed to `problems`: `build` fails on it, `dev` shows it.
 */
export type RoutePageBuilder = (route: Route, ctx: RoutePropsContext, problems: DocsItError[]) => Promise<RoutePage>;
