import type { LocalIndexEntry, PageText } from '../../shared/search/local-index-format';
import type { Stem } from '../../shared/search/stemmers';
import { countMatches, cropAndHighlight, highlight, termsOfText } from './highlight';
import { createIndexShards, type ShardLoader } from './index-shards';
import { createSectionRanker } from './section-ranker';
import { type Hierarchy, levels, type SearchHit } from './types';

export interface LocalSearch {
  /** Hits for a query: the best section of each matching page, best first. */
  search(query: string, limit?: number): Promise<SearchHit[]>;
  /**
   * The page of each hit and the section it opens (-1: the page's top), best first, and the index terms it
   * matched (no page text needed).
   */
  find(query: string, limit?: number): Promise<{ page: number; section: number; terms: string[] }[]>;
}

/** Hits per query (one per page). */
export const defaultLimit = 20;

/**
 * Search over a local index: its entry file, and its shards fetched through `load` as queries need them (and
 * kept). `stem` is the stemmer the index names (`entry.stemmer`); without it words match as written.
 */
export function createLocalSearch(entry: LocalIndexEntry, load: ShardLoader, stem?: Stem): LocalSearch {
  const shards = createIndexShards(entry, load);
  const ranker = createSectionRanker(entry, shards, stem);

  const find = async (query: string, limit = defaultLimit) => {
    await ranker.prepare(query);
    return ranker.rank(query, limit).map(({ page, section, terms }) => ({ page, section, terms }));
  };

  return {
    find,
    async search(query, limit = defaultLimit) {
      const found = await find(query, limit);
      const texts = await Promise.all(found.map((f) => shards.pageText(f.page)));
      return found.map((f, i) => hitOf(f.page, f.section, new Set(f.terms), texts[i]!));
    },
  };
}

/**
 * The terms of each text block of a section, found once per section: a page's text stays loaded, and its
 * sections come back as hits while the reader types.
 */
const blockTerms = new WeakMap<string[], Set<string>[]>();
function termsOfBlocks(blocks: string[]): Set<string>[] {
  let terms = blockTerms.get(blocks);
  if (!terms) {
    terms = blocks.map(termsOfText);
    blockTerms.set(blocks, terms);
  }
  return terms;
}

/** The hit of a section: its best-matching text block, or the heading itself when only headings matched. */
function hitOf(page: number, found: number, matched: Set<string>, text: PageText): SearchHit {
  const [url, category, title, firstSection, sections] = text;
  const section = found === -1 ? firstSection : found;
  const [anchor, headings, blocks] = sections[section - firstSection] ?? ['', [], []];
  let best = -1;
  let bestCount = 0;
  termsOfBlocks(blocks).forEach((terms, i) => {
    const count = countMatches(terms, matched);
    if (count > bestCount) [best, bestCount] = [i, count];
  });
  const values = [category, title, ...headings];
  const hierarchy = {} as Hierarchy;
  const formatted = {} as Hierarchy;
  levels.forEach((level, i) => {
    const value = values[i] ?? null;
    hierarchy[level] = value;
    formatted[level] = value === null ? null : highlight(value, matched);
  });
  const crop = best >= 0 ? cropAndHighlight(blocks[best]!, matched) : undefined;
  return {
    id: `${page}-${section}-${best}`,
    hierarchy,
    content: crop?.content ?? null,
    url,
    anchor: anchor || null,
    _formatted: { hierarchy: formatted, content: crop?.formatted ?? null },
  };
}
