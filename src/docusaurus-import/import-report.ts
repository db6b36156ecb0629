import { formatLocation } from '../errors';

/** A file or folder of the Docusaurus site copied unchanged into the new site, counted under `count`. */
export interface Copy {
  from: string;
  to: string;
  count: string;
}

/** Something of the site the import could not carry, at its file (relative to the site) and line. */
export interface ReportEntry {
  file: string;
  line?: number;
  what: string;
  reason: string;
}

export interface ImportReport {
  site: string;
  out: string;
  /** Files copied unchanged, by where they went (`content/docs`…). */
  copied: Record<string, number>;
  /** What was copied from where (absolute paths in the site, paths in the new folder), for tools that check it. */
  copies: Copy[];
  /** The site's content folders as its config names them (absolute): where Docusaurus makes its routes from. */
  folders: { docs: string; blog: string; pages: string };
  /** Options written into site.config.ts. */
  carried: string[];
  notCarried: ReportEntry[];
}

/** The report of an import, in English, for the terminal: what was copied, what was carried, what was not. */
export function formatImportReport(report: ImportReport, cwd: string): string {
  const rel = (p: string) => {
    const r = p.startsWith(cwd) ? p.slice(cwd.length).replace(/^[/\\]/, '') : p;
    return r || '.';
  };
  const copied = Object.entries(report.copied).map(([to, n]) => `${n} ${n === 1 ? 'file' : 'files'} into ${to}`);
  const lines = [
    `Imported ${rel(report.site)} into ${rel(report.out)}.`,
    `Copied unchanged: ${copied.length > 0 ? copied.join(', ') : 'nothing'}.`,
    `Carried into site.config.ts: ${report.carried.length > 0 ? report.carried.join(', ') : 'nothing'}.`,
  ];
  if (report.notCarried.length === 0) lines.push('Everything was carried.');
  else {
    lines.push(`Not carried (${report.notCarried.length}):`);
    for (const entry of report.notCarried) {
      lines.push(`  ${formatLocation(entry)}: ${entry.what}: ${entry.reason}`);
    }
  }
  lines.push(`Next: npx docs-it build --config ${rel(report.out)}/site.config.ts`);
  return lines.join('\n');
}
