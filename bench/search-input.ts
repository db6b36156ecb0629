/*
 * The search stage's input of a site, computed by the build's own stages (compiled pages come from the cache
 * when warm): what bench:search and bench:relevance index and query.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { createLocalSearch, type LocalSearch } from '../src/client/search/local-search';
import { loadConfig } from '../src/config/load-config';
import type { SearchInput } from '../src/search/search-files';
import { loadStemmer } from '../src/search/stemmer';
import type { LocalIndexEntry } from '../src/shared/search/local-index-format';
import { searchDirOf } from '../src/shared/urls';
import { siteFiles } from '../src/site/files/site-files';
import { startRun } from '../src/site/run';
import { createSite, readContent } from '../src/site/site';

export const repo = path.resolve(import.meta.dirname, '..');

/** The bundled CLI's folder, bundled first if its sources changed: its code versions key the cache. */
function cliDir(): string {
  spawnSync(process.execPath, [path.join(repo, 'bin/docs-it.mjs'), '--help'], { cwd: repo });
  return path.join(repo, 'node_modules/.cache/docs-it/cli');
}

/** The input the build's search files are made from, as the build computes it. */
export async function searchInputOf(configFile: string): Promise<SearchInput> {
  const options = { packageRoot: repo, config: configFile, cliDir: cliDir() };
  const run = await startRun(options, 'build');
  const config = await loadConfig(options, run.cache.modules);
  const site = createSite(config, await readContent(config, run.cache.modules), run.stages);
  await site.compileAll();
  run.end();
  const { searchSource } = siteFiles(site, run.stages);
  const pages: SearchInput['pages'] = [];
  for await (const page of searchSource.pages()) pages.push(page);
  return { ...searchSource.head(), pages };
}

/**
 * The local search of a site's search files, as the browser makes it (shards read from `files`); `loaded`, when
 * given, gets the path of each file a search reads.
 */
export async function localSearchOf(
  input: Pick<SearchInput, 'options' | 'words'>,
  files: Map<string, string>,
  loaded?: (path: string) => void,
): Promise<LocalSearch> {
  const dir = searchDirOf(input.options.baseUrl);
  const entry = JSON.parse(files.get(`${dir}local-index.json`)!) as LocalIndexEntry;
  const stem = input.words.stemmer ? await loadStemmer(input.words.stemmer) : undefined;
  return createLocalSearch(
    entry,
    async (file) => {
      loaded?.(`${dir}${file}`);
      return JSON.parse(files.get(`${dir}${file}`)!) as unknown;
    },
    stem,
  );
}
