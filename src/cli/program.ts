import { Command, InvalidArgumentError, Option } from 'commander';
import { buildSite } from '../pipeline/build-site';
import { formatSummary } from './build-command';
import { exitWithSupervisor, startDev, superviseDev } from './dev-command';
import { reportError } from './report-error';
import { serve } from './serve-command';

export { codeVersionsFromMetafile } from '../cache/load-code-versions';
export { endChildProcesses } from './child-processes';

export interface RunContext {
  /** Folder of the docs-it package. */
  packageRoot: string;
  /** Folder of the running CLI bundle (its `code-versions.json` keys the cache). */
  cliDir?: string;
  /** The executable, for `dev` to restart itself. */
  binFile?: string;
}

/** An option's parser for a whole number from `min` to `max`, named `what` in the error. */
const wholeNumber =
  (what: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  (value: string) => {
    const n = Number(value);
    // commander prints an InvalidArgumentError with the option's name; any other error it let through unprinted.
    if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`invalid ${what}: ${value}`);
    return n;
  };

const parsePort = wholeNumber('port', 0, 65535);
const parseMs = wholeNumber('time in ms', 1);
const parseJobs = wholeNumber('number of jobs (a whole number of at least 1)', 1);

interface IndexOptions {
  host?: string;
  key?: string;
  index?: string;
  config: string;
  dir?: string;
  timeout: number;
  wait: number;
}

/** The `--port` and `--host` options `dev` and `serve` share. */
const withListenOptions = (command: Command) =>
  command
    .option('-p, --port <port>', 'port to listen on', parsePort, 3000)
    .option('--host [host]', 'listen on all interfaces (or on the given one) instead of 127.0.0.1')
    // Every error message suggests it, so every command accepts it.
    .option('--debug', 'print stack traces of errors', false);

/** `--host` alone listens on every interface; `--host 192.168.1.5` on that one; without it, only on loopback. */
const hostOf = (host: string | boolean | undefined) =>
  host === true ? '0.0.0.0' : typeof host === 'string' ? host : '127.0.0.1';

