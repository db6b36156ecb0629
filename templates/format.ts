interface LocaleSite {
  baseUrl: string;
  defaultLocale: string;
  currentLocale: string;
  locales: { code: string; path: string }[];
}

/**
 * The URL of the same page in another locale. The site is served at `baseUrl`; when that ends with the current
 * locale's path (`/ko/` for `ko`), the translations sit beside it as Docusaurus lays them out: the default
 * locale at the root, each other one under its path (`/fr/…`). The current locale is the page itself.
 */
export function localeHref(path: string, site: LocaleSite, locale: { code: string; path: string }): string {
  if (locale.code === site.currentLocale) return path;
  const current = site.locales.find((l) => l.code === site.currentLocale);
  const suffix = current ? `${current.path}/` : '';
  const translated = current && site.currentLocale !== site.defaultLocale && site.baseUrl.endsWith(`/${suffix}`);
  const root = translated ? site.baseUrl.slice(0, -suffix.length) : site.baseUrl;
  const rest = path.startsWith(site.baseUrl)
    ? path.slice(site.baseUrl.length)
    : path === site.baseUrl.replace(/\/$/, '')
      ? ''
      : path.replace(/^\//, '');
  return locale.code === site.defaultLocale ? `${root}${rest}` : `${root}${locale.path}/${rest}`;
}
