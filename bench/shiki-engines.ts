/*
 * npm run bench:shiki [-- --runs 3]: Shiki's two regular-expression engines, language by language, on every
 * code block of the real site's content and of a synthetic page. For each language and engine, in a fresh
 * highlighter (as every build process and worker starts): the grammar's load and first block, then every block;
 * the median of `--runs`. Also whether both engines give the same HTML for every block: a language may only move
 * to the JavaScript engine when they do, and when it is faster by more than a tenth (less is within this
 * machine's noise) plus the JavaScript engine's own start, which a build that otherwise uses WASM would add.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { createCssVariablesTheme, createHighlighterCore, type HighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { createHighlighter, grammarLoaders } from '../src/markdown/highlighter';

const repo = path.resolve(import.meta.dirname, '..');
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > -1 ? Number(process.argv[runsArg + 1]) : 3;

/** Every fenced block of the site's content, by grammar. */
function blocksByLanguage(): Map<string, string[]> {
  const resolve = createHighlighter().resolveLanguage;
  const byLang = new Map<string, string[]>();
  const files = fg.sync('content/**/*.{md,mdx}', { cwd: repo, absolute: true });
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^( {0,3})(`{3,}|~{3,})([\w-]+)[^\n]*\n([\s\S]*?)\n\1\2[ \t]*$/gm)) {
      const lang = resolve(m[3]!);
      if (!lang) continue;
      const list = byLang.get(lang) ?? [];
      list.push(m[4]!);
      byLang.set(lang, list);
    }
  }
  return byLang;
}

const theme = createCssVariablesTheme({ name: 'docs-it', variablePrefix: '--shiki-', fontStyle: true });
const engines = {
  wasm: () => createOnigurumaEngine(import('shiki/wasm')),
  javascript: () => createJavaScriptRegexEngine(),
};
type EngineName = keyof typeof engines;

async function timeLanguage(engine: EngineName, lang: string, blocks: string[]) {
  const core: HighlighterCore = await createHighlighterCore({ themes: [theme], langs: [], engine: engines[engine]() });
  const start = performance.now();
  const mod = (await grammarLoaders[lang]!()) as { default: Parameters<HighlighterCore['loadLanguage']>[0] };
  await core.loadLanguage(mod.default);
  const html: string[] = [];
  let first = 0;
  for (const code of blocks) {
    html.push(core.codeToHtml(code, { lang, theme: 'docs-it', tokenizeTimeLimit: 0 }));
    first ||= performance.now() - start;
  }
  const total = performance.now() - start;
  core.dispose();
  return { first, total, html };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// Each engine starts once per process, before any grammar (the WASM module compiled; the JavaScript engine's
// translator of Oniguruma patterns loaded and first run): timed apart, not billed to the first language.
const startOf = async (engine: EngineName) => {
  const start = performance.now();
  const core = await createHighlighterCore({ themes: [theme], langs: [], engine: engines[engine]() });
  const json = (await grammarLoaders.json!()) as { default: Parameters<HighlighterCore['loadLanguage']>[0] };
  await core.loadLanguage(json.default);
  core.codeToHtml('{"a": [1, true, null]}', { lang: 'json', theme: 'docs-it' });
  core.dispose();
  return performance.now() - start;
};
const engineStart = { wasm: await startOf('wasm'), javascript: await startOf('javascript') };
console.log(
  `engine start, once per process: WASM ${engineStart.wasm.toFixed(0)} ms, ` +
    `JavaScript ${engineStart.javascript.toFixed(0)} ms\n`,
);

const byLang = blocksByLanguage();
console.log('language     blocks   wasm first  wasm all   js first    js all   same HTML   faster');
const faster: string[] = [];
for (const [lang, blocks] of [...byLang].sort((a, b) => b[1].length - a[1].length)) {
  const times: Record<EngineName, { first: number[]; total: number[] }> = {
    wasm: { first: [], total: [] },
    javascript: { first: [], total: [] },
  };
  let same = true;
  for (let run = 0; run < runs; run++) {
    const wasm = await timeLanguage('wasm', lang, blocks);
    const js = await timeLanguage('javascript', lang, blocks);
    times.wasm.first.push(wasm.first);
    times.wasm.total.push(wasm.total);
    times.javascript.first.push(js.first);
    times.javascript.total.push(js.total);
    same &&= wasm.html.every((html, i) => html === js.html[i]);
  }
  const w = median(times.wasm.total);
  const j = median(times.javascript.total);
  const winner = same && j + engineStart.javascript < w * 0.9 ? 'javascript' : 'wasm';
  if (winner === 'javascript') faster.push(lang);
  console.log(
    `${lang.padEnd(12)} ${String(blocks.length).padStart(6)} ${median(times.wasm.first).toFixed(1).padStart(12)} ` +
      `${w.toFixed(1).padStart(9)} ${median(times.javascript.first).toFixed(1).padStart(10)} ` +
      `${j.toFixed(1).padStart(9)} ` +
      `${(same ? 'yes' : 'NO').padStart(11)}   ${winner}`,
  );
}
console.log(
  `\nfaster with the JavaScript engine by over 10%, its start included, same HTML: ${faster.join(', ') || 'none'}`,
);
