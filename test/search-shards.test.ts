/*
 * The local index cut into shards: the same hits however it is cut, a query loads only the shards of its
 * words, no file grows with the site, and a word too large for any shard is a clear error.
 */
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildLocalIndex } from '../src/search/local-index';
import { defaultShardSizes, shardLocalIndex } from '../src/search/local-index-shards';
import type { SearchRecord } from '../src/search/records';
import { jsonArrayBytes } from '../src/search/search-files';
import { searchWordsOf } from '../src/search/search-words';
import { PostingsPacker } from '../src/search/shard-packer';
import { loadStemmer } from '../src/search/stemmer';
import { maxCodedWords, maxShardBytes, sectionCode, type TermShard } from '../src/shared/search/local-index-format';
import { localSearchOfIndex } from './local-search-of';
import { numbers } from './seeded-numbers';

const vocabulary = (
  'finestra finestre menu vassoio tray icona sicurezza aggiornamento aggiornamenti configurazione ' +
  'configurare compilare compilazione comando comandi evento eventi plugin allowlist webview notifica ' +
  'notifiche perché città firma macos windows linux rust cargo frontend backend processo processi ' +
  'traspare trasparente trasparenti splashscreen sidecar binario binari percorso percorsi scope ' +
  'leggere legge lettura scrivere scrittura dialogo dialoghi debug sviluppo produzione'
).split(' ');

/** `count` pages of a few sections each, their words drawn from the vocabulary (and a number of their own). */
function recordsOf(count: number, seed = 7): SearchRecord[] {
  const next = numbers(seed);
  const words = (n: number) => Array.from({ length: n }, () => vocabulary[next(vocabulary.length)]!).join(' ');
  const records: SearchRecord[] = [];
  for (let p = 0; p < count; p++) {
    const url = `/it/v1/guides/pagina-${p}`;
    const weight = p % 10 === 9 ? 80 : 100;
    const base = {
      hierarchy_lvl0: p % 3 ? 'Guide' : 'Riferimenti',
      hierarchy_lvl1: `${words(2)} ${p}`,
      hierarchy_lvl2: null,
      hierarchy_lvl3: null,
      hierarchy_lvl4: null,
      hierarchy_lvl5: null,
      hierarchy_lvl6: null,
      url,
      lang: 'it',
      version: '1',
      keywords: null,
      description: null,
    };
    records.push({ ...base, id: `${p}`, content: null, anchor: null, type: 'lvl1', rank: weight * 100 + 90 });
    records[records.length - 1]!.keywords = words(2);
    records.push({ ...base, id: `${p}c`, content: words(12), anchor: null, type: 'content', rank: weight * 100 });
    for (let h = 0; h < 1 + next(3); h++) {
      const lvl2 = words(1 + next(3));
      const section = { ...base, hierarchy_lvl2: lvl2, anchor: `s${h}` };
      records.push({ ...section, id: `${p}-${h}`, content: null, type: 'lvl2', rank: weight * 100 + 80 });
      records.push({ ...section, id: `${p}-${h}c`, content: words(20), type: 'content', rank: weight * 100 });
      if (next(2)) {
        const deeper = { ...section, hierarchy_lvl3: words(2), anchor: `s${h}-a` };
        records.push({ ...deeper, id: `${p}-${h}a`, content: null, type: 'lvl3', rank: weight * 100 + 70 });
        records.push({ ...deeper, id: `${p}-${h}ac`, content: words(15), type: 'content', rank: weight * 100 });
      }
    }
  }
  return records;
}

/** What readers type: words, words being typed, typos of every kind, two and three words, synonyms. */
function queriesOf(): string[] {
  const queries = new Set<string>();
  vocabulary.forEach((word, i) => {
    queries.add(word);
    for (let n = 1; n <= 4; n++) queries.add(word.slice(0, n));
    queries.add(word.slice(1)); // the first letter missing
    queries.add(`x${word.slice(1)}`); // the first letter wrong
    queries.add(`${word[1]}${word[0]}${word.slice(2)}`); // the first two swapped
    queries.add(`${word.slice(0, 3)}${word.slice(4)}`); // a letter missing
    queries.add(`${word.slice(0, -2)}zz`); // two letters wrong
    queries.add(`${word} ${vocabulary[(i * 7) % vocabulary.length]}`);
    queries.add(`${vocabulary[(i * 3) % vocabulary.length]} ${word} ${word.slice(0, 3)}`);
  });
  for (const q of ['12', '3', 'pagina', 'guide', 'vassoio', 'tray', 'perche', 'citta', '', 'di la e']) queries.add(q);
  return [...queries];
}

