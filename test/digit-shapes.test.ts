/*
 * Lines that differ only in digits the grammars cannot tell apart are read once: the memory of lines keys them by
 * their shape (`digitShapes`), and every such line gives Shiki's own HTML, its own text in it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createCssVariablesTheme, createHighlighterCore, type HighlighterCore } from 'shiki/core';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fencedCodeBlocks } from '../src/markdown/code-fences';
import { digitShapes, digitTests, type RawGrammar } from '../src/markdown/digit-shapes';
import { type CodeBlock, createHighlighter, grammarLoaders } from '../src/markdown/highlighter';
import { rememberLineTokens } from '../src/markdown/line-token-memo';
import { repoRoot } from './helpers';

const rawGrammars = async (langs: string[]): Promise<RawGrammar[]> => {
  const all: RawGrammar[] = [];
  for (const lang of langs) all.push(...((await grammarLoaders[lang]!()) as { default: RawGrammar[] }).default);
  return all;
};

test('the digits a pattern tests: literals, classes and ranges; counts and class escapes test none', () => {
  assert.equal(digitTests('[0-7]'), ['01234567']);
  assert.equal(digitTests('0[xX]\\h+'), ['0']);
  assert.equal(digitTests('[01_]'), ['0', '1']);
  assert.equal(digitTests('\\x31|\\u0032|\\x{33}'), ['1', '2', '3']);
  assert.equal(digitTests('[\\x20-\\x35]'), ['012345']);
  assert.equal(digitTests('[%-:]|[a-z]|\\d+|[[:alnum:]]|\\p{Nd}|\\w{2,3}|a{1}'), []);
  assert.equal(digitTests('[]0]'), ['0']);
  assert.equal(digitTests('x(?#commento 1)y'), []);
  // Back-references, octal and control escapes, extended mode: refused.
  for (const source of ['(a)\\1', '\\k<n>', '\\012', '\\cA', '(?x) a # 1', '[a'])
    assert.is(digitTests(source), null, source);
  // An end pattern's back-reference is the begin's captured text, checked by the caller.
  assert.equal(digitTests('(")(\\2)', true), []);
});

test('a grammar that reads text through captures is refused; one that cannot capture a digit is not', () => {
  const grammar = (rule: Record<string, unknown>): RawGrammar[] => [{ scopeName: 'source.prova', patterns: [rule] }];
  assert.is(digitShapes(grammar({ match: '\\w+', name: 'entity.$1' }), 'source.prova'), null);
  assert.is(digitShapes(grammar({ begin: '(\\w+)', end: '\\1' }), 'source.prova'), null);
  assert.is(digitShapes(grammar({ begin: '([a-z]+)', end: '\\1' }), 'source.prova'), null);
  assert.is(digitShapes(grammar({ match: '(a)\\1' }), 'source.prova'), null);
  assert.is(
    digitShapes(grammar({ begin: '(["\'])(#*)', end: '\\1\\2' }), 'source.prova')?.('0123456789'),
    '0000000000',
  );
  assert.is(digitShapes(grammar({ match: '0[bB][01]+|[4-7]' }), 'source.prova')?.('0123456789'), '0122444422');
  // A grammar injected into it, or included by it, is read too.
  const injected: RawGrammar = {
    scopeName: 'source.iniettata',
    injectTo: ['source.prova'],
    patterns: [{ match: '7' }],
  };
  assert.is(digitShapes([...grammar({ match: 'x' }), injected], 'source.prova')?.('0123456789'), '0000000700');
  const included = grammar({ include: 'source.inclusa#regola' });
  const inclusa: RawGrammar = { scopeName: 'source.inclusa', repository: { regola: { match: '\\$1' } } };
  assert.is(digitShapes([...included, inclusa], 'source.prova')?.('0123456789'), '0100000000');
});

const theme = createCssVariablesTheme({ name: 'prova', variablePrefix: '--shiki-', fontStyle: true });
const langs = ['rust', 'typescript', 'tsx', 'json', 'toml', 'yaml'];

test("the site's grammars that can: a line of the same shape is not read again", async () => {
  const raw = await rawGrammars(langs);
  for (const lang of ['rust', 'typescript']) assert.ok(digitShapes(raw, `source.${lang === 'rust' ? 'rust' : 'ts'}`));
  const highlighter: HighlighterCore = await createHighlighterCore({
    themes: [theme],
    langs: [],
    engine: createOnigurumaEngine(import('shiki/wasm')),
  });
  for (const lang of ['rust', 'typescript'])
    await highlighter.loadLanguage(((await grammarLoaders[lang]!()) as { default: never }).default);
  const grammar = highlighter.getLanguage('rust');
  let reads = 0;
  const tokenize = grammar.tokenizeLine2.bind(grammar);
  grammar.tokenizeLine2 = (...args) => {
    reads++;
    return tokenize(...args);
  };
  const shape = digitShapes(raw, 'source.rust')!;
  rememberLineTokens(grammar, undefined, () => shape);
  const line = (n: string) => `fn comando_${n}(valore: u32) -> u32 {`;
  // Another number of the same shape: each digit replaced by the first one of its class.
  const same = shape('3712');
  assert.is.not(same, '3712', 'some digits share a class');
  const html = (code: string) => highlighter.codeToHtml(code, { lang: 'rust', theme: 'prova', tokenizeTimeLimit: 0 });
  const first = html(line('3712'));
  assert.is(reads, 1);
  const second = html(line(same));
  assert.is(reads, 1, 'read once');
  assert.is(second, first.replace('3712', same));
});

test("every block of the site and the fixtures, its digits changed within their classes, is Shiki's own", async () => {
  const raw = await rawGrammars(langs);
  // Lines whose digits the grammars do test: number literals of every base, suffixes, escapes.
  const numbers: CodeBlock[] = [
    [
      'rust',
      'let a = 0x1F_u8 + 0o17 + 0b1010 + 1e10 + 2.5f32 + 7i128;\nlet s = "\\x41\\u{1F600}\\0";\n' +
        'macro_rules! m { ($e:expr_2021) => {} }',
    ],
    [
      'typescript',
      'const a = 0x1F + 0o17 + 017 + 0b101n + 1e-7 + 9_000;\nconst s = "\\x41\\u0042\\101\\7";\n' +
        'const r = /\\1[0-7]\\x41/;',
    ],
    ['tsx', 'const n = <div tabIndex={0o7}>{08.5}</div>;'],
    ['json', '{ "a": 0.5e10, "b": [1, -2, 30] }'],
    ['toml', 'a = 0x1F\nb = 0o17\nc = 1979-05-27T07:32:00Z\nd = 1_000'],
    ['yaml', 'a: 0x1F\nb: 0o17\nc: 2001-12-14t21:59:43.10-05:00\nd: 1_000\n- 12'],
  ].map(([lang, code]) => ({ lang: lang!, code: code!, highlightLines: [], showLineNumbers: false }));
  const pages = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      return entry.isDirectory() ? pages(file) : /\.mdx?$/.test(entry.name) ? [file] : [];
    });
  const highlighter = createHighlighter();
  const asShipped = createHighlighter({ asShipped: true });
  const blocks = [...numbers];
  for (const file of [...pages(path.join(repoRoot, 'content')), ...pages(path.join(repoRoot, 'test/fixtures'))])
    for (const block of fencedCodeBlocks(readFileSync(file, 'utf8'), highlighter.resolveLanguage))
      if (block.lang && langs.includes(block.lang) && /[0-9]/.test(block.code)) blocks.push(block);
  assert.ok(blocks.length > 50, String(blocks.length));
  let changed = 0;
  for (const block of blocks) {
    const scope = raw.find((grammar) => grammar.name === block.lang)!.scopeName;
    const shape = digitShapes(raw, scope);
    assert.ok(shape, block.lang!);
    // Each digit as the first and as the last of its class, and moved one along within it.
    const classOf = (d: string) => [...'0123456789'].filter((e) => shape(e) === shape(d));
    const variants = [
      shape(block.code),
      block.code.replace(/[0-9]/g, (d) => classOf(d).at(-1)!),
      block.code.replace(/[0-9]/g, (d) => {
        const members = classOf(d);
        return members[(members.indexOf(d) + 1) % members.length]!;
      }),
    ];
    for (const code of [block.code, ...variants]) {
      if (code !== block.code) changed++;
      const variant = { ...block, code };
      assert.is(await highlighter.highlight(variant), await asShipped.highlight(variant), code);
    }
  }
  assert.ok(changed > 100, String(changed));
});

test.run();
