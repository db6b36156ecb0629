import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { DocCards } from '../../templates/DocCards';
import type { DocProps, PostSummary, RouteProps } from '../../templates/types';
import type { EditUrlFunctions } from '../config/edit-url-schema';
import { isRefusal, type Refusal } from '../config/publishable';
import type { SiteConfig } from '../config/site-schema';
import type { ContentModel } from '../content/build-content-model';
import type { BlogPost, Doc, Page, Route } from '../content/content-types';
import { DocsItError } from '../errors';
import type { CompiledPage } from '../markdown/compiled-page';
import { resolveFileFrom } from '../markdown/posix-paths';
import { cardListMarker } from '../markdown/remark-card-list';
import { withBaseUrl } from '../shared/base-url';
import { type InterfaceText, translatorOf } from '../shared/i18n/interface-text';
import type { SidebarCategory, SidebarItem } from '../shared/sidebar';
import { isExternalUrl } from '../shared/url-scheme';
import { editUrlOf } from './edit-url';
import { inlineMarkdown } from './escape';
import { translationNoticeOf, translationStatusProps } from './translation-props';

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
  /** The day each content file last changed in git, when the site shows it (`docs.showLastUpdateTime`). */
  lastCommitDates?: ReadonlyMap<string, string>;
  /** `editUrl` functions of the config, if any. */
  editUrls?: EditUrlFunctions;
  /** A content file's compiled page, its links resolved. */
  page(file: string): Promise<CompiledPage>;
  /** The URL of a published file next to the pages (see `site-assets`), or why the file is not published. */
  assetUrl(target: string): Promise<{ url: string } | Refusal>;
}

/**
 * An image named in front matter or authors.yml as Docusaurus reads it: a URL as it is, a site path with the
 * base URL, and a path relative to the file that names it as the URL of the published copy of that file.
 */
async function imageUrlOf(
  value: string | undefined,
  from: { file: string; line: number },
  ctx: RoutePropsContext,
  problems: DocsItError[],
): Promise<string | undefined> {
  if (!value) return undefined;
  if (isExternalUrl(value)) return value;
  if (value.startsWith('/')) return withBaseUrl(ctx.site.baseUrl, value);
  const lookup = await ctx.assetUrl(resolveFileFrom(from.file, value));
  if (!isRefusal(lookup)) return lookup.url;
  const missing = lookup.kind === 'missing';
  problems.push(
    new DocsItError(
      missing ? `missing image ${value}` : `image ${value}: ${lookup.problem}`,
      { file: from.file, line: from.line, column: 1 },
      missing ? 'The path is relative to this file: fix it, or add the image next to the file.' : lookup.hint,
    ),
  );
  return undefined;
}

const wordsPerMinute = 200;

type Source =
  | { kind: 'doc'; doc: Doc }
  | { kind: 'post'; post: BlogPost; index: number }
  | { kind: 'page'; page: Page }
  | { kind: 'other' };

// One lookup table per content model (the model is immutable): finding a route's source is then constant time.
const sourcesOf = new WeakMap<ContentModel, Map<string, Source>>();

