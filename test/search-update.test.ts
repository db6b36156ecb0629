/*
 * The search files after edits made from the previous build's index state (`updateSearchFiles`): the same bytes as
 * the files made whole from the same parts (`writeSearchParts`), whatever the sequence of edits; only the edited
 * pages' parts and those of the runs whose piece of the records is made again are asked for; a state that cannot
 * take the edits (pages added or removed, sections added) says so and writes nothing.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SearchBlock } from '../src/markdown/compiled-page';
import { LocalIndexWriter } from '../src/search/local-index-writer';
import { type PagePart, PagePartMaker } from '../src/search/page-part';
import { PostingsPool } from '../src/search/postings-pool';
import type { SearchPage } from '../src/search/records';
import {
  endsRun,
  memorySink,
  type SearchFileSink,
  type SearchKeep,
  updateSearchFiles,
  writeSearchParts,
} from '../src/search/search-files';
import { searchWordsOf } from '../src/search/search-words';
import type { ShardSizes } from '../src/search/shard-packer';
import { italianRecordOptions } from './search-record-options';
import { numbers } from './seeded-numbers';

const options = italianRecordOptions;
const words = searchWordsOf({ lang: 'it', htmlLang: 'it', synonyms: [] });
const input = { options, words };
const vocabulary = (
  'finestra finestre menu vassoio tray icona sicurezza aggiornamento configurazione compilare comando comandi ' +
  'evento eventi plugin allowlist webview notifica perché città firma macos windows linux rust cargo frontend'
).split(' ');

/** A page of `sections` headings, its words drawn from `seed` (a word of its own, `unico<p>`, in its text). */
function pageOf(p: number, seed: number, sections = 2, weight = 1): SearchPage {
  const next = numbers(seed * 1000 + p);
  const text = (n: number) => Array.from({ length: n }, () => vocabulary[next(vocabulary.length)]!).join(' ');
  const blocks: SearchBlock[] = [{ kind: 'text', text: `${text(6)} unico${p}x${seed}` } as SearchBlock];
  for (let h = 0; h < sections; h++) {
    blocks.push({ kind: 'heading', level: 2, text: `${text(2)} ${h}`, id: `h-${h}` } as SearchBlock);
    blocks.push({ kind: 'text', text: text(4 + next(12)) } as SearchBlock);
  }
  return {
    url: `/it/v1/guide/pagina-${p}`,
    title: `${text(2)} ${p}`,
    category: p % 3 ? 'Guide' : 'Riferimenti',
    keywords: [],
    description: null,
    weight,
    blocks,
  };
}

/** What a build keeps for the next (the cache folder's), in memory. */
function memoryKeep() {
  let state: Uint8Array | undefined;
  const keep: SearchKeep = {
    settings: 'settings',
    saveState: (bytes) => {
      state = bytes;
    },
  };
  return { keep, state: () => state! };
}

const maker = new PagePartMaker(words.stopWords);
/** A part per page, keyed by its seed (the page as it is now). */
const partsOf = (seeds: readonly number[], shape: (p: number) => [sections: number, weight: number] = () => [2, 1]) =>
  seeds.map((seed, p) => maker.partOf(pageOf(p, seed, ...shape(p)), options, `k${p}.${seed}.${shape(p).join('.')}`));

const filesOf = (sink: ReturnType<typeof memorySink>) =>
  new Map([...sink.files()].map(([file, bytes]) => [file, Buffer.from(bytes).toString('utf8')]));

/** The files made whole from `parts` (a cold build's). */
async function whole(parts: PagePart[]) {
  const sink = memorySink();
  await writeSearchParts(parts, input, sink);
  return filesOf(sink);
}

/** Updates `state` to `parts`, counting the parts asked for; undefined when the state cannot take them. */
async function update(
  state: Uint8Array,
  before: PagePart[],
  parts: PagePart[],
  keep: SearchKeep,
  to?: { sink: SearchFileSink; files: () => Map<string, string>; sizes?: ShardSizes },
) {
  const sink = memorySink();
  const asked = new Set<number>();
  const byKey = new Map(before.map((part) => [part.key, part]));
  const done = await updateSearchFiles(
    state,
    parts.map((part) => part.key),
    async (page) => {
      asked.add(page);
      return parts[page]!;
    },
    (key) => byKey.get(key),
    (key) => parts.find((part) => part.key === key),
    input,
    to?.sink ?? (sink as SearchFileSink),
    keep,
    to?.sizes,
  );
  return done && { files: to ? to.files() : filesOf(sink), asked, records: done.records };
}

