import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { init, parse } from 'es-module-lexer/minimal';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { moduleFiles } from '../src/cache/module-files';
import { importTsModule } from '../src/config/import-ts-module';
import { leadingImports } from '../src/config/leading-imports';
import { publicApiUrl, strippedModule } from '../src/config/strip-types';
import { validateConfig } from '../src/config/validate-config';
import { docsItErrorsOf } from '../src/errors';
import { copyFixture, removeDir, repoRoot, runModuleScript } from './helpers';

/** The default export of `file` and the code of the module made of it (a folder of modules of its own). */
async function imported(file: string, esbuildOnly = false): Promise<{ value: unknown; code: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'docs-it-strip-'));
  try {
    const value = await importTsModule(file, path.basename(file), {
      modules: moduleFiles(dir),
      packageRoot: repoRoot,
      esbuildOnly,
    });
    const made = readdirSync(dir).filter((name) => name.endsWith('.mjs'));
    assert.is(made.length, 1, made.join(', '));
    return { value, code: readFileSync(path.join(dir, made[0]!), 'utf8') };
  } finally {
    removeDir(dir);
  }
}

/** Whether a module was made by stripping types: it imports docs-it's public API, which esbuild bundles into it. */
const stripped = (code: string) => code.includes(JSON.stringify(publicApiUrl));

/** A value with its functions named rather than compared by identity (each module has its own). */
function comparable(value: unknown): unknown {
  if (typeof value === 'function') return `function ${value.name}/${value.length}`;
  if (Array.isArray(value)) return value.map(comparable);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, comparable(item)]));
  return value;
}

test('a config importing only docs-it is made without esbuild, into the same config', async () => {
  const file = path.join(repoRoot, 'site.config.ts');
  const fast = await imported(file);
  const esbuild = await imported(file, true);
  assert.ok(stripped(fast.code), 'the module imports docs-it from the running CLI');
  assert.not.ok(stripped(esbuild.code));
  assert.equal(comparable(fast.value), comparable(esbuild.value));
  assert.equal(
    comparable(validateConfig(fast.value, 'site.config.ts')),
    comparable(validateConfig(esbuild.value, 'site.config.ts')),
  );
});

test('the Docusaurus-dialect TypeScript config gives the same config either way, its functions too', async () => {
  const file = path.join(repoRoot, 'test/fixtures/docusaurus/site.config.ts');
  const fast = await imported(file);
  const esbuild = await imported(file, true);
  assert.ok(stripped(fast.code));
  const resolved = [fast, esbuild].map((made) => validateConfig(made.value, 'site.config.ts'));
  assert.equal(comparable(resolved[0]), comparable(resolved[1]));
  const editUrls = [fast, esbuild].map((made) => {
    const blog = (made.value as { blog: { editUrl: (args: object) => string } }).blog;
    return blog.editUrl({ locale: 'it', blogPath: '2024-01-01-post.md' });
  });
  assert.is(editUrls[0], editUrls[1]);
});

test('a config with a relative import, a require or an import() is made by esbuild, as before', async () => {
  const dir = copyFixture('basic');
  try {
    const configs: Record<string, string> = {
      'relative.ts': "import { title } from './title';\nexport default { title };\n",
      'required.ts': "export default { title: require('./title.json').title };\n",
      'dynamic.ts': "const { title } = await import('./title.ts');\nexport default { title };\n",
      'meta.ts': "export default { title: import.meta.url ? 'Titolo' : '' };\n",
    };
    writeFileSync(path.join(dir, 'title.ts'), "export const title: string = 'Titolo';\n");
    writeFileSync(path.join(dir, 'title.json'), '{ "title": "Titolo" }\n');
    for (const [name, source] of Object.entries(configs)) {
      writeFileSync(path.join(dir, name), source);
      const made = await imported(path.join(dir, name));
      assert.not.ok(stripped(made.code), name);
      assert.equal(made.value, { title: 'Titolo' }, name);
    }
  } finally {
    removeDir(dir);
  }
});

test('names only bound where CommonJS gives them do not keep a module from the fast path', async () => {
  const dir = copyFixture('basic');
  try {
    const file = path.join(dir, 'local.ts');
    writeFileSync(
      file,
      [
        "import { defineConfig } from 'docs-it';",
        'const require = (name: string) => name.toUpperCase();',
        "export default defineConfig({ title: require('x'), module: { exports: 1 } } as never);",
      ].join('\n'),
    );
    const made = await imported(file);
    assert.ok(stripped(made.code));
    assert.equal(made.value, { title: 'X', module: { exports: 1 } });
  } finally {
    removeDir(dir);
  }
});

test('a warm run takes the module made without esbuild from its record, keyed by the type stripper', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'docs-it-strip-warm-'));
  try {
    const file = path.join(repoRoot, 'site.config.ts');
    const options = { modules: moduleFiles(dir, { reuse: true }), packageRoot: repoRoot };
    await importTsModule(file, 'site.config.ts', options);
    const first = readdirSync(dir).sort();
    const records = first.filter((name) => name.endsWith('.record.json'));
    assert.is(records.length, 1, first.join(', '));
    const { key } = JSON.parse(readFileSync(path.join(dir, records[0]!), 'utf8')) as { key: string };
    assert.match(key, /oxc-transform@\d/);
    await importTsModule(file, 'site.config.ts', { ...options, modules: moduleFiles(dir, { reuse: true }) });
    assert.equal(readdirSync(dir).sort(), first);
  } finally {
    removeDir(dir);
  }
});

