/*
 * The count that lets most pages skip the page limits' line scan (`withinLimitsAtSight`): every page it lets through
 * is one the scan finds nothing in, at each limit's edge and on pages made at random around them.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pageLimits, scanPageLines, withinLimitsAtSight } from '../src/markdown/page-limits';

const r = (text: string, times: number) => text.repeat(times);

/** Whether the line scan finds a problem in `body`. */
const scanFinds = (body: string) => {
  try {
    scanPageLines(body, 'content/docs/pagina.md');
    return false;
  } catch {
    return true;
  }
};

/** A page as the peer corpus writes them: a table, code, an admonition, links. */
const ordinary = `---
title: Pagina
---

Questa è la pagina 7. Torna alla [pagina precedente](./pagina-6.md#configurazione). Descrive un comando.

## Configurazione {#configurazione}

:::tip Suggerimento
Tieni l’elenco delle API al minimo: ogni API abilitata è codice in più.
:::

\`\`\`ts title="src/main.ts"
import { invoke } from '@tauri-apps/api/tauri';
const risultato = await invoke<number>('comando_7', { valore: 9 });
\`\`\`

| Chiave | Tipo | Predefinito |
|---|---|---|
| attivo | boolean | false |

- una voce con *enfasi* e __forza__
- un'altra
  > una citazione in una voce
`;

test('an ordinary page is let through, and the scan finds nothing in it', () => {
  assert.ok(withinLimitsAtSight(ordinary));
  assert.not.ok(scanFinds(ordinary));
});

test('each count at its bound is let through; one more is not', () => {
  const { bracketNesting, unmatchedBrackets, emphasisMarks, tagNesting, lazyLines, blockNesting } = pageLimits;
  const columns = pageLimits.indentColumns / 4;
  const edges: [what: string, page: (n: number) => string, bound: number][] = [
    ['brackets opened', (n) => `${r('[', n)}a\n`, bracketNesting],
    ['brackets closed', (n) => `${r('a] ', n)}\n`, unmatchedBrackets],
    ['emphasis marks', (n) => `${r('a_ ', n)}\n`, emphasisMarks],
    ['elements opened', (n) => `${r('a<', n)}x\n`, tagNesting],
    ['lines', (n) => `${r('a\n', n - 1)}a`, lazyLines],
    ['list items on a line', (n) => `${r('- ', n)}x\n`, blockNesting],
    ['numbered list items on a line', (n) => `${r('1. ', n)}x\n`, blockNesting],
    ['numbered list items with a parenthesis', (n) => `${r('1) ', n)}x\n`, blockNesting],
    ['quotes on a line', (n) => `${r('> ', n)}x\n`, blockNesting],
    ['quotes and list items', (n) => `${r('> ', n - 16)}${r('+ ', 16)}x\n`, blockNesting],
    ['footnotes and list items', (n) => `${r('[^a]: ', 16)}${r('- ', n - 16)}x\n`, blockNesting],
    ['admonitions around list items', (n) => `${r(':::note\n', 16)}${r('* ', n - 16)}x\n`, blockNesting],
    // Each line's quote and the admonitions open: one fewer admonition.
    ['admonitions opened in a quote', (n) => `${r('> :::tip\n', n)}x\n`, blockNesting - 1],
    ['admonitions opened', (n) => `${r(':::note\n', n)}x\n`, blockNesting],
    ['blanks in a row', (n) => `${r(' ', n)}x\n`, columns],
    ['tabs in a row', (n) => `${r('\t', n)}x\n`, columns],
  ];
  for (const [what, page, bound] of edges) {
    assert.ok(withinLimitsAtSight(page(bound)), `${what}: ${bound}`);
    assert.not.ok(withinLimitsAtSight(page(bound + 1)), `${what}: ${bound + 1}`);
  }
});

/** Numbers from a seed: the same pages on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/**
 * Pieces a page is made of, each with how many of it bring its limit near: a page takes one of them that many times,
 * give or take a few, among a few hundred others.
 */
const leading: [piece: string, near: number][] = [
  ['[', pageLimits.bracketNesting],
  ['a] ', pageLimits.unmatchedBrackets],
  ['_a ', pageLimits.emphasisMarks],
  ['*', pageLimits.emphasisMarks],
  ['<div>', pageLimits.tagNesting],
  ['<section>\n\n', pageLimits.tagNesting],
  [':::note\n', pageLimits.blockNesting],
  ['- ', pageLimits.blockNesting],
  ['> ', pageLimits.blockNesting],
  ['1. ', pageLimits.blockNesting],
  ['[^a]: ', pageLimits.blockNesting],
  ['b\n', pageLimits.lazyLines],
  ['\t', pageLimits.indentColumns / 4],
  [' ', pageLimits.indentColumns / 4],
];
const others = [
  'testo ',
  '\n',
  '\n\n',
  '`codice` ',
  '```\n',
  '~~~\n',
  ':::\n',
  '</div>',
  '<br/>',
  '](b) ',
  '> a\n',
  '- a\n',
];

test('a page let through is one the scan finds nothing in, on 3,000 pages made around the limits', () => {
  const next = random(35);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  let through = 0;
  let found = 0;
  for (let i = 0; i < 3000; i++) {
    const [piece, near] = pick(leading);
    const times = Math.max(0, near - 4 + Math.floor(next() * 12));
    const parts: string[] = [];
    for (let k = 0; k < times; k++) parts.push(piece);
    // Around the leading piece's run, and inside it: others the limits count or end.
    for (let k = Math.floor(next() * 40); k > 0; k--)
      parts.splice(Math.floor(next() * (parts.length + 1)), 0, pick(others));
    const page = `${parts.join('')}x\n`;
    const finds = scanFinds(page);
    if (finds) found++;
    if (!withinLimitsAtSight(page)) continue;
    through++;
    assert.not.ok(finds, `let through, but the scan finds a problem in ${JSON.stringify(page.slice(0, 200))}`);
  }
  // Both kinds are there: pages the count lets through, and pages the scan stops.
  assert.ok(through > 300, `${through} let through`);
  assert.ok(found > 200, `${found} found by the scan`);
});

test.run();