const words = searchWordsOf({ lang: 'it', htmlLang: 'it', synonyms: [['vassoio', 'tray']] });
const stem = await loadStemmer(words.stemmer!);
const stemmer = { file: 'stemmer.js', stem };

test('a section code gives back what it holds, word counts capped above any query', () => {
  fc.assert(
    fc.property(
      fc.record({
        weights: fc.integer({ min: 1, max: 4 }),
        top: fc.boolean(),
        noAnchor: fc.boolean(),
        depth: fc.integer({ min: 0, max: 5 }),
        words: fc.integer({ min: 0, max: 60 }),
        parts: fc.integer({ min: 0, max: 60 }),
      }),
      fc.nat(),
      (s, w) => {
        const weight = w % s.weights;
        const decoded = sectionCode.decode(sectionCode.encode({ ...s, weight }), s.weights);
        assert.equal(decoded, {
          weight,
          top: s.top,
          noAnchor: s.noAnchor,
          depth: s.depth,
          words: Math.min(s.words, maxCodedWords),
          parts: Math.min(s.parts, maxCodedWords),
        });
      },
    ),
  );
});

test('the same hits however the index is cut: one shard of each kind, or hundreds of tiny ones', async () => {
  const local = buildLocalIndex(recordsOf(60), words, stemmer);
  const whole = localSearchOfIndex(local, { stem, sizes: { terms: maxShardBytes, postings: maxShardBytes } });
  const tiny = localSearchOfIndex(local, { stem, sizes: { terms: 100, postings: 300 } });
  const count = (files: Map<string, string>, dir: string) => [...files.keys()].filter((f) => f.startsWith(dir)).length;
  assert.is(count(whole.files, 'terms/'), 1);
  assert.is(count(whole.files, 'postings/'), 1);
  assert.ok(count(tiny.files, 'terms/') > 20, `${count(tiny.files, 'terms/')} term shards`);
  assert.ok(count(tiny.files, 'postings/') > 100, `${count(tiny.files, 'postings/')} postings shards`);
  const spread = [...tiny.files]
    .filter(([f]) => f.startsWith('terms/'))
    .some(([, json]) => (JSON.parse(json) as TermShard).more.some((n) => n > 1));
  assert.ok(spread, 'some lists run over several postings shards');
  let withHits = 0;
  for (const q of queriesOf()) {
    const expected = await whole.search.search(q);
    assert.equal(await tiny.search.search(q), expected, q);
    if (expected.length) withHits++;
  }
  assert.ok(withHits > 300, `${withHits} queries with hits`);
  // A word two typos away may start with another letter: wherever the shards are cut, it is found.
  for (let terms = 60; terms <= 400; terms += 17) {
    const cut = localSearchOfIndex(local, { stem, sizes: { terms, postings: 5000 } });
    for (const word of vocabulary.filter((w) => w.length >= 9))
      for (const q of [`x${word.slice(1)}`, `${word[1]}${word[0]}${word.slice(2)}`, `${word[0]}${word}`, word.slice(1)])
        assert.equal(await cut.search.search(q), await whole.search.search(q), `${q}, term shards of ${terms} bytes`);
  }
});

test('a query loads the shards of its words, and the text of its hits only', async () => {
  const local = buildLocalIndex(recordsOf(400), words, stemmer);
  const sharded = localSearchOfIndex(local, { stem, sizes: { terms: 300, postings: 4000 } });
  const termShards = [...sharded.files.keys()].filter((f) => f.startsWith('terms/')).length;
  const hits = await sharded.search.search('rust');
  assert.ok(hits.length > 0);
  const loaded = (dir: string) => sharded.loaded.filter((f) => f.startsWith(dir));
  assert.ok(loaded('terms/').length <= 2, `${loaded('terms/').join(', ')} of ${termShards}`);
  assert.ok(loaded('postings/').length <= 3, loaded('postings/').join(', '));
  assert.is(loaded('text/').length, hits.length, 'one text file per hit');
  // A word with two typos allowed may differ in its first letter: more term shards, not all, still few postings.
  const fresh = localSearchOfIndex(local, { stem, sizes: { terms: 300, postings: 4000 } });
  assert.ok((await fresh.search.search('configurazonne')).length > 0);
  const typoShards = fresh.loaded.filter((f) => f.startsWith('terms/')).length;
  assert.ok(typoShards > 2 && typoShards < termShards / 2, `${typoShards} of ${termShards}`);
  const postings = fresh.loaded.filter((f) => f.startsWith('postings/'));
  assert.ok(postings.length <= 6, postings.join(', '));
});

