/*
 * What `docs-it build` loads as it starts: the CLI bundle's entry and the chunks it imports statically. A build
 * loads neither the dev server with its file watcher nor the static server (`dev` and `serve` load theirs), and
 * the worker that highlights ahead loads the highlighter without the markdown pipeline.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile, type OutputFile } from 'esbuild';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkoutCliDir, cliBundleOptions } from '../bin/cli-bundle.mjs';
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

test("the build's thread loads the markdown pipeline only when it compiles a page itself", () => {
  // A warm build takes every page from the cache: parsing micromark, mdast, hast and parse5 at its start is wasted.
  const sources = [...loadedAtStart('program.mjs')];
  assert.ok(sources.includes('src/site/compile/compiler.ts'), 'the compiler is there');
  for (const left of ['src/markdown/compile-page.ts', 'node_modules/micromark/', 'node_modules/parse5/'])
    assert.not.ok(
      sources.some((source) => source.startsWith(left)),
      `${left} is loaded at start`,
    );
});

test("the page compiler loads unified's markdown pipeline only for a page the direct path does not take", () => {
  // The direct path (markdown-it's tree made into hast, see direct-hast) needs no micromark, mdast-util-to-hast,
  // remark plugin or parse5: a site whose pages all take it never compiles or evaluates them (md-pipeline.ts).
  const sources = [...loadedAtStart((file) => /\/compile-page-[^/]+\.mjs$/.test(file))];
  assert.ok(sources.includes('src/markdown/direct-hast.ts'), 'the direct path is there');
  assert.ok(sources.includes('src/markdown/rehype-code.ts'), 'the rehype plugins are there');
  for (const left of [
    'src/markdown/md-pipeline.ts',
    'node_modules/micromark/',
    'node_modules/mdast-util-to-hast/',
    'node_modules/remark-gfm/',
    'node_modules/parse5/',
  ])
    assert.not.ok(
      sources.some((source) => source.startsWith(left)),
      `${left} is loaded at start`,
    );
});

test("the build's thread loads no glob library: its content is listed by a plain walk", () => {
  // fast-glob (with micromatch, picomatch, braces) is loaded only to read a site's code for `@theme/` names.
  const sources = [...loadedAtStart('program.mjs')];
  assert.ok(sources.includes('src/content/list-files.ts'), 'the content listing is there');
  const globs = sources.filter((source) => /node_modules\/(fast-glob|micromatch|picomatch)\//.test(source));
  assert.equal(globs, []);
});

test('the markdown pipeline loads the emoji table only for a page whose text could hold a shortcode', () => {
  const pipeline = loadedAtStart((file) => 'src/markdown/compile-page.ts' in (metafile.outputs[file]?.inputs ?? {}));
  assert.ok(pipeline.has('src/markdown/remark-emoji-if-needed.ts'), 'the page compiler is there');
  for (const source of pipeline)
    assert.not.ok(/node_modules\/(remark-emoji|node-emoji|emojilib)\//.test(source), `${source} is loaded with it`);
});

test("the CLI loads the config's schemas only when it validates a config", () => {
  // A build whose config is the data the last one validated takes the validated config from the cache.
  const sources = [...loadedAtStart('program.mjs')];
  assert.ok(sources.includes('src/config/load-config.ts'), 'the config loader is there');
  for (const schema of ['validate-config', 'site-schema', 'docs-schema', 'navigation-schema', 'csp-schema'])
    assert.not.ok(sources.includes(`src/config/${schema}.ts`), `${schema} is loaded at start`);
});

test('the CLI loads the YAML library only when a build parses YAML', () => {
  // 262 kB compiled and evaluated at every start, for sites whose front matter the plain reader takes (yaml-module.ts).
  const sources = [...loadedAtStart('program.mjs')];
  assert.ok(sources.includes('src/content/front-matter.ts'), 'the front matter reader is there');
  const yaml = sources.filter((source) => source.startsWith('node_modules/yaml/'));
  assert.equal(yaml, [], 'yaml is loaded at start');
});

test("the build's thread loads Shiki only when it highlights a block itself", () => {
  // At a cold start a worker highlights the blocks ahead of it: the build's thread would compile Shiki for nothing.
  const sources = [...loadedAtStart('program.mjs')];
  assert.ok(sources.includes('src/markdown/highlighter.ts'), 'the highlighter is there');
  const shiki = sources.filter((source) => /node_modules\/(shiki|@shikijs\/[^/]+)\//.test(source));
  assert.equal(shiki, [], 'Shiki is loaded at start');
});

test("a thread that renders loads React's legacy server renderer, not its streaming one", () => {
  const sources = [...loadedAtStart('program.mjs')];
  const legacy = 'node_modules/react-dom/cjs/react-dom-server-legacy.node.production.js';
  assert.ok(sources.includes(legacy), 'the legacy renderer is there');
  const streaming = sources.filter((source) => /react-dom\/cjs\/react-dom-server\.node\./.test(source));
  assert.equal(streaming, [], 'the streaming renderer is loaded');
  // Every name the sources import from `react-dom/server` is one the legacy renderer gives.
  const exported = Object.keys(createRequire(import.meta.url)(path.join(repoRoot, legacy)));
  const imported = sourceFiles(['src', 'templates']).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/import\s*(\{[^}]*\}|\*[^;]*?)\s*from\s*'react-dom\/server'/g)].map(
      ([, names]) => [file, names!] as const,
    ),
  );
  assert.ok(imported.length > 0, 'no source imports react-dom/server');
  for (const [file, names] of imported) {
    assert.ok(names.startsWith('{'), `${file} imports the whole of react-dom/server`);
    for (const name of names
      .slice(1, -1)
      .split(',')
      .map(
        (n) =>
          n
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]!,
      ))
      if (name) assert.ok(exported.includes(name), `${file} imports ${name}, which the legacy renderer lacks`);
  }
});

/** The TypeScript files under these folders of the repository. */
function sourceFiles(dirs: string[]): string[] {
  return dirs.flatMap((dir) =>
    readdirSync(path.join(repoRoot, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => path.join(repoRoot, dir, file)),
  );
}

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

test('the bundle loads esbuild with require when one of its functions is first called, every function there', () => {
  // An ESM import of a CommonJS package makes Node lex its main file for export names at every start; and a warm
  // build that asks esbuild nothing loads none of it.
  const imports = Object.values(metafile.outputs).flatMap((output) => output.imports);
  const esmImports = imports.filter((imported) => imported.path === 'esbuild' && imported.kind !== 'require-call');
  assert.equal(esmImports, [], 'esbuild is imported as a module');
  const shim = outputFiles.find((file) => file.text.includes('__require("esbuild")'));
  assert.ok(shim, 'no output requires esbuild');
  assert.ok(/=>\s*loaded\s*\?\?=\s*__require\("esbuild"\)/.test(shim.text), 'esbuild is required as the bundle loads');
  for (const name of ['build', 'context', 'stop'])
    assert.ok(new RegExp(`function ${name}\\(`).test(shim.text), `esbuild's ${name} is missing`);
});

test('loading the CLI loads no esbuild', () => {
  const program = pathToFileURL(path.join(checkoutCliDir(repoRoot), 'program.mjs')).href;
  // What Node's require has loaded, looked at after the CLI loaded, then after a require of esbuild (as the bundle's
  // first call of one of its functions makes), which shows the look sees it.
  const script = `import { createRequire } from 'node:module';
    await import(${JSON.stringify(program)});
    const require = createRequire(${JSON.stringify(program)});
    const loaded = () => Object.keys(require.cache).some((f) => /[\\\\/]esbuild[\\\\/]lib[\\\\/]main\\.js$/.test(f));
    const before = loaded();
    require('esbuild');
    process.stdout.write(JSON.stringify([before, loaded()]));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.is(result.status, 0, result.stderr);
  assert.equal(
    JSON.parse(result.stdout),
    [false, true],
    'esbuild is loaded with the CLI (first), or not seen (second)',
  );
});

test.run();
