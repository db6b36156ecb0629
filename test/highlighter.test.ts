/*
 * The code highlighter where Shiki's WebAssembly engine cannot load: its JavaScript engine highlights instead,
 * with one warning, and the blocks come out as the WebAssembly engine makes them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fencedCodeBlocks } from '../src/markdown/code-fences';
import { type CodeBlock, createHighlighter, grammarLoaders } from '../src/markdown/highlighter';
import { blockHtml, createLineWriter } from '../src/markdown/token-html';
import { repoRoot, runModuleScript } from './helpers';

const blocks: CodeBlock[] = [
  {
    lang: 'rust',
    code: '#[tauri::command]\nfn saluta(nome: &str) -> String {\n    format!("Ciao, {}!", nome)\n}',
    highlightLines: [2],
    showLineNumbers: false,
  },
  {
    lang: 'typescript',
    code: "import { invoke } from '@tauri-apps/api/tauri';\nconst testo = await invoke<string>('saluta');",
    highlightLines: [],
    showLineNumbers: true,
  },
  { lang: 'shellscript', code: 'npm run tauri dev', highlightLines: [], showLineNumbers: false },
];

test('without WebAssembly the JavaScript engine highlights every block alike, with one warning', async () => {
  // Shiki loads its WebAssembly once per thread: the failing load gets a process of its own.
  const script = `
    const { createHighlighter } = await import(${JSON.stringify(path.join(repoRoot, 'src/markdown/highlighter.ts'))});
    const warnings = [];
    const highlighter = createHighlighter({
      wasm: () => Promise.reject(new Error('WebAssembly non disponibile')),
      warn: (message) => warnings.push(message),
    });
    const html = [];
    for (const block of ${JSON.stringify(blocks)}) html.push(await highlighter.highlight(block));
    console.log(JSON.stringify({ html, warnings }));`;
  const child = runModuleScript(script);
  assert.is(child.status, 0, child.stderr);
  const fallback = JSON.parse(child.stdout) as { html: string[]; warnings: string[] };
  const usual = createHighlighter();
  for (const [i, block] of blocks.entries()) {
    assert.is(fallback.html[i], await usual.highlight(block), block.lang!);
    assert.match(fallback.html[i]!, '<span style="color:var(--shiki-token-');
  }
  assert.is(fallback.warnings.length, 1, fallback.warnings.join('\n'));
  assert.match(
    fallback.warnings[0]!,
    /^the WebAssembly engine of the code highlighter could not load \(WebAssembly non/,
  );
});

test("highlighting loads none of Node's fetch client and runs Shiki's own WebAssembly", async () => {
  // A fresh process: what another test loaded would hide what the highlighter loads.
  const script = `
    const { createHighlighter } = await import(${JSON.stringify(path.join(repoRoot, 'src/markdown/highlighter.ts'))});
    const highlighter = createHighlighter({ warn: (message) => { throw new Error(message); } });
    const html = [];
    for (const block of ${JSON.stringify(blocks)}) html.push(await highlighter.highlight(block));
    const fetchClient = process.moduleLoadList.filter((m) => /undici|http2|tls/.test(m));
    console.log(JSON.stringify({ html, fetchClient }));`;
  const child = runModuleScript(script);
  assert.is(child.status, 0, child.stderr);
  const result = JSON.parse(child.stdout) as { html: string[]; fetchClient: string[] };
  // Loading it (undici, http, http2, tls) is a cost of every thread that highlights, for nothing.
  assert.equal(result.fetchClient, [], "Node's fetch client stays unloaded");
  // The same engine as Shiki's own module of it (\`shiki/wasm\`, the bytes inlined gzipped), so the same HTML.
  const { wasmBinaryPromise } = (await import('shiki/wasm')) as unknown as { wasmBinaryPromise: Promise<Uint8Array> };
  const shipped = await readFile(createRequire(import.meta.url).resolve('shiki/onig.wasm'));
  assert.ok(shipped.equals(await wasmBinaryPromise), "the file's bytes are the inlined module's");
  assert.equal(result.html.length, blocks.length);
  for (const html of result.html) assert.match(html, '<span style="color:var(--shiki-token-');
});

test("a block's HTML (from grammar tokens, scanners shared) is Shiki's own, every grammar and site block", async () => {
  // Lines of what HTML escapes, whitespace Shiki merges into the next token, tabs, emoji, control characters.
  const odd = [
    'a < b && c > "d" \'e\'',
    '\tindent\t\ttabs  ',
    '',
    '   ',
    'emoji 😀 é ü',
    '<div class="x">&amp;</div>',
    '// commento & <tag>',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript's template literal, as code to highlight
    '/* x */ `t ${a}`',
    'x\u0001y',
    '  a  ',
    'let s = "&lt;";',
    '# titolo *x* _y_ ~~z~~',
    '[link](http://a.b?c=1&d=2)',
    // A Windows line end, which Shiki's `splitLines` takes as one.
    'crlf\r',
  ];
  const all: CodeBlock[] = [];
  for (const lang of Object.keys(grammarLoaders))
    for (let i = 0; i < odd.length; i += 3)
      all.push({
        code: [...odd.slice(i), ...odd.slice(0, i)].join('\n'),
        lang,
        highlightLines: [1, 3],
        showLineNumbers: i % 2 === 0,
      });
  const highlighter = createHighlighter();
  const asShipped = createHighlighter({ asShipped: true });
  const pages = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      return entry.isDirectory() ? pages(file) : /\.mdx?$/.test(entry.name) ? [file] : [];
    });
  for (const file of [...pages(path.join(repoRoot, 'content')), ...pages(path.join(repoRoot, 'test/fixtures'))])
    all.push(...fencedCodeBlocks(readFileSync(file, 'utf8'), highlighter.resolveLanguage));
  assert.ok(all.length > 1000, String(all.length));
  for (const block of all) assert.is(await highlighter.highlight(block), await asShipped.highlight(block), block.code);
});

