import { MeiliSearch } from 'meilisearch';
import type { ClientConfig } from '../client-config';
import { markClose, markOpen, stripMarks } from './highlight';
import { cropLength, type Hierarchy, levels, type SearchHit, type SearchProvider } from './types';

type RecordHit = Record<string, unknown> & { _formatted?: Record<string, unknown> };

const text = (value: unknown) => (typeof value === 'string' ? value : null);

function hierarchyOf(source: Record<string, unknown>): Hierarchy {
  const hierarchy = {} as Hierarchy;
  for (const level of levels) hierarchy[level] = text(source[`hierarchy_${level}`]);
  return hierarchy;
}

/** A Meilisearch hit in the shape every provider returns. */
export function toSearchHit(hit: RecordHit, position: number): SearchHit {
  const formatted = hit._formatted ?? hit;
  const content = text(formatted.content);
  return {
    id: text(hit.id) ?? String(position),
    hierarchy: hierarchyOf(hit),
    content: content === null ? null : stripMarks(content),
    url: text(hit.url),
    anchor: text(hit.anchor),
    _formatted: { hierarchy: hierarchyOf(formatted), content },
  };
}

/** The Meilisearch filter for a language: `lang = "fr"`. */
export const languageFilter = (lang: string) => `lang = ${JSON.stringify(lang)}`;

/**
 * The hosted provider: the `meilisearch` client on `search.host` with the public key as Bearer token,
 * filtered by the page's language, highlights on every attribute, content cropped to 30 words.
 */
export function createMeilisearchProvider(search: ClientConfig['search'], lang: string): SearchProvider {
  const client = new MeiliSearch({ host: search.host ?? '', apiKey: search.apiKey, clientAgents: search.clientAgents });
  const index = client.index(search.indexUid);
  // Meilisearch highlights with <em> unless told otherwise; the hit shape (and the modal) use <mark>.
  const params = {
    filter: languageFilter(lang),
    attributesToHighlight: ['*'],
    highlightPreTag: markOpen,
    highlightPostTag: markClose,
    attributesToCrop: ['content'],
    cropLength,
    ...search.searchParams,
  };
  return {
    poweredBy: { label: 'Meilisearch', href: 'https://www.meilisearch.com/' },
    async search(query, signal) {
      const response = (await index.search(query, params, signal ? { signal } : undefined)) as
        | { hits?: unknown }
        | undefined;
      if (!response || !Array.isArray(response.hits)) throw new Error('Meilisearch ha risposto senza il campo hits');
      return (response.hits as RecordHit[]).map(toSearchHit);
    },
  };
}