const assertSame = (actual: Map<string, string>, expected: Map<string, string>, step: string) => {
  assert.equal([...actual.keys()].sort(), [...expected.keys()].sort(), `${step}: the same files`);
  for (const [file, text] of expected) assert.ok(actual.get(file) === text, `${step}: ${file} differs`);
};

test('a sequence of edits gives the files made whole, asking only for the edited pages and their runs', async () => {
  const pages = 600;
  let seeds = Array.from({ length: pages }, () => 1);
  let shape = (_p: number): [number, number] => [2, 1];
  let parts = partsOf(seeds, shape);
  const { keep, state } = memoryKeep();
  // Each build's search files kept by their keys, as in an output folder (a run's piece unchanged is not made).
  const cold = keyedSink(new Map());
  await writeSearchParts(parts, input, cold.sink, undefined, keep);
  let last = cold.keys;
  // Edits: one page's words (its own word gone, others new); two pages; a page's weight; the first and last page;
  // 70 pages again and again (lists replaced until the pool is compacted).
  const steps: [string, number[], ((p: number) => [number, number])?][] = [
    ['one page', [7]],
    ['two pages', [100, 101]],
    ['a weight', [300], (p) => [2, p === 300 ? 0.6 : 1]],
    ['first and last', [0, pages - 1]],
    ...Array.from({ length: 6 }, (_, i): [string, number[]] => [
      `again ${i}`,
      Array.from({ length: 70 }, (_, p) => 7 + p),
    ]),
  ];
  /** The pool's bytes of replaced lists the state holds (see `PostingsPool.unused`). */
  const unused = () =>
    (JSON.parse(Buffer.from(state()).toString('utf8').split('\n', 1)[0]!) as { unused: number }).unused;
  let compacted = false;
  for (const [step, edited, newShape] of steps) {
    const before = parts;
    seeds = seeds.map((seed, p) => (edited.includes(p) ? seed + 1 : seed));
    if (newShape) shape = newShape;
    parts = partsOf(seeds, shape);
    const warm = keyedSink(last);
    const updated = await update(state(), before, parts, keep, warm);
    last = warm.keys;
    assert.ok(updated, `${step}: the state takes the edit`);
    assertSame(updated.files, await whole(parts), step);
    assert.is(
      updated.records,
      parts.reduce((n, part) => n + part.recordCount, 0),
    );
    // The edited pages, and the pages of their runs (a run's records are made again from its pages' parts).
    for (const page of edited) assert.ok(updated.asked.has(page), `${step}: page ${page} asked for`);
    if (edited.length < 3) assert.ok(updated.asked.size < pages / 4, `${step}: ${updated.asked.size} parts asked for`);
    if (unused() === 0 && step.startsWith('again')) compacted = true;
  }
  assert.ok(compacted, 'the pool compacted');
});

test('a state that cannot take the edits writes nothing', async () => {
  const parts = partsOf(Array.from({ length: 50 }, () => 1));
  const { keep, state } = memoryKeep();
  await writeSearchParts(parts, input, memorySink(), undefined, keep);
  const sectionAdded = partsOf(
    Array.from({ length: 50 }, (_, p) => (p === 3 ? 2 : 1)),
    (p) => [p === 3 ? 3 : 2, 1],
  );
  assert.is(await update(state(), parts, sectionAdded, keep), undefined, 'a section added');
  assert.is(await update(state(), parts, parts.slice(1), keep), undefined, 'a page removed');
  assert.is(await update(state(), parts, [...parts, ...partsOf([1])], keep), undefined, 'a page added');
  const other = { ...keep, settings: 'other settings' };
  assert.is(await update(state(), parts, parts, other), undefined, 'a state made under other settings');
  assert.is(await update(state().subarray(0, 100), parts, parts, keep), undefined, 'a state cut short');
  const many = partsOf(Array.from({ length: 50 }, (_, p) => (p < 10 ? 2 : 1)));
  assert.is(await update(state(), parts, many, keep), undefined, 'a fifth of the pages edited');
});

