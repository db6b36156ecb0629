import { type Diagnostic, diagnosticKey, docsItErrorsOf, formatError, type UsageError } from '../errors';
import { formatMs } from '../shared/format-units';
import { printable } from '../shared/terminal-text';
import type { Reporter, StageReport } from '../site/reporter';
import type { Terminal } from './terminal';
import { formatTimeLeft, timeLeft } from './time-left';

/** How much a command says: `quiet` only problems and its result, `verbose` counts and details too. */
export type Verbosity = 'quiet' | 'normal' | 'verbose';

/** How often a stage's counter is redrawn at most. */
const redrawMs = 100;

/** Text from elsewhere (a message, a file name, a server's answer) with its control characters made visible. */
const safe = (text: string) => text.split('\n').map(printable).join('\n');

/** How a failure of a command reads beyond its errors (see `runCommand`). */
export interface FailureText {
  /** Lines after the errors (build: the previous build is untouched), given how many errors there were. */
  footer?(errors: number): string[];
  /** How an error that is not docs-it's own reads (index: what the Meilisearch server answered). */
  describe?(error: unknown): { message: string; details: string[] } | undefined;
}

/**
 * The CLI's reporter: stages with their timings and, on a terminal, a counter and the time left; warnings and
 * errors, each once; all of it on stderr, and what a command made on stdout. Every command prints through it.
 */
export class TerminalReporter implements Reporter {
  /** Keys of the diagnostics of the last report: a problem still open is not shown again. */
  private shown = new Set<string>();
  private hadErrors = false;

  constructor(
    readonly terminal: Terminal,
    readonly verbosity: Verbosity = 'normal',
    /** Print stack traces of errors (`--debug`). */
    readonly debug = false,
  ) {}

  stage(label: string): StageReport {
    if (this.verbosity === 'quiet') return { progress: () => undefined, end: () => undefined };
    const { terminal } = this;
    let drawn = 0;
    // The time left is reckoned from the first item done on: before it the stage warms up (the highlighter loads
    // its grammars), which the other items do not pay again.
    let first: { at: number; done: number } | undefined;
    terminal.showStatus(`… ${safe(label)}`);
    return {
      progress(done, total) {
        const now = performance.now();
        first ??= { at: now, done };
        if (!terminal.live || (now - drawn < redrawMs && done < total)) return;
        drawn = now;
        const left = timeLeft(done - first.done, total - first.done, now - first.at);
        const counter = `${done}/${total}${left === undefined ? '' : `, ${formatTimeLeft(left)}`}`;
        terminal.showStatus(`… ${safe(label)} ${terminal.paint('dim', counter, 'err')}`);
      },
      end(ms, summary) {
        const what = summary === undefined ? '' : `: ${safe(summary)}`;
        const done = terminal.paint('green', '✔', 'err');
        terminal.err(`${done} ${safe(label)}${what} ${terminal.paint('dim', `(${formatMs(ms)})`, 'err')}`);
      },
    };
  }

  diagnostics(current: readonly Diagnostic[]): void {
    const keys = new Set<string>();
    for (const diagnostic of current) {
      const key = diagnosticKey(diagnostic);
      keys.add(key);
      if (!this.shown.has(key)) this.printDiagnostic(diagnostic);
    }
    this.shown = keys;
    // In dev problems come and go: say when the last error is gone.
    const errorsNow = current.some((d) => d.severity === 'error');
    if (this.hadErrors && !errorsNow && this.verbosity !== 'quiet')
      this.terminal.err(`${this.terminal.paint('green', '✔', 'err')} no errors left`);
    this.hadErrors = errorsNow;
  }

  info(text: string): void {
    if (this.verbosity !== 'quiet') this.terminal.err(safe(text));
  }

  detail(text: string): void {
    if (this.verbosity === 'verbose') this.terminal.err(`${this.terminal.paint('cyan', 'ℹ', 'err')} ${safe(text)}`);
  }

  /** What the command made: the build's summary, the server's address, a report. Printed even with --quiet. */
  result(text: string): void {
    this.terminal.out(safe(text));
  }

  /** A server is ready: `what` (`docs-it dev: ready in 420 ms`) at `url`, and a note (a port that was taken). */
  ready(what: string, url: string, note = ''): void {
    this.terminal.out(`${safe(what)} at ${this.terminal.paint(['cyan', 'bold'], safe(url))}${safe(note)}`);
  }

  /** A line that says the command did not do what it was asked, after which it exits with 1. */
  problem(text: string): void {
    this.terminal.err(`${this.terminal.paint('red', '✖', 'err')} ${safe(text)}`);
  }

  /** A command line that cannot mean anything: exit code 2. */
  usage(error: UsageError): void {
    const hint = error.hint ? `\n  → ${safe(error.hint)}` : '';
    this.terminal.err(`${this.terminal.paint('red', 'error:', 'err')} ${safe(error.message)}${hint}`);
  }

  /**
   * A command failed: every located error not shown yet, or what the error says (its stack with --debug), then
   * what the command adds (the footer).
   */
  failed(error: unknown, text: FailureText = {}, footer: string[] = []): void {
    const located = docsItErrorsOf(error);
    if (located.length > 0) {
      for (const e of located) {
        if (!this.shown.has(diagnosticKey({ severity: 'error', error: e })))
          this.printDiagnostic({ severity: 'error', error: e });
      }
      if (this.debug) for (const e of located) this.terminal.err(e.stack ?? '');
    } else {
      const described = text.describe?.(error);
      const message = described?.message ?? (error instanceof Error ? error.message : String(error));
      this.problem(message);
      for (const line of described?.details ?? []) this.terminal.err(`  ${safe(line)}`);
      if (this.debug) this.terminal.err((error as Error)?.stack ?? '');
      else if (!described)
        this.terminal.err(this.terminal.paint('dim', '  (run again with --debug for the stack trace)', 'err'));
    }
    for (const line of [...(text.footer?.(Math.max(1, located.length)) ?? []), ...footer])
      this.terminal.err(safe(line));
  }

  private printDiagnostic({ severity, error }: Diagnostic): void {
    const mark =
      severity === 'error' ? this.terminal.paint('red', '✖', 'err') : this.terminal.paint('yellow', '⚠', 'err');
    this.terminal.err(`${mark} ${safe(formatError(error))}`);
  }
}
