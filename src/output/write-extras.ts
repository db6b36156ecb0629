import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { ResolvedConfig } from '../config/load-config';
import type { ContentModel } from '../content/content-model';
import type { CompiledPage } from '../markdown/problems';
import { renderHeadersFile } from '../render/csp';
import type { RoutePage } from '../render/route-props';
import { type FeedInput, renderAtom, renderRss } from './feeds';
import type { OutputWriter } from './output-writer';
import { renderRobots, renderSitemap } from './sitemap';
import { renderWebManifest } from './web-manifest';

/** Writes sitemap, robots.txt, the blog feeds and the static files next to the pages. */
export async function writeExtras(
  config: ResolvedConfig,
  model: ContentModel,
  compiled: Map<string, CompiledPage>,
  pages: RoutePage[],
  writer: OutputWriter,
  staticFiles: string[],
): Promise<void> {
  const { site } = config;
  const base = site.baseUrl.slice(1);
  const indexable = pages.filter((p) => !p.noIndex).map((p) => p.props.path);
  await writer.write(`${base}sitemap.xml`, renderSitemap(site.url, indexable));
  await writer.write('robots.txt', renderRobots(site.url, site.baseUrl));
  await writer.write(`${base}manifest.webmanifest`, renderWebManifest(site));
  await writer.write('_headers', renderHeadersFile(site));
  if (model.posts.length) {
    const feed: FeedInput = {
      title: `${site.title} – ${site.blog.title}`,
      description: site.blog.description,
      siteUrl: `${site.url}${model.basePaths.blog}`,
      feedUrl: `${site.url}${site.baseUrl}blog/rss.xml`,
      language: site.i18n.locales.find((l) => l.code === site.i18n.currentLocale)?.htmlLang ?? 'it',
      copyright: site.footer.copyright,
      items: model.posts
        .filter((p) => !p.frontMatter.unlisted)
        .map((post) => ({
          title: post.title,
          url: `${site.url}${post.route}`,
          date: post.date,
          description: post.frontMatter.description ?? '',
          // Feed readers need absolute links.
          html: (compiled.get(post.source.file)?.html ?? '').replace(/(href|src)="\//g, `$1="${site.url}/`),
          authors: post.authors.map((a) => a.name),
        })),
    };
    await writer.write(`${base}blog/rss.xml`, renderRss(feed));
    await writer.write(
      `${base}blog/atom.xml`,
      renderAtom({ ...feed, feedUrl: `${site.url}${site.baseUrl}blog/atom.xml` }),
    );
  }
  await Promise.all(
    staticFiles.map(async (file) => {
      const from = path.join(config.paths.static, file);
      await writer.copy(from, `${base}${file}`, (await stat(from)).size);
    }),
  );
}
