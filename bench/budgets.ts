/** What `npm run bench` measured for one site. */
export interface SiteResult {
  name: string;
  pages: number;
  /** The cold build, measured inside its process (from the CLI's start to the build's end). */
  coldMs: number;
  /** Processor time (user + system) of the cold build's process. */
  coldCpuMs?: number;
  /** The cold build's process from Node's start to the build's end (what a person running the command waits). */
  coldProcessMs?: number;
  warmMs: number | undefined;
  /** The warm build's process from Node's start to the build's end. */
  warmProcessMs?: number | undefined;
  /** A build after one page's text was edited (the caches of the build before), its process, median of the runs. */
  editProcessMs?: number | undefined;
  rssMb: number;
}

interface Budget {
  what: string;
  value: number | undefined;
  limit: number;
  unit: 'ms' | 'MB' | '×';
}

/** The site `npm run bench` names `name`, if it measured it. */
const siteOf = (results: SiteResult[], name: string) => results.find((r) => r.name === name);

/**
 * The budgets of issue 18, each beside what was measured: the real site cold ≤ 3.5 s and warm ≤ 0.7 s, 1,000
 * synthetic pages cold ≤ 5 s, 10,000 cold ≤ 30 s under 1 GB, and growth from 1,000 to 10,000 pages ≤ 10×.
 */
export function budgetLines(results: SiteResult[]): string[] {
  const site = (name: string) => siteOf(results, name);
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
  return linesOf(budgets);
}

/**
 * The budgets of issue 35 (item 3), each beside what was measured: wall times of whole processes, as a person
 * running `docs-it build` waits (from Node's start; the cold builds' medians). 100 docs of the peer corpus
 * ≤ 0.8 s, 1,000 docs ≤ 2.0 s, the real site ≤ 2.0 s; 10,000 pages ≤ 12 s and ≤ 700 MB peak; 100,000 pages
 * ≤ 2 GB peak and ≤ 11× the 10,000 pages' time; warm with nothing changed, the real site ≤ 0.3 s; one page
 * edited in a 10,000-page site ≤ 1 s. (`dev`'s budget is `npm run bench:dev`'s: see `devBudgetLines`.)
 */
export function issue35BudgetLines(results: SiteResult[]): string[] {
  const site = (name: string) => siteOf(results, name);
  const cold = (r: SiteResult | undefined) => r?.coldProcessMs ?? r?.coldMs;
  const real = site('real site');
  const large = site('synthetic 10000');
  const huge = site('synthetic 100000');
  const budgets: Budget[] = [
    { what: '100 docs (peer corpus), cold', value: cold(site('peer corpus 100')), limit: 800, unit: 'ms' },
    { what: '1,000 docs (peer corpus), cold', value: cold(site('peer corpus 1000')), limit: 2000, unit: 'ms' },
    { what: 'real site, cold', value: cold(real), limit: 2000, unit: 'ms' },
    { what: '10,000 pages, cold', value: cold(large), limit: 12000, unit: 'ms' },
    { what: '10,000 pages, peak RSS', value: large?.rssMb, limit: 700, unit: 'MB' },
    { what: '100,000 pages, peak RSS', value: huge?.rssMb, limit: 2048, unit: 'MB' },
  ];
  const largeCold = cold(large);
  const hugeCold = cold(huge);
  if (largeCold !== undefined && hugeCold !== undefined)
    budgets.push({ what: 'growth 10,000 → 100,000, cold', value: hugeCold / largeCold, limit: 11, unit: '×' });
  budgets.push(
    { what: 'real site, warm (nothing changed)', value: real?.warmProcessMs ?? real?.warmMs, limit: 300, unit: 'ms' },
    { what: '10,000 pages, one page edited', value: large?.editProcessMs, limit: 1000, unit: 'ms' },
  );
  return linesOf(budgets);
}

/** `docs-it dev`'s budget (issue 35): save → new HTML in the browser, p50 ≤ 30 ms and p90 ≤ 50 ms. */
export function devBudgetLines(p50Ms: number, p90Ms: number): string[] {
  return linesOf([
    { what: 'dev: save → new HTML, p50', value: p50Ms, limit: 30, unit: 'ms' },
    { what: 'dev: save → new HTML, p90', value: p90Ms, limit: 50, unit: 'ms' },
  ]);
}

/** The value at quantile `q` (0–1) of sorted numbers, the nearest rank's (a median of an even count: the upper). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) throw new Error('no values');
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
}

const format = (n: number, unit: Budget['unit']) => (unit === '×' ? `${n.toFixed(1)}×` : `${n.toFixed(0)} ${unit}`);

/** One line a measured budget: what, the figure, the budget and the verdict; budgets not measured are left out. */
function linesOf(budgets: Budget[]): string[] {
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
