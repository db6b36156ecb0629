import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { DocCards } from '../../templates/DocCards';
import type { ContentModel } from '../content/build-content-model';
import type { Doc } from '../content/content-types';
import { DocsItError } from '../errors';
import type { CompiledPage } from '../markdown/compiled-page';
import { cardListMarker } from '../markdown/remark-card-list';
import type { DocProps, DocsHomeProps } from '../shared/route-data';
import type { NavLink, SidebarCategory, SidebarItem } from '../shared/sidebar';
import { inlineMarkdown } from './escape';
import { editUrlFieldOf, keywordsOf, pageImageOf, tocOf, translationOf } from './route-fields';
import type { RoutePageBuilder, RoutePropsContext } from './route-page';
import { docAt, docsHomeAt, generatedIndexAt } from './route-sources';

/** A doc page: its content, where it stands in its sidebar, and how it was last changed. */
export const docPage: RoutePageBuilder = async (route, ctx, problems) => {
  const doc = docAt(ctx.model, route.path);
  const compiled = await ctx.page(doc.source.file);
  const nav = ctx.model.sidebars.navigation.get(doc.id);
  const contentHtml = withCardList(doc, compiled, nav?.sidebarId, ctx.model, problems);
  const sidebarId = displayedSidebar(doc, nav?.sidebarId, ctx.model, problems);
  const props: DocProps = {
    kind: 'doc',
    path: doc.route,
    title: doc.title,
    description: doc.frontMatter.description,
    contentHtml,
    hideTitle: doc.frontMatter.hide_title ?? false,
    toc: tocOf(doc.frontMatter, compiled),
    breadcrumbs: nav?.breadcrumbs ?? [],
    ...(ctx.site.docs.breadcrumbs ? {} : { hideBreadcrumbs: true as const }),
    ...translationOf(doc.source.file, ctx),
    ...prevNextOf(nav ?? {}),
    ...(sidebarId ? { sidebarId } : {}),
    ...editUrlFieldOf({ kind: 'doc', doc }, ctx, problems),
    ...lastUpdateOf(doc, ctx),
  };
  return {
    props,
    sidebarId,
    noIndex: doc.unlisted,
    image: await pageImageOf(doc, ctx, problems),
    ...keywordsOf(doc.frontMatter),
  };
};

/** A category's generated page (Docusaurus's `generated-index`): a doc page of cards of its items. */
export const categoryIndexPage: RoutePageBuilder = async (route, ctx) => {
  const index = generatedIndexAt(ctx.model, route.path);
  const intro = index.description ? `<p>${inlineMarkdown(index.description)}</p>` : '';
  const props: DocProps = {
    kind: 'doc',
    path: route.path,
    title: index.title,
    description: index.description,
    contentHtml: intro + cardsOf(index.category.items),
    hideTitle: false,
    toc: [],
    breadcrumbs: index.breadcrumbs,
    ...(ctx.site.docs.breadcrumbs ? {} : { hideBreadcrumbs: true as const }),
    sidebarId: index.sidebarId,
    ...prevNextOf(index),
  };
  return { props, sidebarId: index.sidebarId, noIndex: false };
};

/** The page at the docs' base path: its content, then a section per sidebar with the sidebar's first links. */
export const docsHomePage: RoutePageBuilder = async (route, ctx) => {
  const home = docsHomeAt(ctx.model, route.path);
  const compiled = await ctx.page(home.source.file);
  const props: DocsHomeProps = {
    kind: 'docs-home',
    path: home.route,
    title: home.title,
    description: home.frontMatter.description,
    contentHtml: compiled.html,
    sections: sidebarSections(ctx.model),
  };
  return { props, noIndex: false };
};

const cardsOf = (items: SidebarItem[]) => renderToStaticMarkup(createElement(DocCards, { items }));

