import { Command } from 'commander';
import { buildSite, formatSummary } from './build';
import { reportError } from './report-error';

export interface RunContext {
  /** Folder of the docs-it package. */
  packageRoot: string;
  /** Path of the running CLI bundle (keys the compile cache). */
  cliFile?: string;
}

/** The `docs-it` program: parses argv and runs one command; resolves to the exit code. */
export async function run(argv: string[], context: RunContext): Promise<number> {
  let exitCode = 0;
  const program = new Command()
    .name('docs-it')
    .description('Genera il sito della documentazione italiana di Tauri v1')
    .showHelpAfterError()
    .exitOverride();

  program
    .command('build')
    .description('render every route to static HTML into the output folder')
    .option('-o, --out <dir>', 'output folder', 'build')
    .option('-c, --config <file>', 'site config file', 'site.config.ts')
    .option('-v, --verbose', 'print more about each phase', false)
    .option('--quiet', 'print only errors and the summary', false)
    .option('--debug', 'print stack traces of errors', false)
    .option('--no-cache', 'compile every page, ignoring node_modules/.cache/docs-it')
    .action(async (opts: { out: string; config: string; verbose: boolean; quiet: boolean; debug: boolean; cache: boolean }) => {
      try {
        const summary = await buildSite({ packageRoot: context.packageRoot, cliFile: context.cliFile, out: opts.out, config: opts.config, verbose: opts.verbose, debug: opts.debug, quiet: opts.quiet, noCache: !opts.cache });
        console.log(formatSummary(summary, process.cwd()));
      } catch (error) {
        reportError(error, opts.debug);
        exitCode = 1;
      }
    });

  try {
    await program.parseAsync(argv);
  } catch (error) {
    const code = (error as { exitCode?: number }).exitCode;
    return code ?? 1;
  }
  return exitCode;
}
