import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { DocCards } from '../../templates/DocCards';
import type { PostSummary, RouteProps } from '../../templates/types';
import type { SiteConfig } from '../config/schema';
import type { ContentModel } from '../content/content-model';
import type { BlogPost, SidebarCategory, SidebarItem } from '../content/model';
import { type Release, releasePackages } from '../content/releases';
import { DocsItError, ErrorCollector } from '../errors';
import type { CompiledPage } from '../markdown/problems';
import { cardListMarker } from '../markdown/remark-card-list';
import { inlineMarkdown, textOfHtml } from './escape';

export interface RoutePage {
  props: RouteProps;
  sidebarId?: string;
  /** Pages kept out of the sitemap and search engines. */
  noIndex: boolean;
  /** Open Graph image, when the page names one. */
  image?: string;
}

export interface RoutePropsInput {
  site: SiteConfig;
  model: ContentModel;
  compiled: Map<string, CompiledPage>;
  releases: Release[] | undefined;
}

const wordsPerMinute = 200;

function findCategory(items: SidebarItem[], docId: string): SidebarCategory | undefined {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (item.docId === docId) return item;
    const found = findCategory(item.items, docId);
    if (found) return found;
  }
  return undefined;
}

/** The props of every route's template, computed before any rendering; throws all problems at once. */
export function buildRouteProps({ site, model, compiled, releases }: RoutePropsInput): RoutePage[] {
  const errors = new ErrorCollector();
  const pages: RoutePage[] = [];
  const html = (file: string) => compiled.get(file)!;
  const tocOf = (file: string, hide?: boolean) => (hide ? [] : html(file).toc);

  for (const doc of model.docs) {
    const page = html(doc.source.file);
    const nav = model.sidebars.navigation.get(doc.id);
    let contentHtml = page.html;
    if (page.cardList) {
      const sidebar = nav ? model.sidebars.sidebars[nav.sidebarId] : undefined;
      const category = sidebar ? findCategory(sidebar, doc.id) : undefined;
      if (!category) {
        errors.add(
          new DocsItError(
            '`::doc-card-list` is only allowed on the index page of a sidebar category, and this page is not one',
            { file: doc.source.file, ...page.cardList },
            'Move this page to README.md/index.md of a folder that is a sidebar category, or remove the directive.',
          ),
        );
      } else {
        contentHtml = contentHtml.replace(
          cardListMarker,
          renderToStaticMarkup(createElement(DocCards, { items: category.items })),
        );
      }
    }
    const props: RouteProps = {
      kind: 'doc',
      path: doc.route,
      title: doc.title,
      description: doc.frontMatter.description,
      contentHtml,
      hideTitle: doc.frontMatter.hide_title ?? false,
      toc: tocOf(doc.source.file, doc.frontMatter.hide_table_of_contents),
      breadcrumbs: nav?.breadcrumbs ?? [],
    };
    if (nav) {
      props.sidebarId = nav.sidebarId;
      if (nav.prev) props.prev = nav.prev;
      if (nav.next) props.next = nav.next;
    }
    pages.push({ props, sidebarId: nav?.sidebarId, noIndex: doc.unlisted, image: doc.frontMatter.image });
  }

  if (model.docsHome) {
    const home = model.docsHome;
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
    pages.push({
      props: {
        kind: 'docs-home',
        path: home.route,
        title: home.title,
        description: home.frontMatter.description,
        contentHtml: html(home.source.file).html,
        sections,
      },
      noIndex: false,
    });
  }

  const recent = model.posts.slice(0, site.blog.recentPosts).map((p) => ({ title: p.title, route: p.route }));
  const summary = (post: BlogPost, withExcerpt: boolean): PostSummary => {
    const page = html(post.source.file);
    const words = textOfHtml(page.html).split(' ').length;
    const result: PostSummary = {
      title: post.title,
      route: post.route,
      date: post.date,
      authors: post.authors.map(({ name, title, url, imageUrl }) => ({ name, title, url, imageUrl })),
      tags: post.tags,
      readingMinutes: Math.max(1, Math.round(words / wordsPerMinute)),
    };
    if (withExcerpt) result.excerptHtml = page.excerptHtml ?? '';
    return result;
  };
  for (const list of model.blogPages) {
    const props: RouteProps = {
      kind: 'blog-list',
      path: list.route,
      title: list.page === 1 ? site.blog.title : `${site.blog.title} – pagina ${list.page}`,
      description: site.blog.description,
      page: list.page,
      totalPages: list.totalPages,
      posts: list.posts.map((p) => summary(p, true)),
      recent,
    };
    if (list.prevHref) props.prevHref = list.prevHref;
    if (list.nextHref) props.nextHref = list.nextHref;
    pages.push({ props, noIndex: false });
  }
  if (model.posts.length) {
    pages.push({
      props: {
        kind: 'blog-archive',
        path: `${model.basePaths.blog}/archive`,
        title: 'Archivio del blog',
        description: 'Tutti gli articoli del blog, anno per anno.',
        years: model.archive.map((y) => ({
          year: y.year,
          posts: y.posts.map((p) => ({ title: p.title, route: p.route, date: p.date })),
        })),
      },
      noIndex: false,
    });
  }
  model.posts.forEach((post, i) => {
    const newer = model.posts[i - 1];
    const older = model.posts[i + 1];
    const props: RouteProps = {
      kind: 'blog-post',
      path: post.route,
      title: post.title,
      description: post.frontMatter.description,
      post: summary(post, false),
      contentHtml: html(post.source.file).html,
      toc: tocOf(post.source.file, post.frontMatter.hide_table_of_contents),
      recent,
    };
    if (newer) props.newer = { title: newer.title, href: newer.route };
    if (older) props.older = { title: older.title, href: older.route };
    pages.push({ props, noIndex: post.frontMatter.unlisted ?? false, image: post.frontMatter.image });
  });

  for (const page of model.pages) {
    const compiledPage = html(page.source.file);
    const fm = page.frontMatter;
    const base = { path: page.route, title: page.title, description: fm.description, contentHtml: compiledPage.html };
    let props: RouteProps;
    if (page.kind === 'home') {
      props = { ...base, kind: 'home' };
      if (fm.hero) props.hero = fm.hero;
    } else if (page.kind === 'releases') {
      props = {
        ...base,
        kind: 'releases',
        packages: releasePackages
          .map((name) => ({
            name,
            id: name.replace(/[@/]/g, (c) => (c === '/' ? '-' : '')),
            releases: (releases ?? [])
              .filter((r) => r.package === name)
              .sort((a, b) =>
                a.date !== b.date
                  ? a.date < b.date
                    ? 1
                    : -1
                  : b.version.localeCompare(a.version, 'en', { numeric: true }),
              )
              .map(({ highlights, ...rest }) => ({ ...rest, highlightsHtml: highlights.map(inlineMarkdown) })),
          }))
          .filter((p) => p.releases.length > 0),
      };
    } else {
      props = {
        ...base,
        kind: 'page',
        toc: tocOf(page.source.file, fm.hide_table_of_contents),
        hideTitle: fm.hide_title ?? false,
      };
    }
    pages.push({ props, noIndex: fm.unlisted ?? false, image: fm.image });
  }

  pages.push({
    props: { kind: 'not-found', path: model.basePaths.notFound, title: 'Pagina non trovata' },
    noIndex: true,
  });
  errors.throwIfAny();
  return pages;
}
