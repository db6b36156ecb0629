/*
 * bench:peers's checks and verdicts, without building anything: a build that lost a doc or a post is caught
 * whatever its files are called, and the round's goal is met only at ≥ 10× on every size it names.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { blogPosts, docMarker, missingPages, postMarker } from '../bench/peer-corpus';
import { floorLines, goalLines, type Row, ratioLines } from '../bench/peer-report';

const page = (text: string) => `<html><body><main><p>${text} Altro testo.</p></main></body></html>`;
const posts = Array.from({ length: blogPosts }, (_, i) => page(postMarker(i)));

test('a build that shows every doc and post misses nothing', () => {
  const docs = Array.from({ length: 60 }, (_, i) => page(docMarker(i)));
  assert.equal(missingPages([...docs, ...posts], 60), { docs: [], posts: [] });
});

test('a lost doc and a lost post are named, and no doc stands in for another by a shared prefix', () => {
  // Doc 17 and 70 are there, 7 is not; a list of posts shows only the summaries before the cut.
  const docs = Array.from({ length: 80 }, (_, i) => i)
    .filter((i) => i !== 7)
    .map((i) => page(docMarker(i)));
  const list = page('Riassunto dell’articolo 2.');
  const shown = posts.filter((_, i) => i !== 2);
  assert.equal(missingPages([...docs, ...shown, list], 80), { docs: [7], posts: [2] });
});

const row = (size: number, tool: string, wall: number, cpu = wall): Row => ({
  size,
  tool,
  pages: size,
  wall,
  cpu,
  rssMb: 100,
});

test('ratio lines: one per peer and size, wall and CPU, docs-it and the floor left out', () => {
  const rows = [row(100, 'docs-it', 1, 2), row(100, 'floor', 0.2), row(100, 'rspress', 5.3, 9), row(100, 'x', 12)];
  assert.equal(ratioLines(rows), [
    'ratio rspress 100: 5.3x',
    'ratio-cpu rspress 100: 4.5x',
    'ratio x 100: 12.0x',
    'ratio-cpu x 100: 6.0x',
  ]);
  assert.equal(floorLines(rows), [
    'floor 100: 0.20s (CPU 0.20s)',
    'ratio docs-it floor 100: 5.0x',
    'ratio-cpu docs-it floor 100: 10.0x',
  ]);
});

test('the goal is met only at ≥ 10× at 100 and at 1,000 docs; a size not measured leaves it open', () => {
  const rows = [
    row(100, 'docs-it', 1),
    row(1000, 'docs-it', 3),
    row(100, 'fast', 10),
    row(1000, 'fast', 30),
    row(100, 'close', 12),
    row(1000, 'close', 29.9),
  ];
  assert.equal(goalLines(rows), [
    'goal: docs-it >= 10x every peer (wall) at 100 and 1000 docs',
    'goal fast: met (100: 10.0x, 1000: 10.0x)',
    'goal close: not met (100: 12.0x, 1000: 9.9x)',
  ]);
  assert.equal(goalLines([row(100, 'docs-it', 1), row(100, 'fast', 20)]).slice(1), [
    'goal fast: open (100: 20.0x, 1000: not measured)',
  ]);
  assert.equal(goalLines([row(100, 'docs-it', 1), row(100, 'slow', 2)]).slice(1), [
    'goal slow: not met (100: 2.0x, 1000: not measured)',
  ]);
});

test.run();
