import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ClientBundle } from '../bundle/bundle-client';
import { currentLocaleOf } from '../config/site-schema';
import type { ContentModel } from '../content/build-content-model';
import { type FeedInput, renderAtom, renderRss } from '../output/feeds';
import { renderHeadersFile } from '../output/headers';
import { hostFileNames, mergeHeaders, mergeRedirects, type SiteHostFile } from '../output/host-files';
import { renderRedirects } from '../output/redirects';
import { renderRobots, renderSitemap } from '../output/sitemap';
import { renderWebManifest } from '../output/web-manifest';
import { clientSidebars } from '../render/client-sidebar';
import { contentSecurityPolicy } from '../render/csp';
import { createFragmentCache } from '../render/fragment-cache';
import { colorModeScript } from '../render/inline-scripts';
import { type RenderInput, renderPage } from '../render/render-page';
import { kindCategoriesOf, type SearchPage, searchPageOf } from '../search/records';
import { type SearchInput, searchFiles } from '../search/search-files';
import { searchWordsOf } from '../search/search-words';
import { translatorOf } from '../shared/i18n/interface-text';
import { feedFileOf, htmlFileOf, notFoundRouteOf, pageDataFileOf, searchDirOf, sidebarFileOf } from '../shared/urls';
import type { Site } from './site';
import type { Stages } from './stages';

/** A file of the site, produced on demand. */
export interface SiteFile {
  path: string;
  /** The source file it is made from (a page's), named when the file cannot be written. */
  source?: string;
  /** What the contents are made from: the previous build's file is kept while the key is unchanged. */
  key?: () => Promise<string>;
  contents: () => Promise<string | Uint8Array>;
}

/** Files made together: the previous build's are kept only all at once. */
export interface SiteFileGroup {
  name: string;
  /** Folder of the group's files, relative to the output folder. */
  dir: string;
  key: () => Promise<string>;
  contents: () => Promise<Map<string, string>>;
}

/** Every file of a site: what `build` writes and `dev` serves. */
export interface SiteFiles {
  /** HTML documents and page data of every route, and the sidebars client navigation loads. */
  pages: SiteFile[];
  search: SiteFileGroup;
  /** Sitemap, robots.txt, feeds, web app manifest, host files. */
  extras: SiteFile[];
  /** The client bundle's scripts and stylesheet. */
  assets: SiteFile[];
  /** Files of `content/static`, copied as they are. */
  copies: { path: string; from: string }[];
}

/** The blog feeds of a site with posts, relative to the output folder. */
export function feedFilesOf(baseUrl: string, model: ContentModel): string[] {
  return model.posts.length ? [feedFileOf(baseUrl, 'rss'), feedFileOf(baseUrl, 'atom')] : [];
}