test('no file grows with the site: the entry stays small, every shard within its size', () => {
  const small = shardLocalIndex(...indexOf(100));
  const large = shardLocalIndex(...indexOf(3000));
  const bytes = (files: Map<string, string>) => [...files.values()].reduce((n, json) => n + json.length, 0);
  assert.ok(bytes(large) > 20 * bytes(small) && bytes(large) > 3 * 1024 * 1024, `${bytes(large)} bytes in all`);
  const entry = (files: Map<string, string>) => files.get('local-index.json')!.length;
  assert.ok(entry(large) < 1.5 * entry(small) && entry(large) < 4096, `entry ${entry(small)} → ${entry(large)} bytes`);
  for (const [file, json] of large) {
    if (file.startsWith('text/') || file === 'local-index.json') continue;
    const limit = file.startsWith('terms/') ? defaultShardSizes.terms : defaultShardSizes.postings;
    assert.ok(json.length <= limit, `${file}: ${json.length} bytes`);
  }
});

function indexOf(pages: number): Parameters<typeof shardLocalIndex> {
  const local = buildLocalIndex(recordsOf(pages), words, stemmer);
  return [local.index, local.texts];
}

test('bad input: a word larger than a shard may be is a clear error, not a slow search', () => {
  const [record, ...rest] = recordsOf(2);
  const huge = { ...record!, keywords: 'a'.repeat(maxShardBytes + 10) };
  const local = buildLocalIndex([huge, ...rest], words, stemmer);
  assert.throws(
    () => shardLocalIndex(local.index, local.texts),
    (error: Error) =>
      /terms\/[0-9a-z]+\.json is \d+ bytes, over the 1048576-byte limit of a shard/.test(error.message) &&
      /\/it\/v1\/guides\/pagina-0/.test(error.message),
  );
});

/** A number of a posting list: small counts, documents' numbers, and the edges of a number's digits. */
const number = fc.oneof(
  fc.integer({ min: 0, max: 12 }),
  fc.integer({ min: 0, max: 2_000_000 }),
  fc.constantFrom(9, 10, 99, 100, 99_999, 100_000, 2 ** 31, 2 ** 40),
);

test("the postings packer writes a shard's JSON as JSON.stringify would, its pieces the lists, within its size", () => {
  fc.assert(
    fc.property(
      fc.array(fc.array(number, { minLength: 1, maxLength: 60 }), { maxLength: 40 }),
      fc.integer({ min: 8, max: 200 }),
      (lists, limit) => {
        const packer = new PostingsPacker(limit);
        const at = lists.map((list, t) => packer.add(t * 997, list));
        packer.end();
        const shards = packer.take();
        const pieces = new Map<number, { shard: number; numbers: number[] }[]>();
        shards.forEach(([n, json], i) => {
          assert.is(n, i);
          const parsed = JSON.parse(json) as number[][];
          assert.is(json, JSON.stringify(parsed));
          // Over the size only when a shard holds one piece of a term and one number.
          if (json.length > limit) assert.ok(parsed.length === 1 && parsed[0]!.length === 2, `${json} over ${limit}`);
          for (const [t, ...numbers] of parsed) {
            if (!pieces.has(t!)) pieces.set(t!, []);
            pieces.get(t!)!.push({ shard: n, numbers });
          }
        });
        lists.forEach((list, t) => {
          const of = pieces.get(t * 997)!;
          assert.equal(
            of.flatMap((p) => p.numbers),
            list,
          );
          assert.equal(at[t], { first: of[0]!.shard, more: of.length - 1 });
        });
      },
    ),
    { numRuns: 300 },
  );
});

/**
 * The cut as it was first written, a number at a time (the packer cuts a list's joined text instead): a piece takes
 * the next number while the shard has room for it (a number's bytes are its digits and a comma; a piece's, its
 * term's and brackets too); a number that does not fit ends the piece, and a shard that cannot take a new piece's
 * term and first number is cut before it, unless empty.
 */
