import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { inlineMarkdown } from '../src/render/escape';
import { compileMd } from './helpers';

test('inline code may break after its spaces and inside long words after a separator, nowhere else', async () => {
  const { html } = await compileMd(
    [
      'Annota con `#[tauri::command]`, o con `#[tauri::command(rename_all = "snake_case")]`;',
      'il file è `src-tauri/target/release/bundle/msi/app.msi` e la chiave `tauri.bundle.windows.wix`.',
    ].join('\n'),
  );
  assert.match(html, '<code>#[tauri::command]</code>', 'a short word stays whole');
  assert.match(html, '<code>#[tauri::command(rename_all <wbr>= <wbr>"snake_case")]</code>');
  assert.match(html, '<code>src-<wbr>tauri/<wbr>target/<wbr>release/<wbr>bundle/<wbr>msi/<wbr>app.<wbr>msi</code>');
  assert.match(html, '<code>tauri.bundle.windows.wix</code>', 'a word of 24 characters stays whole');
  assert.not.match(html, '_<wbr>', 'never inside a snake_case name');
});

test('code blocks and the search text are left as they are', async () => {
  const page = await compileMd('```rust\n#[tauri::command(rename_all = "snake_case")]\n```\n\nUsa `a = b`.\n');
  assert.not.match(page.html.split('Usa')[0]!, '<wbr>');
  assert.ok(
    page.search.some((b) => b.kind === 'text' && b.text === 'Usa a = b.'),
    JSON.stringify(page.search),
  );
});

test('release highlights break their inline code the same way', () => {
  assert.is(
    inlineMarkdown('Nuovo `tauri::plugin::Builder::register_uri_scheme_protocol` e `a < b`'),
    'Nuovo <code>tauri::<wbr>plugin::<wbr>Builder::<wbr>register_uri_scheme_protocol</code> e ' +
      '<code>a <wbr>&lt; <wbr>b</code>',
  );
});

test.run();
