/** Where a problem is: a file relative to the site root, and a 1-based line and column when known. */
export interface SourceLocation {
  file: string;
  line?: number;
  column?: number;
}

/** The one error class of docs-it: what is wrong, where, and how to fix it. */
export class DocsItError extends Error {
  readonly location: SourceLocation | undefined;
  readonly hint: string | undefined;

  constructor(message: string, location?: SourceLocation, hint?: string) {
    super(message);
    this.name = 'DocsItError';
    this.location = location;
    this.hint = hint;
  }
}

/** `1 error`, `3 warnings`: a count and an English noun that takes an -s. */
export function countOf(n: number, noun: string): string {
  return `${n} ${n === 1 ? noun : `${noun}s`}`;
}

/**
 * A command line that cannot mean anything (two options that exclude each other): the CLI says what to pass
 * instead and exits with 2, as for an unknown option.
 */
export class UsageError extends DocsItError {
  constructor(message: string, hint?: string) {
    super(message, undefined, hint);
    this.name = 'UsageError';
  }
}

/** Several problems found in one run, reported together. */
export class DocsItErrors extends Error {
  readonly errors: DocsItError[];
  constructor(errors: DocsItError[]) {
    super(countOf(errors.length, 'error'));
    this.name = 'DocsItErrors';
    this.errors = errors;
  }
}

/** `file:line:column` for a location (parts that are unknown are left out). */
export function formatLocation(location: SourceLocation): string {
  let text = location.file;
  if (location.line !== undefined) {
    text += `:${location.line}`;
    if (location.column !== undefined) text += `:${location.column}`;
  }
  return text;
}

/** The text printed for an error: location, message, and the hint on its own line. */
export function formatError(error: DocsItError): string {
  const where = error.location ? `${formatLocation(error.location)}: ` : '';
  const hint = error.hint ? `\n  → ${error.hint}` : '';
  return `${where}${error.message}${hint}`;
}

/** Whether a problem stops a build (`error`) or is only worth knowing (`warning`). */
export type Severity = 'error' | 'warning';

/** A problem a run found: what, where and what to do (its error), and whether it stops a build. */
export interface Diagnostic {
  readonly severity: Severity;
  readonly error: DocsItError;
}

export const errorDiagnostic = (error: DocsItError): Diagnostic => ({ severity: 'error', error });
export const warningDiagnostic = (error: DocsItError): Diagnostic => ({ severity: 'warning', error });

/** What tells two diagnostics apart: the same problem found again (after a reload in dev) has the same key. */
export function diagnosticKey(diagnostic: Diagnostic): string {
  return `${diagnostic.severity} ${formatError(diagnostic.error)}`;
}

/** Every DocsItError inside a thrown value (one, several, or none). */
export function docsItErrorsOf(thrown: unknown): DocsItError[] {
  if (thrown instanceof DocsItErrors) return thrown.errors;
  if (thrown instanceof DocsItError) return [thrown];
  return [];
}

/** Collects problems while a stage keeps going, so one run reports all of them. */
export class ErrorCollector {
  readonly errors: DocsItError[] = [];
  add(error: DocsItError): void {
    this.errors.push(error);
  }
  /** Throws all collected errors at once, if any. */
  throwIfAny(): void {
    if (this.errors.length > 0) throw new DocsItErrors(sortErrors(this.errors));
  }
}

function sortErrors(errors: DocsItError[]): DocsItError[] {
  return [...errors].sort((a, b) => {
    const fa = a.location?.file ?? '';
    const fb = b.location?.file ?? '';
    if (fa !== fb) return fa < fb ? -1 : 1;
    return (a.location?.line ?? 0) - (b.location?.line ?? 0);
  });
}

/** A message of esbuild's: what is wrong and, for most, the place (esbuild counts columns from 0). */
export interface BundlerMessage {
  text: string;
  location?: { file: string; line: number; column: number } | null;
  /**
   * What a plugin threw, or gave with its message: a DocsItError with a place is the error itself (a stylesheet a
   * component imports, wrong at its own line); one without a place says what is wrong at the message's place.
   */
  detail?: unknown;
}

/** How a bundler's messages become the site's errors: the hint, and the file names as the site knows them. */
export interface BundlerErrorOptions {
  hint: string;
  /** Where a message without a place of its own is reported (by default: nowhere in particular). */
  fallback?: SourceLocation;
  /** The site's name of a file esbuild names (by default as esbuild names it: relative to its working folder). */
  fileOf?: (file: string) => string;
  /** Put before each message (`customCss: `), by the file esbuild names. */
  prefix?: (file: string | undefined) => string;
}

/** One message of esbuild's as errors at their places. */
function errorsOfMessage(message: BundlerMessage, options: BundlerErrorOptions): DocsItError[] {
  const own = docsItErrorsOf(message.detail);
  if (own.length > 0 && own.every((error) => error.location)) return own;
  const at = message.location;
  const file = at ? (options.fileOf ?? ((f) => f))(at.file) : undefined;
  return [
    new DocsItError(
      `${options.prefix?.(at?.file) ?? ''}${own[0]?.message ?? message.text}`,
      at && file ? { file, line: at.line, column: at.column + 1 } : options.fallback,
      own[0]?.hint ?? options.hint,
    ),
  ];
}

/** One message of esbuild's (a warning about a stylesheet) as the error at its place. */
export function bundlerError(message: BundlerMessage, options: BundlerErrorOptions): DocsItError {
  return errorsOfMessage({ ...message, detail: undefined }, options)[0]!;
}

/**
 * What a failed esbuild build threw, each of its errors at its place; anything else thrown (no `errors` list) as one
 * error at the fallback place.
 */
export function bundlerErrors(thrown: unknown, options: BundlerErrorOptions): DocsItErrors {
  const messages = (thrown as { errors?: BundlerMessage[] } | undefined)?.errors;
  const list = messages?.length ? messages : [{ text: (thrown as Error)?.message ?? String(thrown) }];
  return new DocsItErrors(list.flatMap((message) => errorsOfMessage(message, options)));
}
