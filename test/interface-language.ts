/*
 * What "one language in the interface" means for the Italian site, in one place: the strings that stay in
 * English, and how a test finds an English word anywhere else.
 */

/**
 * The allow-list: interface strings that stay in English because the project's documents quote them. `spec`:
 * spec.md's labels, messages and error texts (§2, §8, §9; 'occured' spelt as the spec spells it). `siteLabels`:
 * the site's own labels quoted in site-facts.md. `{query}` stands for any text.
 */
export const keptInEnglish = {
  spec: [
    'Search',
    'Clear the query',
    'Cancel',
    'to select',
    'to navigate',
    'to close',
    'Powered by',
    'No results for "{query}"',
    'Try searching for:',
    'An error has occured. Please try again...',
    'This page crashed.',
    'Try again',
    'Retry',
    'Your Docusaurus site did not load properly.',
  ],
  siteLabels: [
    'Release Notes',
    'Repositories',
    'Help us translate',
    'Copyright © 2024 Tauri Contributors. CC-BY / MIT',
  ],
} as const;

/**
 * English words a documentation theme's interface is made of (controls, navigation, states, messages), and the
 * English function words its sentences need. Words Italian shares or borrows (in, menu, link, min, offline…)
 * are not listed, nor the names of things the site documents (window, event, path…).
 */
const englishWords = new Set(
  [
    'the a an and or of to for with without on at by from this that these your you our us we it is are was be',
    'has have not no yes all more less new old other next previous prev back forward up down top',
    'search searching query results result found clear cancel close open toggle select navigate powered try',
    'again error occurred occured failed loading load reload refresh retry crashed page pages home docs',
    'documentation content main skip navigation sidebar breadcrumbs contents table category categories',
    'expand collapse edit last updated update version versions language languages translate translation',
    'copy copied clipboard dark light mode theme note tip caution danger warning important info read',
    'minute minutes recent posts newer older entries archive tags tag blog posted author authors',
    'release notes repositories help did properly site available install installed continue',
    'direct anchor first',
  ]
    .join(' ')
    .split(' ')
    // Italian has these too: «info», «blog» and «tag» are Italian interface words, and «a» and «no» Italian ones.
    .filter((w) => !['a', 'no', 'info', 'blog', 'tag'].includes(w)),
);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * An allow-listed string as patterns: `{query}` matches any text, and where the placeholder is an element of its
 * own (`No results for "<strong>…</strong>"`) the text around it is allowed alone too.
 */
const patternsOf = (allowed: string) => [
  escapeRegExp(allowed).replace(/\\\{\w+\\\}/g, '.*?'),
  ...(/\{\w+\}/.test(allowed)
    ? allowed
        .split(/\{\w+\}/)
        .filter(Boolean)
        .map(escapeRegExp)
    : []),
];
const allowed = new RegExp(
  [...keptInEnglish.spec, ...keptInEnglish.siteLabels]
    .flatMap(patternsOf)
    .sort((a, b) => b.length - a.length)
    .join('|'),
  'g',
);

/**
 * The English words of an interface text once its allow-listed strings are taken out (none: all Italian). Not
 * words: `{placeholders}`, docs-it's name, file names (`site.config.ts`), Italian elisions (`all'`, `dell'`) and
 * the names an interface string quotes between «guillemets» (a heading's, a category's: the authors').
 */
export function englishWordsIn(text: string): string[] {
  const rest = text
    .replace(allowed, ' ')
    .replace(/«[^»]*»/g, ' ')
    // The generator's name, which its dev overlay says, is a name in any language.
    .replace(/\bdocs-it\b/g, ' ')
    .replace(/\{\w+\}|[\w-]+(?:\.[\w-]+)+|\p{L}+['’]/gu, ' ')
    .toLowerCase();
  return (rest.match(/\p{L}+/gu) ?? []).filter((word) => englishWords.has(word));
}