test('an edited paragraph reads the lists of the words whose counts it changed, no other', async () => {
  const seeds = Array.from({ length: 40 }, () => 1);
  const pages = seeds.map((seed, p) => pageOf(p, seed));
  /** Page 7 with `added` at the end of its last paragraph (a paragraph appended, as an edit in a build). */
  const edit = (added: string) => {
    const page = structuredClone(pages[7]!);
    const last = page.blocks[page.blocks.length - 1] as SearchBlock & { text: string };
    last.text += added;
    return page;
  };
  const partsWith = (page: SearchPage, key: string) =>
    pages.map((p, i) => (i === 7 ? maker.partOf(page, options, key) : maker.partOf(p, options, `k${i}`)));
  let parts = partsWith(pages[7]!, 'e0');
  const { keep, state } = memoryKeep();
  await writeSearchParts(parts, input, memorySink(), undefined, keep);
  // Lists read while a part is replaced (`end` reads every list: not counted).
  let replacing = false;
  let reads = 0;
  const { replacePart } = LocalIndexWriter.prototype;
  const { readInto } = PostingsPool.prototype;
  LocalIndexWriter.prototype.replacePart = function (this: LocalIndexWriter, ...args) {
    replacing = true;
    try {
      return replacePart.apply(this, args);
    } finally {
      replacing = false;
    }
  };
  PostingsPool.prototype.readInto = function (this: PostingsPool, ...args) {
    if (replacing) reads++;
    return readInto.apply(this, args);
  };
  try {
    // New words, one word's count raised, the words taken out again: each step the files made whole.
    const steps: [string, string, number][] = [
      ['two words added', ' finestra comando', 2],
      ['a count raised', ' finestra comando finestra', 1],
      ['the words taken out', '', 2],
    ];
    for (const [i, [step, added, lists]] of steps.entries()) {
      const before = parts;
      parts = partsWith(edit(added), `e${i + 1}`);
      reads = 0;
      const updated = await update(state(), before, parts, keep);
      assert.ok(updated, `${step}: the state takes the edit`);
      assert.is(reads, lists, `${step}: lists read`);
      assertSame(updated.files, await whole(parts), step);
    }
  } finally {
    LocalIndexWriter.prototype.replacePart = replacePart;
    PostingsPool.prototype.readInto = readInto;
  }
});

/**
 * A sink that keeps files by key as a build's output folder does (`GroupWriter.keyed`): a keyed file whose key is
 * the last build's is kept with the last build's bytes and its contents not asked for, and read back as they are
 * (`GroupWriter.previous`, through `shown`); `lost` files are gone.
 */
function keyedSink(
  last: Map<string, { key: string; text: string }>,
  lost: ReadonlySet<string> = new Set(),
  shown: (text: string) => string = (text) => text,
) {
  const sink = memorySink();
  const keys = new Map<string, { key: string; text: string }>();
  const made: string[] = [];
  const keyed = async (
    file: string,
    key: string,
    contents: () => string | Uint8Array | Promise<string | Uint8Array>,
  ) => {
    const old = lost.has(file) ? undefined : last.get(file);
    let text: string;
    if (old?.key === key) text = old.text;
    else {
      text = Buffer.from(await contents()).toString('utf8');
      made.push(file);
    }
    keys.set(file, { key, text });
    await sink.file(file, text);
  };
  const previous = (file: string, key: string) => {
    const old = lost.has(file) ? undefined : last.get(file);
    return old?.key === key ? shown(old.text) : undefined;
  };
  return { sink: { ...sink, keyed, previous } as SearchFileSink, files: () => filesOf(sink), keys, made };
}

/** Words of a site of many words: each page has a few dozen of thousands, the first ones more often. */
const wideVocabulary = (() => {
  const next = numbers(99);
  const letters = 'abcdefgilmnoprstuvz';
  return Array.from({ length: 4000 }, () =>
    Array.from({ length: 4 + next(7) }, () => letters[next(letters.length)]!).join(''),
  );
})();

