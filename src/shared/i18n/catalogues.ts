/*
 * The theme's catalogues and the choice of one for a site. Build-side only: the browser reads the site's strings
 * from its config (`SiteChrome.text`), never this module, so a site's own strings are the ones it shows.
 */
import { chineseCatalogue } from './chinese';
import { englishCatalogue } from './english';
import { frenchCatalogue } from './french';
import type { Catalogue, InterfaceText, TranslationId } from './interface-text';
import { italianCatalogue } from './italian';
import { koreanCatalogue } from './korean';

/** The theme's catalogues, by BCP 47 language tag. */
export const themeCatalogues: Readonly<Record<string, Catalogue>> = {
  en: englishCatalogue,
  it: italianCatalogue,
  fr: frenchCatalogue,
  ko: koreanCatalogue,
  'zh-CN': chineseCatalogue,
};

/** Every id the theme shows, in the reference catalogue's order. */
export const translationIds = Object.keys(englishCatalogue) as TranslationId[];

/** The reference catalogue: what a language without a catalogue, and an id a site's catalogue lacks, read. */
export const referenceCatalogue: Catalogue = englishCatalogue;

const primaryOf = (tag: string) => tag.split('-')[0]!.toLowerCase();

/**
 * The theme's catalogue for pages in `htmlLang`: the one of that very tag (`zh-CN`), else the one of its primary
 * language (`it-CH` → `it`), else none.
 */
export function themeCatalogueOf(htmlLang: string): Catalogue | undefined {
  const tags = Object.keys(themeCatalogues);
  const tag =
    tags.find((t) => t.toLowerCase() === htmlLang.toLowerCase()) ??
    tags.find((t) => primaryOf(t) === primaryOf(htmlLang));
  return tag === undefined ? undefined : themeCatalogues[tag];
}

/**
 * The interface of a site whose pages are in `htmlLang`: the theme's catalogue of that language (English when it
 * has none), with the site's own strings (`overrides`: its `code.json` and `themeText`) over it. Dates and plural
 * forms follow `htmlLang`.
 */
export function interfaceTextOf(htmlLang: string, overrides: Partial<Catalogue> = {}): InterfaceText {
  return { lang: htmlLang, strings: { ...(themeCatalogueOf(htmlLang) ?? referenceCatalogue), ...overrides } };
}
