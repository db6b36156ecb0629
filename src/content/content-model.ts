import type { SiteConfig } from '../config/schema';
import { DocsItError, ErrorCollector } from '../errors';
import { archiveByYear, type BlogListPage, buildBlogPosts, paginateBlog, parseAuthors } from './blog';
import type { DiscoveredContent } from './discover';
import { buildDocs } from './docs';
import { parseFrontMatter } from './front-matter';
import type { BlogPost, Doc, Page, Route } from './model';
import { buildPages } from './pages';
import { joinRoute } from './paths';
import { buildSidebars, parseCategoryFiles, type Sidebars } from './sidebars';
import type { ParsedSource } from './source-file';

export interface ContentModel {
  docs: Doc[];
  docsHome: Doc | undefined;
  sidebars: Sidebars;
  posts: BlogPost[];
  blogPages: BlogListPage[];
  archive: { year: string; posts: BlogPost[] }[];
  pages: Page[];
  /** Every published route, sorted, plus the not-found route last. */
  routes: Route[];
  /** Route of every content file (site-root relative path → route), for link rewriting. */
  routeOfFile: Record<string, string>;
  /** Every static file URL (`/it/img/logo.svg`). */
  staticUrls: string[];
  basePaths: { docs: string; blog: string; notFound: string };
}

export interface ContentModelInput {
  site: SiteConfig;
  discovered: DiscoveredContent;
  configFile: string;
  configSource: string;
  /** Front matter parser; `dev` passes a memoized one so unchanged files are not parsed again. */
  parseSource?: (source: DiscoveredContent['sources'][number]) => ParsedSource;
}

/** Builds the whole content model from the files; throws every problem at once. */
export function buildContentModel(input: ContentModelInput): ContentModel {
  const { site, discovered } = input;
  const errors = new ErrorCollector();
  const parsed: Record<'docs' | 'blog' | 'pages', ParsedSource[]> = { docs: [], blog: [], pages: [] };
  for (const source of discovered.sources) {
    try {
      parsed[source.section].push((input.parseSource ?? parseFrontMatter)(source));
    } catch (error) {
      if (error instanceof DocsItError) errors.add(error);
      else throw error;
    }
  }
  const docsBase = joinRoute(site.baseUrl, site.docs.routeBasePath);
  const blogBase = joinRoute(site.baseUrl, 'blog');
  const allDocs = buildDocs(parsed.docs, docsBase, errors);
  const docsHome = allDocs.find((d) => d.id === 'index');
  const docs = allDocs.filter((d) => d !== docsHome);
  const categories = parseCategoryFiles(discovered.categories, errors);
  const sidebars = buildSidebars(
    { config: site.docs.sidebars, docs, categories, configFile: input.configFile, configSource: input.configSource },
    errors,
  );
  if (!docs.some((d) => d.id === site.docs.version.mainDocId)) {
    errors.add(
      new DocsItError(
        `docs.version.mainDocId "${site.docs.version.mainDocId}" is not a doc`,
        { file: input.configFile },
        'Set it to the id of an existing doc (its path under content/docs without extension).',
      ),
    );
  }
  const authors = parseAuthors(discovered.authors, errors);
  const posts = buildBlogPosts(parsed.blog, blogBase, authors, errors);
  const blogPages = posts.length ? paginateBlog(posts, blogBase, site.blog.postsPerPage) : [];
  const archive = archiveByYear(posts);
  const pages = buildPages(parsed.pages, site.baseUrl, errors);

  const routes: Route[] = [];
  const owners = new Map<string, string>();
  const add = (route: Route) => {
    const owner = owners.get(route.path);
    if (owner !== undefined) {
      errors.add(
        new DocsItError(
          `duplicate route ${route.path}: also produced by ${owner}`,
          route.file ? { file: route.file, line: 1, column: 1 } : undefined,
          'Rename one of the files or change its `slug`.',
        ),
      );
      return;
    }
    owners.set(route.path, route.file ?? 'a generated page');
    routes.push(route);
  };
  for (const page of pages) add({ path: page.route, kind: page.kind, file: page.source.file });
  if (docsHome) add({ path: docsHome.route, kind: 'docs-home', file: docsHome.source.file });
  for (const doc of docs) add({ path: doc.route, kind: 'doc', file: doc.source.file });
  for (const list of blogPages) add({ path: list.route, kind: 'blog-list' });
  if (posts.length) add({ path: joinRoute(blogBase, 'archive'), kind: 'blog-archive' });
  for (const post of posts) add({ path: post.route, kind: 'blog-post', file: post.source.file });
  errors.throwIfAny();

  routes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const notFound = joinRoute(site.baseUrl, '404');
  const routeOfFile: Record<string, string> = {};
  for (const route of routes) if (route.file) routeOfFile[route.file] = route.path;
  return {
    docs,
    docsHome,
    sidebars,
    posts,
    blogPages,
    archive,
    pages,
    routes: [...routes, { path: notFound, kind: 'not-found' }],
    routeOfFile,
    staticUrls: discovered.staticFiles.map((f) => joinRoute(site.baseUrl, f)),
    basePaths: { docs: docsBase, blog: blogBase, notFound },
  };
}
