/*
 * What bench:peers prints from its medians: the ratio lines, the floor's line and the round's goal, pure functions
 * of the rows so that the goal's verdict can be tested without building anything.
 */

export interface Row {
  size: number;
  /** `docs-it`, `floor` (bench/markdown-floor.mjs) or a peer. */
  tool: string;
  pages: number;
  wall: number;
  cpu: number;
  rssMb: number;
}

/** The goal of issue 35: docs-it at least this many times faster (wall) than every peer… */
export const goalRatio = 10;
/** …at these sizes of the corpus. */
export const goalSizes = [100, 1000];

/** A ratio cut (not rounded) to a tenth, so that `10.0x` is never printed for a ratio under the goal's 10. */
export const ratioText = (n: number) => `${(Math.floor(n * 10 + 1e-9) / 10).toFixed(1)}x`;
const docsItAt = (rows: Row[], size: number) => rows.find((r) => r.size === size && r.tool === 'docs-it');
const isPeer = (row: Row) => row.tool !== 'docs-it' && row.tool !== 'floor';

/** `ratio <peer> <docs>: <x>x` (wall) and `ratio-cpu <peer> <docs>: <x>x` for each peer and size. */
export function ratioLines(rows: Row[]): string[] {
  const lines: string[] = [];
  for (const row of rows.filter(isPeer)) {
    const docsIt = docsItAt(rows, row.size);
    if (!docsIt) continue;
    lines.push(`ratio ${row.tool} ${row.size}: ${ratioText(row.wall / docsIt.wall)}`);
    lines.push(`ratio-cpu ${row.tool} ${row.size}: ${ratioText(row.cpu / docsIt.cpu)}`);
  }
  return lines;
}

/** `floor <docs>: <s>s` and how many times the floor docs-it takes, in wall and in CPU time. */
export function floorLines(rows: Row[]): string[] {
  const lines: string[] = [];
  for (const floor of rows.filter((r) => r.tool === 'floor')) {
    const docsIt = docsItAt(rows, floor.size);
    lines.push(`floor ${floor.size}: ${floor.wall.toFixed(2)}s (CPU ${floor.cpu.toFixed(2)}s)`);
    if (docsIt) {
      lines.push(`ratio docs-it floor ${floor.size}: ${ratioText(docsIt.wall / floor.wall)}`);
      lines.push(`ratio-cpu docs-it floor ${floor.size}: ${ratioText(docsIt.cpu / floor.cpu)}`);
    }
  }
  return lines;
}

/**
 * The goal's verdict per peer: met when docs-it is at least `goalRatio` times faster (wall) at every size of
 * `goalSizes`; a size not measured leaves it open.
 */
export function goalLines(rows: Row[]): string[] {
  const peers = [...new Set(rows.filter(isPeer).map((r) => r.tool))];
  const lines = [`goal: docs-it >= ${goalRatio}x every peer (wall) at ${goalSizes.join(' and ')} docs`];
  for (const peer of peers) {
    const parts: string[] = [];
    let met = true;
    let measured = true;
    for (const size of goalSizes) {
      const row = rows.find((r) => r.size === size && r.tool === peer);
      const docsIt = docsItAt(rows, size);
      if (!row || !docsIt) {
        measured = false;
        parts.push(`${size}: not measured`);
        continue;
      }
      const ratio = row.wall / docsIt.wall;
      if (ratio < goalRatio) met = false;
      parts.push(`${size}: ${ratioText(ratio)}`);
    }
    const verdict = !met ? 'not met' : measured ? 'met' : 'open';
    lines.push(`goal ${peer}: ${verdict} (${parts.join(', ')})`);
  }
  return lines;
}
