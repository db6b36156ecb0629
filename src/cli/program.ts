import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { themeComponentNames } from '../shared/theme-components';
import { buildCommand, buildFailure } from './build-command';
import { endChildProcesses } from './child-processes';
import { exitCodes, runCommand } from './run-command';
import { type OutputStream, Terminal } from './terminal';
import { type FailureText, TerminalReporter, type Verbosity } from './terminal-reporter';

export { writePrebuiltServiceWorker } from '../build/write-service-worker';
export { codeVersionsFromMetafile } from '../cache/load-code-versions';
export { writePrebuiltClientBundle } from '../site/bundle/prebuilt-client-bundle';
export { endChildProcesses } from './child-processes';

export interface RunContext {
  /** Folder of the docs-it package. */
  packageRoot: string;
  /** Folder of the running CLI bundle (its `code-versions.json` keys the cache). */
  cliDir?: string;
  /** The executable, for `dev` to restart itself. */
  binFile?: string;
  /** Where the CLI writes (default: the process's stdout and stderr), and the environment it reads. */
  stdout?: OutputStream;
  stderr?: OutputStream;
  env?: Record<string, string | undefined>;
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

/** What every command takes: how much it says, and stack traces. */
interface OutputOptions {
  quiet: boolean;
  verbose: boolean;
  debug: boolean;
}

const withOutputOptions = (command: Command) =>
  command
    .addOption(
      new Option('-q, --quiet', 'print only warnings, errors and the result').default(false).conflicts('verbose'),
    )
    .option('-v, --verbose', 'print counts and details of each stage', false)
    // Every error message suggests it, so every command accepts it.
    .option('--debug', 'print stack traces of errors', false);

interface ListenOptions extends OutputOptions {
  port: number;
  host?: string | boolean;
  strictPort: boolean;
}

/** The `--port`, `--host` and `--strict-port` options `dev` and `serve` share. */
const withListenOptions = (command: Command) =>
  command
    .option('-p, --port <port>', 'port to listen on (the next free one when it is taken)', parsePort, 3000)
    .option('--strict-port', 'fail when the port is taken instead of taking the next free one', false)
    .option('--host [host]', 'listen on all interfaces (or on the given one) instead of 127.0.0.1');

/** `--host` alone listens on every interface; `--host 192.168.1.5` on that one; without it, only on loopback. */
const hostOf = (host: string | boolean | undefined) =>
  host === true ? '0.0.0.0' : typeof host === 'string' ? host : '127.0.0.1';

const exitCodesHelp = `
Exit codes:
  0  done
  1  a build or content error (each printed as file:line:column, what is wrong and what to do), or any other
     failure of a command
  2  a usage error: an unknown command or option, a bad or missing value`;

/** The package's version, from its package.json (read before any command runs: it must not fail one). */
function versionOf(packageRoot: string): string {
  try {
    const manifest = JSON.parse(readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as { version?: string };
    return manifest.version ?? 'unknown';
  } catch {
    return 'unknown (the package.json of docs-it cannot be read)';
  }
}

/** The `docs-it` program: parses argv and runs one command; resolves to the exit code. */
export async function run(argv: string[], context: RunContext): Promise<number> {
  const ownStreams = !context.stdout && !context.stderr;
  const terminal = new Terminal({
    stdout: context.stdout ?? process.stdout,
    stderr: context.stderr ?? process.stderr,
    env: context.env ?? process.env,
    // `docs-it … | head`: once the reader is gone the command ends, quietly, as a command killed by SIGPIPE
    // would (Node ignores SIGPIPE, so a write would fail with EPIPE and print a stack trace instead).
    ...(ownStreams ? { onClosed: () => void endChildProcesses().finally(() => process.exit(exitCodes.done)) } : {}),
  });
  let exitCode: number = exitCodes.done;
  const reporterOf = (opts: OutputOptions) => {
    const verbosity: Verbosity = opts.quiet ? 'quiet' : opts.verbose ? 'verbose' : 'normal';
    return new TerminalReporter(terminal, verbosity, opts.debug);
  };
  /** Every command's action: the one wrapper that reports what went wrong and sets the exit code. */
  const action =
    <O extends OutputOptions>(act: (opts: O, reporter: TerminalReporter) => Promise<unknown>, failure?: FailureText) =>
    async (opts: O) => {
      const reporter = reporterOf(opts);
      exitCode = await runCommand(reporter, () => act(opts, reporter), failure);
    };

  const program = new Command()
    .name('docs-it')
    .description('A static-site generator for documentation')
    .version(versionOf(context.packageRoot), '-V, --version', 'print the version of docs-it')
    .helpOption('-h, --help', 'print this help')
    .addHelpText('afterAll', exitCodesHelp)
    .showHelpAfterError('(docs-it --help lists the commands and options)')
    .configureOutput({
      writeOut: (text) => terminal.out(text.replace(/\n$/, '')),
      writeErr: (text) => terminal.err(text.replace(/\n$/, '')),
      outputError: (text, write) => write(`${terminal.paint('red', text.replace(/\n$/, ''), 'err')}\n`),
    })
    .exitOverride();

  withOutputOptions(
    program
      .command('init')
      .description('write a new site, ready to build, into a folder (asks nothing)')
      .argument('[dir]', "the new site's folder", '.')
      .option('-l, --locale <locale>', 'the language of its text (docs-it init --locale x lists those there are)', 'en')
      .option('-f, --force', 'write into a folder that is not empty, replacing files of the same names', false),
  ).action(async (dir: string, opts: OutputOptions & { locale: string; force: boolean }) => {
    const { initCommand } = await import('./init-command');
    await action((o: typeof opts, reporter) =>
      initCommand({ packageRoot: context.packageRoot, dir, locale: o.locale, force: o.force }, reporter),
    )(opts);
  });

  withOutputOptions(
    program
      .command('swizzle')
      .description("write src/theme/<Name>.tsx, which wraps the theme's component of that name (or is a copy of it)")
      .argument('<name>', `the component: ${themeComponentNames.join(', ')}`)
      .option('--wrap', 'draw the original inside the new component (the default)')
      .addOption(
        new Option('--eject', "write a copy of the theme's component to edit, in place of a wrapper").conflicts('wrap'),
      )
      .option('-d, --dir <dir>', "the site's folder", '.')
      .option('-f, --force', 'replace an override that is already there', false),
  ).action(
    async (name: string, opts: OutputOptions & { dir: string; force: boolean; wrap?: boolean; eject?: boolean }) => {
      const { swizzleCommand } = await import('./swizzle-command');
      await action((o: typeof opts, reporter) =>
        swizzleCommand(
          { name, dir: path.resolve(o.dir), force: o.force, eject: o.eject === true, packageRoot: context.packageRoot },
          reporter,
        ),
      )(opts);
    },
  );

  withOutputOptions(
    program
      .command('build')
      .description('render every route to static HTML into the output folder')
      .option('-o, --out <dir>', 'output folder (default: build in the site folder)')
      .option('-c, --config <file>', 'site config file', 'site.config.ts')
      .option('--no-cache', 'reuse nothing from node_modules/.cache/docs-it (what is computed is still kept)')
      .addOption(
        new Option(
          '--upstream <dir>',
          'a git checkout of the upstream docs: show readers which pages fell behind it',
        ).conflicts('translationStatus'),
      )
      .option('--upstream-ref <rev>', 'the upstream revision (default: translations.ref of the config, else HEAD)')
      .option('--translation-status <file>', 'the same, from a file written by `docs-it translations --json`')
      .option(
        '-j, --jobs <n>',
        'worker threads compiling pages (default: `jobs` of the config, else one per processor but one, one per ' +
          'processor from 5,000 pages, at most one per 100 pages; 1: none, not even one highlighting ahead)',
        parseJobs,
      ),
  ).action(
    action(
      (
        opts: OutputOptions & {
          jobs?: number;
          out?: string;
          config: string;
          cache: boolean;
          upstream?: string;
          upstreamRef?: string;
          translationStatus?: string;
        },
        reporter,
      ) =>
        buildCommand(
          {
            packageRoot: context.packageRoot,
            cliDir: context.cliDir,
            out: opts.out,
            config: opts.config,
            debug: opts.debug,
            noCache: !opts.cache,
            upstream: opts.upstream,
            upstreamRef: opts.upstreamRef,
            translationStatus: opts.translationStatus,
            jobs: opts.jobs,
          },
          reporter,
        ),
      buildFailure,
    ),
  );

  withOutputOptions(
    withListenOptions(program.command('dev'))
      .description('serve the site from memory with incremental rebuilds and live reload')
      .option('--open', 'open the site in the browser', false)
      .option('-c, --config <file>', 'site config file', 'site.config.ts'),
  ).action(
    action(async (opts: ListenOptions & { open: boolean; config: string }, reporter) => {
      const supervised = process.env.DOCS_IT_DEV_CHILD === '1';
      // Loaded by the command that needs it: a build need not load the dev server and its file watcher.
      const { devCommand } = await import('./dev-command');
      return devCommand(
        {
          packageRoot: context.packageRoot,
          cliDir: context.cliDir,
          config: opts.config,
          port: opts.port,
          strictPort: opts.strictPort,
          host: hostOf(opts.host),
          open: opts.open,
        },
        reporter,
        !supervised && context.binFile ? { supervise: { binFile: context.binFile, args: argv.slice(2) } } : {},
      );
    }),
  );

  withOutputOptions(
    withListenOptions(program.command('serve'))
      .description('serve a finished build like a static host (clean URLs, 404 page, compression, caching)')
      .option('-d, --dir <dir>', 'folder of the build', 'build'),
  ).action(
    action(async (opts: ListenOptions & { dir: string }, reporter) => {
      const { serveCommand } = await import('./serve-command');
      return serveCommand(
        { dir: opts.dir, port: opts.port, strictPort: opts.strictPort, host: hostOf(opts.host) },
        reporter,
      );
    }),
  );

  withOutputOptions(
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
      ),
  ).action(async (opts: IndexOptions) => {
    // Loaded when asked for: the Meilisearch client is not needed by any other command.
    const { indexCommand, indexFailure } = await import('./index-command');
    await action(
      (o: IndexOptions, reporter) =>
        indexCommand(
          {
            packageRoot: context.packageRoot,
            host: o.host,
            key: o.key,
            index: o.index,
            config: o.config,
            dir: o.dir,
            requestTimeoutMs: o.timeout,
            waitMs: o.wait,
          },
          reporter,
        ),
      indexFailure,
    )(opts);
  });

  withOutputOptions(
    program
      .command('translations')
      .description('how every page stands against the upstream (original-language) docs, from their git history')
      .requiredOption('--upstream <dir>', 'a local git checkout of the upstream repository')
      .option('--ref <rev>', 'upstream revision (default: translations.ref of the config, else HEAD)')
      .option('--json', 'print the status as JSON (what `build --translation-status` reads)', false)
      .option('--fail-on-stale', "exit with 1 when a page's upstream changed, moved or was deleted", false)
      .option('-c, --config <file>', 'site config file', 'site.config.ts'),
  ).action(
    action(
      async (
        opts: OutputOptions & { upstream: string; ref?: string; json: boolean; failOnStale: boolean; config: string },
        reporter,
      ) => {
        const { translationsCommand } = await import('./translations-command');
        return translationsCommand(
          {
            packageRoot: context.packageRoot,
            config: opts.config,
            upstream: opts.upstream,
            ref: opts.ref,
            json: opts.json,
            failOnStale: opts.failOnStale,
          },
          reporter,
        );
      },
    ),
  );

  withOutputOptions(
    program
      .command('import-docusaurus')
      .description('write a docs-it site folder from a Docusaurus site, and report what it could not carry')
      .argument('<site>', 'the folder of the Docusaurus site (it is only read)')
      .option('-o, --out <dir>', 'the new site folder, new or empty (default: <site>-docs-it beside the site)'),
  ).action(async (site: string, opts: OutputOptions & { out?: string }) => {
    const { importCommand } = await import('./import-command');
    await action((o: OutputOptions & { out?: string }, reporter) => importCommand({ site, out: o.out }, reporter))(
      opts,
    );
  });

  try {
    await program.parseAsync(argv);
  } catch (error) {
    // commander has printed what was wrong with the command line (or the help, or the version: code 0).
    if (error instanceof CommanderError) return error.exitCode === 0 ? exitCodes.done : exitCodes.usage;
    throw error;
  }
  // A supervised dev server that failed: its IPC channel would keep it, and so its supervisor, waiting forever.
  if (exitCode !== exitCodes.done && process.env.DOCS_IT_DEV_CHILD === '1')
    (await import('./dev-command')).releaseSupervisor();
  return exitCode;
}

interface IndexOptions extends OutputOptions {
  host?: string;
  key?: string;
  index?: string;
  config: string;
  dir?: string;
  timeout: number;
  wait: number;
}
