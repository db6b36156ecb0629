import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ResolvedConfig } from '../config/resolved-config';
import type { TranslationInput } from '../content/build-content-model';
import { DocsItError, UsageError } from '../errors';
import { readUpstreamHistory } from '../translations/read-history';
import { parseStatusFile } from '../translations/status-file';

export interface TranslationOptions {
  /** A local checkout of the upstream repository (`--upstream`). */
  upstream?: string;
  /** The upstream revision (`--upstream-ref`; default `translations.ref` of the config). */
  upstreamRef?: string;
  /** A status file written by `docs-it translations --json` (`--translation-status`). */
  translationStatus?: string;
  /** Called as the upstream history is read. */
  onProgress?: (read: number, total: number) => void;
  cwd?: string;
}

/** The upstream data a run was given, read now; nothing when it was given none. */
export async function translationInputOf(
  options: TranslationOptions,
  config: ResolvedConfig,
): Promise<TranslationInput | undefined> {
  const cwd = options.cwd ?? process.cwd();
  if (options.upstream && options.translationStatus) {
    throw new UsageError(
      '--upstream and --translation-status both given',
      'Pass one: the checkout to read now, or the status file written from it earlier.',
    );
  }
  if (options.translationStatus) {
    const file = path.resolve(cwd, options.translationStatus);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      throw new DocsItError(
        'translation status file not found',
        { file: options.translationStatus },
        'Write it with `docs-it translations --upstream <checkout> --json > <file>`.',
      );
    }
    return { report: parseStatusFile(text, options.translationStatus) };
  }
  if (options.upstream) {
    const history = await readUpstreamHistory({
      repo: path.resolve(cwd, options.upstream),
      ref: options.upstreamRef ?? config.site.translations?.ref ?? 'HEAD',
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
    return { history };
  }
  return undefined;
}
