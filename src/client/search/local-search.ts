import type { LocalIndexFile, LocalTextShard } from '../../shared/search/local-index-format';
import type { Stem } from '../../shared/search/stemmers';
import { countMatches, cropAndHighlight, highlight } from './highlight';
import { createSectionRanker } from './section-ranker';
import { type Hierarchy, levels, type SearchHit } from './types';

/** Fetches the text shard of a page (`file` is its name in the index). */
export type TextLoader = (file: string) => Promise<LocalTextShard>;

export interface LocalSearch {
  /** Hits for a query: the best section of each matching page, best first. */
  search(query: string, limit?: number): Promise<SearchHit[]>;
  /** The section each matching page's hit opens, best first, and the index terms it matched (no text needed). */
  find(query: string, limit?: number): { section: number; terms: string[] }[];
}

/** Hits per query (one per page). */
export const defaultLimit = 20;

/**
 * Search over a local index file; text shards are fetched through `loadText` and kept. `stem` is the stemmer the
 * index names (`file.stemmer`); without it words match as written.
 */
export function createLocalSearch(file: LocalIndexFile, loadText: TextLoader, stem?: Stem): LocalSearch {
  // Sections higher in a page win ties: the page's top over its h2s over deeper headings.
  const sectionBoost = Float64Array.from(file.sections, ([, anchor, headings]) =>
    anchor ? 1.05 - 0.01 * headings.length : 1.1,
  );
  const ranker = createSectionRanker(file, sectionBoost, stem);
  const firstSection: number[] = [];
  file.sections.forEach(([page], i) => {
    firstSection[page] ??= i;
  });
  const shards = new Map<string, Promise<LocalTextShard>>();
  const shardOf = (page: number) => {
    const name = file.pages[page]![3];
    let shard = shards.get(name);
    if (!shard) {
      shard = loadText(name);
      shards.set(name, shard);
      shard.catch(() => shards.delete(name));
    }
    return shard;
  };

  const find = (query: string, limit = defaultLimit) =>
    ranker.rank(query, limit).map(({ section, terms }) => ({ section, terms }));

  return {
    find,
    async search(query, limit = defaultLimit) {
      const found = find(query, limit);
      const texts = await Promise.all(found.map((f) => shardOf(file.sections[f.section]![0])));
      return found.map((f, i) => hitOf(file, f.section, new Set(f.terms), texts[i]!, firstSection));
    },
  };
}

/** The hit of a section: its best-matching text block, or the heading itself when only headings matched. */
function hitOf(
  file: LocalIndexFile,
  section: number,
  matched: Set<string>,
  shard: LocalTextShard,
  firstSection: number[],
): SearchHit {
  const [page, anchor, headings] = file.sections[section]!;
  const [url, category, title] = file.pages[page]!;
  const blocks = shard[section - firstSection[page]!] ?? [];
  let best = -1;
  let bestCount = 0;
  blocks.forEach((text, i) => {
    const count = countMatches(text, matched);
    if (count > bestCount) [best, bestCount] = [i, count];
  });
  const values = [file.categories[category]!, title, ...headings];
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
