import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { frontMatterChecks, frontMatterHead, parseFrontMatter, yamlFrontMatter } from '../src/content/front-matter';
import { plainFrontMatter } from '../src/content/plain-front-matter';
import { normalizedContentText } from '../src/content/text-again';
import { DocsItError } from '../src/errors';
import { repoRoot } from './helpers';
import { numbers } from './seeded-numbers';

const sections = ['docs', 'blog', 'pages'] as const;

/** A value's keys at every level, in order (what `isDeepStrictEqual` does not compare). */
function layoutOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(layoutOf);
  if (typeof value !== 'object' || value === null) return typeof value;
  return Object.entries(value).map(([key, item]) => [key, layoutOf(item)]);
}

/** Where the quick check answers, it answers as zod does: its output, key order included. */
function assertSame(section: (typeof sections)[number], data: unknown, what: string): boolean {
  const { quick, zod } = frontMatterChecks(section, data);
  if (quick === undefined) return false;
  assert.ok(zod.success, `${what}: zod refuses what the quick check takes`);
  if (!zod.success) return false;
  assert.ok(
    isDeepStrictEqual(quick, zod.data),
    `${what}: ${JSON.stringify(quick)} against ${JSON.stringify(zod.data)}`,
  );
  assert.equal(layoutOf(quick), layoutOf(zod.data), `${what}: key order`);
  assert.is.not(quick, data, `${what}: a new object, as zod's`);
  return true;
}

/** Values at the edges of every key's type: the ones each check takes, and their near misses. */
const values = (): unknown[] => [
  '',
  'a',
  'Titolo',
  'a/b',
  'x?y',
  'x#y',
  'a\u0001b',
  'a\u007f',
  '2023-06-14',
  '2023-06-14T10:00:00Z',
  '23-06-14',
  'none',
  'None',
  'releases',
  'primary',
  'docs/x.md',
  '/docs/x.md',
  '../x.md',
  'a/../b',
  'abcdef1',
  'ABCDEF0123',
  'abcdef',
  'g123456',
  0,
  -0,
  1,
  2,
  2.5,
  6,
  7,
  -3,
  1e21,
  2 ** 53,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  false,
  null,
  undefined,
  [],
  ['a'],
  ['a', 'b'],
  ['a', 1],
  [null],
  // biome-ignore lint/suspicious/noSparseArray: a hole, which is no string.
  [, 'a'],
  [{ name: 'A' }],
  {},
  { path: 'docs/x.md', commit: 'abcdef1' },
  { commit: 'abcdef1', path: 'docs/x.md' },
  { path: 'docs/x.md', commit: 'abcdef1', extra: 1 },
  { path: '/x.md', commit: 'abcdef1' },
  { path: 'docs/x.md', commit: 'xyz' },
  { path: 'docs/x.md' },
  Object.assign(Object.create(null) as object, { path: 'docs/x.md', commit: 'abcdef1' }),
  { name: 'A', title: 'B' },
  { title: 'T', tagline: 'L' },
  { date: '2023-06-14' },
  new Date(0),
];

/** For each key of a schema, values its check takes and their near misses: most generated values are these. */
const near: Record<string, unknown[]> = {
  id: ['intro', 'a b', 'a/b', '', 'x?'],
  title: ['Titolo', '', ' ', 1],
  slug: ['/', '/a/b', 'a?b', 'a#b', 'a\u0000', ''],
  keywords: [[], ['a'], ['a', 'b'], ['a', 2], 'a'],
  draft: [true, false, 'true', 0],
  toc_min_heading_level: [2, 3, 6, 1, 7, 2.5, -0, '3'],
  toc_max_heading_level: [2, 5, 6, 0, 7, 6.5, Number.NaN],
  upstream: [
    'none',
    { path: 'docs/a.md', commit: 'abc1234' },
    { commit: 'ABC1234', path: 'a.md' },
    { path: 'docs/a.md', commit: 'abc1234', extra: 1 },
    { path: '../a.md', commit: 'abc1234' },
    'docs/a.md',
  ],
  custom_edit_url: ['https://e.org/x', null, '', 0],
  sidebar_position: [1, 0, -0, 2.5, -3, Number.NaN, Number.POSITIVE_INFINITY, '1'],
  pagination_prev: ['a', null, 1],
  displayed_sidebar: ['guide', null, true],
  authors: ['mario', ['mario', 'anna'], [], ['mario', { name: 'Anna' }], { name: 'Mario' }, 3],
  tags: [['prova'], [], 'prova', [1]],
  date: ['2023-06-14', '2023-06-14 10:00', '2023-6-14', new Date(0), 20230614],
  layout: ['releases', 'release', ''],
};

/** Keys of every section's schema (so another section's key is an unknown one), and unknown keys. */
const keys = [
  'id',
  'title',
  'description',
  'keywords',
  'image',
  'slug',
  'draft',
  'unlisted',
  'hide_title',
  'hide_table_of_contents',
  'toc_min_heading_level',
  'toc_max_heading_level',
  'upstream',
  'custom_edit_url',
  'sidebar_label',
  'sidebar_position',
  'pagination_prev',
  'pagination_next',
  'pagination_label',
  'sidebar_class_name',
  'sidebar_custom_props',
  'displayed_sidebar',
  'last_update',
  'authors',
  'tags',
  'date',
  'layout',
  'hero',
  'custom',
  'constructor',
  'toString',
  '1',
  '__proto__',
];

