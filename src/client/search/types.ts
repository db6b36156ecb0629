/** The seven hierarchy levels of a hit: lvl0 category, lvl1 subcategory (page), lvl2–lvl6 headings. */
export interface Hierarchy {
  lvl0: string | null;
  lvl1: string | null;
  lvl2: string | null;
  lvl3: string | null;
  lvl4: string | null;
  lvl5: string | null;
  lvl6: string | null;
}

export const levels = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

/** One search result, the same shape from every provider. */
export interface SearchHit {
  id: string;
  hierarchy: Hierarchy;
  /** Body text cropped to 30 words around the match; null for a heading hit. */
  content: string | null;
  url: string | null;
  anchor: string | null;
  /** The same texts with `<mark>` around matched words (and nothing else that is markup). */
  _formatted: { hierarchy: Hierarchy; content: string | null };
}

/** Where the modal's results come from. */
export interface SearchProvider {
  /**
   * Shown after "Powered by": what answers the queries (the search service, or docs-it's own local engine),
   * linked to its page when it has one.
   */
  readonly poweredBy: { label: string; href?: string };
  /** Hits for a non-empty query, best first; rejects on failure or an unusable response. */
  search(query: string, signal?: AbortSignal): Promise<SearchHit[]>;
  /** Starts loading what the first query needs (the local index), when the modal opens. */
  preload?(): void;
}

/** Words kept around a match in `content`. */
export const cropLength = 30;
