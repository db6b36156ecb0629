import { loadCodeVersions } from '../cache/load-code-versions';
import { type Cache, createCache } from '../cache/stage-cache';
import { type LoadConfigOptions, resolvePaths } from '../config/load-config';
import { compileWorkerScript } from './compile/compile-pool';
import { type Compiler, createCompiler } from './compile/compiler';
import type { SiteFileKind } from './files/site-files';
import { Progress } from './progress';
import { type Reporter, silentReporter } from './reporter';
import { createStages, type Stages } from './stages';

export interface RunOptions extends LoadConfigOptions {
  /** Reuse nothing from earlier runs (what is computed is still kept for the next one). */
  noCache?: boolean;
  /** The bundled CLI's folder, which names the code each cached stage runs (absent when run from sources). */
  cliDir?: string;
  /** Where the run says how it goes and what it found (default: nowhere). */
  reporter?: Reporter;
  /** Kinds of file the site has beside its own (see `SiteFileKind`): written, served, linkable, precached. */
  fileKinds?: readonly SiteFileKind[];
}

/** What one build or dev session shares: its cache, its compiler, the stages wrapped with them, its reporter. */
export interface Run {
  cache: Cache;
  /** Compiles pages in this thread until told to follow an execution plan (see `planExecution`). */
  compiler: Compiler;
  stages: Stages;
  progress: Progress;
  reporter: Reporter;
  /** Runs one step, timing it and telling the reporter how it goes. */
  task: Progress['task'];
  /** Keeps what the run computed for the next one, whether it succeeded or not. */
  end(): void;
}

/**
 * `highlightsSoon`: the run may have a worker highlighting ahead (`mayHighlightAhead`). A run whose cache starts cold
 * then starts that worker at once (see `CompilerOptions.startHighlighting`).
 */
export async function startRun(
  options: RunOptions,
  mode: 'build' | 'dev',
  { highlightsSoon = false }: { highlightsSoon?: boolean } = {},
): Promise<Run> {
  const paths = resolvePaths(options);
  const versions = await loadCodeVersions(options.packageRoot, options.cliDir);
  const cache = createCache({ versions, dir: paths.cache, mode, reuse: !options.noCache });
  const reporter = options.reporter ?? silentReporter;
  const progress = new Progress(reporter);
  const compiler = createCompiler({
    cache,
    script: compileWorkerScript(options.packageRoot, options.cliDir),
    startHighlighting: highlightsSoon && cache.startsCold,
    // `dev` compiles an edited page again with the blocks it highlighted before: they go with it.
    blocksFoundByWorkers: mode === 'build' && cache.startsCold,
  });
  return {
    cache,
    compiler,
    stages: createStages(cache, compiler),
    progress,
    reporter,
    task: progress.task.bind(progress),
    end: () => cache.save(),
  };
}
