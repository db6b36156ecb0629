import * as z from 'zod';
import { DocsItError } from '../errors';
import type { TranslationReport } from './translation-status';

const commit = z.object({ sha: z.string(), date: z.string(), subject: z.string() });

const reportSchema = z.object({
  version: z.literal(1),
  ref: z.string(),
  head: commit,
  pages: z.array(
    z.object({
      file: z.string(),
      route: z.string().optional(),
      title: z.string().optional(),
      state: z.enum(['up-to-date', 'changed', 'moved', 'deleted', 'own', 'untracked']),
      upstream: z.object({ path: z.string(), commit: z.string() }).optional(),
      currentPath: z.string().optional(),
      commits: z.number(),
      added: z.number(),
      deleted: z.number(),
      newest: commit.optional(),
    }),
  ),
  untranslated: z.array(z.object({ path: z.string(), newest: commit.optional() })),
});

/** Reads a status file written by `docs-it translations --json`; `file` names it in errors. */
export function parseStatusFile(text: string, file: string): TranslationReport {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new DocsItError(
      `the translation status file is not JSON: ${(error as Error).message}`,
      { file },
      'Write it again with `docs-it translations --upstream <checkout> --json > <file>`.',
    );
  }
  const result = reportSchema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new DocsItError(
      `the translation status file is not one docs-it wrote: ${issue.path.join('.') || '(top)'}: ${issue.message}`,
      { file },
      'Write it again with `docs-it translations --upstream <checkout> --json > <file>` (same docs-it version).',
    );
  }
  return result.data as TranslationReport;
}
