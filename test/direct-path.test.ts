/*
 * The direct path (src/markdown/direct-hast.ts, hast-html.ts): it gives the unified pipeline's compiled page, byte
 * for byte, or leaves the page to it; its HTML writer gives hast-util-to-html's bytes. Its comparison on every `.md`
 * page of the site and of the fixtures, and on generated pages, is in test/fast-parse.test.ts, beside the fast
 * parser's: each page is compiled once by the default compiler for both.
 */
import type { Root as HastRoot } from 'hast';
import { toHtml } from 'hast-util-to-html';
import MarkdownIt from 'markdown-it';
import type { Root } from 'mdast';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createPageCompiler } from '../src/markdown/compile-page';
import { directHast, trimLines } from '../src/markdown/direct-hast';
import { createFastParser, fastMdast } from '../src/markdown/fast-mdast';
import { hastHtml } from '../src/markdown/hast-html';
import { createHighlighter } from '../src/markdown/highlighter';
import { pageSource } from '../src/markdown/page-source';
import remarkHeadingIds from '../src/markdown/remark-heading-ids';
import { inputOf, italianText } from './markdown-pages';

const md = createFastParser(MarkdownIt);
const highlighter = createHighlighter();
const directCompiler = createPageCompiler({ fastParser: true, highlighter });
const pipelineCompiler = createPageCompiler({ fastParser: true, direct: false, highlighter });

test('every construct the direct path takes, with the edges of its text, in one page', async () => {
  const body = [
    '# Titolo',
    '',
    'Testo con *enfasi*, **forte**, ~~barrato~~, `codice con spazi` e un [link](./a.md#sezione "titolo").',
    'Riga dopo,   con spazi in coda   ',
    'e un a capo forzato  ',
    '   rientrato dopo.',
    '',
    '## Sezione {#mia-sezione}',
    '',
    '### Titolo con `codice` e **forte**',
    '',
    '- voce stretta',
    '- seconda [collegamento](/docs/x)',
    '  - annidata',
    '',
    '1. uno',
    '',
    '2. due, lista larga',
    '',
    '   Secondo paragrafo.',
    '',
    '- larga per la riga vuota',
    '',
    '- tra le voci',
    '',
    '> citazione',
    '> su due righe',
    '',
    '---',
    '',
    '| a | b | c |',
    '|:--|:-:|--:|',
    '| uno | `due` | [tre](t.md) |',
    '| & < > | " \' | x |',
    '',
    ':::tip',
    'Senza titolo.',
    ':::',
    '',
    ':::danger[Pericolo *forte*]',
    '- dentro',
    '',
    '```ts title="a.ts" {1}',
    'const a = 1 < 2 && 3;',
    '```',
    ':::',
    '',
    '```',
    'senza lingua',
    '```',
    '',
    '    indentato',
    '',
  ].join('\n');
  const tree = fastMdast(md, pageSource(body, 'md'));
  assert.ok(tree && directHast(tree, { text: italianText, titleLine: 1 }), 'the direct path takes this page');
  const input = inputOf('content/docs/pagina.md', body);
  assert.equal(await directCompiler(input), await pipelineCompiler(input));
});

test('a blog post’s <!-- truncate --> on its own line: the direct path, the pipeline’s page and excerpt', async () => {
  for (const marker of ['<!-- truncate -->', '<!--truncate-->']) {
    const body = `# Post\n\nRiassunto con [link](./a.md) e *enfasi*.\n\n${marker}\n\n## Dettagli\n\nTesto & resto.\n`;
    const tree = fastMdast(md, pageSource(body, 'md'));
    assert.ok(tree && directHast(tree, { text: italianText, titleLine: 1 }), marker);
    for (const excerpt of [true, false]) {
      const input = { ...inputOf('content/blog/2024-01-01-post.md', body), excerpt };
      const page = await directCompiler(input);
      assert.equal(page, await pipelineCompiler(input), marker);
      if (excerpt) assert.ok(page.excerptHtml?.includes('Riassunto') && !page.excerptHtml.includes('Dettagli'));
    }
  }
});