/** The previous and next pages of a sidebar, those it has. */
const prevNextOf = ({ prev, next }: { prev?: NavLink; next?: NavLink }): { prev?: NavLink; next?: NavLink } => ({
  ...(prev ? { prev } : {}),
  ...(next ? { next } : {}),
});

/**
 * The doc's HTML with its `::doc-card-list` filled with the cards of the sidebar category it is the index of; on a
 * page that is no category's index the list is a problem and stays empty.
 */
function withCardList(
  doc: Doc,
  compiled: CompiledPage,
  sidebarId: string | undefined,
  model: ContentModel,
  problems: DocsItError[],
): string {
  if (!compiled.cardList) return compiled.html;
  const sidebar = sidebarId ? model.sidebars.sidebars[sidebarId] : undefined;
  const category = sidebar ? findCategory(sidebar, doc.id) : undefined;
  if (!category) {
    problems.push(
      new DocsItError(
        '`::doc-card-list` is only allowed on the index page of a sidebar category, and this page is not one',
        { file: doc.source.file, ...compiled.cardList },
        'Move this page to README.md/index.md of a folder that is a sidebar category, or remove the directive.',
      ),
    );
  }
  return compiled.html.replace(cardListMarker, category ? cardsOf(category.items) : '');
}

function findCategory(items: SidebarItem[], docId: string): SidebarCategory | undefined {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (item.docId === docId) return item;
    const found = findCategory(item.items, docId);
    if (found) return found;
  }
  return undefined;
}

/** The sidebar beside a doc: its own, or the one `displayed_sidebar` names (null: none). */
function displayedSidebar(
  doc: Doc,
  own: string | undefined,
  model: ContentModel,
  problems: DocsItError[],
): string | undefined {
  const wanted = doc.frontMatter.displayed_sidebar;
  if (wanted === undefined) return own;
  if (wanted === null) return undefined;
  if (Object.hasOwn(model.sidebars.sidebars, wanted)) return wanted;
  problems.push(
    new DocsItError(
      `displayed_sidebar: there is no sidebar "${wanted}"`,
      { file: doc.source.file, line: doc.source.keyLines.displayed_sidebar ?? 1, column: 1 },
      `Name one of the sidebars of site.config.ts: ${Object.keys(model.sidebars.sidebars).join(', ')}.`,
    ),
  );
  return own;
}

/** A front matter date (YAML reads `2024-05-01` as a Date) as `YYYY-MM-DD`. */
const isoDate = (date: string | Date) => (date instanceof Date ? date.toISOString() : date).slice(0, 10);

/**
 * When a doc last changed: `last_update` of its front matter (date and author), else, when the site shows it,
 * its last commit's day.
 */
function lastUpdateOf(doc: Doc, ctx: RoutePropsContext): Pick<DocProps, 'lastUpdate'> {
  const given = doc.frontMatter.last_update;
  const commit = ctx.lastCommits?.get(doc.source.file);
  const date = given?.date ? isoDate(given.date) : ctx.site.docs.showLastUpdateTime ? commit?.date : undefined;
  const author = given?.author ?? (ctx.site.docs.showLastUpdateAuthor ? commit?.author : undefined);
  if (!date && !author) return {};
  return { lastUpdate: { ...(date ? { date } : {}), ...(author ? { author } : {}) } };
}

/** One section per sidebar on the docs' home: its top category (or the sidebar itself) and its first links. */
function sidebarSections(model: ContentModel): DocsHomeProps['sections'] {
  return Object.entries(model.sidebars.sidebars).flatMap(([sidebarId, items]) => {
    const top = items[0];
    if (!top) return [];
    const children = top.type === 'category' ? top.items : items;
    return [
      {
        sidebarId,
        label: top.label,
        href: top.href ?? children[0]?.href ?? model.basePaths.docs,
        description: top.description,
        items: children.flatMap((c) => (c.href ? [{ label: c.label, href: c.href }] : [])),
      },
    ];
  });
}
