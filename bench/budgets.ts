/** What `npm run bench` measured for one site. */
export interface SiteResult {
  name: string;
  pages: number;
  coldMs: number;
  /** Processor time (user + system) of the cold build's process. */
  coldCpuMs?: number;
  warmMs: number | undefined;
  rssMb: number;
}

interface Budget {
  what: string;
  value: number | undefined;
  limit: number;
  unit: 'ms' | 'MB' | '×';
}

/**
 * The budgets of issue 18, each beside what was measured: the real site cold ≤ 3.5 s and warm ≤ 0.7 s, 1,000
 * synthetic pages cold ≤ 5 s, 10,000 cold ≤ 30 s under 1 GB, and growth from 1,000 to 10,000 pages ≤ 10×.
 */
export function budgetLines(results: SiteResult[]): string[] {
  const site = (name: string) => results.find((r) => r.name === name);
  const real = site('real site');
  const small = site('synthetic 1000');
  const large = site('synthetic 10000');
  const budgets: Budget[] = [
    { what: 'real site, cold', value: real?.coldMs, limit: 3500, unit: 'ms' },
    { what: 'real site, warm', value: real?.warmMs, limit: 700, unit: 'ms' },
    { what: '1,000 pages, cold', value: small?.coldMs, limit: 5000, unit: 'ms' },
    { what: '10,000 pages, cold', value: large?.coldMs, limit: 30000, unit: 'ms' },
    { what: '10,000 pages, peak RSS', value: large?.rssMb, limit: 1024, unit: 'MB' },
  ];
  if (small && large) {
    budgets.push({ what: 'growth 1,000 → 10,000, cold', value: large.coldMs / small.coldMs, limit: 10, unit: '×' });
    if (small.warmMs && large.warmMs)
      budgets.push({
        what: 'growth 1,000 → 10,000, warm',
        value: large.warmMs / small.warmMs,
        limit: 10,
        unit: '×',
      });
  }
  // Issue 35: 100,000 pages complete under 2 GB and grow linearly from 10,000.
  const huge = site('synthetic 100000');
  if (huge) {
    budgets.push({ what: '100,000 pages, peak RSS', value: huge.rssMb, limit: 2048, unit: 'MB' });
    if (large)
      budgets.push({
        what: 'growth 10,000 → 100,000, cold',
        value: huge.coldMs / large.coldMs,
        limit: 11,
        unit: '×',
      });
  }
  const format = (n: number, unit: Budget['unit']) => (unit === '×' ? `${n.toFixed(1)}×` : `${n.toFixed(0)} ${unit}`);
  return budgets
    .filter((b): b is Budget & { value: number } => b.value !== undefined)
    .map(({ what, value, limit, unit }) => {
      const verdict =
        value <= limit
          ? 'within budget'
          : `OVER by ${format(value - limit, unit)} (+${(((value - limit) / limit) * 100).toFixed(0)}%)`;
      const measured = format(value, unit).padStart(10);
      return `${what.padEnd(34)} ${measured}  budget ${format(limit, unit).padStart(9)}  ${verdict}`;
    });
}