test("a block's HTML does not depend on the languages the thread highlighted before it", async () => {
  // Markdown's fenced code, Vue's and Svelte's blocks, MDX's code are highlighted with a language only when it is
  // loaded, and Nix's and Vue's grammars inject rules into Markdown's: one page built twice (cold, then warm after an
  // edit elsewhere; or in another worker) must come out alike.
  const block = (lang: string, code: string): CodeBlock => ({ lang, code, highlightLines: [], showLineNumbers: false });
  const sensitive = [
    block(
      'markdown',
      '# Titolo\n\n```js\nimport Box from "./Box";\n```\n\n```nix\n{ pkgs }: pkgs.hello\n```\n\n' +
        '```css\na { color: red }\n```\n\n<div v-if="ok">{{ testo }}</div>',
    ),
    block(
      'vue',
      '<template>\n  <p v-if="ok">{{ testo }}</p>\n</template>\n' +
        '<script setup lang="tsx">\nconst ok: boolean = true;\n</script>\n' +
        '<style lang="scss">\n$c: red;\np { color: $c; }\n</style>',
    ),
    block(
      'svelte',
      '<script lang="ts">\n  let n: number = 0;\n</script>\n<style lang="scss">\n$c: red;\n</style>\n<p>{n}</p>',
    ),
    block('mdx', "import Box from './Box';\n\n# Titolo\n\n```rust\nfn main() {}\n```\n\n<Box />"),
  ];
  const alone: string[] = [];
  for (const each of sensitive) alone.push(await createHighlighter().highlight(each));
  const after = createHighlighter();
  for (const lang of Object.keys(grammarLoaders)) await after.highlight(block(lang, 'x'));
  for (const [i, each] of sensitive.entries()) assert.is(await after.highlight(each), alone[i], each.lang!);
});

test('tokens written as HTML: whitespace merged into the next token, styles, references, marked lines', () => {
  // Colour ids as a theme's colour map holds them (id 0 has none), and tokens as `tokenizeLine2` gives them: each
  // a start offset and its metadata (font style in bits 11–14, foreground colour id in bits 15–23).
  const write = createLineWriter([undefined, 'var(--a)', 'var(--k)', 'var(--s)', 'var(--b)']);
  const tokens = (...pairs: [start: number, color: number, fontStyle: number][]) =>
    new Uint32Array(pairs.flatMap(([start, color, fontStyle]) => [start, (fontStyle << 11) | (color << 15)]));
  const first = '  fn a<b&"c"';
  const lines = [
    // An empty token (two starting at 4) is dropped.
    write(first, tokens([0, 1, 0], [2, 2, 1], [4, 0, 0], [4, 0, 0], [5, 3, 2 | 4])),
    '',
    write(' x', tokens([0, 1, 8], [1, 4, 0])),
    // Whitespace at the end of a line has no token to merge into.
    write('x  ', tokens([0, 4, 0], [1, 0, 0])),
  ];
  assert.is(
    blockHtml(lines, { highlightLines: [2], showLineNumbers: true }),
    '<pre class="shiki line-numbers" tabindex="0"><code>' +
      '<span class="line"><span style="color:var(--k);font-style:italic">  fn</span>' +
      // A space before an underlined token is not merged into it: a span of its own, without a style.
      '<span> </span>' +
      '<span style="color:var(--s);font-weight:bold;text-decoration:underline">a&#x3C;b&#x26;"c"</span></span>\n' +
      '<span class="line highlighted"></span>\n' +
      '<span class="line"><span style="color:var(--a);text-decoration:line-through"> </span>' +
      '<span style="color:var(--b)">x</span></span>\n' +
      '<span class="line"><span style="color:var(--b)">x</span><span>  </span></span></code></pre>',
  );
});

test.run();
