import path from 'node:path';
import { moduleFiles } from '../cache/module-files';
import { loadConfig } from '../config/load-config';
import { parseFrontMatter } from '../content/front-matter';
import { docsItErrorsOf, formatError } from '../errors';
import { formatMs } from '../pipeline/format-units';
import { contentModelOf, readContent } from '../pipeline/site';
import { translationInputOf } from '../pipeline/translation-input';
import { printable } from '../shared/terminal-text';
import { staleTranslationStates } from '../shared/translation-states';
import { formatReport } from '../translations/format-report';

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
  /** Where the report goes, and where progress and errors go. */
  out?: NodeJS.WritableStream;
  err?: NodeJS.WritableStream & { isTTY?: boolean };
}

/** `docs-it translations`: how every page stands against the upstream history; resolves to the exit code. */
export async function translationsCommand(options: TranslationsCommandOptions): Promise<number> {
  const out = options.out ?? process.stdout;
  const err = options.err ?? process.stderr;
  const tty = !!err.isTTY && !process.env.CI;
  try {
    const config = await loadConfig({ packageRoot: options.packageRoot, config: options.config, cwd: options.cwd });
    const content = await readContent(config, moduleFiles(path.join(config.paths.cache, 'modules')));
    const ref = options.ref ?? config.site.translations?.ref ?? 'HEAD';
    const shownRef = printable(ref);
    err.write(`Lettura della cronologia di ${shownRef} in ${printable(options.upstream)}…${tty ? '' : '\n'}`);
    const start = performance.now();
    let read = 0;
    const translations = await translationInputOf(
      {
        upstream: options.upstream,
        upstreamRef: ref,
        ...(options.cwd ? { cwd: options.cwd } : {}),
        onProgress: (n, total) => {
          read = n;
          if (tty) err.write(`\r\x1b[2KLettura della cronologia di ${shownRef}: ${n}/${total} commit`);
        },
      },
      config,
    );
    if (tty) err.write('\r\x1b[2K');
    err.write(`Cronologia di ${shownRef}: ${read} commit letti in ${formatMs(performance.now() - start)}\n`);
    const model = contentModelOf(config, { ...content, ...(translations ? { translations } : {}) }, parseFrontMatter);
    const report = model.translations!.report;
    out.write(options.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatReport(report)}\n`);
    const stale = report.pages.filter((p) => staleTranslationStates.has(p.state)).length;
    if (options.failOnStale && stale > 0) {
      err.write(`${stale} ${stale === 1 ? 'pagina da aggiornare' : 'pagine da aggiornare'} (--fail-on-stale)\n`);
      return 1;
    }
    return 0;
  } catch (error) {
    if (tty) err.write('\r\x1b[2K');
    const errors = docsItErrorsOf(error);
    if (errors.length === 0) throw error;
    for (const e of errors) err.write(`✖ ${formatError(e).split('\n').map(printable).join('\n')}\n`);
    return 1;
  }
}
