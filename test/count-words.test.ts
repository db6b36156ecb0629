import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { countWords } from '../src/markdown/count-words';
import { compileMd } from './helpers';

/** The words a page's `words` counts, as docs-it defined them first (count-words.ts counts them in one pass). */
const byRegExp = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .match(/\S+/g)?.length ?? 0;

test('words of a page: text and code, not tags, scripts or styles', () => {
  const html =
    '<h2 id="a">Due parole</h2><p>Uno <code>due</code>tre</p><script>var x = 1;</script>' +
    '<style>p { color: red }</style><pre><code>fn main() {}</code></pre>';
  assert.is(countWords(html), 8);
  assert.is(countWords(html), byRegExp(html));
});

test('words of odd HTML: the same count as the regular expressions', () => {
  const odd = [
    '',
    ' ',
    'a<>b',
    'a < b',
    'a<b',
    'a <b> c',
    '<<a>>',
    'x<',
    '<',
    '>',
    'a>b<c',
    'a<b\nc>d',
    '<script>a</script>b',
    '<script>a',
    '<scripts>a</scripts> b',
    '<style x="<">a</style>b',
    '<a title="<script>">x</script>y',
    'a\u00a0b',
    'a\u2028b\u2029c',
    'a\u200bb',
    'a\u180eb',
    'a\u0085b',
    'a\ufeffb\u3000c\u205fd\u202fe\u1680f\u2000g\u200ah',
    '\ud83d\ude00 \ud83d',
    'a\vb\fc\rd\te',
  ];
  for (const html of odd) assert.is(countWords(html), byRegExp(html), JSON.stringify(html));
  // Strings made of the pieces that matter, from a fixed seed: the same count for every one.
  const pieces = ['<', '>', 'a', 'é', ' ', '\n', '\u00a0', '\u2028', '\u200b', '<>', '<p>', '</p>', '<script>'];
  pieces.push('</script>', '<style x>', '</style>', '\ud83d', '\ude00', '\ufeff', '\t');
  let seed = 35;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed;
  };
  for (let n = 0; n < 5000; n++) {
    let html = '';
    for (let i = next() % 30; i > 0; i--) html += pieces[next() % pieces.length];
    assert.is(countWords(html), byRegExp(html), JSON.stringify(html));
  }
});

test("a page's words are counted when it is a blog post's (its reading time), and only then", async () => {
  const body = 'Tre parole qui.\n\n```js\nuno due\n```\n';
  const post = await compileMd(body, { excerpt: true });
  assert.is(post.words, countWords(post.html));
  assert.is(post.words, 5);
  // No other page reads them: not counted (the job's `excerpt` is in its key, so no post is given a doc's 0).
  assert.is((await compileMd(body)).words, 0);
});

test.run();
