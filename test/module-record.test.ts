/*
 * A site module (its config, a data file) taken again from what esbuild made of it at the last run while nothing
 * esbuild read can have changed (src/cache/module-record.ts), and asked of esbuild again when anything did.
 */
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stop } from 'esbuild';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { moduleFiles } from '../src/cache/module-files';
import { moduleRecord, recordedModule, recordFileOf } from '../src/cache/module-record';
import { childProcesses } from '../src/cli/child-processes';
import { importTsModule } from '../src/config/import-ts-module';
import { processTmpDir } from './build-outputs';
import { removeDir, repoRoot } from './helpers';

const parent = processTmpDir();

/** A folder with a module importing a module of a subfolder, as a site's config imports its own files. */
function siteWith(files: Record<string, string> = {}): string {
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(path.join(parent, 'module-record-'));
  const all = {
    'site.config.ts': "import { part } from './lib/part';\nexport default { part };\n",
    'lib/part.ts': "export const part: string = 'one';\n",
    ...files,
  };
  for (const [rel, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

/** Files read by the module of `siteWith`. */
const inputsOf = (dir: string) => [path.join(dir, 'lib/part.ts'), path.join(dir, 'site.config.ts')];

/** A record of the site's module, made as if esbuild had started well after the files were written. */
function recorded(dir: string, key = 'k'): string {
  const modulesDir = path.join(dir, 'modules');
  mkdirSync(modulesDir, { recursive: true });
  const moduleFile = path.join(modulesDir, 'site_config_ts-x.mjs');
  writeFileSync(moduleFile, 'export default 1;');
  const record = moduleRecord(key, moduleFile, inputsOf(dir), Date.now() + 10_000);
  assert.ok(record, 'recorded');
  const recordFile = recordFileOf(modulesDir, 'site.config.ts', key);
  writeFileSync(recordFile, record);
  return recordFile;
}

test('a record is taken while every file, folder and folder config it names is as it was', () => {
  const dir = siteWith();
  try {
    const recordFile = recorded(dir);
    assert.ok(recordedModule(recordFile, 'k')?.endsWith('site_config_ts-x.mjs'));
    assert.is(recordedModule(recordFile, 'another key'), undefined, 'another key');
  } finally {
    removeDir(dir);
  }
});

test('a record is not taken after any change esbuild could see', () => {
  const changes: [string, (dir: string) => void][] = [
    [
      'an imported file edited, same size',
      (dir) => writeFileSync(path.join(dir, 'lib/part.ts'), "export const part: string = 'two';\n"),
    ],
    ['the module itself edited', (dir) => writeFileSync(path.join(dir, 'site.config.ts'), 'export default {};\n')],
    // `./lib/part` could now be this file: a folder's names are part of the record.
    ['a file added beside an import', (dir) => writeFileSync(path.join(dir, 'lib/part.tsx'), '')],
    ['a tsconfig added in a parent folder', (dir) => writeFileSync(path.join(dir, 'tsconfig.json'), '{}')],
    ['a package.json added beside a file', (dir) => writeFileSync(path.join(dir, 'lib/package.json'), '{}')],
  ];
  for (const [what, change] of changes) {
    const dir = siteWith();
    try {
      const recordFile = recorded(dir);
      change(dir);
      assert.is(recordedModule(recordFile, 'k'), undefined, what);
    } finally {
      removeDir(dir);
    }
  }
});

test('the files a tsconfig extends are part of the record; one extending a package is never recorded', () => {
  const dir = siteWith({ 'tsconfig.json': '{ "extends": "./base.json" }', 'base.json': '{}' });
  try {
    const recordFile = recorded(dir);
    assert.ok(recordedModule(recordFile, 'k'), 'taken as it was');
    writeFileSync(path.join(dir, 'base.json'), '{"compilerOptions":{}}');
    assert.is(recordedModule(recordFile, 'k'), undefined, 'the extended file changed');
    writeFileSync(path.join(dir, 'tsconfig.json'), '{ "extends": "@tsconfig/node20/tsconfig.json" }');
    const moduleFile = path.join(dir, 'modules', 'site_config_ts-x.mjs');
    assert.is(moduleRecord('k', moduleFile, inputsOf(dir), Date.now() + 10_000), undefined);
  } finally {
    removeDir(dir);
  }
});

test('a file changed shortly before esbuild started is not recorded; a record cut short is not taken', () => {
  const dir = siteWith();
  try {
    const moduleFile = path.join(dir, 'modules', 'site_config_ts-x.mjs');
    // Written just now: esbuild starting now might have read it before or after a change within the same tick.
    assert.is(moduleRecord('k', moduleFile, inputsOf(dir), Date.now()), undefined);
    const recordFile = recorded(dir);
    writeFileSync(recordFile, '{"key":"k","module":');
    assert.is(recordedModule(recordFile, 'k'), undefined);
  } finally {
    removeDir(dir);
  }
});

/** Child processes besides those of this test's esbuild (tsx, which runs the tests, has an esbuild of its own). */
const others = new Set(childProcesses());
const ourChildren = () => childProcesses().filter((pid) => !others.has(pid));

/** Stops esbuild's service and waits until its process is gone (Node reaps it between two turns of its loop). */
async function stopped(): Promise<void> {
  await stop();
  for (let waited = 0; ourChildren().length > 0; waited += 10) {
    assert.ok(waited < 10_000, "esbuild's service did not stop");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

test('importTsModule: a module taken again starts no esbuild; an edit is seen; --no-cache asks esbuild', async () => {
  const dir = siteWith();
  // Outside the site's folder, as the cache folder is in a site's node_modules: made in it, it would change the
  // folder's names after esbuild started.
  const modulesDir = mkdtempSync(path.join(parent, 'module-record-modules-'));
  const modules = () => moduleFiles(modulesDir, { reuse: true });
  const load = (files = modules()) =>
    importTsModule(path.join(dir, 'site.config.ts'), 'site.config.ts', { modules: files, packageRoot: repoRoot });
  try {
    // The record is made only of files older than 2 s when esbuild starts (see module-record.ts).
    await new Promise((resolve) => setTimeout(resolve, 2100));
    assert.equal(await load(), { part: 'one' });
    assert.ok(
      readdirSync(modulesDir).some((name) => name.endsWith('.record.json')),
      'the module is recorded',
    );
    await stopped();
    assert.equal(await load(), { part: 'one' });
    assert.equal(ourChildren(), [], 'esbuild was started for a recorded module');
    assert.equal(await load(moduleFiles(modulesDir)), { part: 'one' });
    assert.ok(ourChildren().length > 0, 'a run that reuses nothing asks esbuild');
    await stopped();
    writeFileSync(path.join(dir, 'lib/part.ts'), "export const part: string = 'two';\n");
    assert.equal(await load(), { part: 'two' }, 'the edit is seen');
  } finally {
    await stop();
    removeDir(dir);
    removeDir(modulesDir);
  }
});

test.run();