test('the quick front matter check gives zod’s output wherever it answers, on generated front matters', () => {
  const stream = numbers(150);
  // The stream's high bits: its low ones repeat with short periods, which left whole combinations of keys and
  // values out (a level of 7 with every other key valid, say).
  const next = (n: number) => Math.floor((stream(2 ** 30) / 2 ** 30) * n);
  const pool = values();
  const runs = 20_000;
  let taken = 0;
  const takenBy = { docs: 0, blog: 0, pages: 0 };
  for (let run = 0; run < runs; run++) {
    const section = sections[next(sections.length)]!;
    const data: Record<string, unknown> = {};
    const count = next(6);
    for (let i = 0; i < count; i++) {
      // Mostly values a check takes for its key, so that most front matters get past their first key.
      const key = keys[next(keys.length)]!;
      const close = near[key];
      const value = close && next(4) > 0 ? close[next(close.length)] : pool[next(pool.length)];
      // `__proto__` as an own key, as a parser may make it.
      if (key === '__proto__') Object.defineProperty(data, key, { value, enumerable: true, writable: true });
      else data[key] = value;
    }
    if (assertSame(section, data, `${section} ${run}`)) {
      taken++;
      takenBy[section]++;
    }
  }
  // The comparison means something only if the check answers often, in every section.
  assert.ok(taken > runs / 20, `${taken} of ${runs} taken`);
  for (const section of sections) assert.ok(takenBy[section] > runs / 100, `${section}: ${takenBy[section]}`);
});

test('the quick check takes the common front matters, and leaves what it does not check to zod', () => {
  const upstream = { path: 'docs/intro.md', commit: '0123abc' };
  const doc = {
    title: 'Introduzione',
    description: 'Come iniziare',
    keywords: ['guida', 'inizio'],
    sidebar_position: 2,
    sidebar_label: 'Intro',
    upstream,
    tags: ['not a doc key'],
  };
  for (const [section, data] of [
    ['docs', doc],
    ['docs', { id: 'intro', slug: '/', hide_title: true, toc_min_heading_level: 2, pagination_prev: null }],
    ['blog', { title: 'Post', authors: ['mario', 'anna'], tags: ['prova'], date: '2023-06-14' }],
    ['blog', { authors: 'mario', upstream: 'none' }],
    ['pages', { title: 'Rilasci', layout: 'releases' }],
    ['pages', {}],
  ] as const) {
    assert.ok(assertSame(section, data, JSON.stringify(data)), `${section} ${JSON.stringify(data)} taken`);
  }
  // A mapping or a default of the schema, a Date, a value of another type: zod's.
  for (const [section, data] of [
    ['docs', { last_update: { author: 'mario' } }],
    ['docs', { sidebar_custom_props: { a: 1 } }],
    ['blog', { authors: { name: 'Mario' } }],
    ['blog', { date: new Date(0) }],
    ['pages', { hero: { title: 'T', tagline: 'L' } }],
    ['docs', { title: '' }],
    ['docs', { title: undefined }],
    ['docs', { toc_min_heading_level: 2.5 }],
  ] as const) {
    assert.is(frontMatterChecks(section, data).quick, undefined, JSON.stringify(data));
  }
});

test('an invalid front matter value is still zod’s error, at its key’s line', () => {
  const source = (text: string) => ({ file: 'content/docs/a.md', relPath: 'a.md', section: 'docs' as const, text });
  try {
    parseFrontMatter(source('---\ntitle: Uno\ntoc_min_heading_level: 9\n---\n\nTesto.\n'));
    assert.unreachable('a level of 9 is refused');
  } catch (error) {
    assert.instance(error, DocsItError);
    assert.match((error as DocsItError).message, 'front matter "toc_min_heading_level"');
    assert.is((error as DocsItError).location?.line, 3);
  }
});

test('every front matter of the real site is checked as zod checks it', () => {
  const files = readdirSync(path.join(repoRoot, 'content'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.mdx?$/.test(file))
    .map((file) => path.posix.join('content', file.split(path.sep).join('/')));
  assert.ok(files.length > 90, `${files.length} pages`);
  let taken = 0;
  for (const file of files) {
    const head = frontMatterHead(normalizedContentText(readFileSync(path.join(repoRoot, file), 'utf8')));
    if (head === undefined || head === 'unclosed') continue;
    const data = (plainFrontMatter(head.yaml) ?? yamlFrontMatter(head.yaml, file)).data;
    const section = file.split('/')[1] as (typeof sections)[number];
    if (assertSame(section, data, file)) taken++;
  }
  // The home page's hero is zod's.
  assert.is(taken, files.length - 1, `${taken} of ${files.length}`);
});

test.run();
