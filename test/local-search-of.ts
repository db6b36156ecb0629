/*
 * The local search of an index built in a test, as the browser gets it: cut into its files (`shardLocalIndex`,
 * with the given shard sizes) and each file read through a JSON round trip when a query needs it.
 */
import { createLocalSearch, type LocalSearch } from '../src/client/search/local-search';
import type { LocalIndex } from '../src/search/local-index';
import { type ShardSizes, shardLocalIndex } from '../src/search/local-index-shards';
import type { LocalIndexEntry } from '../src/shared/search/local-index-format';
import type { Stem } from '../src/shared/search/stemmers';

export interface ShardedSearch {
  search: LocalSearch;
  entry: LocalIndexEntry;
  /** Every file of the index, by path under the search folder. */
  files: Map<string, string>;
  /** The paths the searches have read, in order. */
  loaded: string[];
}

export function localSearchOfIndex(
  local: LocalIndex,
  options: { stem?: Stem; sizes?: ShardSizes } = {},
): ShardedSearch {
  const files = shardLocalIndex(local.index, local.texts, options.sizes);
  const entry = JSON.parse(files.get('local-index.json')!) as LocalIndexEntry;
  const loaded: string[] = [];
  const search = createLocalSearch(
    entry,
    async (path) => {
      loaded.push(path);
      const json = files.get(path);
      if (json === undefined) throw new Error(`no search file ${path}`);
      return JSON.parse(json) as unknown;
    },
    options.stem,
  );
  return { search, entry, files, loaded };
}
