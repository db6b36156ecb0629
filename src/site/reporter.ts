import { type Diagnostic, diagnosticKey } from '../errors';

/** One stage of a run as it goes on. */
export interface StageReport {
  /** `done` of `total` items (pages) are finished. */
  progress(done: number, total: number): void;
  /** The stage finished after `ms`, having made what `summary` says (`120 pages`). */
  end(ms: number, summary?: string): void;
}

/**
 * Where a run (a build, a dev session, a command) says what it is doing and what it found: the pipeline
 * writes nothing to the console itself. The CLI prints (`src/cli/terminal-reporter.ts`); tests collect
 * (`collectingReporter`).
 */
export interface Reporter {
  /** A stage begins. */
  stage(label: string): StageReport;
  /**
   * The run's warnings and errors as they stand now (in dev, a fixed problem leaves the list): a reporter shows
   * each one the first time it is in the list.
   */
  diagnostics(current: readonly Diagnostic[]): void;
  /** What happened (dev: a reload, the server ready). */
  info(text: string): void;
  /** A fact for whoever asked for more (`--verbose`): counts, what was kept. */
  detail(text: string): void;
}

/** A reporter that keeps what it is told, for tests and for programs that call the pipeline. */
export interface CollectedReport extends Reporter {
  /** Every diagnostic reported, once each, in the order they were first reported. */
  readonly found: Diagnostic[];
  /** The diagnostics of the last report. */
  readonly current: readonly Diagnostic[];
  /** Stages that ended, with their summaries. */
  readonly stages: { label: string; summary: string | undefined; progress: number }[];
  /** `info` and `detail` lines, in order. */
  readonly lines: string[];
}

export function collectingReporter(): CollectedReport {
  const seen = new Set<string>();
  const report: CollectedReport = {
    found: [],
    current: [],
    stages: [],
    lines: [],
    stage(label) {
      let progress = 0;
      return {
        progress: () => {
          progress++;
        },
        end: (_ms, summary) => void report.stages.push({ label, summary, progress }),
      };
    },
    diagnostics(current) {
      (report as { current: readonly Diagnostic[] }).current = current;
      for (const diagnostic of current) {
        const key = diagnosticKey(diagnostic);
        if (seen.has(key)) continue;
        seen.add(key);
        report.found.push(diagnostic);
      }
    },
    info: (text) => void report.lines.push(text),
    detail: (text) => void report.lines.push(text),
  };
  return report;
}

/** A reporter that says nothing (a run whose caller wants only its result). */
export const silentReporter: Reporter = {
  stage: () => ({ progress: () => undefined, end: () => undefined }),
  diagnostics: () => undefined,
  info: () => undefined,
  detail: () => undefined,
};
