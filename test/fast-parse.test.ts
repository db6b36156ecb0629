/*
 * The fast parser (src/markdown/fast-mdast.ts): on every `.md` page of the site and of the fixtures it either gives
 * the tree micromark gives (positions aside) and the same compiled page, places included, or leaves the page to the
 * full parser; a page with a problem is located as without it; a parser that cannot load falls back with one warning.
 */
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import type { Root } from 'mdast';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { Node } from 'unist';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createPageCompiler } from '../src/markdown/compile-page';
import { directHast } from '../src/markdown/direct-hast';
import { createFastParser, fastMdast } from '../src/markdown/fast-mdast';
import { createHighlighter } from '../src/markdown/highlighter';
import { pageSource } from '../src/markdown/page-source';
import { inputOf, italianText, markdownPages } from './markdown-pages';

const md = createFastParser(MarkdownIt);
const micromark = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);
// One highlighter for both: code blocks are highlighted the same whatever parses the page, and the second
// compile of a block takes the lines the first tokenized instead of loading every grammar again.
const highlighter = createHighlighter();
const fastCompiler = createPageCompiler({ fastParser: true, highlighter });
const fullCompiler = createPageCompiler({ fastParser: false, highlighter });
// The fast parser without the direct path (src/markdown/direct-hast.ts): the unified pipeline from its tree.
const pipelineCompiler = createPageCompiler({ fastParser: true, direct: false, highlighter });

/** A tree without its positions (the fast parser gives only those a compiled page reads). */
function withoutPositions(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutPositions);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => key !== 'position')
      .map(([key, value]) => [key, withoutPositions(value)]),
  );
}

test('on every .md page of the site and the fixtures: the same tree as micromark, or the full parser', () => {
  const pages = markdownPages();
  let fast = 0;
  for (const { file, body } of pages) {
    const source = pageSource(body, 'md');
    const tree = fastMdast(md, source);
    if (!tree) continue;
    fast++;
    assert.equal(withoutPositions(tree), withoutPositions(micromark.parse(source) as Root), file);
  }
  // Most pages take it: a converter that gave up on everything would pass the rest of this file.
  assert.ok(pages.length > 100 && fast / pages.length > 0.8, `${fast} of ${pages.length}`);
});

test("markdown-it's normalizing rule is off: the converter gives it no carriage return or NUL to rewrite", () => {
  // With the rule, a NUL would be U+FFFD: the parser takes its text as given.
  const inline = md.parse('a\0b\n', {}).find((token) => token.type === 'inline');
  assert.is(inline?.content, 'a\0b');
  // And the converter never gives it either: such a page takes the full parser.
  assert.is(fastMdast(md, 'a\0b\n'), undefined);
  assert.is(fastMdast(md, 'a\r\nb\n'), undefined);
  assert.is(fastMdast(md, 'a\rb\n'), undefined);
});

test("a header cell written empty and a directive's attribute without a value take the fast parser", () => {
  // The site's pages have both (a table's corner cell, `::::tabs{groupId="os" queryString}`): micromark read them
  // more slowly than the rest of the site together.
  for (const source of [
    '| | a |\n|---|---|\n| x | y |\n',
    '::::tabs{groupId="os" queryString}\n:::tab{label="a"}\nx\n:::\n::::\n',
  ]) {
    const tree = fastMdast(md, source);
    assert.ok(tree, source);
    assert.equal(withoutPositions(tree), withoutPositions(micromark.parse(source) as Root), source);
  }
  // What micromark reads otherwise still goes to it: a body row's missing cell (markdown-it adds it), attributes not
  // apart (micromark sees no attributes there).
  for (const source of ['| a | b |\n|---|---|\n| x |\n', ':::tip{a="x"b}\nt\n:::\n'])
    assert.is(fastMdast(md, source), undefined, source);
});