/** The files of one state of a site; nothing is produced until asked for. */
export function siteFiles(site: Site, bundle: ClientBundle, stages: Stages): SiteFiles {
  const { config, model, chrome } = site;
  const { site: siteConfig } = config;
  const base = siteConfig.baseUrl.slice(1);
  const notFound = notFoundRouteOf(siteConfig.baseUrl);
  const sidebars = clientSidebars(model.sidebars.sidebars);
  // One object for every page: its digest is taken once per run, not once per page.
  const assets = { css: bundle.css, js: bundle.js, colorModeScript: colorModeScript(siteConfig) };
  const fragments = createFragmentCache();
  const hasBlog = model.posts.length > 0;
  const renderInputOf = async (route: string): Promise<RenderInput> => {
    const { page } = await site.routePage(route);
    const sidebar = page.sidebarId ? sidebars[page.sidebarId] : undefined;
    return { site: siteConfig, chrome, assets, hasBlog, page, sidebar };
  };

  const pages: SiteFile[] = model.routes.flatMap((route): SiteFile[] => {
    const key = async () => stages.renderKey(await renderInputOf(route.path));
    return [
      {
        path: htmlFileOf(route.path, notFound),
        ...(route.file ? { source: route.file } : {}),
        key,
        contents: async () => renderPage(await renderInputOf(route.path), fragments),
      },
      {
        path: pageDataFileOf(route.path, notFound),
        ...(route.file ? { source: route.file } : {}),
        key,
        contents: async () => JSON.stringify((await site.routePage(route.path)).page.props),
      },
    ];
  });
  for (const [id, items] of Object.entries(sidebars)) {
    pages.push({ path: sidebarFileOf(siteConfig.baseUrl, id), contents: async () => JSON.stringify(items) });
  }

  let searchInput: Promise<SearchInput> | undefined;
  const searchInputOf = () =>
    (searchInput ??= (async () => {
      const options = {
        baseUrl: siteConfig.baseUrl,
        lang: siteConfig.i18n.currentLocale,
        version: siteConfig.docs.version.label,
        blogLabel: siteConfig.blog.title,
        kindCategories: kindCategoriesOf(translatorOf(site.chrome.text)),
      };
      const searchPages: SearchPage[] = [];
      for (const route of model.routes) {
        const { page } = await site.routePage(route.path);
        const file = route.file;
        const blocks = file && 'contentHtml' in page.props ? (await site.page(file)).search : [];
        const searchPage = searchPageOf(page, blocks, options);
        if (searchPage) searchPages.push(searchPage);
      }
      const words = searchWordsOf({
        lang: siteConfig.i18n.currentLocale,
        htmlLang: currentLocaleOf(siteConfig).htmlLang,
        synonyms: siteConfig.search.synonyms,
      });
      return { pages: searchPages, options, words };
    })());
  const search: SiteFileGroup = {
    name: 'search',
    dir: searchDirOf(siteConfig.baseUrl),
    key: async () => stages.searchKey(await searchInputOf()),
    contents: async () => (await searchFiles(await searchInputOf())).files,
  };

  // The site's own `_headers` and `_redirects` (in its static folder) join docs-it's instead of being copied.
  const siteHostFile = async (name: string): Promise<SiteHostFile | undefined> =>
    site.content.discovered.staticFiles.includes(name)
      ? {
          file: path.relative(config.paths.root, path.join(config.paths.static, name)).split(path.sep).join('/'),
          text: await readFile(path.join(config.paths.static, name), 'utf8'),
        }
      : undefined;
  const text = (file: string, contents: () => string | Promise<string>): SiteFile => ({
    path: file,
    contents: async () => contents(),
  });
  const extras: SiteFile[] = [
    text(`${base}sitemap.xml`, async () => {
      const indexable = (await site.routePages()).filter((p) => !p.noIndex).map((p) => p.props.path);
      return renderSitemap(siteConfig.url, indexable);
    }),
    text('robots.txt', () => renderRobots(siteConfig.url, siteConfig.baseUrl)),
    text(`${base}manifest.webmanifest`, () => renderWebManifest(siteConfig)),
    text('_headers', async () =>
      mergeHeaders(renderHeadersFile(contentSecurityPolicy(siteConfig)), await siteHostFile('_headers')),
    ),
    text('_redirects', async () =>
      mergeRedirects(
        renderRedirects(siteConfig.baseUrl, htmlFileOf(notFound, notFound)),
        await siteHostFile('_redirects'),
      ),
    ),
  ];
  const [rss, atom] = feedFilesOf(siteConfig.baseUrl, model);
  if (rss && atom) {
    const feed = async (feedFile: string): Promise<FeedInput> => {
      const locale = currentLocaleOf(siteConfig);
      const listed = model.posts.filter((p) => !p.frontMatter.unlisted);
      return {
        title: `${siteConfig.title} – ${siteConfig.blog.title}`,
        description: siteConfig.blog.description,
        siteUrl: `${siteConfig.url}${model.basePaths.blog}`,
        feedUrl: `${siteConfig.url}/${feedFile}`,
        language: locale.htmlLang,
        copyright: siteConfig.footer.copyright,
        items: await Promise.all(
          listed.map(async (post) => ({
            title: post.title,
            url: `${siteConfig.url}${post.route}`,
            date: post.date,
            description: post.frontMatter.description ?? '',
            // Feed readers need absolute links.
            html: (await site.page(post.source.file)).html.replace(/(href|src)="\//g, `$1="${siteConfig.url}/`),
            authors: post.authors.map((a) => a.name),
          })),
        ),
      };
    };
    extras.push(
      text(rss, async () => renderRss(await feed(rss))),
      text(atom, async () => renderAtom(await feed(atom))),
    );
  }

  return {
    pages,
    search,
    extras,
    assets: bundle.files.map((file) => ({ path: file.path, contents: async () => file.contents })),
    copies: [
      ...site.content.discovered.staticFiles
        .filter((file) => !(hostFileNames as readonly string[]).includes(file))
        .map((file) => ({
          path: `${base}${file}`,
          from: path.join(config.paths.static, file),
        })),
      // Known once the pages are compiled: `build` asks for the copies after compiling every page.
      ...site.assets.copies(),
    ],
  };
}
