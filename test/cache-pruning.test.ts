import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { importTsModule } from '../src/config/load-config';
import { CompileCache, pruneCompileCache } from '../src/markdown/compile-cache';
import { pruneManifests } from '../src/render/render-reuse';
import { copyFixture, removeDir } from './helpers';

const dir = copyFixture('basic');
test.after(() => removeDir(dir));

const page = { html: '<p>x</p>', toc: [], deps: {} } as unknown as Parameters<CompileCache['set']>[1];
const ago = (file: string, seconds: number) => {
  const when = new Date(Date.now() - seconds * 1000);
  utimesSync(file, when, when);
};

test('compiled pages of other pipeline versions (and of the old flat layout) are deleted; the current ones stay', () => {
  const root = path.join(dir, 'cache-pages');
  const old = { pipeline: 'a'.repeat(40), cli: 'x' };
  const current = { pipeline: 'b'.repeat(40), cli: 'x' };
  new CompileCache(root, old).set('k1', page);
  new CompileCache(root, current).set('k1', page);
  mkdirSync(path.join(root, 'ab'));
  writeFileSync(path.join(root, 'ab', 'ab12.json'), '{}');
  pruneCompileCache(root, current);
  assert.equal(readdirSync(root), [`v-${'b'.repeat(16)}`]);
  assert.ok(new CompileCache(root, current).get('k1'), 'the current version still answers');
  assert.is(new CompileCache(root, old).get('k1'), undefined);
});

test("with the build's keys, the current version's entries no page asked for are deleted too", () => {
  const root = path.join(dir, 'cache-pages-used');
  const current = { pipeline: 'c'.repeat(40), cli: 'x' };
  const cache = new CompileCache(root, current);
  for (const key of ['aa01', 'aa02', 'bb01']) cache.set(key, page);
  pruneCompileCache(root, current, new Set(['aa01', 'bb01']));
  assert.ok(cache.get('aa01'));
  assert.ok(cache.get('bb01'));
  assert.is(cache.get('aa02'), undefined, 'an earlier version of an edited page is gone');
});

test('render manifests: the most recent ones are kept, older ones and nothing else deleted', () => {
  const cache = path.join(dir, 'cache-render');
  mkdirSync(cache);
  for (let i = 0; i < 10; i++) {
    writeFileSync(path.join(cache, `render-${i}a.json`), '{}');
    ago(path.join(cache, `render-${i}a.json`), i * 10);
  }
  writeFileSync(path.join(cache, 'highlight-1.json'), '{}');
  ago(path.join(cache, 'highlight-1.json'), 1000);
  pruneManifests(cache, 8);
  assert.equal(
    readdirSync(cache).sort(),
    ['highlight-1.json', ...Array.from({ length: 8 }, (_, i) => `render-${i}a.json`)].sort(),
  );
});

test("a transpiled TypeScript module replaces its earlier transpiles, not other files' or one just written", async () => {
  const cache = path.join(dir, 'cache-ts');
  const file = path.join(dir, 'modulo.ts');
  writeFileSync(file, 'export default { versione: 1 };\n');
  assert.equal(await importTsModule(file, 'modulo.ts', cache), { versione: 1 });
  const [first] = readdirSync(cache);
  ago(path.join(cache, first!), 120);
  // The same name elsewhere, an old layout name, and a transpile from a build starting right now.
  const prefix = first!.slice(0, first!.lastIndexOf('-') + 1);
  writeFileSync(path.join(cache, 'modulo_ts-00000000-0123456789ab.mjs'), 'export default 0;');
  ago(path.join(cache, 'modulo_ts-00000000-0123456789ab.mjs'), 120);
  writeFileSync(path.join(cache, 'modulo_ts-0123456789ab.mjs'), 'export default 0;');
  ago(path.join(cache, 'modulo_ts-0123456789ab.mjs'), 120);
  writeFileSync(path.join(cache, `${prefix}ffffffffffff.mjs`), 'export default 0;');

  writeFileSync(file, 'export default { versione: 2 };\n');
  assert.equal(await importTsModule(file, 'modulo.ts', cache), { versione: 2 });
  const left = readdirSync(cache);
  assert.not.ok(left.includes(first!), 'the earlier transpile is gone');
  assert.not.ok(left.includes('modulo_ts-0123456789ab.mjs'), 'so is one named the old way');
  assert.ok(left.includes('modulo_ts-00000000-0123456789ab.mjs'), 'a file of the same name elsewhere keeps its own');
  assert.ok(left.includes(`${prefix}ffffffffffff.mjs`), 'a transpile younger than a minute stays');
  assert.is(left.length, 3);
});

test.run();
