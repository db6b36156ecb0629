/*
 * Which stemmer a site's search uses, by the language of its pages (`htmlLang`): the Snowball stemmers of
 * @orama/stemmers, a maintained package with one module per language. The build stems the index's words with
 * it and the browser loads the same module (a file beside the index) to stem queries; a language the package
 * has no stemmer for is searched word for word.
 */

/** The package's modules (`@orama/stemmers/<name>`). */
export const stemmerNames = [
  'arabic',
  'armenian',
  'bulgarian',
  'danish',
  'dutch',
  'english',
  'finnish',
  'french',
  'german',
  'greek',
  'hungarian',
  'indonesian',
  'irish',
  'italian',
  'lithuanian',
  'nepali',
  'norwegian',
  'portuguese',
  'romanian',
  'russian',
  'serbian',
  'spanish',
  'swedish',
  'tamil',
  'turkish',
  'ukrainian',
] as const;
export type StemmerName = (typeof stemmerNames)[number];

/** By primary language subtag (BCP 47). */
const byLanguage: Record<string, StemmerName> = {
  ar: 'arabic',
  hy: 'armenian',
  bg: 'bulgarian',
  da: 'danish',
  nl: 'dutch',
  en: 'english',
  fi: 'finnish',
  fr: 'french',
  de: 'german',
  el: 'greek',
  hu: 'hungarian',
  id: 'indonesian',
  ga: 'irish',
  it: 'italian',
  lt: 'lithuanian',
  ne: 'nepali',
  no: 'norwegian',
  nb: 'norwegian',
  nn: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  sr: 'serbian',
  es: 'spanish',
  sv: 'swedish',
  ta: 'tamil',
  tr: 'turkish',
  uk: 'ukrainian',
};

/** The stemmer for pages in `htmlLang` (`fr`, `pt-BR`…), or undefined for a language without one (`zh-CN`). */
export function stemmerNameOf(htmlLang: string): StemmerName | undefined {
  return byLanguage[htmlLang.toLowerCase().split('-')[0]!];
}

/** A stemmer: a word (folded, see `foldTerm`) to its stem. */
export type Stem = (word: string) => string;

/**
 * Stems shorter than this are not used to match words: Snowball's Italian stemmer cuts verb endings as well as
 * plurals (`comando` → `com`, the stem of `come` too), and such short stems join words that have nothing in
 * common. Longer stems join what a light stemmer would (`finestra`, `finestre`; `notifica`, `notifiche`).
 */
export const minStemLength = 4;