test('text directives, a leaf directive, inline tags, an autolink literal after `[`: micromark’s tree', () => {
  const covered = [
    'Ore 10:30 e Nota:bene.\n',
    '**entro le 00:00 UTC**; alle 9:15, poi:\nalle 10:45\n',
    'Ore *10:30*, **11:00**, ~~12:00~~ e 13:00\\\ndopo\n',
    '[a 10:30](x.md) e 10:30.\n',
    'Ore 10:30  \ndopo\n',
    '# Ore 10:30\n\n| 10:30 | b |\n|---|---|\n| x | *12:00* |\n',
    'Vedi <https://esempio.it:8080> e <https://esempio.it:8080/x>.\n',
    '::doc-card-list\n',
    'Testo.\n\n::doc-card-list\n\n## Dopo\n',
    ':::tip\n::doc-card-list\n:::\n',
    'la dicitura: «TAURI is a trademark. [https://tauri.app/]».\n',
    'x [https://a.it/b/c_d] y e *[http://q.r/s-t]*.\n',
    'Premi <kbd>Ctrl</kbd> + <kbd>C</kbd>, H<sub>2</sub>O e <var>x</var>.\n',
    '- <kbd>Cmd</kbd> + <samp>ok</samp>\n\n| <sup>a</sup> | b |\n|---|---|\n| x | y |\n',
    '<kbd>Ctrl</kbd> a inizio riga\n<kbd>C</kbd> e poi\n',
    'Solo </kbd> chiuso <kbd>\n',
  ];
  for (const source of covered) {
    const tree = fastMdast(md, source);
    assert.ok(tree, source);
    const full = micromark.parse(source) as Root;
    assert.equal(withoutPositions(tree), withoutPositions(full), source);
    assert.is(placeDifference(tree, full), undefined, source);
  }
  // What micromark reads otherwise, or what this converter is not proven on, still goes to it.
  const near = [
    // A label, attributes or a second name after the name; a name going on; a `:` after a space, an escape or an
    // entity; a link right after; in an image's alt or a directive's label.
    'Ore 10:30[x] qui.\n',
    'Ore 10:30{a} qui.\n',
    'a:b:c\n',
    'Ore :30 qui.\n',
    'Ore 10:3-0 e 10:30è.\n',
    'Ore 10\\:30 e 10&#58;30.\n',
    'Ore 10:30[link](x.md).\n',
    'Ore _10:30_ e __10:30__.\n',
    '![Ore 10:30](x.png)\n',
    ':::tip[Ore 10:30]\nx\n:::\n',
    // A leaf beside text, with attributes or a label, indented, or a name micromark would not end there.
    'Testo\n::doc-card-list\n',
    '::doc-card-list\ntesto\n',
    '::doc-card-list{a="b"}\n',
    '::doc-card-list[x]\n',
    '  ::doc-card-list\n',
    '::doc-card-list-\n',
    '::doc_card\n',
    // An address not after `[`, after an escaped one, with `_` in its host, parentheses, a port, upper case, or
    // beside another.
    'Vedi https://esempio.it qui.\n',
    'Vedi \\[https://esempio.it] qui.\n',
    'Vedi [https://a_b.it/x] qui.\n',
    'Vedi [https://a.it/(x)] qui.\n',
    'Vedi [https://a.it:80/] qui.\n',
    'Vedi [HTTPS://a.it] qui.\n',
    'Vedi [https://a.it] e www.b.it o c@d.it.\n',
    'Vedi [https://a.it] e [https://b.it].\n',
    // Tags with attributes, of other elements, in an image's alt.
    'Premi <kbd class="k">C</kbd>.\n',
    'Testo <b>forte</b> e <span>x</span>.\n',
    '![<kbd>x</kbd>](i.png)\n',
    // A tag alone on its line: micromark may read it as an HTML block (after a list item's lazy line).
    '- a\n<kbd>\n',
    'Testo\n</kbd>\n',
    // A delimiter row without pipes: a table of one column to GFM, a paragraph to markdown-it.
    'Testo\n:---\n',
    '> Testo\n> ---:\n',
  ];
  for (const source of near) assert.is(fastMdast(md, source), undefined, source);
});

