import { formatImportReport } from '../docusaurus-import/import-report';
import { importDocusaurus } from '../docusaurus-import/import-site';
import type { TerminalReporter } from './terminal-reporter';

export interface ImportCommandOptions {
  site: string;
  out?: string;
  cwd?: string;
}

/** `docs-it import-docusaurus <site> [--out dir]`: the new site folder, and the report on stdout. */
export async function importCommand(options: ImportCommandOptions, reporter: TerminalReporter): Promise<void> {
  const cwd = options.cwd ?? process.cwd();
  const report = await importDocusaurus({ site: options.site, out: options.out, cwd });
  reporter.result(formatImportReport(report, cwd));
}