function cutNumberByNumber(lists: readonly (readonly number[])[], limit: number, termOf: (t: number) => number) {
  const shards: string[] = [];
  const at: { first: number; more: number }[] = [];
  let pieces: number[][] = [];
  let bytes = 2;
  const cut = () => {
    shards.push(JSON.stringify(pieces));
    pieces = [];
    bytes = 2;
  };
  const size = (n: number) => JSON.stringify(n).length + 1;
  lists.forEach((list, t) => {
    const term = termOf(t);
    let piece: number[] | undefined;
    let pieceBytes = 0;
    let first = -1;
    let more = 0;
    for (const n of list) {
      if (piece && bytes + pieceBytes + size(n) <= limit) {
        piece.push(n);
        pieceBytes += size(n);
        continue;
      }
      if (piece) bytes += pieceBytes;
      if (bytes + 2 + size(term) + size(n) > limit && (pieces.length > 0 || piece)) cut();
      piece = [term, n];
      pieces.push(piece);
      pieceBytes = 2 + size(term) + size(n);
      if (first === -1) first = shards.length;
      else more++;
    }
    if (piece) bytes += pieceBytes;
    at.push({ first, more });
  });
  if (pieces.length > 0 || shards.length === 0) cut();
  return { shards, at };
}

test('the postings packer cuts each list where a packer taking a number at a time would, and hashes it', () => {
  fc.assert(
    fc.property(
      fc.array(fc.array(number, { minLength: 1, maxLength: 80 }), { maxLength: 40 }),
      fc.integer({ min: 8, max: 300 }),
      (lists, limit) => {
        const termOf = (t: number) => t * 37;
        const packer = new PostingsPacker(limit);
        const hashes: string[] = [];
        const at = lists.map((list, t) => {
          // Half the lists as a typed array's used part, as the index writer gives them.
          const numbers = t % 2 ? list : Float64Array.from([...list, 5, 5]).subarray(0, list.length);
          const where = packer.add(termOf(t), numbers);
          hashes.push(packer.listHash.join());
          return where;
        });
        packer.end();
        const expected = cutNumberByNumber(lists, limit, termOf);
        assert.equal(
          packer.take().map(([, json]) => json),
          expected.shards,
        );
        assert.equal(at, expected.at);
        // Lists of the same numbers hash alike, and (with these few) different ones apart.
        lists.forEach((list, t) => {
          const same = lists.findIndex((other) => other.join() === list.join());
          assert.is(hashes[t] === hashes[same], true);
          lists.forEach((other, u) => {
            if (other.join() !== list.join()) assert.is.not(hashes[t], hashes[u]);
          });
        });
      },
    ),
    { numRuns: 500 },
  );
});

test('a list added with its hash known is packed the same and keeps that hash, not one made again', () => {
  const lists = [
    [3, 1, 4, 1, 5],
    [9, 2, 6],
    [5, 3, 5, 8, 9, 7, 9],
  ];
  const hashed = new PostingsPacker(24);
  const places: { first: number; more: number }[] = [];
  const hashes = lists.map((list, t) => {
    places.push(hashed.add(t, list));
    return hashed.listHash;
  });
  hashed.end();
  const known = new PostingsPacker(24);
  // The second list's hash given as known (a word an edit left alone), the others made.
  const at = lists.map((list, t) => {
    const where = known.add(t, list, t === 1 ? [7, 11] : undefined);
    assert.equal(known.listHash, t === 1 ? [7, 11] : hashes[t]);
    return where;
  });
  known.end();
  assert.equal(known.take(), hashed.take());
  assert.equal(at, places);
});

test('records.json made piece by piece is the bytes of one JSON.stringify, however it is cut', () => {
  const records = [
    { id: 'a', title: 'Perché Tauri?', text: 'È più leggero: “citazioni” e emoji 🦀 incluse', level: 1 },
    { id: 'b', title: 'Comandi', text: 'invoke<number>("x") \\ "quoted"\n', anchor: null },
    { id: 'c', tags: ['uno', 'due'], nested: { ok: true, n: 1.5 } },
  ];
  const whole = Buffer.from(JSON.stringify(records));
  for (const pieceChars of [1, 10, 60, 1_000_000])
    assert.ok(Buffer.from(jsonArrayBytes(records, pieceChars)).equals(whole), `pieces of ${pieceChars}`);
  assert.ok(Buffer.from(jsonArrayBytes([])).equals(Buffer.from('[]')));
});

test.run();
