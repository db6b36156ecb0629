import type { SiteConfig } from '../config/schema';

/** The web app manifest that makes the site installable (name, scope, colours, icons). */
export function renderWebManifest(site: SiteConfig): string {
  const icon = (file: string, sizes: string, purpose?: string) => ({
    src: `${site.baseUrl}img/icons/${file}`,
    sizes,
    type: 'image/png',
    ...(purpose ? { purpose } : {}),
  });
  return JSON.stringify(
    {
      name: `${site.title} – Documentazione v1 in italiano`,
      short_name: 'Tauri v1 IT',
      description: 'La documentazione di Tauri v1 tradotta dalla comunità italiana, leggibile anche offline.',
      lang: 'it',
      dir: 'ltr',
      start_url: site.baseUrl,
      scope: site.baseUrl,
      display: 'standalone',
      theme_color: site.pwa.themeColor,
      background_color: site.pwa.backgroundColor,
      icons: [
        icon('icon-192.png', '192x192'),
        icon('icon-512.png', '512x512'),
        icon('icon-512-maskable.png', '512x512', 'maskable'),
      ],
    },
    null,
    2,
  );
}
