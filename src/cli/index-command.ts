import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config/load-config';
import { currentLocaleOf } from '../config/locales';
import { DocsItError } from '../errors';
import { describeMeilisearchError, describeOutcome, PushFailure, pushToMeilisearch } from '../search/meilisearch-push';
import type { SearchRecord } from '../search/records';
import { parseRecordsList, recordsListOf } from '../search/records-files';
import { searchWordsOf } from '../search/search-words';
import { formatMs } from '../shared/format-units';
import { CommandFailure } from './run-command';
import type { FailureText, TerminalReporter } from './terminal-reporter';

export interface IndexCommandOptions {
  /** The docs-it package. */
  packageRoot: string;
  /** Site config file. */
  config?: string;
  /** Build folder holding the records (default `build`). */
  dir?: string;
  /** Meilisearch host (default: `search.host` of the config, or `DOCS_IT_SEARCH_HOST`). */
  host?: string;
  /** Key allowed to write indexes (`--key` or `DOCS_IT_INDEX_KEY`). */
  key?: string;
  /** Index uid (default: `search.indexUid` of the config). */
  index?: string;
  /** Task waits, for tests (defaults: the client's 5000 ms and 50 ms). */
  timeOutMs?: number;
  intervalMs?: number;
  /** Longest wait for one HTTP answer, in ms (`--timeout`, default 10000). */
  requestTimeoutMs?: number;
  /** How long to wait for another run filling the same index (`--wait`, default 300000 ms). */
  waitMs?: number;
  /** For tests: time between two looks at that run, when a left-behind temporary index counts as dead, run id. */
  lockPollMs?: number;
  staleMs?: number;
  runId?: string;
  env?: Record<string, string | undefined>;
}

/**
 * How a failed run reads: what the server answered, detail by detail (the reporter escapes control characters:
 * a hostile or broken server must not rewrite the terminal), then what readers get now (see `indexCommand`).
 */
export const indexFailure: FailureText = {
  describe: (error) => describeMeilisearchError(error),
};

/**
 * `docs-it index`: pushes the records of a finished build to Meilisearch. A failure ends with what the live
 * index serves now: after a swap that is the new index, not "unchanged".
 */
export async function indexCommand(options: IndexCommandOptions, reporter: TerminalReporter): Promise<void> {
  let indexUid = options.index ?? 'docs';
  try {
    const config = await loadConfig({
      packageRoot: options.packageRoot,
      config: options.config,
      out: options.dir,
      env: options.env,
    });
    const search = config.site.search;
    indexUid = options.index ?? search.indexUid;
    const host = options.host ?? search.host;
    if (!host)
      throw new DocsItError(
        'no Meilisearch host',
        undefined,
        'Pass --host http://127.0.0.1:7700, set search.host in the config, or DOCS_IT_SEARCH_HOST.',
      );
    const records = await readRecords(
      path.join(config.paths.out, recordsListOf(config.site.baseUrl)),
      config.paths.root,
    );
    reporter.info(`docs-it index: ${records.length} documents for the index ${indexUid}`);
    const words = searchWordsOf({
      lang: config.site.i18n.currentLocale,
      htmlLang: currentLocaleOf(config.site).htmlLang,
      synonyms: search.synonyms,
    });
    const summary = await pushToMeilisearch({
      host,
      apiKey: options.key,
      indexUid,
      records,
      words,
      timeOutMs: options.timeOutMs,
      intervalMs: options.intervalMs,
      requestTimeoutMs: options.requestTimeoutMs,
      lockWaitMs: options.waitMs,
      lockPollMs: options.lockPollMs,
      staleMs: options.staleMs,
      runId: options.runId,
      log: (line) => reporter.info(`  ${line}`),
    });
    reporter.result(
      `${summary.indexUid} now serves the ${summary.documents} documents of this run ` +
        `(${summary.batches} ${summary.batches === 1 ? 'batch' : 'batches'}, ${formatMs(summary.ms)})`,
    );
  } catch (error) {
    // Every outcome says what readers get now: after a swap that is the new index, not "unchanged".
    const outcome = error instanceof PushFailure ? describeOutcome(error) : [`This run did not change ${indexUid}.`];
    throw new CommandFailure(error, outcome);
  }
}

/**
 * The records of a build: its list (`records-files.ts`), then each piece it names, joined in order. Every file that
 * is missing or does not parse is named, with a line and column when JSON.parse says where.
 */
async function readRecords(listFile: string, root: string): Promise<SearchRecord[]> {
  const shown = (file: string) => path.relative(root, file) || file;
  const rebuild = 'Build the site again with `docs-it build` (the file may have been cut short or edited).';
  const textOf = async (file: string) => {
    try {
      return await readFile(file, 'utf8');
    } catch {
      throw new DocsItError(
        'search records not found',
        { file: shown(file) },
        'Run `docs-it build` first, or pass --dir with the build folder.',
      );
    }
  };
  const list = parseRecordsList(await textOf(listFile));
  if (typeof list === 'string')
    throw new DocsItError(`the list of the search records is ${list}`, { file: shown(listFile) }, rebuild);
  const records: SearchRecord[] = [];
  for (const piece of list.pieces) {
    const file = path.join(path.dirname(listFile), piece);
    const text = await textOf(file);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      // JSON.parse says where (`at position 1234`): turned into a line and column of the file.
      const position = Number(/position (\d+)/.exec((error as Error).message)?.[1] ?? 0);
      const before = text.slice(0, position).split('\n');
      throw new DocsItError(
        `the search records are not valid JSON: ${(error as Error).message}`,
        { file: shown(file), line: before.length, column: before.at(-1)!.length + 1 },
        rebuild,
      );
    }
    if (!Array.isArray(parsed))
      throw new DocsItError('the search records are not a JSON array', { file: shown(file) }, rebuild);
    for (const record of parsed as SearchRecord[]) records.push(record);
  }
  if (records.length !== list.records)
    throw new DocsItError(
      `the search records' pieces hold ${records.length} records, their list says ${list.records}`,
      { file: shown(listFile) },
      rebuild,
    );
  return records;
}
