/*
 * Lines a grammar already read, in the same state, are not read again; what they give is the same as reading
 * them: every block's HTML equals a highlighter's without the memory.
 */
import { createCssVariablesTheme, createHighlighterCore, type HighlighterCore } from 'shiki/core';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { grammarLoaders } from '../src/markdown/highlighter';
import { bytesPerGeneration, rememberLineTokens } from '../src/markdown/line-token-memo';

const theme = createCssVariablesTheme({ name: 'prova', variablePrefix: '--shiki-', fontStyle: true });

/** What a grammar reads itself (the memory's misses) counted in `reads.lines`; installed before the memory. */
function countReads(grammar: ReturnType<HighlighterCore['getLanguage']>, reads: { lines: number }): void {
  const tokenize = grammar.tokenizeLine2.bind(grammar);
  grammar.tokenizeLine2 = (...args) => {
    reads.lines++;
    return tokenize(...args);
  };
}

async function core(langs: string[]): Promise<HighlighterCore> {
  const highlighter = await createHighlighterCore({
    themes: [theme],
    langs: [],
    engine: createOnigurumaEngine(import('shiki/wasm')),
  });
  for (const lang of langs) {
    const mod = (await grammarLoaders[lang]!()) as { default: Parameters<HighlighterCore['loadLanguage']>[0] };
    await highlighter.loadLanguage(mod.default);
  }
  return highlighter;
}

// The same line in different states (inside a comment, a string, a block; at the top) and lines repeated.
const blocks: [string, string][] = [
  ['rust', '/* commento\nfn non_codice() {}\n*/\nfn non_codice() {}\n}\n'],
  ['rust', 'fn main() {\n    let s = "\nfn non_codice() {}\n";\n}\nfn non_codice() {}'],
  ['rust', '#[tauri::command]\nfn saluta(nome: &str) -> String {\n    format!("Ciao, {}!", nome)\n}'],
  ['rust', '#[tauri::command]\nfn saluta(nome: &str) -> String {\n    format!("Ciao, {}!", nome)\n}'],
  [
    'typescript',
    "import { invoke } from '@tauri-apps/api/tauri';\n/**\nimport { invoke } from '@tauri-apps/api/tauri';\n*/",
  ],
  [
    'typescript',
    "const a = `\nimport { invoke } from '@tauri-apps/api/tauri';\n`;\nimport { invoke } from '@tauri-apps/api/tauri';",
  ],
  ['html', '<script>\nconst x = 1;\n</script>\n<style>\nconst x = 1;\n</style>\nconst x = 1;'],
];

test('every block gives the same HTML as without the memory, and repeated lines are read once', async () => {
  const plain = await core(['rust', 'typescript', 'html']);
  const remembering = await core(['rust', 'typescript', 'html']);
  const reads = { lines: 0 };
  for (const lang of ['rust', 'typescript', 'html']) {
    const grammar = remembering.getLanguage(lang);
    countReads(grammar, reads);
    rememberLineTokens(grammar);
  }
  const html = (h: HighlighterCore, [lang, code]: [string, string]) =>
    h.codeToHtml(code, { lang, theme: 'prova', tokenizeTimeLimit: 0 });
  for (const round of [1, 2]) {
    for (const block of blocks) assert.is(html(remembering, block), html(plain, block), `${block[0]}, round ${round}`);
  }
  const lines = blocks.reduce((n, [, code]) => n + code.split('\n').filter(Boolean).length, 0);
  // The fourth block repeats the third, and the second round repeats everything: none of those is read again.
  assert.ok(reads.lines < lines - 4, `${reads.lines} lines read of ${lines}`);
  const before = reads.lines;
  for (const block of blocks) html(remembering, block);
  assert.is(reads.lines, before, 'nothing read a third time');
});

test('forgetting makes the grammar read lines again', async () => {
  const highlighter = await core(['typescript']);
  const grammar = highlighter.getLanguage('typescript');
  const reads = { lines: 0 };
  countReads(grammar, reads);
  const forget = rememberLineTokens(grammar);
  const code = 'const a = 1;\nconst b = 2;';
  highlighter.codeToHtml(code, { lang: 'typescript', theme: 'prova', tokenizeTimeLimit: 0 });
  highlighter.codeToHtml(code, { lang: 'typescript', theme: 'prova', tokenizeTimeLimit: 0 });
  assert.is(reads.lines, 2);
  forget();
  highlighter.codeToHtml(code, { lang: 'typescript', theme: 'prova', tokenizeTimeLimit: 0 });
  assert.is(reads.lines, 4);
});

test('what a grammar remembers is bounded: a line met again in each stretch stays, a line met once goes', async () => {
  const plain = await core(['typescript']);
  const highlighter = await core(['typescript']);
  const grammar = highlighter.getLanguage('typescript');
  const reads = { lines: 0 };
  countReads(grammar, reads);
  // About ten lines a generation (each costs at least 1 KB: see `entryBytes`).
  rememberLineTokens(grammar, 12 * 1024);
  const html = (h: HighlighterCore, code: string) =>
    h.codeToHtml(code, { lang: 'typescript', theme: 'prova', tokenizeTimeLimit: 0 });
  const repeated = "import { invoke } from '@tauri-apps/api/tauri';";
  const page = (n: number) => `${repeated}\nconst risultato${n} = await invoke('comando_${n}');`;
  // Two hundred pages, each a line of its own after the line every page has: far more than two generations.
  for (let n = 0; n < 200; n++) assert.is(html(highlighter, page(n)), html(plain, page(n)), `page ${n}`);
  assert.is(reads.lines, 201, "the repeated line read once, every page's own line once");
  // The first pages' own lines were forgotten (read again); the repeated line was not.
  reads.lines = 0;
  assert.is(html(highlighter, page(0)), html(plain, page(0)));
  assert.is(reads.lines, 1, "the first page's own line read again, the repeated line remembered");
  // The last page's line is still in the young generation.
  reads.lines = 0;
  html(highlighter, page(199));
  assert.is(reads.lines, 0);
  assert.ok(bytesPerGeneration >= 1024 * 1024, 'a build remembers thousands of lines a generation');
});

test.run();