// The direct path's comparison on every page is here too (see test/direct-path.test.ts): each page is compiled
// once by the default compiler (the fast parser, the direct path) and compared with both, not once for each file.
test(
  'on every .md page of the site and the fixtures: the same compiled page, places of links included, as the ' +
    'full parser and as the pipeline without the direct path',
  async () => {
    let direct = 0;
    const pages = markdownPages();
    for (const { file, body } of pages) {
      const tree = fastMdast(md, pageSource(body, 'md'));
      const titleLine = inputOf(file, body).titleLine;
      if (tree && directHast(tree, { text: italianText, ...(titleLine ? { titleLine } : {}) })) direct++;
      for (const excerpt of file.includes('/blog/') ? [false, true] : [false]) {
        const input = inputOf(file, body, excerpt);
        const [withFast, without, pipeline] = await Promise.all([
          fastCompiler(input),
          fullCompiler(input),
          pipelineCompiler(input),
        ]);
        assert.equal(withFast, without, file);
        assert.equal(withFast, pipeline, `${file}, the direct path against the pipeline`);
      }
    }
    // A direct path that gave up on everything would pass the comparison with the pipeline.
    assert.ok(direct / pages.length > 0.4, `${direct} of ${pages.length} pages take the direct path`);
  },
);

/** Pieces of markdown the generated pages are made of: what the site writes, and the edges of each construct. */
const piece = fc.oneof(
  fc.constantFrom(
    '# Titolo\n',
    '## Sezione {#id}\n',
    'Setext\n===\n',
    '\n',
    '\n\n',
    '---\n',
    '***\n',
    '    indentato\n',
  ),
  fc.constantFrom(
    ':::tip\n',
    ':::tip Titolo\n',
    ':::danger[Pericolo *forte*]\n',
    ':::\n',
    '::::tabs{groupId="pm"}\n',
    '::::tabs{groupId="os" queryString}\n',
    ':::tab{label="a"b}\n',
    ':::tip{a =}\n',
    ':::tab{label="npm"}\n',
    '::::\n',
    '::doc-card-list\n',
    ':::::grid\n',
    '::::card{title="Titolo" href="/it/x"}\n',
    '::::card{title="Solo"}\n',
  ),
  fc.constantFrom('```rust title="a.rs" {1-3}\n', '```\n', '~~~ts\n', '````md\n', 'fn main() {}\n'),
  fc.constantFrom(
    '- a\n',
    '  - b\n',
    '1. uno\n',
    '3) tre\n',
    '> citazione\n',
    '>> doppia\n',
    '* voce\n',
    '   - rientrata\n',
  ),
  fc.constantFrom('| a | b |\n', '|---|:-:|\n', '| [x](y.md) | `c|d` |\n', '| | b |\n', '| a |\n', '|  |  |\n'),
  fc.constantFrom(
    '[link](./altro.md#x)',
    '[t](<a b.md> "titolo")',
    '![img](/img/x.png "t")',
    '![alt *e*](img.png)',
    '<!-- truncate -->\n',
    '<div>\n',
    '</div>\n',
    '<https://x.it>',
    '[vuoto]()',
    '**[forte](s.md)**',
    '<kbd>Ctrl</kbd>',
    '<kbd>',
    '</kbd>',
    '<sub>2</sub>',
    '[https://tauri.app/]»',
    '[https://a.it/b]',
  ),
  fc.constantFrom('*', '_', '**', '`', '\\', '\\*', '&amp;', '&copy;', '&#65;', '<', '>', '[', ']', '(', ')', '!'),
  fc.constantFrom('#', '  \n', ' ', 'È', '😀', '’', '{', '}', '"', '|', '-', '+', '=', '1.', ':'),
  fc.constantFrom(
    'testo ',
    'frase di prova ',
    'a\nb',
    '`codice\nsu righe`',
    '*enfasi*',
    '**forte**',
    '_x_',
    'snake_case',
    '_10:30_',
    '10:30',
    'Nota:bene',
    ':30',
  ),
  fc.string({ maxLength: 12 }),
);

