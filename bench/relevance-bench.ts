/*
 * npm run bench:relevance [-- --all]: how often the local search puts the page a reader means first.
 * Runs the query sets of relevance-queries.ts against the real site's local index (made by the build's own
 * stages) and prints, per set, success@1 (the answer is the first hit), success@3 (among the first three) and
 * MRR (mean of 1/rank, 0 beyond the tenth hit), then each query whose answer is not first, with what came
 * first (`--all`: every query). An answer that names a page or section the index does not have is an error.
 * The third held-out set prints its figures only, so that tuning never reads its misses; `--third-misses`
 * prints them too (once a round is over).
 */
import path from 'node:path';
import type { SearchHit } from '../src/client/search/types';
import { searchFiles } from '../src/search/search-files';
import type { PageText } from '../src/shared/search/local-index-format';
import { searchDirOf } from '../src/shared/urls';
import { firstHeldOut, heldOut, type RelevanceQuery, thirdHeldOut, tuning } from './relevance-queries';
import { localSearchOf, repo, searchInputOf } from './search-input';

/** Hits looked at per query: an answer further down counts as not found. */
const depth = 10;
const showAll = process.argv.includes('--all');
const showThirdMisses = process.argv.includes('--third-misses');

const input = await searchInputOf(path.join(repo, 'site.config.ts'));
const { baseUrl } = input.options;
const { files } = await searchFiles(input);
const search = await localSearchOf(input, files);

/** Every page and section the index can lead to, as `route` and `route#anchor` (from the pages' text files). */
const targets = new Set<string>();
for (const [file, json] of files) {
  if (!file.startsWith(`${searchDirOf(baseUrl)}text/`)) continue;
  const [url, , , , sections] = JSON.parse(json) as PageText;
  targets.add(url);
  for (const [anchor] of sections) if (anchor) targets.add(`${url}#${anchor}`);
}
const absolute = (answer: string) => `${baseUrl}${answer}`.replace(/\/(#|$)/, '$1');
const unknown = [...tuning, ...firstHeldOut, ...heldOut, ...thirdHeldOut].flatMap((q) =>
  q.answers.filter((a) => !targets.has(absolute(a))).map((a) => `«${q.q}»: ${a}`),
);
if (unknown.length) {
  console.error(`Answers the index does not know (fix relevance-queries.ts):\n  ${unknown.join('\n  ')}`);
  process.exit(1);
}

const hitTarget = (hit: SearchHit) => (hit.anchor ? `${hit.url}#${hit.anchor}` : (hit.url ?? ''));
const hitLabel = (hit: SearchHit) => {
  const h = hit.hierarchy;
  const headings = [h.lvl2, h.lvl3, h.lvl4, h.lvl5, h.lvl6].filter(Boolean).join(' › ');
  return `${hitTarget(hit).slice(baseUrl.length)}  (${h.lvl0} / ${h.lvl1}${headings ? ` › ${headings}` : ''})`;
};

/** 1-based rank of the first hit that answers the query, or undefined within `depth` hits. */
function rankOf(query: RelevanceQuery, hits: SearchHit[]): number | undefined {
  const answers = query.answers.map(absolute);
  const i = hits.findIndex((hit) => answers.some((a) => (a.includes('#') ? hitTarget(hit) === a : hit.url === a)));
  return i < 0 ? undefined : i + 1;
}

interface SetResult {
  name: string;
  queries: number;
  at1: number;
  at3: number;
  mrr: number;
}

async function runSet(name: string, queries: RelevanceQuery[], showMisses = true): Promise<SetResult> {
  let at1 = 0;
  let at3 = 0;
  let reciprocal = 0;
  const lines: string[] = [];
  for (const query of queries) {
    const hits = await search.search(query.q, depth);
    const rank = rankOf(query, hits);
    if (rank === 1) at1++;
    if (rank !== undefined && rank <= 3) at3++;
    reciprocal += rank ? 1 / rank : 0;
    if (rank === 1 && !showAll) continue;
    lines.push(`  «${query.q}»: ${rank ? `#${rank}` : `below #${depth}`}; expected ${query.answers.join(' | ')}`);
    for (const hit of hits.slice(0, 3)) lines.push(`      ${hitLabel(hit)}`);
    if (hits.length === 0) lines.push('      (no results)');
  }
  if (!showMisses) lines.length = 0;
  console.log(`\n${name}: ${queries.length} queries${lines.length ? `; ${showAll ? 'all' : 'not first'}:` : ''}`);
  for (const line of lines) console.log(line);
  return { name, queries: queries.length, at1, at3, mrr: reciprocal / queries.length };
}

const results = [
  await runSet('Tuning set', tuning),
  await runSet('First held-out set', firstHeldOut),
  await runSet('Second held-out set', heldOut),
  await runSet('Third held-out set', thirdHeldOut, showThirdMisses),
];
const percent = (n: number, of: number) => `${((n / of) * 100).toFixed(1)}%`.padStart(7);
console.log('\nset                  queries  success@1  success@3    MRR');
for (const r of results)
  console.log(
    `${r.name.padEnd(22)} ${String(r.queries).padStart(5)}  ${percent(r.at1, r.queries)}    ` +
      `${percent(r.at3, r.queries)}  ${r.mrr.toFixed(3)}`,
  );
console.log('(goal: success@1 ≥ 90%, success@3 ≥ 97% on every set)');
