import { loadCodeVersions } from '../cache/load-code-versions';
import { type Cache, createCache } from '../cache/stage-cache';
import { type LoadConfigOptions, resolvePaths } from '../config/load-config';
import { Progress } from './progress';
import { createStages, type Stages } from './stages';

export interface RunOptions extends LoadConfigOptions {
  /** Print only errors and the summary. */
  quiet?: boolean;
  /** Reuse nothing from earlier runs (what is computed is still kept for the next one). */
  noCache?: boolean;
  /** The bundled CLI's folder, which names the code each cached stage runs (absent when run from sources). */
  cliDir?: string;
}

/** What one build or dev session shares: its cache, the stages wrapped with it, and progress reporting. */
export interface Run {
  cache: Cache;
  stages: Stages;
  progress: Progress;
  /** Runs one step, timing it and showing what is happening. */
  task: Progress['task'];
  /** Keeps what the run computed for the next one, whether it succeeded or not. */
  end(): void;
}

export async function startRun(options: RunOptions, mode: 'build' | 'dev', stream = process.stdout): Promise<Run> {
  const paths = resolvePaths(options);
  const versions = await loadCodeVersions(options.packageRoot, options.cliDir);
  const cache = createCache({ versions, dir: paths.cache, mode, reuse: !options.noCache });
  const progress = new Progress(stream, options.quiet);
  return { cache, stages: createStages(cache), progress, task: progress.task.bind(progress), end: () => cache.save() };
}