/** The first node whose place the fast parser gives otherwise than micromark (start; end too, but for headings). */
function placeDifference(fast: Node, full: Node | undefined, at = ''): string | undefined {
  if (fast.position) {
    const ends = fast.type === 'heading' ? ['start'] : ['start', 'end'];
    for (const end of ends as ('start' | 'end')[])
      for (const key of ['line', 'column', 'offset'] as const)
        if (fast.position[end][key] !== full?.position?.[end][key]) return `${at} ${fast.type} ${end}.${key}`;
  }
  const children = (fast as { children?: Node[] }).children ?? [];
  for (const [i, child] of children.entries()) {
    const found = placeDifference(child, (full as { children?: Node[] } | undefined)?.children?.[i], `${at}/${i}`);
    if (found) return found;
  }
  return undefined;
}

test('generated pages: the fast parser gives micromark’s tree and places, or leaves the page to it', () => {
  // 1,000 in `npm test`; FUZZ_RUNS for more.
  const runs = Number(process.env.FUZZ_RUNS ?? 1000);
  let taken = 0;
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 25 }), (pieces) => {
      const source = pageSource(pieces.join(''), 'md');
      const tree = fastMdast(md, source);
      if (!tree) return;
      taken++;
      const full = micromark.parse(source) as Root;
      assert.equal(withoutPositions(tree), withoutPositions(full), JSON.stringify(source));
      assert.is(placeDifference(tree, full), undefined, JSON.stringify(source));
    }),
    { numRuns: runs, seed: Number(process.env.FUZZ_SEED ?? 20261126) },
  );
  // A generator whose pages the fast parser never took would prove nothing.
  assert.ok(taken > runs / 6, String(taken));
});

test('generated pages: the direct path gives the pipeline’s compiled page, or leaves the page to it', async () => {
  // 300 in `npm test` (each run compiles the page twice); FUZZ_RUNS for more.
  const runs = Math.ceil(Number(process.env.FUZZ_RUNS ?? 1000) * 0.3);
  const pipelineCompiler = createPageCompiler({ fastParser: true, direct: false, highlighter });
  let taken = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(piece, { maxLength: 25 }), async (pieces) => {
      const body = pieces.join('');
      const tree = fastMdast(md, pageSource(body, 'md'));
      if (!tree || !directHast(tree, { text: italianText })) return;
      taken++;
      const input = inputOf('content/docs/pagina.md', body);
      const [direct, pipeline] = await Promise.all([
        fastCompiler(input).catch((error: Error) => error.message),
        pipelineCompiler(input).catch((error: Error) => error.message),
      ]);
      assert.equal(direct, pipeline, JSON.stringify(body));
    }),
    { numRuns: runs, seed: Number(process.env.FUZZ_SEED ?? 20261127) },
  );
  // A generator whose pages the direct path never took would prove nothing.
  assert.ok(taken > runs / 10, String(taken));
});

test('links are located where they are written: paragraphs, lists, quotes, tables, directives', async () => {
  const body = [
    '# Titolo',
    '',
    'Testo con un [collegamento](./altra.md#sezione) e un',
    '  secondo [qui](../b.md "titolo") sulla riga dopo.',
    '',
    '- voce con ![immagine](./img.png)',
    '  1. annidata con <https://esempio.it/x>',
    '',
    '> citazione [c](c.md)',
    '',
    '| a | b |',
    '|---|---|',
    '| uno | [due](d.md) |',
    '',
    ':::tip[Nota]',
    'Dentro [dentro](e.md#f) e `codice',
    'su due righe`.',
    ':::',
    '',
  ].join('\n');
  const source = pageSource(body, 'md');
  assert.ok(fastMdast(md, source), 'the fast parser takes this page');
  const input = inputOf('content/docs/pagina.md', body);
  const [withFast, without] = await Promise.all([fastCompiler(input), fullCompiler(input)]);
  assert.equal(withFast, without);
  assert.equal(
    withFast.links.map((l) => `${l.line}:${l.column}`),
    ['3:14', '4:11', '6:12', '9:13', '13:9', '16:8'],
  );
});