function sourceOf(model: ContentModel, path: string): Source {
  let sources = sourcesOf.get(model);
  if (!sources) {
    sources = new Map();
    for (const doc of model.docs) sources.set(doc.route, { kind: 'doc', doc });
    for (const [index, post] of model.posts.entries()) sources.set(post.route, { kind: 'post', post, index });
    for (const page of model.pages) sources.set(page.route, { kind: 'page', page });
    sourcesOf.set(model, sources);
  }
  return sources.get(path) ?? { kind: 'other' };
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

/**
 * The props of one route's template, computed before any rendering. A problem that does not stop the page
 * from rendering (a misplaced card list) comes back beside it: `build` fails on it, `dev` shows it.
 */
export async function routePageOf(
  route: Route,
  ctx: RoutePropsContext,
): Promise<{ page: RoutePage; problems: DocsItError[] }> {
  const { site, model } = ctx;
  const { t } = translatorOf(ctx.text);
  const problems: DocsItError[] = [];
  const source = sourceOf(model, route.path);
  switch (route.kind) {
    case 'doc': {
      const doc = (source as { doc: Doc }).doc;
      const compiled = await ctx.page(doc.source.file);
      const nav = model.sidebars.navigation.get(doc.id);
      let contentHtml = compiled.html;
      if (compiled.cardList) {
        const sidebar = nav ? model.sidebars.sidebars[nav.sidebarId] : undefined;
        const category = sidebar ? findCategory(sidebar, doc.id) : undefined;
        const cards = category ? renderToStaticMarkup(createElement(DocCards, { items: category.items })) : '';
        if (!category) {
          problems.push(
            new DocsItError(
              '`::doc-card-list` is only allowed on the index page of a sidebar category, and this page is not one',
              { file: doc.source.file, ...compiled.cardList },
              'Move this page to README.md/index.md of a folder that is a sidebar category, or remove the directive.',
            ),
          );
        }
        contentHtml = contentHtml.replace(cardListMarker, cards);
      }
      const props: RouteProps = {
        kind: 'doc',
        path: doc.route,
        title: doc.title,
        description: doc.frontMatter.description,
        contentHtml,
        hideTitle: doc.frontMatter.hide_title ?? false,
        toc: doc.frontMatter.hide_table_of_contents ? [] : compiled.toc,
        breadcrumbs: nav?.breadcrumbs ?? [],
      };
      const notice = translationNoticeOf(model.translations, doc.source.file, site);
      if (notice) props.translation = notice;
      if (nav) {
        if (nav.prev) props.prev = nav.prev;
        if (nav.next) props.next = nav.next;
      }
      const sidebarId = displayedSidebar(doc, nav?.sidebarId, model, problems);
      if (sidebarId) props.sidebarId = sidebarId;
      const editUrl = editUrlOf({ kind: 'doc', doc }, site, ctx.editUrls, problems);
      if (editUrl) props.editUrl = editUrl;
      const lastUpdate = lastUpdateOf(doc, ctx);
      if (lastUpdate) props.lastUpdate = lastUpdate;
      return {
        page: {
          props,
          sidebarId,
          noIndex: doc.unlisted,
          image: await imageUrlOf(doc.frontMatter.image, frontMatterKey(doc.source, 'image'), ctx, problems),
          ...(doc.frontMatter.keywords ? { keywords: doc.frontMatter.keywords } : {}),
        },
        problems,
      };
    }
    case 'category-index': {
      // A category's generated page (Docusaurus's `generated-index`): a doc page of cards of its items.
      const index = model.sidebars.generatedIndexes.get(route.path)!;
      const cards = renderToStaticMarkup(createElement(DocCards, { items: index.category.items }));
      const intro = index.description ? `<p>${inlineMarkdown(index.description)}</p>` : '';
      const props: RouteProps = {
        kind: 'doc',
        path: route.path,
        title: index.title,
        description: index.description,
        contentHtml: intro + cards,
        hideTitle: false,
        toc: [],
        breadcrumbs: index.breadcrumbs,
        sidebarId: index.sidebarId,
      };
      if (index.prev) props.prev = index.prev;
      if (index.next) props.next = index.next;
      return { page: { props, sidebarId: index.sidebarId, noIndex: false }, problems };
    }
    case 'docs-home': {
      const home = model.docsHome!;
      const sections = Object.entries(model.sidebars.sidebars).flatMap(([sidebarId, items]) => {
        const top = items[0];
        if (!top) return [];
        const children = top.type === 'category' ? top.items : items;
        return [
          {
            sidebarId,
            label: top.label,
            href: top.href ?? children[0]?.href ?? model.basePaths.docs,
            description: top.description,
            items: children.filter((c) => c.href).map((c) => ({ label: c.label, href: c.href! })),
          },
        ];
      });
      const compiled = await ctx.page(home.source.file);
      const props: RouteProps = {
        kind: 'docs-home',
        path: home.route,
        title: home.title,
        description: home.frontMatter.description,
        contentHtml: compiled.html,
        sections,
      };
      return { page: { props, noIndex: false }, problems };
    }
    case 'blog-list': {
      const list = model.blogPages.find((l) => l.route === route.path)!;
      const props: RouteProps = {
        kind: 'blog-list',
        path: list.route,
        title:
          list.page === 1
            ? site.blog.title
            : t('theme.blog.paginator.pageTitle', { blogTitle: site.blog.title, page: list.page }),
        description: site.blog.description,
        page: list.page,
        totalPages: list.totalPages,
        posts: await Promise.all(list.posts.map((p) => summaryOf(p, ctx, true, []))),
        recent: recentPosts(ctx),
      };
      if (list.prevHref) props.prevHref = list.prevHref;
      if (list.nextHref) props.nextHref = list.nextHref;
      return { page: { props, noIndex: false }, problems };
    }
    case 'blog-archive': {
      const props: RouteProps = {
        kind: 'blog-archive',
        path: route.path,
        title: t('theme.blog.archive.title'),
        description: t('theme.blog.archive.description'),
        years: model.archive.map((y) => ({
          year: y.year,
          posts: y.posts.map((p) => ({ title: p.title, route: p.route, date: p.date })),
        })),
      };
      return { page: { props, noIndex: false }, problems };
    }
    case 'blog-post': {
      const { post, index } = source as { post: BlogPost; index: number };
      const compiled = await ctx.page(post.source.file);
      const newer = model.posts[index - 1];
      const older = model.posts[index + 1];
      const props: RouteProps = {
        kind: 'blog-post',
        path: post.route,
        title: post.title,
        description: post.frontMatter.description,
        post: await summaryOf(post, ctx, false, problems),
        contentHtml: compiled.html,
        toc: post.frontMatter.hide_table_of_contents ? [] : compiled.toc,
        recent: recentPosts(ctx),
      };
      const notice = translationNoticeOf(model.translations, post.source.file, site);
      if (notice) props.translation = notice;
      if (newer) props.newer = { title: newer.title, href: newer.route };
      if (older) props.older = { title: older.title, href: older.route };
      const editUrl = editUrlOf({ kind: 'post', post }, site, ctx.editUrls, problems);
      if (editUrl) props.editUrl = editUrl;
      const image = await imageUrlOf(post.frontMatter.image, frontMatterKey(post.source, 'image'), ctx, problems);
      const keywords = post.frontMatter.keywords;
      return {
        page: { props, noIndex: post.frontMatter.unlisted ?? false, image, ...(keywords ? { keywords } : {}) },
        problems,
      };
    }
    case 'translation-status':
      return { page: { props: translationStatusProps(model, site, ctx.text), noIndex: true }, problems };
    case 'not-found': {
      const page = model.notFoundPage;
      const contentHtml = page ? (await ctx.page(page.source.file)).html : '';
      const props: RouteProps = {
        kind: 'not-found',
        path: route.path,
        title: page?.title ?? t('theme.NotFound.title'),
        contentHtml,
      };
      return { page: { props, noIndex: true }, problems };
    }
    default: {
      const page = (source as { page: Page }).page;
      const compiled = await ctx.page(page.source.file);
      const fm = page.frontMatter;
      const base = { path: page.route, title: page.title, description: fm.description, contentHtml: compiled.html };
      let props: RouteProps;
      if (page.kind === 'home') {
        props = { ...base, kind: 'home' };
        if (fm.hero) props.hero = fm.hero;
      } else if (page.kind === 'releases') {
        props = { ...base, kind: 'releases', packages: releasePackages(model) };
      } else {
        props = {
          ...base,
          kind: 'page',
          toc: fm.hide_table_of_contents ? [] : compiled.toc,
          hideTitle: fm.hide_title ?? false,
        };
        const notice = translationNoticeOf(model.translations, page.source.file, site);
        if (notice) props.translation = notice;
      }
      const image = await imageUrlOf(fm.image, frontMatterKey(page.source, 'image'), ctx, problems);
      return {
        page: { props, noIndex: fm.unlisted ?? false, image, ...(fm.keywords ? { keywords: fm.keywords } : {}) },
        problems,
      };
    }
  }
}

function recentPosts({ model, site }: RoutePropsContext): { title: string; route: string }[] {
  return model.posts.slice(0, site.blog.recentPosts).map((p) => ({ title: p.title, route: p.route }));
}

/** A front matter date (YAML reads `2024-05-01` as a Date) as `YYYY-MM-DD`. */
const isoDate = (date: string | Date) => (date instanceof Date ? date.toISOString() : date).slice(0, 10);

/**
 * When a doc last changed: `last_update` of its front matter (date and author), else, when the site shows it,
 * its last commit's day.
 */
function lastUpdateOf(doc: Doc, ctx: RoutePropsContext): DocProps['lastUpdate'] {
  const given = doc.frontMatter.last_update;
  const date = given?.date
    ? isoDate(given.date)
    : ctx.site.docs.showLastUpdateTime
      ? ctx.lastCommitDates?.get(doc.source.file)
      : undefined;
  if (!date && !given?.author) return undefined;
  return { ...(date ? { date } : {}), ...(given?.author ? { author: given.author } : {}) };
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

const frontMatterKey = (source: { file: string; keyLines: Record<string, number> }, key: string) => ({
  file: source.file,
  line: source.keyLines[key] ?? 1,
});

async function summaryOf(
  post: BlogPost,
  ctx: RoutePropsContext,
  withExcerpt: boolean,
  problems: DocsItError[],
): Promise<PostSummary> {
  const compiled = await ctx.page(post.source.file);
  const authors = await Promise.all(
    post.authors.map(async ({ name, title, url, imageUrl, imageFrom }) => ({
      name,
      title,
      url,
      imageUrl: imageFrom ? await imageUrlOf(imageUrl, imageFrom, ctx, problems) : imageUrl,
    })),
  );
  const summary: PostSummary = {
    title: post.title,
    route: post.route,
    date: post.date,
    authors,
    tags: post.tags,
    readingMinutes: Math.max(1, Math.round(compiled.words / wordsPerMinute)),
  };
  if (withExcerpt) summary.excerptHtml = compiled.excerptHtml ?? '';
  return summary;
}

/** The releases page's packages, in the data file's order, each with its releases newest first. */
function releasePackages(model: ContentModel) {
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
