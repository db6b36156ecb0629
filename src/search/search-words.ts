import { type StemmerName, stemmerNameOf } from '../shared/search/stemmers';
import { stopWordsOf } from '../shared/search/stop-words';
import { foldTerm } from '../shared/search/text-terms';

/** How a site's search treats words: the same in its local index and in the Meilisearch settings it pushes. */
export interface SearchWords {
  /** Function words left out of the index and out of queries. */
  stopWords: string[];
  /** Groups of words or phrases (folded; a phrase's words apart by single spaces) each of which finds the others. */
  synonyms: string[][];
  /** The stemmer of the pages' language, or null when it has none. */
  stemmer: StemmerName | null;
}

/**
 * The search words of a site: stop words by its locale, the stemmer by the language of its pages (`htmlLang`),
 * the synonyms table of its config (`search.synonyms`), folded as the index folds words.
 */
export function searchWordsOf(site: { lang: string; htmlLang: string; synonyms: string[][] }): SearchWords {
  const synonyms = site.synonyms.map((group) => [...new Set(group.map(foldTerm))]).filter((group) => group.length > 1);
  return { stopWords: stopWordsOf(site.lang), synonyms, stemmer: stemmerNameOf(site.htmlLang) ?? null };
}