/** A page of three sections of such words; `added` appended to its last paragraph (an edit, as in a build). */
function widePageOf(p: number, added = ''): SearchPage {
  const next = numbers(p + 7);
  const text = (n: number) =>
    Array.from({ length: n }, () => wideVocabulary[next(next(wideVocabulary.length) + 1)]!).join(' ');
  const blocks: SearchBlock[] = [{ kind: 'text', text: text(20) } as SearchBlock];
  for (let h = 0; h < 3; h++) {
    blocks.push({ kind: 'heading', level: 2, text: text(3), id: `h-${h}` } as SearchBlock);
    blocks.push({ kind: 'text', text: text(30) + (h === 2 ? added : '') } as SearchBlock);
  }
  return {
    url: `/it/v1/guide/pagina-${p}`,
    title: text(3),
    category: 'Guide',
    keywords: [],
    description: null,
    weight: 1,
    blocks,
  };
}

test("an edit makes only its run's piece of the records, the others kept unread; a lost one made again", async () => {
  let seeds = Array.from({ length: 600 }, () => 1);
  let parts = partsOf(seeds);
  const { keep, state } = memoryKeep();
  const cold = keyedSink(new Map());
  await writeSearchParts(parts, input, cold.sink, undefined, keep);
  const pieceFiles = (files: Iterable<string>) =>
    [...files].filter((f) => f.startsWith('it/search/records/') && !f.endsWith('/list.json'));
  const pieces = pieceFiles(cold.keys.keys());
  assert.ok(pieces.length > 4, `${pieces.length} pieces`);
  // The pages of each run (as `writeSearchParts` cuts them), by its piece's file (written in the runs' order).
  const runs: number[][] = [[]];
  parts.forEach((part, p) => {
    runs[runs.length - 1]!.push(p);
    if (endsRun(part.url, runs[runs.length - 1]!.length) && p + 1 < parts.length) runs.push([]);
  });
  assert.is(runs.length, pieces.length);
  const runOf = new Map(pieces.map((file, i) => [file, runs[i]!]));
  let last = cold.keys;
  for (const [step, page, lost] of [
    ['one page edited', 7, []],
    ['another, a piece lost', 300, [pieces[0]!]],
  ] as const) {
    const before = parts;
    seeds = seeds.map((seed, p) => (p === page ? seed + 1 : seed));
    parts = partsOf(seeds);
    const warm = keyedSink(last, new Set(lost));
    const updated = await update(state(), before, parts, keep, warm);
    assert.ok(updated, step);
    assertSame(updated.files, await whole(parts), step);
    const made = pieceFiles(warm.made);
    assert.is(made.length, 1 + lost.length, `${step}: ${made.length} pieces made`);
    for (const file of lost) assert.ok(made.includes(file), `${step}: ${file} made again`);
    // Only the parts of the runs made again were asked for: the edited page's run's, the lost piece's run's.
    const expected = new Set(made.flatMap((file) => runOf.get(file) ?? []));
    assert.ok(expected.has(page), `${step}: the edited page's run is made`);
    assert.equal(
      [...updated.asked].sort((a, b) => a - b),
      [...expected].sort((a, b) => a - b),
      step,
    );
    last = warm.keys;
  }
});

