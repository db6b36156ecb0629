import { italianCatalogue, italianLanguage } from './italian';

/** An interface string's id: Docusaurus's translation id where Docusaurus has one (see `italian.ts`). */
export type TranslationId = keyof typeof italianCatalogue;

/** Every interface string of the theme, by id. */
export type Catalogue = Readonly<Record<TranslationId, string>>;

/** The interface of a site: its strings, and the language (`htmlLang`) dates and plural forms follow. */
export interface InterfaceText {
  lang: string;
  strings: Catalogue;
}

/** The theme's catalogues, the first one serving the languages none of them is in. */
const catalogues: readonly InterfaceText[] = [{ lang: italianLanguage, strings: italianCatalogue }];

/** The primary language of a BCP 47 tag: `zh-CN` → `zh`. */
const languageOf = (tag: string) => tag.split('-')[0]!.toLowerCase();

/**
 * The interface of a site whose pages are in `htmlLang`: the catalogue of that language, else the first one.
 * The theme has one catalogue so far (Italian), which every site gets, dates and plural forms included, so that
 * each sentence is in one language; a site's own overrides are to be applied here too.
 */
export function interfaceTextOf(htmlLang: string): InterfaceText {
  return catalogues.find((c) => languageOf(c.lang) === languageOf(htmlLang)) ?? catalogues[0]!;
}

/**
 * The strings the markdown compiler writes into the pages' HTML (admonition titles, heading link labels). A
 * compiled page is cached by its text and the compiler's code, so these come from the theme's catalogue itself.
 */
export function compilerStrings(): Catalogue {
  return italianCatalogue;
}

/** Reads the strings of one interface: `{name}` placeholders filled, plural forms chosen, dates written out. */
export interface Translator {
  readonly lang: string;
  /** The string `id`, its `{name}` placeholders replaced by `values` (unknown ones left as written). */
  t(id: TranslationId, values?: Readonly<Record<string, string | number>>): string;
  /** The plural form of `id` for `count` (Docusaurus's `a|b` convention), placeholders filled. */
  plural(id: TranslationId, count: number, values?: Readonly<Record<string, string | number>>): string;
  /** `YYYY-MM-DD` as a reader of the language writes it (`14 giugno 2023`), the same on server and client. */
  date(isoDate: string): string;
}

/** Splits a string at its placeholders: `'a {x} b'` → `['a ', {name: 'x'}, ' b']`. */
export function placeholderParts(text: string): (string | { name: string })[] {
  const parts: (string | { name: string })[] = [];
  let from = 0;
  for (const match of text.matchAll(/\{(\w+)\}/g)) {
    if (match.index > from) parts.push(text.slice(from, match.index));
    parts.push({ name: match[1]! });
    from = match.index + match[0].length;
  }
  if (from < text.length) parts.push(text.slice(from));
  return parts;
}

/** `text` with its `{name}` placeholders replaced by `values` (unknown ones left as written). */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string | number>> | undefined): string {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** Plural categories in the order Docusaurus lists the forms of a `a|b|…` string. */
const pluralOrder: Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

const translators = new WeakMap<InterfaceText, Translator>();

/** The translator of an interface (one per interface: its `Intl` objects are made once). */
export function translatorOf(text: InterfaceText): Translator {
  let translator = translators.get(text);
  if (translator) return translator;
  const rules = new Intl.PluralRules(text.lang);
  const categories = rules.resolvedOptions().pluralCategories;
  const forms = pluralOrder.filter((c) => categories.includes(c));
  // UTC on both sides: a date is a calendar day, whatever the reader's time zone.
  const dates = new Intl.DateTimeFormat(text.lang, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  translator = {
    lang: text.lang,
    t: (id, values) => fillPlaceholders(text.strings[id], values),
    plural(id, count, values) {
      const variants = text.strings[id].split('|');
      const form = Math.min(forms.indexOf(rules.select(count)), variants.length - 1);
      return fillPlaceholders(variants[Math.max(0, form)]!, values);
    },
    date(isoDate) {
      const [y, m, d] = isoDate.split('-').map(Number);
      return dates.format(Date.UTC(y!, (m ?? 1) - 1, d ?? 1));
    },
  };
  translators.set(text, translator);
  return translator;
}
