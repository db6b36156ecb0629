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
import { docPage } from '../bench/synthetic-site';
import { fencedCodeBlocks } from '../src/markdown/code-fences';
import { digitShapes, digitTests, lineStart, otherContext, type RawGrammar } from '../src/markdown/digit-shapes';
import { type CodeBlock, createHighlighter, grammarLoaders } from '../src/markdown/highlighter';
import { rememberLineTokens } from '../src/markdown/line-token-memo';
import { repoRoot } from './helpers';

const rawGrammars = async (langs: string[]): Promise<RawGrammar[]> => {
  const all: RawGrammar[] = [];
  for (const lang of langs) all.push(...((await grammarLoaders[lang]!()) as { default: RawGrammar[] }).default);
  return all;
};

/** A pattern's tests of digits, each with where its digit may stand: the characters before its run, or `any`. */
const where = (source: string, resolved = false) =>
  digitTests(source, resolved)?.map(({ digits, contexts }) => {
    if (contexts === (1n << BigInt(lineStart + 1)) - 1n) return `${digits} any`;
    let text = '';
    for (let c = 0; c < 128; c++) if (contexts & (1n << BigInt(c))) text += String.fromCharCode(c);
    if (contexts & (1n << BigInt(otherContext))) text += ' other';
    return `${digits} after ${text}`;
  }) ?? null;

test('the digits a pattern tests: literals, classes and ranges; counts and class escapes test none', () => {
  assert.equal(where('[0-7]'), ['01234567 any']);
  assert.equal(where('0[xX]\\h+'), ['0 any']);
  assert.equal(where('[01_]'), ['0 any', '1 any']);
  assert.equal(where('\\x31|\\u0032|\\x{33}'), ['1 any', '2 any', '3 any']);
  assert.equal(where('[\\x20-\\x35]'), ['012345 any']);
  assert.equal(where('[%-:]|[a-z]|\\d+|[[:alnum:]]|\\p{Nd}|\\w{2,3}|a{1}'), []);
  assert.equal(where('[]0]'), ['0 any']);
  assert.equal(where('x(?#commento 1)y'), []);
  // Back-references, octal and control escapes, extended mode, conditions: refused.
  for (const source of ['(a)\\1', '\\k<n>', '\\g<n>', '\\012', '(?x) a # 1', '[a-1', 'a)1', '(?(1)a)', '*1'])
    assert.is(digitTests(source), null, source);
  // No digit, range or hex escape: no test to find, whatever else the pattern holds.
  assert.equal(digitTests('\\cA|(?x) a # b|(?~c)'), []);
  // An end pattern's back-reference is the begin's captured text, checked by the caller: any character before.
  assert.equal(where('(")(\\2)', true), []);
  assert.equal(where('\\1[0-7]', true), ['01234567 any']);
});

