import type { Reporter } from './reporter';

export interface PhaseTiming {
  label: string;
  ms: number;
}

/** Tells a stage how far it got: `done` of `total` items. */
export type OnProgress = (done: number, total: number) => void;

/** Times the stages of a run and tells its reporter how each goes. */
export class Progress {
  readonly timings: PhaseTiming[] = [];
  constructor(private readonly reporter: Reporter) {}

  /** Runs one stage of the pipeline, timing it; `fn` may say how far it got. */
  async task<T>(
    label: string,
    fn: (onProgress: OnProgress) => T | Promise<T>,
    describe?: (result: T) => string,
  ): Promise<T> {
    const stage = this.reporter.stage(label);
    const start = performance.now();
    const result = await fn((done, total) => stage.progress(done, total));
    const ms = performance.now() - start;
    this.timings.push({ label, ms });
    stage.end(ms, describe?.(result));
    return result;
  }
}
