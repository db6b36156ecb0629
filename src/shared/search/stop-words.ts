/**
 * Function words of a few languages, folded (see `foldTerm`): they are in almost every section, so indexing them
 * only bloats the index and slows queries down. Keyed by primary language subtag; a language not listed here
 * indexes every word.
 */
const stopWords: Record<string, string> = {
  en: 'a an and are as at be by for from in is it of on or that the this to was with',
  fr: [
    'a au aux avec ce ces cet cette d dans de des du elle elles en est et il ils je l la le les leur lui ma mais me',
    'mes mon ne nous on ou par pas pour qu que qui sa se ses son sont sur ta te tes ton tu un une vous y',
  ].join(' '),
  it: [
    'a ad al alla alle agli ai all anche che chi ci col con da dal dalla dalle dai dagli dall degli dei del della',
    'delle dell dello di e ed gli ha ho i il in la le lo l ma nei nel nella nelle nello nell non o per piu se si',
    'sia sono su sul sulla sull tra un una uno the of and to',
  ].join(' '),
};

/** The stop words of a language (`fr`, `zh-CN`…), or none for a language without a list. */
export function stopWordsOf(lang: string): string[] {
  const list = stopWords[lang.toLowerCase().split('-')[0]!];
  return list ? list.split(' ') : [];
}
