/*
 * Pages of many distinct Italian-looking words, for the tests of the index's stemming (a stem thread, words stemmed
 * ahead): the words' order is fixed, so a test taking the first `n` always indexes the same ones.
 */
import * as assert from 'uvu/assert';
import type { SearchPage } from '../src/search/records';

/** Italian-looking words, many distinct (roots with prefixes and endings the stemmer cuts or keeps). */
export function wordsOf(count: number): string[] {
  const roots = (
    'compil finestr aggiorn configur notific process percors dialog legg scriv event comand ' +
    'install distribu firm verific present cerc trov port cost lavor program disegn'
  ).split(' ');
  const ends = ' are ato ata ati azione azioni mente ismo ista ando endo iamo ete ono ava evano ire ito ezza'.split(
    ' ',
  );
  const starts = ['', 'ri', 'pre', 'de', 'sotto', 'inter', 'contro', 'auto', 'iper', 'anti', 'semi', 'multi'];
  const all: string[] = [];
  for (const start of starts) for (const root of roots) for (const end of ends) all.push(`${start}${root}${end}`);
  assert.ok(all.length >= count, `only ${all.length} words`);
  return all.slice(0, count);
}

/** Pages that hold `all` between them, 300 a page, some repeated on the next page. */
export function pagesOf(all: readonly string[]): SearchPage[] {
  const perPage = 300;
  return Array.from({ length: Math.ceil(all.length / perPage) }, (_, p) => ({
    url: `/it/v1/guide/pagina-${p}`,
    title: `Pagina ${p}`,
    category: 'Guide',
    keywords: [],
    description: null,
    weight: 1,
    blocks: [
      { kind: 'heading', level: 2, text: all[p]!, id: `h-${p}` },
      { kind: 'text', text: all.slice(p * perPage, (p + 1) * perPage + 40).join(' ') },
    ] as SearchPage['blocks'],
  }));
}
