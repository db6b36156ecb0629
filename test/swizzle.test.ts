// `docs-it swizzle <Name>`: the starting file of an override, which wraps the theme's component and builds as it is.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../src/build/build-site';
import { copyFixture, pipeEnv, quietly, removeDir, repoRoot } from './helpers';

const bin = path.join(repoRoot, 'bin/docs-it.mjs');
const docsIt = (...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: pipeEnv(), timeout: 180_000 });

const dir = copyFixture('other-site');
test.after(() => removeDir(dir));

test('swizzle Footer writes a wrapper of the theme’s footer, which the site then draws', async () => {
  rmSync(path.join(dir, 'src/theme/Footer.tsx'));
  const run = docsIt('swizzle', 'Footer', '--dir', dir);
  assert.is(run.status, 0, run.stderr);
  const file = path.join(dir, 'src/theme/Footer.tsx');
  const text = readFileSync(file, 'utf8');
  assert.match(text, "import Original from '@theme-original/Footer';");
  assert.match(text, "import type { FooterProps } from 'docs-it';");
  // What a site then adds around the original.
  writeFileSync(
    file,
    text.replace('return <Original {...props} />;', 'return <><Original {...props} /><p>Ajouté</p></>;'),
  );
  const out = path.join(dir, 'build');
  await quietly(() => buildSite({ packageRoot: repoRoot, config: path.join(dir, 'site.config.ts'), out }));
  const html = readFileSync(path.join(out, 'docs/manuel/premiers-pas/premier-livre/index.html'), 'utf8');
  assert.match(html, /<footer class="footer">.*Raccourcis clavier.*<\/footer><p>Ajouté<\/p>/s);
});

test('swizzle keeps an override that is there, unless --force', () => {
  const run = docsIt('swizzle', 'DocCard', '--dir', dir);
  assert.is.not(run.status, 0);
  assert.match(run.stderr, 'src/theme/DocCard.tsx already exists');
  assert.match(readFileSync(path.join(dir, 'src/theme/DocCard.tsx'), 'utf8'), 'atelier-badge');
  assert.is(docsIt('swizzle', 'DocCard', '--dir', dir, '--force').status, 0);
  assert.match(readFileSync(path.join(dir, 'src/theme/DocCard.tsx'), 'utf8'), 'DocCardWrapper');
});

test('swizzle of no theme component names those there are', () => {
  const run = docsIt('swizzle', 'Fotter', '--dir', dir);
  assert.is.not(run.status, 0);
  assert.match(run.stderr, 'the theme has no component "Fotter"');
  assert.match(run.stderr, 'Use one of: Navbar, Logo, SearchBar, Footer, DocCard, NotFound.');
});

test.run();
