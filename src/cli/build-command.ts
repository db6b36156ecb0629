import path from 'node:path';
import { type BuildOptions, type BuildSummary, buildSite } from '../build/build-site';
import { turbofanOffUntilSized } from '../build/optimizing-compiler';
import { countOf } from '../errors';
import { formatBytes } from '../shared/format-units';
import type { FailureText, TerminalReporter } from './terminal-reporter';

/** The totals and one line of stages (plus routes by kind and cache use with `verbose`). */
export function formatSummary(summary: BuildSummary, root: string, verbose = false): string {
  const stages = summary.timings.map((t) => `${t.label} ${Math.round(t.ms)} ms`).join(', ');
  const out = path.relative(root, summary.out) || '.';
  const seconds = (summary.ms / 1000).toFixed(2);
  const lines = [
    `Built ${out}/: ${countOf(summary.pages, 'page')}, ${countOf(summary.files, 'file')}, ` +
      `${formatBytes(summary.bytes)} in ${seconds} s`,
    `Stages: ${stages}`,
  ];
  if (verbose) {
    const { compile, highlight } = summary.cache;
    lines.push(
      `Routes by kind: ${Object.entries(summary.kinds)
        .map(([kind, n]) => `${kind} ${n}`)
        .join(', ')}`,
    );
    lines.push(
      `Markdown: ${countOf(compile?.misses ?? 0, 'page')} compiled, ` +
        `${compile?.hits ?? 0} taken from the cache (node_modules/.cache/docs-it), ` +
        `${countOf(highlight?.hits ?? 0, 'code block')} already highlighted` +
        (summary.workers > 0 ? `, ${countOf(summary.workers, 'compile thread')}` : '') +
        (summary.highlightedAhead > 0 ? `, ${summary.highlightedAhead} highlighted ahead by a thread` : ''),
    );
    const { written, reused } = summary.pageFiles;
    lines.push(
      `Pages: ${countOf(written, 'file')} written, ${reused} unchanged kept from the previous build` +
        (summary.renderedAhead > 0
          ? `, ${countOf(summary.renderedAhead, 'route')} rendered during the markdown stage`
          : ''),
    );
    const { ahead, inStage } = summary.searchParts;
    lines.push(
      `Search: ${countOf(ahead + inStage, 'page part')} made, ${ahead} of them while a thread rendered their pages`,
    );
    const w = summary.writes;
    lines.push(
      `Disk: ${countOf(w.files, 'file')} (output and cache; ${w.recycled} in place of files of the replaced build; ` +
        `${w.kept} left in place in the build folder updated), ` +
        `${formatBytes(w.bytes)}, written by a thread in ` +
        `${(w.busyMs / 1000).toFixed(2)} s; the build waited ${(w.waitedMs / 1000).toFixed(2)} s for it`,
    );
  }
  return lines.join('\n');
}

/** A failed build leaves the output as it was: its last line says so. */
export const buildFailure: FailureText = {
  footer: (errors) => [`\nBuild failed: ${countOf(errors, 'error')}. The previous build is untouched.`],
};

/** `docs-it build`: the pipeline, told to the reporter; the summary on stdout. */
export async function buildCommand(options: BuildOptions, reporter: TerminalReporter): Promise<void> {
  turbofanOffUntilSized();
  const summary = await buildSite({ ...options, reporter });
  reporter.result(formatSummary(summary, process.cwd(), reporter.verbosity === 'verbose'));
}
