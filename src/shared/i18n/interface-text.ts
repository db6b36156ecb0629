import type { englishCatalogue } from './english';

/** An interface string's id: Docusaurus's translation id where Docusaurus has one (see `english.ts`). */
export type TranslationId = keyof typeof englishCatalogue;

/** Every interface string of the theme, by id. */
export type Catalogue = Readonly<Record<TranslationId, string>>;

/** The interface of a site: its strings, and the language (`htmlLang`) dates and plural forms follow. */
export interface InterfaceText {
  lang: string;
  strings: Catalogue;
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

/** The names of the placeholders of a string, each once, in order (`'{a} {b}|{a}'` → `['a', 'b']`). */
export function placeholdersOf(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(/\{(\w+)\}/g), (m) => m[1]!))];
}

/** `text` with its `{name}` placeholders replaced by `values` (unknown ones left as written). */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string | number>> | undefined): string {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** Plural categories in the order Docusaurus lists the forms of a `a|b|…` string. */
const pluralOrder: Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

const translators = new WeakMap<InterfaceText, Translator>();

/**
 * The translator of an interface (one per interface). Its `Intl` objects are made on the first plural or date it is
 * asked for, once: making them loads the language's locale data, about 10 ms of a process's first use, which most
 * callers (the plain strings of `t`) never need.
 */
export function translatorOf(text: InterfaceText): Translator {
  let translator = translators.get(text);
  if (translator) return translator;
  let plurals: { rules: Intl.PluralRules; forms: Intl.LDMLPluralRule[] } | undefined;
  const pluralsOf = () => {
    if (plurals) return plurals;
    const rules = new Intl.PluralRules(text.lang);
    const categories = rules.resolvedOptions().pluralCategories;
    plurals = { rules, forms: pluralOrder.filter((c) => categories.includes(c)) };
    return plurals;
  };
  let dates: Intl.DateTimeFormat | undefined;
  translator = {
    lang: text.lang,
    t: (id, values) => fillPlaceholders(text.strings[id], values),
    plural(id, count, values) {
      const { rules, forms } = pluralsOf();
      const variants = text.strings[id].split('|');
      const form = Math.min(forms.indexOf(rules.select(count)), variants.length - 1);
      return fillPlaceholders(variants[Math.max(0, form)]!, values);
    },
    date(isoDate) {
      const [y, m, d] = isoDate.split('-').map(Number);
      // UTC on both sides: a date is a calendar day, whatever the reader's time zone.
      dates ??= new Intl.DateTimeFormat(text.lang, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
      return dates.format(Date.UTC(y!, (m ?? 1) - 1, d ?? 1));
    },
  };
  translators.set(text, translator);
  return translator;
}