test('text directives, card lists, cards, inline tags, a literal autolink: direct, the pipeline’s page', async () => {
  const body = [
    '# Titolo',
    '',
    'Alle 00:00 UTC, **entro le 10:30**; Nota:bene e [ore 9:15](./a.md).',
    'Dopo un a capo  ',
    'alle 11:45.',
    '',
    'Premi <kbd>Ctrl</kbd> + <kbd>C</kbd</kbd>  ',
    '<kbd>V</kbd> poi, H<sub>2</sub>O e <var>x</var>; la dicitura [https://tauri.app/]». E *[https://a.it/b]* qui.',
    '',
    '- <kbd>Cmd</kbd> + <samp>ok</samp> alle 8:00',
    '',
    '| tasto | ora |',
    '|---|---|',
    '| <kbd>F5</kbd> | 12:00 |',
    '',
    'Un link [città](./città.md) e uno [a b](<./a b.md> "t").',
    '',
    ':::::grid',
    '::::card{title="Piccole" href="/it/v1/guides/building/app-size"}',
    'Un’app di base occupa **pochi** megabyte.',
    '',
    '- e una lista',
    '::::',
    '::::card{title="Senza indirizzo"}',
    'Testo.',
    '::::',
    '::::card',
    'Senza titolo.',
    '::::',
    ':::::',
    '',
    ':::tip',
    '::doc-card-list',
    ':::',
    '',
    '::doc-card-list',
    '',
  ].join('\n');
  const tree = fastMdast(md, pageSource(body, 'md'));
  assert.ok(tree && directHast(tree, { text: italianText, titleLine: 1 }), 'the direct path takes this page');
  const input = inputOf('content/docs/pagina.md', body);
  const page = await directCompiler(input);
  assert.equal(page, await pipelineCompiler(input));
  assert.equal(page.cardList, { line: 36, column: 1 });
  assert.ok(page.html.includes('<kbd>Ctrl</kbd>') && page.html.includes('class="card-grid"'), page.html);
  // A blog post with tags and its excerpt's marker: rehype-raw reads both in the pipeline.
  const post = 'Premi <kbd>Ctrl</kbd> alle 10:30.\n\n<!-- truncate -->\n\nDopo <sub>2</sub>.\n';
  const postTree = fastMdast(md, pageSource(post, 'md'));
  assert.ok(postTree && directHast(postTree, { text: italianText }), 'the direct path takes the post');
  for (const excerpt of [true, false]) {
    const input = { ...inputOf('content/blog/2024-01-01-post.md', post), excerpt };
    assert.equal(await directCompiler(input), await pipelineCompiler(input));
  }
});

/** A page's compile input, once the direct path was seen to refuse it (the pipeline then compiles it). */
function refusedInput(body: string) {
  const tree = fastMdast(md, pageSource(body, 'md'));
  if (tree) assert.is(directHast(tree, { text: italianText }), undefined, body);
  return inputOf('content/docs/pagina.md', body);
}

test('tabs, direct: remark-tabs’ markup, ids counted across the page; what it reports: the pipeline', async () => {
  const body = [
    '::::tabs{groupId="pm" queryString="gestore"}',
    ':::tab{label="npm"}',
    '```bash',
    'npm install "x"',
    '```',
    ':::',
    ':::tab{label="yarn" value="y"}',
    '## Dentro {#dentro}',
    '',
    '- voce `codice`',
    ':::',
    '::::',
    '',
    ':::::tip',
    '::::tabs{queryString="q"}',
    ':::tab{value="solo"}',
    'Testo.',
    ':::',
    '::::',
    ':::::',
    '',
  ].join('\n');
  const tree = fastMdast(md, pageSource(body, 'md'));
  assert.ok(tree && directHast(tree, { text: italianText }), 'the direct path takes this page');
  const input = inputOf('content/docs/pagina.md', body);
  const page = await directCompiler(input);
  assert.equal(page, await pipelineCompiler(input));
  assert.ok(page.html.includes('id="tabs-2-panel-0"') && page.html.includes(' hidden'), page.html);
  const reported = [
    ':::tab{label="a"}\nsola\n:::\n',
    '::::tabs\ntesto\n::::\n',
    '::::tabs\n:::tab\nsenza etichetta\n:::\n::::\n',
    '::::tabs\n::::\n',
    '::::tabs\n:::tab[Titolo]{label="a"}\nx\n:::\n::::\n',
  ];
  for (const body of reported) {
    const input = refusedInput(body);
    const [direct, pipeline] = await Promise.all(
      [directCompiler, pipelineCompiler].map((compile) => compile(input).catch((error: Error) => error.message)),
    );
    assert.equal(direct, pipeline, body);
  }
});

