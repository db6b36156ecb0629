/*
 * A page's document as bytes written from its pieces (`utf8Of`, the fragment cache's `pieces`): the bytes
 * `TextEncoder` gives the document as one string, whatever its characters, in a buffer a worker can transfer.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createFragmentCache } from '../src/render/fragment-cache';
import { utf8Of } from '../src/render/utf8-pieces';
import { type FragmentCache, FragmentCacheContext } from '../templates/fragments';

const encoder = new TextEncoder();
const same = (actual: Uint8Array, expected: string, what: string) =>
  assert.ok(Buffer.from(actual).equals(Buffer.from(expected)), `${what}: not the bytes of the joined string`);

test('utf8Of: strings of every width and byte pieces, the bytes of the joined text', () => {
  const strings = ['<p>plain</p>', 'città è già', '→ ≠ 中文', 'emoji 😀 pair', 'lone \ud800 surrogate', ''];
  const bytes = encoder.encode('<b>già 😀</b>');
  const bytesOf = utf8Of([...strings, bytes, 'end']);
  same(bytesOf, `${strings.join('')}<b>già 😀</b>end`, 'mixed pieces');
  // Its own buffer, exactly its bytes: what a worker transfers.
  assert.is(bytesOf.byteOffset, 0);
  assert.is(bytesOf.buffer.byteLength, bytesOf.byteLength);
});

test('utf8Of: a document larger than the buffer it starts with, each page its own bytes', () => {
  const big = 'è'.repeat(200_000) + '😀'.repeat(50_000);
  const first = utf8Of(['<html>', big, encoder.encode('→'), '</html>']);
  same(first, `<html>${big}→</html>`, 'large document');
  const second = utf8Of(['<p>small</p>']);
  same(second, '<p>small</p>', 'next page');
  // The next page does not write over the first's bytes.
  same(first, `<html>${big}→</html>`, 'large document after the next');
});

test("the fragment cache's pieces: the filled page's bytes, each fragment's markup kept as bytes", () => {
  const fragments = createFragmentCache();
  const owner = {};
  const Page = ({ cache, n }: { cache: FragmentCache; n: number }) =>
    createElement(
      'main',
      null,
      createElement('h1', null, `Pagina ${n} → già`),
      cache.placeholder(owner, 'closed', 'a', () => createElement('nav', null, 'Categoria chiusa 😀')),
      createElement('p', null, 'tra i due'),
      cache.placeholder(owner, 'open', 'b', () => createElement('aside', null, 'Aperta ≠ chiusa')),
    );
  for (const n of [1, 2, 3]) {
    const html = renderToString(
      createElement(FragmentCacheContext.Provider, { value: fragments }, createElement(Page, { cache: fragments, n })),
    );
    const filled = fragments.fill(html);
    assert.ok(filled.includes('Categoria chiusa 😀') && !filled.includes('<template'));
    same(utf8Of(fragments.pieces(html)), filled, `page ${n}`);
  }
  assert.is(fragments.size, 2);
  // A page without placeholders is one piece, itself.
  assert.equal(fragments.pieces('<p>niente</p>'), ['<p>niente</p>']);
});

test.run();
