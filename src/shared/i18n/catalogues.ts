/*
 * The theme's catalogues and the choice of one for a site. Build-side only: the browser reads the site's strings
 * from its config (`SiteChrome.text`), never this module, so a site's own strings are the ones it shows.
 */

import { englishCatalogue, englishLanguage } from './english';
import type { Catalogue, InterfaceText } from './interface-text';
import { italianCatalogue, italianLanguage } from './italian';

/** The theme's catalogues, the first one serving the languages none of them is in. */
const catalogues: readonly InterfaceText[] = [
  { lang: italianLanguage, strings: italianCatalogue },
  { lang: englishLanguage, strings: englishCatalogue },
];

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
 * The interface the markdown compiler writes into the pages' HTML (admonition titles, heading link labels). A
 * compiled page is cached by its text and the compiler's code, so it comes from the theme's catalogue itself.
 */
export const compilerText: InterfaceText = catalogues[0]!;

/** `compilerText`'s strings. */
export const compilerStrings: Catalogue = compilerText.strings;