test('what the direct path does not cover goes to the pipeline, silently, to the same page', async () => {
  const pages = [
    "Un'immagine ![alt](./img.png).\n",
    'Un link [a](./con%20spazio.md) codificato.\n',
    'Un link [a](./😀.md).\n',
    // Tags that do not pair around one text, a labelled card, a leaf no plugin draws.
    'Solo </kbd> chiuso <kbd>\n',
    'Premi <kbd>Ctrl *C*</kbd>.\n',
    'Premi <kbd>C</sub>.\n',
    ':::::grid[Etichetta]\n::::card{title="a"}\nx\n::::\n:::::\n',
    '::altro\n',
    'Emoji :smile: qui.\n',
    '```bash npm2yarn\nnpm install x\n```\n',
    '```mermaid\ngraph TD\n```\n',
    '<div>\n\nhtml\n\n</div>\n\nfine\n',
    // Other comments are left to rehype-raw.
    '<!-- altro -->\n\nfine\n',
    '<!--  truncate\t-->\n\nfine\n',
    '3. tre\n4. quattro\n',
  ];
  for (const body of pages) {
    const input = refusedInput(body);
    assert.equal(await directCompiler(input), await pipelineCompiler(input), body);
  }
});

test('hast-html writes hast-util-to-html’s bytes: escapes, attributes, void elements, raw HTML', () => {
  const odd = 'a & b < c > d " e \' f ` g \0 h È 😀 \u2028 &amp;';
  const tree: HastRoot = {
    type: 'root',
    children: [
      { type: 'text', value: odd },
      {
        type: 'element',
        tagName: 'h2',
        properties: { id: odd, className: ['anchor', 'x'] },
        children: [
          { type: 'text', value: odd },
          {
            type: 'element',
            tagName: 'a',
            properties: { href: '#x', className: ['hash-link'], ariaLabel: odd, title: odd },
            children: [],
          },
        ],
      },
      { type: 'element', tagName: 'br', properties: {}, children: [] },
      { type: 'element', tagName: 'hr', properties: { className: [] }, children: [] },
      { type: 'element', tagName: 'wbr', properties: {}, children: [{ type: 'text', value: 'dentro' }] },
      { type: 'element', tagName: 'th', properties: { align: 'center', title: undefined }, children: [] },
      { type: 'element', tagName: 'div', properties: { role: 'note' }, children: [{ type: 'text', value: '' }] },
      { type: 'raw', value: '<pre>a & <b></pre>' } as unknown as HastRoot['children'][number],
      // remark-tabs' properties: aria as written, numbers, `data*`, a boolean true and false.
      {
        type: 'element',
        tagName: 'button',
        properties: { type: 'button', 'aria-selected': 'false', 'aria-controls': odd, tabIndex: -1, dataValue: odd },
        children: [],
      },
      {
        type: 'element',
        tagName: 'div',
        properties: { 'aria-labelledby': 'x', hidden: true, tabIndex: 0, dataGroupId: 'g', dataQueryString: 'q' },
        children: [{ type: 'element', tagName: 'div', properties: { hidden: false }, children: [] }],
      },
    ],
  };
  assert.is(hastHtml(tree), toHtml(tree, { allowDangerousHtml: true }));
  // A property it does not know: hast-util-to-html writes the whole tree.
  const other: HastRoot = {
    type: 'root',
    children: [{ type: 'element', tagName: 'input', properties: { type: 'checkbox', disabled: true }, children: [] }],
  };
  assert.is(hastHtml(other), toHtml(other, { allowDangerousHtml: true }));
});

/** A hast tree without positions and without mdast-util-to-hast's undefined fields. */
const plain = (tree: unknown) =>
  JSON.parse(JSON.stringify(tree, (key, value) => (key === 'position' ? undefined : value)));

test('trees the parsers rarely make: the hast of remark-heading-ids then remark-rehype', async () => {
  const tree: Root = {
    type: 'root',
    children: [
      {
        type: 'heading',
        depth: 2,
        children: [{ type: 'text', value: 'a' }, { type: 'break' }, { type: 'text', value: ' \t b  \n  c {#x}' }],
      },
      { type: 'paragraph', children: [{ type: 'text', value: 'uno  \n\t due \n' }, { type: 'break' }] },
      {
        type: 'paragraph',
        children: [{ type: 'break' }, { type: 'emphasis', children: [{ type: 'text', value: '  e' }] }],
      },
    ],
  };
  const pipeline = unified().use(remarkHeadingIds).use(remarkRehype, { allowDangerousHtml: true });
  const expected = await pipeline.run(structuredClone(tree));
  assert.equal(plain(directHast(tree, { text: italianText })), plain(expected));
});

test('trimLines: spaces and tabs around line endings, as trim-lines', () => {
  assert.is(trimLines('  a  \n  b  \n\t c \t'), '  a\nb\nc \t');
  assert.is(trimLines('a \n \n b'), 'a\n\nb');
  assert.is(trimLines('   '), '   ');
  assert.is(trimLines('\n'), '\n');
});

test.run();
