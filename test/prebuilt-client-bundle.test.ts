import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkoutCliDir } from '../bin/cli-bundle.mjs';
import { buildSite } from '../src/build/build-site';
import { OutputFolder } from '../src/output/output-folder';
import { revisionOf } from '../src/output/written-file';
import { type BundleInput, isSiteFree } from '../src/site/bundle/bundle-client';
import {
  type PrebuiltClientList,
  prebuiltClientBundle,
  prebuiltClientFile,
  prebuiltClientFolder,
} from '../src/site/bundle/prebuilt-client-bundle';
import { copyFixture, quietly, removeDir, repoRoot } from './helpers';

/** A bundle as `writePrebuiltClientBundle` keeps it, whose bytes no esbuild makes: a build that has them took it. */
const markedFiles: Record<string, string> = {
  'assets/app.PRIMA000.js': 'import "./chunks/chunk.PRIMA000.js";\n',
  'assets/chunks/chunk.PRIMA000.js': 'console.log("fatto prima");\n',
  'assets/styles.PRIMA000.css': 'body{color:red}\n',
};

/** Writes the marked bundle into a CLI folder `dir`: its list, and its files named by their place in it. */
function writeMarked(dir: string): void {
  const list: PrebuiltClientList = {
    css: ['/assets/styles.PRIMA000.css'],
    js: ['/assets/app.PRIMA000.js'],
    onDemand: [],
    files: Object.entries(markedFiles).map(([file, text]) => ({ path: file, revision: revisionOf(Buffer.from(text)) })),
  };
  mkdirSync(path.join(dir, prebuiltClientFolder), { recursive: true });
  for (const [i, text] of Object.values(markedFiles).entries()) {
    writeFileSync(path.join(dir, prebuiltClientFolder, String(i)), text);
  }
  writeFileSync(path.join(dir, prebuiltClientFile), JSON.stringify(list));
}

/** A CLI folder: the checkout's CLI bundle (linked file by file) with the marked bundle as its prebuilt one. */
function markedCliDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docs-it-prebuilt-'));
  const real = checkoutCliDir(repoRoot);
  for (const name of readdirSync(real)) {
    if (name !== prebuiltClientFile && name !== prebuiltClientFolder) {
      symlinkSync(path.join(real, name), path.join(dir, name));
    }
  }
  writeMarked(dir);
  return dir;
}

test('a build of a site without code of its own takes the bundle made with the CLI, under its base URL', async () => {
  const cliDir = markedCliDir();
  const site = copyFixture('basic');
  try {
    const out = path.join(site, 'out');
    await quietly(() =>
      buildSite({ packageRoot: repoRoot, config: path.join(site, 'site.config.ts'), out, cliDir, noCache: true }),
    );
    // The fixture's base URL is /it/.
    assert.is(
      readFileSync(path.join(out, 'it/assets/chunks/chunk.PRIMA000.js'), 'utf8'),
      'console.log("fatto prima");\n',
    );
    const assets = readdirSync(path.join(out, 'it/assets')).sort();
    assert.equal(
      assets.filter((f) => /^app\./.test(f)),
      ['app.PRIMA000.js'],
      "esbuild's app is not there",
    );
    const config = assets.find((f) => /^config\.[0-9A-F]{8}\.js$/.test(f));
    assert.ok(config, 'the config script is written');
    const page = readFileSync(path.join(out, 'it/index.html'), 'utf8');
    const scripts = [...page.matchAll(/<script type="module" src="([^"]+)"><\/script>/g)].map((m) => m[1]);
    assert.equal(scripts, [`/it/assets/${config}`, '/it/assets/app.PRIMA000.js'], 'the config first, then the app');
    assert.match(page, /<link rel="stylesheet" href="\/it\/assets\/styles\.PRIMA000\.css"/);
  } finally {
    removeDir(site);
    rmSync(cliDir, { recursive: true, force: true });
  }
});

test("a copied file whose hash is known (the prebuilt bundle's) is never read for it", async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docs-it-prebuilt-'));
  try {
    const output = await OutputFolder.open(path.join(dir, 'out'), { root: dir });
    for (const name of ['known', 'unknown']) writeFileSync(path.join(dir, name), name);
    await output.copyFiles([
      { path: 'it/assets/known.js', from: path.join(dir, 'known'), revision: '7'.repeat(32) },
      { path: 'it/assets/unknown.js', from: path.join(dir, 'unknown') },
    ]);
    await output.flush();
    // Gone once copied: a revision asked for now can only be the one given.
    rmSync(path.join(dir, 'known'));
    assert.equal(output.fileInfo('it/assets/known.js'), { size: 5, revision: '7'.repeat(32) });
    assert.is(output.fileInfo('it/assets/unknown.js')?.revision, revisionOf(Buffer.from('unknown')));
    await output.commit();
    assert.is(readFileSync(path.join(dir, 'out/it/assets/known.js'), 'utf8'), 'known');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('no prebuilt bundle for a CLI folder without one: the build bundles with esbuild', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docs-it-prebuilt-'));
  try {
    assert.is(prebuiltClientBundle(dir, '/'), undefined);
    // A CLI bundle of the version before, whose list held the files' bytes.
    writeFileSync(
      path.join(dir, prebuiltClientFile),
      JSON.stringify({ css: [], js: [], onDemand: [], files: [{ path: 'assets/app.js', base64: 'eA==' }] }),
    );
    assert.is(prebuiltClientBundle(dir, '/'), undefined);
    writeMarked(dir);
    const bundle = prebuiltClientBundle(dir, '/docs/');
    assert.equal(bundle?.js, ['/docs/assets/app.PRIMA000.js']);
    assert.equal(bundle?.files, [], 'no bytes read');
    assert.equal(
      bundle?.copied?.map((f) => [f.path, readFileSync(f.from, 'utf8')]),
      Object.entries(markedFiles).map(([file, text]) => [`docs/${file}`, text]),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a site with code of its own in the browser, or a development build, is bundled for itself', () => {
  const input: BundleInput = {
    packageRoot: repoRoot,
    baseUrl: '/',
    mode: 'production',
    siteRoot: repoRoot,
    staticDir: repoRoot,
    themeOverrides: {},
    siteThemeComponents: {},
  };
  assert.ok(isSiteFree(input));
  assert.not.ok(isSiteFree({ ...input, mode: 'development' }));
  assert.not.ok(isSiteFree({ ...input, components: path.join(repoRoot, 'components.tsx') }));
  assert.not.ok(isSiteFree({ ...input, mermaid: { file: 'a.md', line: 1, column: 1 } }));
  assert.not.ok(isSiteFree({ ...input, themeOverrides: { DocCard: path.join(repoRoot, 'DocCard.tsx') } }));
  assert.not.ok(isSiteFree({ ...input, siteThemeComponents: { Mio: path.join(repoRoot, 'Mio.tsx') } }));
});

test.run();