test('where a tested digit stands: the characters that can be consumed just before its run of digits', () => {
  // Rust's suffixes: after a letter, through the digits before them in the run.
  assert.equal(where('\\b(i|u)(8|16|32|64|128)\\b'), [
    '8 after iu',
    '1 after iu',
    '6 after iu',
    '3 after iu',
    '2 after iu',
    '4 after iu',
  ]);
  // Escapes: after `\`; binary and octal after their letter, the digits after `_` in the same literal too.
  assert.equal(where('\\\\([0-3][0-7]{0,2}|x\\h{2})'), ['0123 after \\', '01234567 after \\']);
  assert.equal(where('0[bB][01][01_]*'), ['0 any', '1 after B_b']);
  assert.equal(where('expr_2021|(?:x|y)+7|a?5|(?<=z)6|(?=q4)q'), [
    '2 after _',
    '0 after _',
    '1 after _',
    '7 after xy',
    '5 any',
    '6 any',
    '4 after q',
  ]);
  // A class, a dot or an escape that may consume any character, a word boundary that consumes none.
  assert.equal(where('[^a]1|.2|\\W3|\\s4|\\b_5|\\w6|\\s\\w7'), [
    '1 any',
    '2 any',
    '3 any',
    '4 after \t\n\u000b\f\r  other',
    '5 after _',
    '6 any',
    '7 after \t\n\u000b\f\r ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz other',
  ]);
  // Case folding: the other case, and characters outside ASCII (K folds to k).
  assert.equal(where('(?i)o7|(?i:b)8|(?-i:c)9'), ['7 after Oo other', '8 after Bb other', '9 after c']);
  assert.equal(where('(?i)é1'), ['1 any']);
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
  // Each digit's class where its run stands: binary digits only after `b`, the others anywhere.
  const shape = digitShapes(grammar({ match: '0[bB][01]+|[4-7]' }), 'source.prova')!;
  assert.is(shape('0123456789 b0123456789 é0123456789'), '0111444411 b0122444422 é0111444411');
  // A grammar injected into it, or included by it, is read too.
  const injected: RawGrammar = {
    scopeName: 'source.iniettata',
    injectTo: ['source.prova'],
    patterns: [{ match: '7' }],
  };
  assert.is(digitShapes([...grammar({ match: 'x' }), injected], 'source.prova')?.('0123456789'), '0000000700');
  const included = grammar({ include: 'source.inclusa#regola' });
  const inclusa: RawGrammar = { scopeName: 'source.inclusa', repository: { regola: { match: '\\$1' } } };
  assert.is(digitShapes([...included, inclusa], 'source.prova')?.('0123456789 $0123456789'), '0000000000 $0100000000');
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
  // Another number of the same shape: each digit replaced by the first one of its class after `_`.
  const same = /_([0-9]+)/.exec(shape(line('3712')))![1]!;
  assert.is(same, '3312', 'after `_`, 3 to 7 are one class');
  assert.is(shape('3712'), '1111', 'at the start of a line, 1 to 9 are one class');
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
        'macro_rules! m { ($e:expr_2021) => {} }\n' +
        'let b = 0b1010_1010u16 + 0o7_7i64 + 0x_FF_u128 + 1_234_567usize + 3_i8 + 12e3_f64 + 0.5E-7;\n' +
        "let c = b'\\x7F'; let d = '\\u{10FFFF}'; let e = r#\"x\"#; fn f_0123456789() {} // 42 _87 i32 u128 i8 x7\n" +
        'let v: [u8; 32] = [0; 32]; m!(expr_2021 expr_2024 edition2018 x_9 \u212A7 K8 é9 e8);',
    ],
    [
      'typescript',
      'const a = 0x1F + 0o17 + 017 + 0b101n + 1e-7 + 9_000;\nconst s = "\\x41\\u0042\\101\\7";\n' +
        'const r = /\\1[0-7]\\x41/;\n' +
        'const b = 0b1_01 + 0B11n + 0o7_7 + 0O17 + 08 + 09.5 + 0_8 + 1_000n + 0x_1 + .5e+3_0;\n' +
        // A template's substitution in two strings: the linter takes a dollar sign and a brace for a mistake.
        'const t = `\\0\\12\\377\\400\\8\\9 $' +
        '{x_1234} \\u{10FFFF}`; const u = "\\01\\378";\n' +
        "const comando_3612 = await invoke<number>('comando_3612', { valore: 11 }); // 0b2 0o9 a7 _8 é7",
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
  // The synthetic site's pages, whose numbers (`comando_3612`) are the lines the shapes find.
  for (const i of [0, 7, 19, 305, 3612, 9999])
    for (const block of fencedCodeBlocks(docPage(i, Math.floor(i / 100), 100), highlighter.resolveLanguage))
      if (block.lang && langs.includes(block.lang)) blocks.push(block);
  assert.ok(blocks.length > 50, String(blocks.length));
  let changed = 0;
  for (const block of blocks) {
    const scope = raw.find((grammar) => grammar.name === block.lang)!.scopeName;
    const shape = digitShapes(raw, scope);
    assert.ok(shape, block.lang!);
    // Each digit as the first and as the last of its class where its run stands, and moved one along within it.
    const vary = (pick: (members: string[], d: string) => string) =>
      block.code
        .split('\n')
        .map((line) => {
          const shaped = shape(line);
          let varied = '';
          for (let at = 0; at < line.length; at++) {
            const d = line[at]!;
            if (d < '0' || d > '9') varied += d;
            else {
              const members = [...'0123456789'].filter(
                (e) => shape(line.slice(0, at) + e + line.slice(at + 1)) === shaped,
              );
              varied += pick(members, d);
            }
          }
          return varied;
        })
        .join('\n');
    const variants = [
      vary((members) => members[0]!),
      vary((members) => members.at(-1)!),
      vary((members, d) => members[(members.indexOf(d) + 1) % members.length]!),
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
