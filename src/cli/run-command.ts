import { UsageError } from '../errors';
import type { FailureText, TerminalReporter } from './terminal-reporter';

/** The exit codes of docs-it (README, `--help`). */
export const exitCodes = {
  /** The command did what it was asked. */
  done: 0,
  /** A build or content error, or any other failure of a command (each printed with what to do). */
  failed: 1,
  /** A command line that cannot mean anything: an unknown command or option, a bad value. */
  usage: 2,
} as const;

/** A command's failure with lines of its own to add after it (index: what the live index serves now). */
export class CommandFailure extends Error {
  constructor(
    override readonly cause: unknown,
    readonly footer: string[],
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'CommandFailure';
  }
}

/**
 * Every command's action runs through here: whatever it throws is printed (located errors as
 * `file:line:column`, anything else with its message) and becomes an exit code; nothing fails without a word.
 * The action may resolve to an exit code of its own (`translations --fail-on-stale`), having said why.
 */
export async function runCommand(
  reporter: TerminalReporter,
  action: () => Promise<unknown>,
  text: FailureText = {},
): Promise<number> {
  try {
    const code = await action();
    return typeof code === 'number' ? code : exitCodes.done;
  } catch (thrown) {
    const { error, footer } =
      thrown instanceof CommandFailure ? { error: thrown.cause, footer: thrown.footer } : { error: thrown, footer: [] };
    if (error instanceof UsageError) {
      reporter.usage(error);
      return exitCodes.usage;
    }
    reporter.failed(error, text, footer);
    return exitCodes.failed;
  }
}
