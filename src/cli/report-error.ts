import { docsItErrorsOf, formatError } from '../errors';

/** Prints a failure the way a writer can act on it: every located error, a stack only with --debug. */
export function reportError(error: unknown, debug: boolean): void {
  const errors = docsItErrorsOf(error);
  if (errors.length > 0) {
    for (const e of errors) console.error(`✖ ${formatError(e)}`);
    console.error(
      `\nBuild non riuscito: ${errors.length} ${errors.length === 1 ? 'errore' : 'errori'}. ` +
        'La build precedente non è stata toccata.',
    );
    if (debug) for (const e of errors) console.error(e.stack);
    return;
  }
  const e = error as Error;
  console.error(`✖ ${e?.message ?? String(error)}`);
  if (debug) console.error(e?.stack);
  else console.error('  (run again with --debug for the stack trace)');
}
