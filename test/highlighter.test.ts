/*
 * The code highlighter where Shiki's WebAssembly engine cannot load: its JavaScript engine highlights instead,
 * with one warning, and the blocks come out as the WebAssembly engine makes them.
 */
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type CodeBlock, createHighlighter } from '../src/markdown/highlighter';
import { repoRoot } from './helpers';

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
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.base.json' },
  });
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
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.base.json' },
  });
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

test.run();
