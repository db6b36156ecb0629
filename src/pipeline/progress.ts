import { formatMs } from './format-units';

export interface PhaseTiming {
  label: string;
  ms: number;
}

/** Reports progress: an updating line on a terminal, plain lines in CI and pipes. */
export class Progress {
  readonly timings: PhaseTiming[] = [];
  private readonly tty: boolean;
  constructor(
    private readonly stream: NodeJS.WriteStream = process.stdout,
    private readonly quiet = false,
  ) {
    this.tty = !!stream.isTTY && !process.env.CI;
  }

  /** Runs one stage of the pipeline, timing it and showing what is happening. */
  async task<T>(label: string, fn: () => T | Promise<T>, describe?: (result: T) => string): Promise<T> {
    if (this.tty && !this.quiet) this.stream.write(`\r\x1b[2K… ${label}`);
    const start = performance.now();
    const result = await fn();
    const ms = performance.now() - start;
    this.timings.push({ label, ms });
    if (!this.quiet) {
      const line = `✔ ${label}${describe ? `: ${describe(result)}` : ''} (${formatMs(ms)})`;
      this.stream.write(this.tty ? `\r\x1b[2K${line}\n` : `${line}\n`);
    }
    return result;
  }

  /** Clears a half-written progress line before an error is printed. */
  clear(): void {
    if (this.tty && !this.quiet) this.stream.write('\r\x1b[2K');
  }
}
