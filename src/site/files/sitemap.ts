import { xmlText } from './xml-text';

/** The most URLs one sitemap file may list, by the sitemap protocol (sitemaps.org). */
export const sitemapUrlLimit = 50_000;

const xmlHead = '<?xml version="1.0" encoding="UTF-8"?>';
const sitemapNamespace = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/** A `urlset` listing the given indexable routes. */
export function renderSitemap(origin: string, paths: readonly string[]): string {
  const urls = paths
    .map((p) => `<url><loc>${xmlText(origin + p)}</loc><changefreq>weekly</changefreq></url>`)
    .join('\n');
  return `${xmlHead}\n<urlset ${sitemapNamespace}>\n${urls}\n</urlset>\n`;
}

/** A sitemap index pointing at the sitemap files at the given paths (from the site's root). */
export function renderSitemapIndex(origin: string, files: readonly string[]): string {
  const entries = files.map((f) => `<sitemap><loc>${xmlText(`${origin}/${f}`)}</loc></sitemap>`).join('\n');
  return `${xmlHead}\n<sitemapindex ${sitemapNamespace}>\n${entries}\n</sitemapindex>\n`;
}

/** One file of a site's sitemap: its path from the site's root and its text from the indexable routes. */
export interface SitemapFile {
  path: string;
  render(origin: string, paths: readonly string[]): string;
}

/**
 * The files of a sitemap for a site of `routeCount` routes (an upper bound of its indexable ones, known before
 * any page is rendered): `sitemap.xml` alone while it may list every route; past `limit`, `sitemap.xml` is an
 * index of `sitemap-1.xml`… each listing an equal share of the indexable routes, at most `limit` of them.
 */
export function sitemapFilesOf(baseUrl: string, routeCount: number, limit = sitemapUrlLimit): SitemapFile[] {
  const dir = baseUrl.slice(1);
  const main = `${dir}sitemap.xml`;
  if (routeCount <= limit) return [{ path: main, render: renderSitemap }];
  const count = Math.ceil(routeCount / limit);
  const parts = Array.from({ length: count }, (_, i) => `${dir}sitemap-${i + 1}.xml`);
  // Shares of the indexable routes, which are at most `routeCount`: each share is at most `limit` long.
  const shareOf = (paths: readonly string[], i: number) => {
    const size = Math.ceil(paths.length / count);
    return paths.slice(i * size, (i + 1) * size);
  };
  return [
    { path: main, render: (origin) => renderSitemapIndex(origin, parts) },
    ...parts.map((part, i) => ({
      path: part,
      render: (origin: string, paths: readonly string[]) => renderSitemap(origin, shareOf(paths, i)),
    })),
  ];
}

/** `robots.txt` allowing everything and pointing at the sitemap. */
export function renderRobots(origin: string, baseUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${origin}${baseUrl}sitemap.xml\n`;
}
