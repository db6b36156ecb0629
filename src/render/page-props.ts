import type { ContentModel } from '../content/build-content-model';
import type { Page } from '../content/content-types';
import type { DocsItError } from '../errors';
import type { CompiledPage } from '../markdown/compiled-page';
import { translatorOf } from '../shared/i18n/interface-text';
import type { HomeProps, NotFoundProps, PageProps, ReleasesProps } from '../shared/route-data';
import { inlineMarkdown } from './escape';
import { keywordsOf, pageImageOf, tocOf, translationOf } from './route-fields';
import type { RoutePage, RoutePageBuilder, RoutePropsContext } from './route-page';
import { pageAt, translationsAt } from './route-sources';
import { translationStatusProps } from './translation-props';

/** The site's home page, with the hero its front matter describes. */
export const homePage: RoutePageBuilder = (route, ctx, problems) =>
  standalonePage(route.path, ctx, problems, (page, compiled): HomeProps => {
    const { hero } = page.frontMatter;
    return { ...contentOf(page, compiled), kind: 'home', ...(hero ? { hero } : {}) };
  });

/** A page of `content/pages`. */
export const plainPage: RoutePageBuilder = (route, ctx, problems) =>
  standalonePage(
    route.path,
    ctx,
    problems,
    (page, compiled): PageProps => ({
      ...contentOf(page, compiled),
      kind: 'page',
      toc: tocOf(page.frontMatter, compiled),
      hideTitle: page.frontMatter.hide_title ?? false,
      ...translationOf(page.source.file, ctx),
    }),
  );

/** The releases page (`layout: releases`): its content, then each package's releases. */
export const releasesPage: RoutePageBuilder = (route, ctx, problems) =>
  standalonePage(
    route.path,
    ctx,
    problems,
    (page, compiled): ReleasesProps => ({
      ...contentOf(page, compiled),
      kind: 'releases',
      packages: releasePackages(ctx.model),
    }),
  );

/** The page of unknown paths: the site's own `404.md`, else the theme's text. */
export const notFoundPage: RoutePageBuilder = async (route, ctx) => {
  const page = ctx.model.notFoundPage;
  const props: NotFoundProps = {
    kind: 'not-found',
    path: route.path,
    title: page?.title ?? translatorOf(ctx.text).t('theme.NotFound.title'),
    contentHtml: page ? (await ctx.page(page.source.file)).html : '',
  };
  return { props, noIndex: true };
};

/** How each page stands against its upstream (see `translation-props`). */
export const translationStatusPage: RoutePageBuilder = async (route, ctx) => ({
  props: translationStatusProps(translationsAt(ctx.model, route.path), ctx.model, ctx.site, ctx.text),
  noIndex: true,
});

/** A page of `content/pages` as one kind of route, with what every such page's document has. */
async function standalonePage(
  path: string,
  ctx: RoutePropsContext,
  problems: DocsItError[],
  propsOf: (page: Page, compiled: CompiledPage) => RoutePage['props'],
): Promise<RoutePage> {
  const page = pageAt(ctx.model, path);
  const props = propsOf(page, await ctx.page(page.source.file));
  const image = await pageImageOf(page, ctx, problems);
  return { props, noIndex: page.frontMatter.unlisted ?? false, image, ...keywordsOf(page.frontMatter) };
}

/** The fields every page of `content/pages` starts with. */
const contentOf = (page: Page, compiled: CompiledPage) => ({
  path: page.route,
  title: page.title,
  description: page.frontMatter.description,
  contentHtml: compiled.html,
});

/** The releases page's packages, in the data file's order, each with its releases newest first. */
function releasePackages(model: ContentModel): ReleasesProps['packages'] {
  const data = model.releases;
  if (!data) return [];
  return data.packages
    .map((name) => ({
      name,
      id: name.replace(/[@/]/g, (c) => (c === '/' ? '-' : '')),
      releases: data.releases
        .filter((r) => r.package === name)
        .sort((a, b) =>
          a.date !== b.date ? (a.date < b.date ? 1 : -1) : b.version.localeCompare(a.version, 'en', { numeric: true }),
        )
        .map(({ highlights, ...rest }) => ({ ...rest, highlightsHtml: highlights.map(inlineMarkdown) })),
    }))
    .filter((p) => p.releases.length > 0);
}
