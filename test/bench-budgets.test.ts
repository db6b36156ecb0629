/*
 * `npm run bench`'s and `bench:dev`'s budget lines, without building anything: each of issue 35's budgets is
 * printed beside its figure with the verdict the figure earns, whole processes' times where the bench has them.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { devBudgetLines, issue35BudgetLines, quantile, type SiteResult } from '../bench/budgets';

const site = (name: string, fields: Partial<SiteResult>): SiteResult => ({
  name,
  pages: 100,
  coldMs: 1,
  warmMs: undefined,
  rssMb: 100,
  ...fields,
});

const lineOf = (lines: string[], what: string) => {
  const found = lines.find((l) => l.startsWith(what));
  assert.ok(found, `no line for ${what} in\n${lines.join('\n')}`);
  return found;
};

test("issue 35's budgets: each measured one beside its figure and its verdict", () => {
  const lines = issue35BudgetLines([
    site('peer corpus 100', { coldMs: 500, coldProcessMs: 790 }),
    site('peer corpus 1000', { coldProcessMs: 2500 }),
    site('real site', { coldProcessMs: 1900, warmMs: 200, warmProcessMs: 450 }),
    site('synthetic 10000', { coldProcessMs: 10_000, rssMb: 650, editProcessMs: 1200 }),
    site('synthetic 100000', { coldProcessMs: 120_000, rssMb: 2100 }),
  ]);
  assert.match(lineOf(lines, '100 docs (peer corpus), cold'), /790 ms\s+budget\s+800 ms\s+within budget$/);
  assert.match(
    lineOf(lines, '1,000 docs (peer corpus), cold'),
    /2500 ms\s+budget\s+2000 ms\s+OVER by 500 ms \(\+25%\)$/,
  );
  assert.match(lineOf(lines, 'real site, cold'), /1900 ms\s+budget\s+2000 ms\s+within budget$/);
  assert.match(lineOf(lines, '10,000 pages, cold'), /10000 ms\s+budget\s+12000 ms\s+within budget$/);
  assert.match(lineOf(lines, '10,000 pages, peak RSS'), /650 MB\s+budget\s+700 MB\s+within budget$/);
  assert.match(lineOf(lines, '100,000 pages, peak RSS'), /2100 MB\s+budget\s+2048 MB\s+OVER/);
  assert.match(lineOf(lines, 'growth 10,000 → 100,000, cold'), /12\.0×\s+budget\s+11\.0×\s+OVER/);
  // The warm build's whole process, not its in-process time.
  assert.match(lineOf(lines, 'real site, warm (nothing changed)'), /450 ms\s+budget\s+300 ms\s+OVER by 150 ms/);
  assert.match(lineOf(lines, '10,000 pages, one page edited'), /1200 ms\s+budget\s+1000 ms\s+OVER by 200 ms/);
});

test('a budget whose figure was not measured is left out, not shown as met', () => {
  const lines = issue35BudgetLines([site('real site', { coldProcessMs: 1500 })]);
  assert.equal(lines.length, 1);
  assert.match(lines[0]!, /^real site, cold/);
});

test("dev's budget: p50 against 30 ms, p90 against 50 ms", () => {
  const [p50, p90] = devBudgetLines(29.6, 55);
  assert.match(p50!, /^dev: save → new HTML, p50\s+30 ms\s+budget\s+30 ms\s+within budget$/);
  assert.match(p90!, /^dev: save → new HTML, p90\s+55 ms\s+budget\s+50 ms\s+OVER by 5 ms \(\+10%\)$/);
});

test('quantiles are nearest ranks of the sorted figures', () => {
  const values = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
  assert.equal(quantile(values, 0.5), 60);
  assert.equal(quantile(values, 0.9), 100);
  assert.equal(quantile([7], 0.9), 7);
  assert.equal(quantile([1, 2, 3], 0.5), 2);
});

test.run();
