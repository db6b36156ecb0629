const months = [
  'gennaio',
  'febbraio',
  'marzo',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'agosto',
  'settembre',
  'ottobre',
  'novembre',
  'dicembre',
];

/** `2023-06-14` → `14 giugno 2023`, the same on server and client (no time zone involved). */
export function formatDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${Number(d)} ${months[Number(m) - 1] ?? ''} ${y}`;
}

/** `/fr/docs/intro` → the same page in another locale (`/docs/intro` for the default one, `/ko/docs/intro`). */
export function localeHref(path: string, baseUrl: string, locale: string, defaultLocale: string): string {
  const rest = path.startsWith(baseUrl)
    ? path.slice(baseUrl.length)
    : path === baseUrl.replace(/\/$/, '')
      ? ''
      : path.replace(/^\//, '');
  return locale === defaultLocale ? `/${rest}` : `/${locale}/${rest}`;
}
