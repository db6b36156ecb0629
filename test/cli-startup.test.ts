/*
 * What `docs-it build` loads as it starts: the CLI bundle's entry and the chunks it imports statically. A build
 * loads neither the dev server with its file watcher nor the static server (`dev` and `serve` load theirs), and
 * the worker that highlights ahead loads the highlighter without the markdown pipeline.
 */
import path from 'node:path';
import { build, type Metafile, type OutputFile } from 'esbuild';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cliBundleOptions } from '../bin/cli-bundle.mjs';
import { repoRoot } from './helpers';

const outDir = path.join(repoRoot, 'node_modules', '.cache', 'docs-it', 'cli-startup-test');
let metafile: Metafile;
let outputFiles: OutputFile[];

test.before(async () => {
  ({ metafile, outputFiles } = await build({
    ...cliBundleOptions(repoRoot, outDir, { sourcemap: false }),
    write: false,
  }));
});

/** The sources (and external packages) an output file loads before its code runs: its static imports, transitively. */
function loadedAtStart(entry: string | ((file: string) => boolean)): Set<string> {
  const outputs = metafile.outputs;
  const key = Object.keys(outputs).find(typeof entry === 'string' ? (file) => file.endsWith(`/${entry}`) : entry);
  assert.ok(key, `no ${entry} in the bundle`);
  const seen = new Set<string>();
  const sources = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const output = outputs[file];
    if (!output) {
      sources.add(file);
      return;
    }
    for (const input of Object.keys(output.inputs)) sources.add(input);
    for (const imported of output.imports) if (imported.kind === 'import-statement') visit(imported.path);
  };
  visit(key);
  return sources;
}

test('the CLI loads no dev server, file watcher or static server as it starts', () => {
  const sources = [...loadedAtStart('program.mjs')];
  assert.ok(sources.includes('src/cli/build-command.ts'), 'the build command is there');
  for (const left of ['src/cli/dev-command.ts', 'src/dev/dev-server.ts', 'src/serve/static-server.ts', 'chokidar'])
    assert.not.ok(sources.includes(left), `${left} is loaded at start`);
});

test('the compile worker loads the markdown pipeline only when it compiles pages', () => {
  const sources = [...loadedAtStart('compile-worker.mjs')];
  assert.ok(sources.includes('src/markdown/highlighter.ts'), 'the highlighter is there');
  assert.not.ok(sources.includes('src/markdown/compile-page.ts'), 'the page compiler is loaded at start');
});

test('the markdown pipeline loads the emoji table only for a page whose text could hold a shortcode', () => {
  const pipeline = loadedAtStart((file) => 'src/markdown/compile-page.ts' in (metafile.outputs[file]?.inputs ?? {}));
  assert.ok(pipeline.has('src/markdown/remark-emoji-if-needed.ts'), 'the page compiler is there');
  for (const source of pipeline)
    assert.not.ok(/node_modules\/(remark-emoji|node-emoji|emojilib)\//.test(source), `${source} is loaded with it`);
});

test("the CLI bundles zod's English messages, none of its other languages", () => {
  // \`import { z }\` is zod's whole namespace, its 60-odd locales included: hundreds of kB compiled at every start.
  // What the outputs hold: the metafile's inputs list every module read, those tree-shaken away included.
  const inputs = Object.values(metafile.outputs)
    .flatMap((output) => Object.entries(output.inputs))
    .filter(([input, { bytesInOutput }]) => input.includes('node_modules/zod/') && bytesInOutput > 0)
    .map(([input]) => input);
  assert.ok(inputs.length > 0, 'zod is bundled');
  const locales = inputs.filter((input) => /\/zod\/v4\/locales\/(?!en\.js$|index\.js$)/.test(input));
  assert.equal(locales, [], "zod's locales other than English are bundled");
});

test('the bundle loads esbuild with require, every name of it there', () => {
  // An ESM import of a CommonJS package makes Node lex its main file for export names at every start.
  const imports = Object.values(metafile.outputs).flatMap((output) => output.imports);
  const esmImports = imports.filter((imported) => imported.path === 'esbuild' && imported.kind !== 'require-call');
  assert.equal(esmImports, [], 'esbuild is imported as a module');
  const shim = outputFiles.find((file) => file.text.includes('__require("esbuild")'));
  assert.ok(shim, 'no output requires esbuild');
  for (const name of ['build', 'context', 'stop'])
    assert.ok(
      new RegExp(`var \\{[^}]*\\b${name}\\b[^}]*\\} = esbuild`).test(shim.text),
      `esbuild's ${name} is missing`,
    );
});

test.run();
