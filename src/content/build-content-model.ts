import type { SidebarItemInput } from '../config/docs-schema';
import type { SiteConfig } from '../config/site-schema';
import { DocsItError, ErrorCollector } from '../errors';
import { joinRoute, notFoundRouteOf } from '../shared/urls';
import type { UpstreamHistory } from '../translations/read-history';
import {
  type PageStatus,
  type TranslatedPage,
  type TranslationReport,
  translationStatus,
} from '../translations/translation-status';
import { archiveByYear, type BlogListPage, buildBlogPosts, paginateBlog, parseAuthors } from './blog';
import type { BlogPost, Doc, Page, Route } from './content-types';
import type { DiscoveredContent } from './discover';
import { buildDocs } from './docs';
import { buildPages } from './pages';
import type { ReleasesData } from './releases';
import { buildSidebars, parseCategoryFiles, type Sidebars } from './sidebars';
import type { ParsedSource, SourceFile } from './source-file';

export interface ContentModel {
  docs: Doc[];
  /** `content/docs/index.md`: the page at the docs' base path, when there is one. */
  docsHome: Doc | undefined;
  sidebars: Sidebars;
  posts: BlogPost[];
  blogPages: BlogListPage[];
  archive: { year: string; posts: BlogPost[] }[];
  pages: Page[];
  /** `content/pages/404.md`, when the site writes its own not-found page. */
  notFoundPage: Page | undefined;
  releases: ReleasesData | undefined;
  /** Every published route, sorted, plus the not-found route last. */
  routes: Route[];
  /** Route of every content file (site-root relative path → route), for link rewriting. */
  routeOfFile: Record<string, string>;
  basePaths: { docs: string; blog: string; notFound: string };
  /** Where the docs begin for a reader: the docs home, or the main doc. */
  docsHomeRoute: string;
  /** How each page stands against its upstream, when the build was given upstream data. */
  translations: TranslationModel | undefined;
}

/** Upstream data for a build: an upstream history read now, or the report `docs-it translations` wrote. */
export type TranslationInput = { history: UpstreamHistory } | { report: TranslationReport };

export interface TranslationModel {
  report: TranslationReport;
  /** Status by content file (site-root relative). */
  byFile: Record<string, PageStatus>;
  /** Route of the status page. */
  route: string;
}

export interface ContentModelInput {
  site: SiteConfig;
  discovered: DiscoveredContent;
  releases?: ReleasesData;
  /** The config file (site-root relative) and its text, for errors located in sidebars. */
  configFile: string;
  configSource: string;
  /** The sidebars file the config names (`docs.sidebarPath`), where errors in sidebars are located. */
  sidebarsFile?: { file: string; source: string };
  /** Splits off a file's front matter; the pipeline passes a cached one. */
  parseSource: (source: SourceFile) => ParsedSource;
  /** A YAML file's value (`authors.yml`); the pipeline passes a cached one. */
  readYaml?: (file: { file: string; text: string }) => unknown;
  translations?: TranslationInput;
}