test('a syntax error is located by esbuild exactly as without the fast path', async () => {
  const dir = copyFixture('basic', {
    'site.config.ts': "import { defineConfig } from 'docs-it';\nexport default defineConfig({\n  title: 'x',,\n});\n",
  });
  try {
    const file = path.join(dir, 'site.config.ts');
    const errors = await Promise.all(
      [false, true].map((esbuildOnly) =>
        imported(file, esbuildOnly).then(
          () => assert.unreachable('should throw'),
          (error: unknown) => docsItErrorsOf(error).map(({ message, location, hint }) => ({ message, location, hint })),
        ),
      ),
    );
    assert.is(errors[0]?.[0]?.location?.line, 3);
    assert.equal(errors[0], errors[1]);
  } finally {
    removeDir(dir);
  }
});

test('a type stripper that cannot load gives one warning, and esbuild makes the modules', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'docs-it-strip-missing-'));
  try {
    mkdirSync(path.join(dir, 'modules'));
    const configs = ['a.ts', 'b.ts'].map((name) => {
      writeFileSync(
        path.join(dir, name),
        `import { defineConfig } from 'docs-it';\nexport default defineConfig({ title: '${name}' as string });\n`,
      );
      return path.join(dir, name);
    });
    const hooks = `export async function resolve(specifier, context, next) {
      if (specifier === 'oxc-transform') throw new Error('no native binding for this platform');
      return next(specifier, context);
    }`;
    const url = (file: string) => JSON.stringify(pathToFileURL(path.join(repoRoot, file)).href);
    const modules = JSON.stringify(path.join(dir, 'modules'));
    const options = `{ modules: moduleFiles(${modules}), packageRoot: ${JSON.stringify(repoRoot)} }`;
    const script = `
      const { register } = await import('node:module');
      register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hooks)}));
      const { importTsModule } = await import(${url('src/config/import-ts-module.ts')});
      const { moduleFiles } = await import(${url('src/cache/module-files.ts')});
      const titles = [];
      for (const file of ${JSON.stringify(configs)}) titles.push((await importTsModule(file, file, ${options})).title);
      const { typeStripperWarning } = await import(${url('src/config/strip-types.ts')});
      const warnings = [typeStripperWarning(), typeStripperWarning()].map((warning) => warning?.message ?? null);
      (await import('esbuild')).stop();
      process.stdout.write(JSON.stringify({ titles, warnings }));`;
    const child = runModuleScript(script);
    assert.is(child.status, 0, child.stderr);
    assert.is(child.stderr, '');
    assert.equal(JSON.parse(child.stdout), {
      titles: ['a.ts', 'b.ts'],
      warnings: [
        'oxc-transform could not be loaded (no native binding for this platform); ' +
          'site modules are made with esbuild instead',
        null,
      ],
    });
  } finally {
    removeDir(dir);
  }
});

test('the imports of a plain module are read without es-module-lexer, as it reads them', async () => {
  await init;
  const lexed = (code: string) =>
    parse(code)[0].map(({ n, s, e, t }) => (t === 1 ? { specifier: n, start: s, end: e } : { dynamic: t }));
  const read = [
    'import { defineConfig } from "docs-it";\nexport default defineConfig({ title: "x" });\n',
    'import a, { b as c, d } from "pkg";\n\nimport * as ns from "node:path";\nimport "side-effect";\n' +
      'export const x = 1;\n',
    'import {\n\ta,\n\tb\n} from "docs-it";\nexport default [a, b];',
    'import def from "docs-it"',
    'export default { title: "no imports" };\n',
  ];
  for (const code of read) assert.equal(leadingImports(code), lexed(code), code);
  const left = [
    'import { a } from "x";\nconst b = await import("y");\n',
    'export default { url: import.meta.url };\n',
    'export * from "x";\n',
    'export { a } from "x";\n',
    'const text = "importante";\nimport { a } from "x";\n',
    'import data from "./data.json" with { type: "json" };\n',
    "import { a } from 'single-quoted';\n",
    '// a comment\nimport { a } from "x";\n',
    'import { a /* } */ } from "x";\n',
    'import defer * as ns from "x";\n',
  ];
  for (const code of left) assert.is(leadingImports(code), undefined, code);
  // What oxc prints of this site's config and data module, and of the benchmarks' corpus config.
  for (const file of ['site.config.ts', 'content/data/releases.ts', 'test/fixtures/basic/site.config.ts']) {
    const code = await strippedModule(path.join(repoRoot, file), readFileSync(path.join(repoRoot, file), 'utf8'));
    assert.ok(code, file);
  }
});

test('a config that imports only docs-it is made without loading es-module-lexer', () => {
  // Its WebAssembly compiled at a cold build's start is a fixed cost of every small site's build.
  const hooks = `export async function resolve(specifier, context, next) {
    if (specifier.startsWith('es-module-lexer')) throw new Error('es-module-lexer loaded');
    return next(specifier, context);
  }`;
  const url = JSON.stringify(pathToFileURL(path.join(repoRoot, 'src/config/strip-types.ts')).href);
  const config = JSON.stringify(path.join(repoRoot, 'site.config.ts'));
  const script = `
    const { register } = await import('node:module');
    const { readFileSync } = await import('node:fs');
    register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hooks)}));
    const { strippedModule } = await import(${url});
    const made = await strippedModule(${config}, readFileSync(${config}, 'utf8'));
    // The same call for a module only the lexer reads: it fails, which shows the hook sees the lexer's load.
    const lexed = await strippedModule('/x/meta.ts', 'export default import.meta.url;').then(
      () => 'made',
      (error) => error.message,
    );
    process.stdout.write(JSON.stringify([made.includes(${JSON.stringify(JSON.stringify(publicApiUrl))}), lexed]));`;
  const child = runModuleScript(script);
  assert.is(child.status, 0, child.stderr);
  assert.equal(JSON.parse(child.stdout), [true, 'es-module-lexer loaded']);
});

test.run();
