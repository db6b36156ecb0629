import path from 'node:path';
import { moduleFiles } from '../cache/module-files';
import { loadConfig } from '../config/load-config';
import { parseFrontMatter } from '../content/front-matter';
import { staleTranslationStates } from '../shared/translation-states';
import { Progress } from '../site/progress';
import { contentModelOf, readContent } from '../site/site';
import { translationInputOf } from '../site/translation-input';
import { formatReport } from '../translations/format-report';
import type { TerminalReporter } from './terminal-reporter';

export interface TranslationsCommandOptions {
  packageRoot: string;
  config?: string;
  /** Local checkout of the upstream repository. */
  upstream: string;
  /** Upstream revision (default `translations.ref` of the config, else `HEAD`). */
  ref?: string;
  json?: boolean;
  /** Exit with 1 when a page's upstream changed, moved or went away. */
  failOnStale?: boolean;
  cwd?: string;
}

/**
 * `docs-it translations`: how every page stands against the upstream history; the report on stdout, the
 * reading of the history as a stage (a counter on a terminal). Resolves to the exit code.
 */
export async function translationsCommand(options: TranslationsCommandOptions, reporter: TerminalReporter) {
  const config = await loadConfig({ packageRoot: options.packageRoot, config: options.config, cwd: options.cwd });
  const content = await readContent(config, moduleFiles(path.join(config.paths.cache, 'modules')));
  const ref = options.ref ?? config.site.translations?.ref ?? 'HEAD';
  let read = 0;
  const translations = await new Progress(reporter).task(
    `history of ${ref} in ${options.upstream}`,
    (onProgress) =>
      translationInputOf(
        {
          upstream: options.upstream,
          upstreamRef: ref,
          ...(options.cwd ? { cwd: options.cwd } : {}),
          onProgress: (n, total) => {
            read = n;
            onProgress(n, total);
          },
        },
        config,
      ),
    () => `${read} ${read === 1 ? 'commit' : 'commits'} read`,
  );
  const model = contentModelOf(config, { ...content, ...(translations ? { translations } : {}) }, parseFrontMatter);
  const report = model.translations!.report;
  reporter.detail(
    `${report.pages.length} pages, ${report.untranslated.length} upstream pages without a translation, ` +
      `at ${report.head.sha.slice(0, 7)}`,
  );
  reporter.result(options.json ? JSON.stringify(report, null, 2) : formatReport(report));
  const stale = report.pages.filter((p) => staleTranslationStates.has(p.state)).length;
  if (options.failOnStale && stale > 0) {
    reporter.problem(`${stale} ${stale === 1 ? 'page needs' : 'pages need'} updating (--fail-on-stale)`);
    return 1;
  }
  return 0;
}