test('a page with a problem is compiled by the full parser: its problems are located as they were', async () => {
  const body = [
    '## Uno {#doppio}',
    '',
    'Un [link](javascript:alert(1)) pericoloso.',
    '',
    '## Due {#doppio}',
    '',
    '```linguaggio-ignoto',
    'x',
    '```',
    '',
  ].join('\n');
  assert.ok(fastMdast(md, pageSource(body, 'md')), 'the fast parser takes this page');
  const input = inputOf('content/docs/pagina.md', body);
  const [withFast, without] = await Promise.all([fastCompiler(input), fullCompiler(input)]);
  assert.equal(withFast, without);
  assert.equal(
    withFast.problems.map((p) => `${p.line}:${p.column} ${p.message.split(' ')[0]}`),
    ['3:4 javascript:', '7:1 code', '5:1 duplicate'],
  );
});

test('a syntax error is the full parser’s, at its place', async () => {
  const body = 'Testo.\n\n:::sconosciuto\nx\n:::\n';
  assert.ok(fastMdast(md, pageSource(body, 'md')), 'the fast parser takes this page');
  const errorOf = (compile: typeof fastCompiler) =>
    compile(inputOf('content/docs/pagina.md', body)).then(
      () => 'compiled',
      (error: Error & { location?: unknown }) => `${error.message} ${JSON.stringify(error.location)}`,
    );
  const [withFast, without] = await Promise.all([errorOf(fastCompiler), errorOf(fullCompiler)]);
  assert.match(without, /"line":3,"column":1/);
  assert.is(withFast, without);
});

test('what the fast parser is not proven on goes to the full parser, silently, to the same page', async () => {
  const pages = [
    'Un [riferimento][r].\n\n[r]: ./a.md\n',
    'Una nota[^1].\n\n[^1]: testo\n',
    'Vedi https://esempio.it e www.esempio.it.\n',
    '- [ ] da fare\n- [x] fatto\n',
    'Ore 10:30[x] e Nota:bene{a}.\n',
    // remark-md-expressions' warning, located in the source.
    'Testo {x} qui.\n',
    '## Titolo {&#35;x}\n',
    'Testo <span>HTML</span> in linea.\n',
    '~barrato~\n',
    'Riga\t con tabulazione.\n',
    'Testo\n:::tip\nsubito dopo\n:::\n',
  ];
  const warnings: string[] = [];
  const compiler = createPageCompiler({ fastParser: true, warn: (message) => warnings.push(message) });
  for (const body of pages) {
    assert.is(fastMdast(md, pageSource(body, 'md')), undefined, body);
    const input = inputOf('content/docs/pagina.md', body);
    assert.equal(await compiler(input), await fullCompiler(input), body);
  }
  assert.equal(warnings, []);
});

test('a fast parser that cannot load: every page takes the full parser, with one warning', async () => {
  const warnings: string[] = [];
  const compiler = createPageCompiler({
    fastParser: () => Promise.reject(new Error('modulo mancante')),
    warn: (message) => warnings.push(message),
  });
  for (const { file, body } of markdownPages().slice(0, 5)) {
    const input = inputOf(file, body);
    assert.equal(await compiler(input), await fullCompiler(input), file);
  }
  assert.is(warnings.length, 1);
  assert.match(warnings[0]!, /fast markdown parser could not load \(modulo mancante\)/);
});

test('a markdown-it that is not the one the converter knows: the full parser, with one warning', async () => {
  const warnings: string[] = [];
  const compiler = createPageCompiler({
    // Loads, but has none of markdown-it's methods.
    fastParser: async () => class {} as unknown as typeof MarkdownIt,
    warn: (message) => warnings.push(message),
  });
  for (const { file, body } of markdownPages().slice(0, 3)) {
    const input = inputOf(file, body);
    assert.equal(await compiler(input), await fullCompiler(input), file);
  }
  assert.is(warnings.length, 1);
  assert.match(warnings[0]!, /fast markdown parser could not load/);
});

// The real site's bytes with the fast parser on and off: test/site.test.ts, in the build it makes on a busy machine.

test.run();
