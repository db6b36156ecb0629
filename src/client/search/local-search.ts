import MiniSearch, { type SearchOptions } from 'minisearch';
import { countMatches, cropAndHighlight, highlight } from './highlight';
import { decodeIndex, miniSearchOptions, type LocalIndexFile, type LocalTextShard, type SectionDocument } from './local-index-format';
import { indexTerm, tokenize } from './text-terms';
import { levels, type Hierarchy, type SearchHit } from './types';

/** Fetches the text shard of a page (`file` is its name in the index). */
export type TextLoader = (file: string) => Promise<LocalTextShard>;

export interface LocalSearch {
  /** Hits for a query: the best section of each matching page, best first. */
  search(query: string, limit?: number): Promise<SearchHit[]>;
  /** Sections matching a query and the index terms they matched (no text needed). */
  find(query: string, limit?: number): { section: number; terms: string[] }[];
  /** Categories (lvl0), most common first. */
  categories(): string[];
}

/** Hits per query (one per page). */
export const defaultLimit = 20;

/** Field weights: the title over headings over body text; the category barely counts. */
const boost = { k: 0.5, t: 3, h: 2, c: 1 };

/** Typo tolerance as Meilisearch's defaults: one typo from 5 letters, two from 9. */
const typos = (term: string) => (term.length >= 9 ? 2 : term.length >= 5 ? 1 : false);

/** Search over a local index file; text shards are fetched through `loadText` and kept. */
export function createLocalSearch(file: LocalIndexFile, loadText: TextLoader): LocalSearch {
  const index = MiniSearch.loadJS<SectionDocument>(decodeIndex(file), miniSearchOptions);
  // Sections higher in a page win ties: the page's top over its h2s over deeper headings.
  const sectionBoost = file.sections.map(([, anchor, headings]) => (anchor ? 1.05 - 0.01 * headings.length : 1.1));
  const firstSection: number[] = [];
  file.sections.forEach(([page], i) => (firstSection[page] ??= i));
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

  const find = (query: string, limit = defaultLimit) => {
    const terms = tokenize(query).filter((w) => indexTerm(w) !== null);
    if (terms.length === 0) return [];
    const options: SearchOptions = {
      prefix: (_term, i, all) => i === all.length - 1,
      fuzzy: typos,
      boost,
      boostDocument: (id: number) => sectionBoost[id] ?? 1,
    };
    let results = index.search(query, { ...options, combineWith: 'AND' });
    // Like Meilisearch, fall back to fewer words when all of them together find nothing.
    if (results.length === 0 && terms.length > 1) results = index.search(query, { ...options, combineWith: 'OR' });
    const seen = new Set<number>();
    const found: { section: number; terms: string[] }[] = [];
    for (const r of results) {
      const page = file.sections[r.id as number]![0];
      if (seen.has(page)) continue;
      seen.add(page);
      found.push({ section: r.id as number, terms: r.terms });
      if (found.length >= limit) break;
    }
    return found;
  };

  return {
    find,
    categories() {
      const counts = new Map<number, number>();
      for (const [, category] of file.pages) counts.set(category, (counts.get(category) ?? 0) + 1);
      return [...counts].sort((a, b) => b[1] - a[1]).map(([c]) => file.categories[c]!);
    },
    async search(query, limit = defaultLimit) {
      const found = find(query, limit);
      const texts = await Promise.all(found.map((f) => shardOf(file.sections[f.section]![0])));
      return found.map((f, i) => hitOf(file, f.section, new Set(f.terms), texts[i]!, firstSection));
    },
  };
}

/** The hit of a section: its best-matching text block, or the heading itself when only headings matched. */
function hitOf(file: LocalIndexFile, section: number, matched: Set<string>, shard: LocalTextShard, firstSection: number[]): SearchHit {
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
