import type { BlogPost } from '../content/content-types';
import type { DocsItError } from '../errors';
import { translatorOf } from '../shared/i18n/interface-text';
import type { BlogArchiveProps, BlogListProps, BlogPostProps, PostSummary } from '../shared/route-data';
import type { NavLink } from '../shared/sidebar';
import { editUrlFieldOf, imageUrlOf, keywordsOf, pageImageOf, tocOf, translationOf } from './route-fields';
import type { RoutePageBuilder, RoutePropsContext } from './route-page';
import { blogListAt, postAt } from './route-sources';

/** A page of the blog's list of posts, each with its excerpt. */
export const blogListPage: RoutePageBuilder = async (route, ctx) => {
  const list = blogListAt(ctx.model, route.path);
  const { blog } = ctx.site;
  const { t } = translatorOf(ctx.text);
  const props: BlogListProps = {
    kind: 'blog-list',
    path: list.route,
    title:
      list.page === 1 ? blog.title : t('theme.blog.paginator.pageTitle', { blogTitle: blog.title, page: list.page }),
    description: blog.description,
    page: list.page,
    totalPages: list.totalPages,
    // Problems with a post's author images are the post page's.
    posts: await Promise.all(list.posts.map((post) => summaryOf(post, ctx, true, []))),
    recent: recentPosts(ctx),
    ...(list.prevHref ? { prevHref: list.prevHref } : {}),
    ...(list.nextHref ? { nextHref: list.nextHref } : {}),
  };
  return { props, noIndex: false };
};

/** Every post by year, newest first. */
export const blogArchivePage: RoutePageBuilder = async (route, ctx) => {
  const { t } = translatorOf(ctx.text);
  const props: BlogArchiveProps = {
    kind: 'blog-archive',
    path: route.path,
    title: t('theme.blog.archive.title'),
    description: t('theme.blog.archive.description'),
    years: ctx.model.archive.map((y) => ({
      year: y.year,
      posts: y.posts.map((p) => ({ title: p.title, route: p.route, date: p.date })),
    })),
  };
  return { props, noIndex: false };
};

/** A post: its content, its summary (authors, date, tags, reading time) and the posts around it. */
export const blogPostPage: RoutePageBuilder = async (route, ctx, problems) => {
  const { post, index } = postAt(ctx.model, route.path);
  const compiled = await ctx.page(post.source.file);
  const props: BlogPostProps = {
    kind: 'blog-post',
    path: post.route,
    title: post.title,
    description: post.frontMatter.description,
    post: await summaryOf(post, ctx, false, problems),
    contentHtml: compiled.html,
    toc: tocOf(post.frontMatter, compiled),
    recent: recentPosts(ctx),
    ...translationOf(post.source.file, ctx),
    ...neighboursOf(ctx.model.posts, index),
    ...editUrlFieldOf({ kind: 'post', post }, ctx, problems),
  };
  const image = await pageImageOf(post, ctx, problems);
  return { props, noIndex: post.frontMatter.unlisted ?? false, image, ...keywordsOf(post.frontMatter) };
};

/** The newer and older posts around the post at `index` (the list is newest first), those there are. */
function neighboursOf(posts: BlogPost[], index: number): { newer?: NavLink; older?: NavLink } {
  const link = (post: BlogPost): NavLink => ({ title: post.title, href: post.route });
  const newer = posts[index - 1];
  const older = posts[index + 1];
  return { ...(newer ? { newer: link(newer) } : {}), ...(older ? { older: link(older) } : {}) };
}

function recentPosts({ model, site }: RoutePropsContext): { title: string; route: string }[] {
  return model.posts.slice(0, site.blog.recentPosts).map((p) => ({ title: p.title, route: p.route }));
}

const wordsPerMinute = 200;

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
  return {
    title: post.title,
    route: post.route,
    date: post.date,
    authors,
    tags: post.tags,
    readingMinutes: Math.max(1, Math.round(compiled.words / wordsPerMinute)),
    ...(withExcerpt ? { excerptHtml: compiled.excerptHtml ?? '' } : {}),
  };
}