/** Builds the whole content model from the files; throws every problem at once. */
export function buildContentModel(input: ContentModelInput): ContentModel {
  const { site, discovered } = input;
  const errors = new ErrorCollector();
  const parsed: Record<'docs' | 'blog' | 'pages', ParsedSource[]> = { docs: [], blog: [], pages: [] };
  for (const source of discovered.sources) {
    try {
      parsed[source.section].push(input.parseSource(source));
    } catch (error) {
      if (error instanceof DocsItError) errors.add(error);
      else throw error;
    }
  }
  const docsBase = joinRoute(site.baseUrl, site.docs.routeBasePath);
  const blogBase = joinRoute(site.baseUrl, 'blog');
  const notFound = notFoundRouteOf(site.baseUrl);
  const allDocs = buildDocs(parsed.docs, docsBase, errors);
  // A doc of id `index` is the docs home page (its text, then a card per sidebar), unless a sidebar lists it: then
  // it is a doc like the others, at the docs' root, as Docusaurus has it.
  const docsHome = allDocs.find((d) => d.id === 'index' && !sidebarsList(site.docs.sidebars, 'index'));
  const docs = allDocs.filter((d) => d !== docsHome);
  const categories = parseCategoryFiles(discovered.categories, errors);
  const sidebars = buildSidebars(
    {
      config: site.docs.sidebars,
      docs,
      categories,
      configFile: input.sidebarsFile?.file ?? input.configFile,
      configSource: input.sidebarsFile?.source ?? input.configSource,
      docsBase,
      collapsed: site.docs.sidebarCollapsed,
      collapsible: site.docs.sidebarCollapsible,
    },
    errors,
  );
  // Without `mainDocId`, the first doc of the first sidebar (the navigation lists docs in sidebar order).
  const mainDocId = site.docs.version.mainDocId ?? sidebars.navigation.keys().next().value ?? docs[0]?.id;
  const mainDoc = docs.find((d) => d.id === mainDocId);
  if (!mainDoc && site.docs.version.mainDocId !== undefined) {
    errors.add(
      new DocsItError(
        `docs.version.mainDocId "${site.docs.version.mainDocId}" is not a doc`,
        { file: input.configFile },
        'Set it to the id of an existing doc (its path under content/docs without extension).',
      ),
    );
  }
  const authors = parseAuthors(discovered.authors, errors, input.readYaml);
  const posts = buildBlogPosts(parsed.blog, blogBase, authors, errors);
  const blogPages = posts.length ? paginateBlog(posts, blogBase, site.blog.postsPerPage) : [];
  const archive = archiveByYear(posts);
  const allPages = buildPages(parsed.pages, site.baseUrl, errors);
  const notFoundPage = allPages.find((p) => p.kind === 'not-found');
  const pages = allPages.filter((p) => p !== notFoundPage);
  const releasesPage = pages.find((p) => p.kind === 'releases');
  if (releasesPage && !input.releases) {
    errors.add(
      new DocsItError(
        'this page lists releases, but content/data/releases.ts does not exist',
        { file: releasesPage.source.file, line: releasesPage.source.keyLines.layout ?? 1, column: 1 },
        'Add content/data/releases.ts (export default defineReleases({ packages, releases })) or drop `layout`.',
      ),
    );
  }

  const routes: Route[] = [];
  const owners = new Map<string, string>();
  // A clash is usually made by a `slug`: the error points at it.
  const slugLines = new Map<string, number>();
  for (const { source } of [...pages, ...docs, ...posts, ...(docsHome ? [docsHome] : [])]) {
    if (source.keyLines.slug !== undefined) slugLines.set(source.file, source.keyLines.slug);
  }
  const add = (route: Route) => {
    const owner = owners.get(route.path);
    if (owner !== undefined) {
      errors.add(
        new DocsItError(
          `two pages on one route ${route.path}: ${route.file ?? 'a generated page'} and ${owner}`,
          route.file ? { file: route.file, line: slugLines.get(route.file) ?? 1, column: 1 } : undefined,
          'Rename one of the files or change its `slug`: each page needs a route of its own.',
        ),
      );
      return;
    }
    owners.set(route.path, route.file ?? 'a generated page');
    routes.push(route);
  };
  owners.set(notFound, notFoundPage?.source.file ?? 'the not-found page');
  for (const page of pages) add({ path: page.route, kind: page.kind, file: page.source.file });
  if (docsHome) add({ path: docsHome.route, kind: 'docs-home', file: docsHome.source.file });
  for (const doc of docs) add({ path: doc.route, kind: 'doc', file: doc.source.file });
  for (const route of sidebars.generatedIndexes.keys()) add({ path: route, kind: 'category-index' });
  for (const list of blogPages) add({ path: list.route, kind: 'blog-list' });
  if (posts.length) add({ path: joinRoute(blogBase, 'archive'), kind: 'blog-archive' });
  for (const post of posts) add({ path: post.route, kind: 'blog-post', file: post.source.file });
  let translations: TranslationModel | undefined;
  if (input.translations) {
    const pagesOfSite: TranslatedPage[] = [
      ...allDocs.map((d) => ({ source: d.source, title: d.title, route: d.route })),
      ...posts.map((p) => ({ source: p.source, title: p.title, route: p.route })),
      ...allPages.map((p) => ({ source: p.source, title: p.title, route: p.route })),
    ].map(({ source, title, route }) => ({
      file: source.file,
      title,
      route: source === notFoundPage?.source ? undefined : route,
      upstream: (source.frontMatter as { upstream?: TranslatedPage['upstream'] }).upstream,
      line: source.keyLines.upstream,
    }));
    let report: TranslationReport;
    if ('history' in input.translations) {
      const status = translationStatus(pagesOfSite, input.translations.history, {
        folders: site.translations?.folders ?? ['docs'],
      });
      for (const error of status.errors) errors.add(error);
      report = status.report;
    } else {
      report = input.translations.report;
    }
    const route = joinRoute(site.baseUrl, site.translations?.statusRoute ?? 'stato-traduzioni');
    translations = { report, byFile: Object.fromEntries(report.pages.map((p) => [p.file, p])), route };
    add({ path: route, kind: 'translation-status' });
  }
  errors.throwIfAny();

  routes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  routes.push({ path: notFound, kind: 'not-found', ...(notFoundPage ? { file: notFoundPage.source.file } : {}) });
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
    notFoundPage,
    releases: input.releases,
    routes,
    routeOfFile,
    basePaths: { docs: docsBase, blog: blogBase, notFound },
    docsHomeRoute: docsHome?.route ?? mainDoc?.route ?? docsBase,
    translations,
  };
}

/** Whether a sidebar names the doc `id` (as an item or as a category's link). */
function sidebarsList(sidebars: Record<string, SidebarItemInput[]>, id: string): boolean {
  const names = (item: SidebarItemInput): boolean =>
    typeof item === 'string'
      ? item === id
      : item.type === 'doc'
        ? item.id === id
        : item.type === 'category' && (item.link?.id === id || item.items.some(names));
  return Object.values(sidebars).some((items) => items.some(names));
}
