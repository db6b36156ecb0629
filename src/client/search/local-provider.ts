import { type LocalIndexEntry, localIndexVersion } from '../../shared/search/local-index-format';
import type { Stem } from '../../shared/search/stemmers';
import { createLocalSearch, type LocalSearch } from './local-search';
import type { SearchProvider } from './types';

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/**
 * The offline provider: downloads the local index's entry on first use (the modal asks for it as soon as it
 * opens), the shards of a query's words as queries need them, and each page's text the first time it is a hit.
 */
export function createLocalProvider(indexUrl: string): SearchProvider {
  const base = new URL(indexUrl, location.href);
  let ready: Promise<LocalSearch> | undefined;
  const load = () =>
    (ready ??= fetchJson<LocalIndexEntry>(base.href)
      .then(async (file) => {
        if (file.v !== localIndexVersion)
          throw new Error(`${base.pathname}: formato ${String(file.v)} non supportato (atteso ${localIndexVersion})`);
        // The index's own stemmer module, from beside it: queries are stemmed as its words were.
        const stem = file.stemmer
          ? ((await import(new URL(file.stemmer, base).href)) as { stemmer: Stem }).stemmer
          : undefined;
        return createLocalSearch(file, (path) => fetchJson(new URL(path, base).href), stem);
      })
      .catch((error: unknown) => {
        // Let the next query try again (the network may be back).
        ready = undefined;
        throw error;
      }));
  return {
    // The index, the ranking and the typo search are docs-it's own (MiniSearch is only the test's reference).
    poweredBy: { label: 'docs-it' },
    preload: () => void load().catch(() => undefined),
    search: async (query) => (await load()).search(query),
  };
}
