/*
 * The fenced blocks found without parsing (to highlight them ahead of the compiler) are blocks the compiler
 * highlights, made the same way; blocks the scan cannot be sure of are left to the compiler.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fencedCodeBlocks } from '../src/markdown/code-fences';
import { createPageCompiler } from '../src/markdown/compile-page';
import { type CodeBlock, createHighlighter } from '../src/markdown/highlighter';
import { plainPageInput } from './compile-inputs';

const page = [
  'Testo.',
  '',
  '```rust title="src-tauri/src/main.rs" {2}',
  '#[tauri::command]',
  'fn saluta() {}',
  '```',
  '',
  '~~~ts showLineNumbers',
  "import { invoke } from '@tauri-apps/api/tauri';",
  '// highlight-next-line',
  "await invoke('saluta');",
  '~~~',
  '',
  ':::tip',
  '```bash',
  'npm run tauri dev',
  '```',
  ':::',
  '',
  '- In un elenco:',
  '',
  '  ```json',
  '  { "rientrato": true }',
  '  ```',
  '',
  '```mermaid',
  'graph TD; A-->B',
  '```',
  '',
  '```lingua-inventata',
  'niente',
  '```',
  '',
  '````md',
  '```js',
  'dentro un altro blocco',
  '```',
  '````',
  '',
].join('\n');

test('every block found ahead is a block the compiler highlights, with the same text, lines and language', async () => {
  const highlighter = createHighlighter();
  const compiled: CodeBlock[] = [];
  const compile = createPageCompiler({
    highlighter: {
      resolveLanguage: highlighter.resolveLanguage,
      highlight: (block) => {
        compiled.push(block);
        return highlighter.highlight(block);
      },
    },
  });
  await compile({ ...plainPageInput('content/docs/prova.md', page), route: '/prova' });
  const found = fencedCodeBlocks(page, highlighter.resolveLanguage);
  assert.equal(
    found.map((b) => b.lang),
    ['rust', 'typescript', 'shellscript', 'markdown'],
    'top-level fences with a grammar: not the one in a list, Mermaid, an unknown language or the fence inside one',
  );
  for (const block of found)
    assert.ok(
      compiled.some((c) => JSON.stringify(c) === JSON.stringify(block)),
      block.code,
    );
  assert.equal(found[0]!.highlightLines, [2]);
  assert.equal(found[1]!.highlightLines, [2]);
  assert.is(found[1]!.showLineNumbers, true);
});

test.run();