/** The `docs-it` program: parses argv and runs one command; resolves to the exit code. */
export async function run(argv: string[], context: RunContext): Promise<number> {
  let exitCode = 0;
  const program = new Command()
    .name('docs-it')
    .description('Generatore di siti statici di documentazione')
    .showHelpAfterError()
    .exitOverride();

  program
    .command('build')
    .description('render every route to static HTML into the output folder')
    .option('-o, --out <dir>', 'output folder (default: build in the site folder)')
    .option('-c, --config <file>', 'site config file', 'site.config.ts')
    .option('-v, --verbose', 'print more about each phase', false)
    .option('--quiet', 'print only errors and the summary', false)
    .option('--debug', 'print stack traces of errors', false)
    .option('--no-cache', 'reuse nothing from node_modules/.cache/docs-it (what is computed is still kept)')
    .option('--upstream <dir>', 'a git checkout of the upstream docs: show readers which pages fell behind it')
    .option('--upstream-ref <rev>', 'the upstream revision (default: translations.ref of the config, else HEAD)')
    .option('--translation-status <file>', 'the same, from a file written by `docs-it translations --json`')
    .option(
      '-j, --jobs <n>',
      'worker threads compiling pages (default: `jobs` of the config, else one per processor but one, one per ' +
        'processor from 5,000 pages, at most one per 100 pages; 1: none, not even one highlighting ahead)',
      parseJobs,
    )
    .action(
      async (opts: {
        jobs?: number;
        out?: string;
        config: string;
        verbose: boolean;
        quiet: boolean;
        debug: boolean;
        cache: boolean;
        upstream?: string;
        upstreamRef?: string;
        translationStatus?: string;
      }) => {
        try {
          const summary = await buildSite({
            packageRoot: context.packageRoot,
            cliDir: context.cliDir,
            out: opts.out,
            config: opts.config,
            verbose: opts.verbose,
            debug: opts.debug,
            quiet: opts.quiet,
            noCache: !opts.cache,
            upstream: opts.upstream,
            upstreamRef: opts.upstreamRef,
            translationStatus: opts.translationStatus,
            jobs: opts.jobs,
          });
          console.log(formatSummary(summary, process.cwd(), opts.verbose));
        } catch (error) {
          reportError(error, opts.debug);
          exitCode = 1;
        }
      },
    );

  withListenOptions(program.command('dev'))
    .description('serve the site from memory with incremental rebuilds and live reload')
    .option('--open', 'open the site in the browser', false)
    .option('-c, --config <file>', 'site config file', 'site.config.ts')
    .action(async (opts: { port: number; host?: string | boolean; open: boolean; config: string; debug: boolean }) => {
      if (process.env.DOCS_IT_DEV_CHILD !== '1' && context.binFile) {
        superviseDev(context.binFile, argv.slice(2), context.packageRoot);
        await new Promise(() => undefined);
        return;
      }
      exitWithSupervisor();
      try {
        await startDev({
          packageRoot: context.packageRoot,
          cliDir: context.cliDir,
          config: opts.config,
          port: opts.port,
          host: hostOf(opts.host),
          open: opts.open,
        });
        await new Promise(() => undefined);
      } catch (error) {
        reportError(error, opts.debug);
        exitCode = 1;
        // Supervised: the IPC channel would keep this process, and so its supervisor, waiting forever.
        if (process.env.DOCS_IT_DEV_CHILD === '1') process.exit(1);
      }
    });

  withListenOptions(program.command('serve'))
    .description('serve a finished build like a static host (clean URLs, 404 page, compression, caching)')
    .option('-d, --dir <dir>', 'folder of the build', 'build')
    .action(async (opts: { port: number; host?: string | boolean; dir: string; debug: boolean }) => {
      try {
        const running = await serve({ dir: opts.dir, port: opts.port, host: hostOf(opts.host) });
        console.log(`docs-it serve: ${opts.dir}/ su ${running.siteUrl}`);
        await new Promise(() => undefined);
      } catch (error) {
        reportError(error, opts.debug);
        exitCode = 1;
      }
    });

  program
    .command('index')
    .description('push the search records of a build to Meilisearch (swapped in only when complete)')
    .option('--host <url>', 'Meilisearch host (default: search.host of the config, or DOCS_IT_SEARCH_HOST)')
    .addOption(
      new Option('--key <key>', 'key allowed to write indexes (not the public search key)').env('DOCS_IT_INDEX_KEY'),
    )
    .addOption(
      new Option('--index <uid>', 'index uid (default: search.indexUid of the config)').env('DOCS_IT_INDEX_UID'),
    )
    .option('-c, --config <file>', 'site config file', 'site.config.ts')
    .option('-d, --dir <dir>', 'folder of the build (default: build in the site folder)')
    .option('--timeout <ms>', 'longest wait for each answer of the server', parseMs, 10_000)
    .option(
      '--wait <ms>',
      'how long to wait for another docs-it index run filling the same index (0: refuse at once)',
      wholeNumber('time in ms', 0),
      300_000,
    )
    .action(async (opts: IndexOptions) => {
      const { indexCommand } = await import('./index-command');
      exitCode = await indexCommand({
        packageRoot: context.packageRoot,
        host: opts.host,
        key: opts.key,
        index: opts.index,
        config: opts.config,
        dir: opts.dir,
        requestTimeoutMs: opts.timeout,
        waitMs: opts.wait,
      });
    });

  program
    .command('translations')
    .description('how every page stands against the upstream (original-language) docs, from their git history')
    .requiredOption('--upstream <dir>', 'a local git checkout of the upstream repository')
    .option('--ref <rev>', 'upstream revision (default: translations.ref of the config, else HEAD)')
    .option('--json', 'print the status as JSON (what `build --translation-status` reads)', false)
    .option('--fail-on-stale', "exit with 1 when a page's upstream changed, moved or was deleted", false)
    .option('-c, --config <file>', 'site config file', 'site.config.ts')
    .action(async (opts: { upstream: string; ref?: string; json: boolean; failOnStale: boolean; config: string }) => {
      const { translationsCommand } = await import('./translations-command');
      exitCode = await translationsCommand({
        packageRoot: context.packageRoot,
        config: opts.config,
        upstream: opts.upstream,
        ref: opts.ref,
        json: opts.json,
        failOnStale: opts.failOnStale,
      });
    });

  try {
    await program.parseAsync(argv);
  } catch (error) {
    const code = (error as { exitCode?: number }).exitCode;
    return code ?? 1;
  }
  return exitCode;
}
