import type { SiteConfig } from '../../config/site-schema';

/** The web app manifest that makes the site installable (name, scope, colours, icons). */
export function renderWebManifest(site: SiteConfig): string {
  const locale = site.i18n.locales.find((l) => l.code === site.i18n.currentLocale)!;
  const name = site.pwa.name ?? site.title;
  return JSON.stringify(
    {
      name,
      short_name: site.pwa.shortName ?? name,
      description: site.pwa.description ?? site.tagline,
      lang: locale.htmlLang,
      dir: locale.direction,
      start_url: site.baseUrl,
      scope: site.baseUrl,
      display: 'standalone',
      theme_color: site.pwa.themeColor,
      background_color: site.pwa.backgroundColor,
      icons: site.pwa.icons.map(({ src, sizes, purpose }) => ({
        src: `${site.baseUrl}${src}`,
        sizes,
        type: src.endsWith('.svg') ? 'image/svg+xml' : 'image/png',
        ...(purpose ? { purpose } : {}),
      })),
    },
    null,
    2,
  );
}
