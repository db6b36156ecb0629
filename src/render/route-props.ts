import type { Route, RouteKind } from '../content/content-types';
import type { DocsItError } from '../errors';
import { blogArchivePage, blogListPage, blogPostPage } from './blog-props';
import { categoryIndexPage, docPage, docsHomePage } from './doc-props';
import { homePage, notFoundPage, plainPage, releasesPage, translationStatusPage } from './page-props';
import type { RoutePage, RoutePageBuilder, RoutePropsContext } from './route-page';

export type { RoutePage, RoutePropsContext };

/** The builder of each kind of route's page (a new kind of route does not compile until it has one). */
const builders: Record<RouteKind, RoutePageBuilder> = {
  doc: docPage,
  'category-index': categoryIndexPage,
  'docs-home': docsHomePage,
  'blog-list': blogListPage,
  'blog-archive': blogArchivePage,
  'blog-post': blogPostPage,
  home: homePage,
  page: plainPage,
  releases: releasesPage,
  'not-found': notFoundPage,
  'translation-status': translationStatusPage,
};

/**
 * The props of one route's template, computed before any rendering. A problem that does not stop the page
 * from rendering (a misplaced card list) comes back beside it: `build` fails on it, `dev` shows it.
 */
export async function routePageOf(
  route: Route,
  ctx: RoutePropsContext,
): Promise<{ page: RoutePage; problems: DocsItError[] }> {
  const problems: DocsItError[] = [];
  const page = await builders[route.kind](route, ctx, problems);
  return { page, problems };
}
