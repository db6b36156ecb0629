import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkoutCliDir } from '../bin/cli-bundle.mjs';
import { buildSite } from '../src/build/build-site';
import type { KeptBundle } from '../src/site/bundle/bundle-cache';
import { type BundleInput, isSiteFree } from '../src/site/bundle/bundle-client';
import { prebuiltClientBundle, prebuiltClientFile } from '../src/site/bundle/prebuilt-client-bundle';
import { copyFixture, quietly, removeDir, repoRoot } from './helpers';

const base64 = (text: string) => Buffer.from(text).toString('base64');

/** A bundle as `writePrebuiltClientBundle` keeps it, whose bytes no esbuild makes: a build that has them took it. */
const marked: KeptBundle = {
  css: ['/assets/styles.PRIMA000.css'],
  js: ['/assets/app.PRIMA000.js'],
  onDemand: [],
  files: [
    { path: 'assets/app.PRIMA000.js', base64: base64('import "./chunks/chunk.PRIMA000.js";\n') },
    { path: 'assets/chunks/chunk.PRIMA000.js', base64: base64('console.log("fatto prima");\n') },
    { path: 'assets/styles.PRIMA000.css', base64: base64('body{color:red}\n') },
  ],
  watched: [],
};

/** A CLI folder: the checkout's CLI bundle (linked file by file) with `marked` as its prebuilt browser bundle. */
function markedCliDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docs-it-prebuilt-'));
  const real = checkoutCliDir(repoRoot);
  for (const name of readdirSync(real)) {
    if (name !== prebuiltClientFile) symlinkSync(path.join(real, name), path.join(dir, name));
  }
  writeFileSync(path.join(dir, prebuiltClientFile), JSON.stringify(marked));
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

test('no prebuilt bundle for a CLI folder without one: the build bundles with esbuild', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docs-it-prebuilt-'));
  try {
    assert.is(prebuiltClientBundle(repoRoot, dir, '/'), undefined);
    writeFileSync(path.join(dir, prebuiltClientFile), JSON.stringify(marked));
    const bundle = prebuiltClientBundle(repoRoot, dir, '/docs/');
    assert.equal(bundle?.js, ['/docs/assets/app.PRIMA000.js']);
    assert.equal(
      bundle?.files.map((f) => f.path),
      ['docs/assets/app.PRIMA000.js', 'docs/assets/chunks/chunk.PRIMA000.js', 'docs/assets/styles.PRIMA000.css'],
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
