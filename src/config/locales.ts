/** A locale as the rest of docs-it reads it: every field known. */
export interface LocaleConfig {
  /** Locale code as used in URLs, e.g. `zh-cn`. */
  code: string;
  label: string;
  direction: 'ltr' | 'rtl';
  htmlLang: string;
  calendar: string;
  /** Folder name of the locale's translations. */
  path: string;
}

/** What a config may say about a locale besides its code. */
export type LocaleFields = Partial<Omit<LocaleConfig, 'code'>>;

/** `i18n` as written, after the schema's checks: Docusaurus's shape (codes and `localeConfigs`) or docs-it's. */
export interface I18nInput {
  defaultLocale: string;
  currentLocale?: string | undefined;
  locales?: (string | ({ code: string } & LocaleFields))[] | undefined;
  localeConfigs: Record<string, LocaleFields>;
}

export interface I18nConfig {
  /** The locale served at the site root; the others get a path segment. */
  defaultLocale: string;
  /** The locale this site is in. */
  currentLocale: string;
  locales: LocaleConfig[];
}

/** `zh-cn` → `zh-CN`: the code as a BCP 47 tag. */
function htmlLangOf(code: string): string {
  const [language, region] = code.split('-');
  return region ? `${language}-${region.toUpperCase()}` : language!;
}

/** The language's name in itself, capitalised as a menu item: `de` → `Deutsch`, `fr` → `Français`. */
function labelOf(tag: string): string {
  const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
  return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
}

/** Right to left for the languages written so (`ar`, `he`, …), as the runtime's locale data says. */
function directionOf(tag: string): 'ltr' | 'rtl' {
  const locale = new Intl.Locale(tag) as Intl.Locale & { textInfo?: { direction?: string } };
  return locale.textInfo?.direction === 'rtl' ? 'rtl' : 'ltr';
}

/**
 * Every locale with every field: a site that names none has one, `en`; one that names `defaultLocale` alone has
 * that one; locales given by code (Docusaurus's `locales: ['en', 'fr']`) take their fields from `localeConfigs`,
 * and each missing field its default.
 */
export function completeI18n(i18n: I18nInput): I18nConfig {
  const written = i18n.locales ?? [i18n.defaultLocale];
  const locales = written.map((entry): LocaleConfig => {
    const { code, ...fields } = typeof entry === 'string' ? { code: entry } : entry;
    const given: LocaleFields = { ...i18n.localeConfigs[code], ...fields };
    const htmlLang = given.htmlLang ?? htmlLangOf(code);
    return {
      code,
      label: given.label ?? labelOf(htmlLang),
      direction: given.direction ?? directionOf(htmlLang),
      htmlLang,
      calendar: given.calendar ?? 'gregory',
      path: given.path ?? code,
    };
  });
  return { defaultLocale: i18n.defaultLocale, currentLocale: i18n.currentLocale ?? i18n.defaultLocale, locales };
}

/**
 * The locale the site is built in (the schema checks that `currentLocale` is one of the locales). Here, not beside
 * the schema: the pages' templates ask it, and a build that reuses its validated config loads no schema.
 */
export function currentLocaleOf(site: { i18n: I18nConfig }): LocaleConfig {
  return site.i18n.locales.find((l) => l.code === site.i18n.currentLocale)!;
}
