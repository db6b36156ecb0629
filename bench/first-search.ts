/*
 * What a reader's first search downloads, each file gzipped as a server sends it: the local index's entry and
 * stemmer module (what the search modal loads as it opens), then the term and postings shards the query's words
 * need and the text files of its hits. Each query is measured as a first search (nothing loaded before it).
 */
import { gzipSync } from 'node:zlib';
import { createLocalSearch } from '../src/client/search/local-search';
import type { LocalIndexEntry } from '../src/shared/search/local-index-format';
import type { Stem } from '../src/shared/search/stemmers';

/** What synthetic and real readers type first: words, words being typed, a typo, two words, a number. */
export const firstQueries = [
  'configurazione',
  'comando',
  'finestra trasparente',
  'invok',
  'allowlist',
  'notifiche',
  'aggiornamneto',
  'webview',
  'sidecar',
  'rust',
  'errori comando',
  'pagina 1234',
];

export interface FirstSearch {
  /** The entry and the stemmer module, gzipped bytes. */
  openBytes: number;
  /**
   * Per query: what its first search loads after the entry, gzipped bytes (of which the index's shards, the rest
   * being its hits' text files), and how many files.
   */
  queries: { q: string; bytes: number; shardBytes: number; files: number; hits: number }[];
}

/**
 * `read(path)` reads a file of the search folder (a path under it: `local-index.json`, `terms/0.json`…), `stem` is
 * the index's stemmer module when it has one.
 */
export async function measureFirstSearch(
  read: (path: string) => string,
  stem: Stem | undefined,
  queries: readonly string[] = firstQueries,
): Promise<FirstSearch> {
  const gz = (text: string) => gzipSync(text).length;
  const entryJson = read('local-index.json');
  const entry = JSON.parse(entryJson) as LocalIndexEntry;
  const openBytes = gz(entryJson) + (entry.stemmer ? gz(read(entry.stemmer)) : 0);
  const measured: FirstSearch['queries'] = [];
  for (const q of queries) {
    let bytes = 0;
    let shardBytes = 0;
    let files = 0;
    const search = createLocalSearch(
      entry,
      async (path) => {
        const json = read(path);
        bytes += gz(json);
        if (!path.startsWith('text/')) shardBytes += gz(json);
        files++;
        return JSON.parse(json) as unknown;
      },
      stem,
    );
    const hits = await search.search(q);
    measured.push({ q, bytes, shardBytes, files, hits: hits.length });
  }
  return { openBytes, queries: measured };
}

/** Issue 35: a first search at 100,000 pages loads under 300 KB gzipped. */
export const firstSearchBudgetKb = 300;

/** The most index data (entry, stemmer, shards: no page text) a first search loads. */
export const largestIndexBytes = (measured: FirstSearch) =>
  measured.openBytes + Math.max(...measured.queries.map((q) => q.shardBytes));

/**
 * One line per site: the open, the median and the largest first search (with its query), and the most index data
 * one loads (no page text), in KB.
 */
export function firstSearchLine(name: string, measured: FirstSearch): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const totals = measured.queries.map((q) => ({ ...q, total: measured.openBytes + q.bytes }));
  const sorted = [...totals].sort((a, b) => a.total - b.total);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const largest = sorted[sorted.length - 1]!;
  return (
    `${name.padEnd(17)} ${kb(measured.openBytes).padStart(10)} ${kb(median.total).padStart(11)} ` +
    `${kb(largest.total).padStart(11)} ${kb(largestIndexBytes(measured)).padStart(12)}  ` +
    `(«${largest.q}», ${largest.files} files)` +
    (largest.total > firstSearchBudgetKb * 1024 ? `  OVER the budget of ${firstSearchBudgetKb} KB` : '')
  );
}