test('an edit encodes and writes again only the shards it touched; a lost shard is made again', async () => {
  const pages = 400;
  const added = Array.from({ length: pages }, () => '');
  const partsNow = () => added.map((text, p) => maker.partOf(widePageOf(p, text), options, `w${p}.${text.length}`));
  let parts = partsNow();
  const { keep, state } = memoryKeep();
  // Lists read by `end` (a cold build's: every list).
  let reads = 0;
  const { readInto } = PostingsPool.prototype;
  PostingsPool.prototype.readInto = function (this: PostingsPool, ...args) {
    reads++;
    return readInto.apply(this, args);
  };
  // Term shards of about ten words: an edited section's words fall in a few of them.
  const sizes: ShardSizes = { terms: 300, postings: 2000 };
  const cold = keyedSink(new Map());
  await writeSearchParts(parts, input, cold.sink, sizes, keep);
  const lists = reads;
  const shardFiles = (files: Iterable<string>) =>
    [...files].filter((f) => f.startsWith('it/search/terms/') || f.startsWith('it/search/postings/'));
  const all = shardFiles(cold.keys.keys());
  const termShards = all.filter((f) => f.includes('/terms/')).length;
  assert.ok(termShards > 100, `${termShards} term shards`);
  try {
    let last = cold.keys;
    for (const [step, page, lost] of [
      ['a paragraph appended', 7, []],
      ['another page, a tenth of the shard files lost', 300, all.filter((_, i) => i % 10 === 0)],
    ] as const) {
      const before = parts;
      added[page] += ` parola${page} nuova${page}`;
      parts = partsNow();
      const warm = keyedSink(last, new Set(lost));
      reads = 0;
      const updated = await update(state(), before, parts, keep, { ...warm, sizes });
      const read = reads;
      assert.ok(updated, step);
      // The files are the files made whole; few were made again, and the lost ones were.
      const sink = memorySink();
      await writeSearchParts(parts, input, sink, sizes);
      assertSame(updated.files, filesOf(sink), step);
      const made = shardFiles(warm.made);
      assert.ok(made.length - lost.length < all.length / 3, `${step}: ${made.length} of ${all.length} files made`);
      const lostNow = lost.filter((file) => updated.files.has(file));
      if (lost.length) assert.ok(lostNow.length > 5, `${step}: ${lostNow.length} lost`);
      for (const file of lostNow) assert.ok(warm.made.includes(file), `${step}: ${file} made again`);
      // (A lost file's term shard is encoded again whole.)
      if (!lost.length) assert.ok(read < lists / 3, `${step}: ${read} of ${lists} lists read`);
      last = warm.keys;
    }
  } finally {
    PostingsPool.prototype.readInto = readInto;
  }
});

test("a shard encoded again takes the lists the edit left alone from the last build's files, as they are", async () => {
  const pages = 400;
  const added = Array.from({ length: pages }, () => '');
  const partsNow = () => added.map((text, p) => maker.partOf(widePageOf(p, text), options, `w${p}.${text.length}`));
  const before = partsNow();
  const { keep, state } = memoryKeep();
  const sizes: ShardSizes = { terms: 300, postings: 2000 };
  const cold = keyedSink(new Map());
  await writeSearchParts(before, input, cold.sink, sizes, keep);
  const cut = state();
  added[7] += ' parola7 nuova7';
  const parts = partsNow();
  const made = memorySink();
  await writeSearchParts(parts, input, made, sizes);
  const expected = filesOf(made);
  // Lists read from the pool by the update (its edited lists' and what `end` encodes).
  let reads = 0;
  const { readInto } = PostingsPool.prototype;
  PostingsPool.prototype.readInto = function (this: PostingsPool, ...args) {
    reads++;
    return readInto.apply(this, args);
  };
  try {
    const readBy = async (sink: ReturnType<typeof keyedSink>, previous: boolean) => {
      reads = 0;
      const to = previous ? sink.sink : { ...sink.sink, previous: undefined };
      const updated = await update(cut, before, parts, keep, { sink: to, files: sink.files, sizes });
      assert.ok(updated);
      return { reads, files: updated.files };
    };
    const without = await readBy(keyedSink(cold.keys), false);
    const taken = await readBy(keyedSink(cold.keys), true);
    assertSame(without.files, expected, 'without the last files');
    assertSame(taken.files, expected, 'with them');
    assert.ok(taken.reads < without.reads / 2, `${taken.reads} lists read against ${without.reads}`);
    // A piece's numbers as the last build's files have them are what the shard encoded again is made of.
    const marked = keyedSink(cold.keys, new Set(), (text) => text.replace(/,(\d+)\]/g, ',987654]'));
    const { files } = await readBy(marked, true);
    const postings = [...marked.made].filter((file) => file.startsWith('it/search/postings/'));
    assert.ok(postings.length > 0);
    assert.ok(
      postings.some((file) => files.get(file)!.includes(',987654]')),
      "a list left alone is the last file's text",
    );
    assert.not.ok([...expected.values()].some((text) => text.includes('987654')));
  } finally {
    PostingsPool.prototype.readInto = readInto;
  }
});

test.run();
