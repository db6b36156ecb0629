import { styleText } from 'node:util';

/** A stream the CLI writes to: the process's stdout or stderr, or anything with `write` (tests). */
export type OutputStream = Pick<NodeJS.WritableStream, 'write'> & {
  isTTY?: boolean;
  on?: NodeJS.WritableStream['on'];
};

export type Style = 'red' | 'yellow' | 'green' | 'cyan' | 'dim' | 'bold';

export interface TerminalOptions {
  stdout: OutputStream;
  stderr: OutputStream;
  /** Read for `CI` (a CI log keeps every `\r`: no line that redraws itself there). */
  env?: Record<string, string | undefined>;
  /** The reader of stdout or stderr went away (`docs-it build | head`): end quietly. */
  onClosed?: () => void;
}

/**
 * Whether text written to `stream` gets colours: Node's own rules (util.styleText), so a terminal gets them,
 * a pipe or a file does not, `NO_COLOR` turns them off and `FORCE_COLOR` on. Anything that is not a Node stream
 * (a test's collector) gets none.
 */
function coloursFor(stream: OutputStream): boolean {
  try {
    return styleText('red', 'x', { stream: stream as NodeJS.WritableStream }) !== 'x';
  } catch {
    return false;
  }
}

/**
 * The terminal the CLI writes to: what a command makes on stdout (a summary, a report, an address), how it goes
 * on stderr (stages, warnings, errors), so `docs-it translations --json > file` holds JSON alone; colours where
 * they show, and one status line on stderr (a stage's counter) that redraws itself on a terminal and is cleared
 * before anything else is written.
 */
export class Terminal {
  /** Whether a line of stderr can be redrawn in place (a terminal, not a CI log or a pipe). */
  readonly live: boolean;
  private readonly colours: { out: boolean; err: boolean };
  private status = '';

  constructor(private readonly options: TerminalOptions) {
    const env = options.env ?? process.env;
    this.live = !!options.stderr.isTTY && !env.CI;
    this.colours = { out: coloursFor(options.stdout), err: coloursFor(options.stderr) };
    if (options.onClosed) {
      const closed = options.onClosed;
      for (const stream of [options.stdout, options.stderr])
        stream.on?.('error', (error: NodeJS.ErrnoException) => {
          // The reader went away: there is no one left to tell anything.
          if (error.code === 'EPIPE') closed();
          else throw error;
        });
    }
  }

  /** `text` in `style` on stdout (`err`: on stderr), or as it is where colours do not show. */
  paint(style: Style | Style[], text: string, on: 'out' | 'err' = 'out'): string {
    return this.colours[on] ? styleText(style, text, { validateStream: false }) : text;
  }

  /** A line on stdout: what a command made (the build's summary, the server's address, a report). */
  out(line: string): void {
    this.clearStatus();
    this.options.stdout.write(`${line}\n`);
  }

  /** A line on stderr: how the command goes (stages, warnings, errors), apart from what it makes. */
  err(line: string): void {
    this.clearStatus();
    this.options.stderr.write(`${line}\n`);
  }

  /** Shows `line` as the status line, in place of the previous one (only where a line can be redrawn). */
  showStatus(line: string): void {
    if (!this.live) return;
    this.status = line;
    this.options.stderr.write(`\r\x1b[2K${line}`);
  }

  clearStatus(): void {
    if (!this.status) return;
    this.status = '';
    this.options.stderr.write('\r\x1b[2K');
  }
}
