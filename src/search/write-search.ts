import type { SiteConfig } from '../config/schema';
import type { OutputSink } from '../render/render-routes';
import type { RoutePage } from '../render/route-props';
import { buildLocalIndex } from './local-index';
import { extractSearchRecords, type SearchRecord } from './records';

/** Folder of the search files under the site's base URL (`it/search/`). */
export const searchDirOf = (site: SiteConfig) => `${site.baseUrl.slice(1)}search/`;
/** Where `docs-it index` finds the records in a build. */
export const recordsFileOf = (site: SiteConfig) => `${searchDirOf(site)}records.json`;

/** The records of a site's pages, with the site's language, version and blog label. */
export function searchRecordsOf(pages: RoutePage[], site: SiteConfig): SearchRecord[] {
  return extractSearchRecords(pages, {
    lang: site.i18n.currentLocale,
    version: site.docs.version.label,
    blogLabel: site.blog.title,
  });
}

/**
 * Every search file of a build, by output path: `records.json` (what `docs-it index` pushes), the local
 * index `local-index.json` and one text shard per page under `text/`.
 */
export function searchFiles(pages: RoutePage[], site: SiteConfig): { files: Map<string, string>; records: number } {
  const dir = searchDirOf(site);
  const records = searchRecordsOf(pages, site);
  const local = buildLocalIndex(records);
  const files = new Map<string, string>([
    [`${dir}records.json`, JSON.stringify(records)],
    [`${dir}local-index.json`, JSON.stringify(local.index)],
  ]);
  for (const shard of local.shards) files.set(`${dir}text/${shard.file}`, JSON.stringify(shard.text));
  return { files, records: records.length };
}

/** Writes the search files into the build; resolves to the number of records. */
export async function writeSearch(pages: RoutePage[], site: SiteConfig, sink: OutputSink): Promise<number> {
  const { files, records } = searchFiles(pages, site);
  await Promise.all([...files].map(([path, contents]) => sink.write(path, contents)));
  return records;
}
