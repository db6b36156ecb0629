import { xmlText } from './xml-text';

/** `sitemap.xml` listing every indexable route. */
export function renderSitemap(origin: string, paths: string[]): string {
  const urls = paths
    .map((p) => `<url><loc>${xmlText(origin + p)}</loc><changefreq>weekly</changefreq></url>`)
    .join('\n');
  const urlset = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';
  return `<?xml version="1.0" encoding="UTF-8"?>\n${urlset}\n${urls}\n</urlset>\n`;
}

/** `robots.txt` allowing everything and pointing at the sitemap. */
export function renderRobots(origin: string, baseUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${origin}${baseUrl}sitemap.xml\n`;
}
