import path from 'node:path';
import type { BuildSummary } from '../pipeline/build-site';
import { formatBytes } from '../pipeline/format-units';

/** The totals and one line of phases (plus routes by kind and cache use with `verbose`). */
export function formatSummary(summary: BuildSummary, root: string, verbose = false): string {
  const phases = summary.timings.map((t) => `${t.label} ${Math.round(t.ms)} ms`).join(', ');
  const out = path.relative(root, summary.out) || '.';
  const seconds = (summary.ms / 1000).toFixed(2);
  const lines = [
    `Sito generato in ${out}/: ${summary.pages} pagine, ${summary.files} file, ` +
      `${formatBytes(summary.bytes)} in ${seconds} s`,
    `Fasi: ${phases}`,
  ];
  if (verbose) {
    const { compile, highlight } = summary.cache;
    lines.push(
      `Pagine per tipo: ${Object.entries(summary.kinds)
        .map(([kind, n]) => `${kind} ${n}`)
        .join(', ')}`,
    );
    lines.push(
      `Markdown: ${compile?.misses ?? 0} pagine compilate, ` +
        `${compile?.hits ?? 0} riprese dalla cache (node_modules/.cache/docs-it), ` +
        `${highlight?.hits ?? 0} blocchi di codice già evidenziati` +
        (summary.workers > 0 ? `, ${summary.workers} thread di compilazione` : '') +
        (summary.highlightedAhead > 0 ? `, ${summary.highlightedAhead} evidenziati in anticipo da un thread` : ''),
    );
    const { written, reused } = summary.pageFiles;
    lines.push(`Pagine: ${written} file generati, ${reused} invariati ripresi dalla build precedente`);
    const w = summary.writes;
    lines.push(
      `Disco: ${w.files} file (output e cache; ${w.recycled} al posto di file della build sostituita), ` +
        `${formatBytes(w.bytes)}, scritti da un thread in ` +
        `${(w.busyMs / 1000).toFixed(2)} s; la build li ha attesi ${(w.waitedMs / 1000).toFixed(2)} s`,
    );
  }
  return lines.join('\n');
}
