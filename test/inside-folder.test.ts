import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { insideFolder, isPlainRelative } from '../src/disk/inside-folder';

const dir = path.resolve('/srv/site/.docs-it-builds-out/b-1');

test('a plain relative path is joined as path.resolve joins it', () => {
  for (const rel of [
    'index.html',
    'it/docs/guida/pagina-1/index.html',
    'it/.well-known/security.txt',
    'it/..hidden/a',
    'it/a..b/c.',
    'it/__docs-it/sidebars/guide/12.json',
    'it/docs/città/è.html',
  ]) {
    assert.ok(isPlainRelative(rel), rel);
    assert.is(insideFolder(dir, rel), path.resolve(dir, rel), rel);
  }
});

test('any other path is path.resolve’s (never joined as it is)', () => {
  for (const rel of [
    '',
    '.',
    '..',
    './index.html',
    '../index.html',
    'it/../../etc/passwd',
    'it/./index.html',
    'it/..',
    'it/.',
    'it//index.html',
    'it/',
    '/etc/passwd',
    'it\\index.html',
    'it/a\0b',
  ]) {
    assert.not.ok(isPlainRelative(rel), JSON.stringify(rel));
    assert.is(insideFolder(dir, rel), path.resolve(dir, rel), JSON.stringify(rel));
  }
  // The root folder: `resolve` gives `/index.html`, not `//index.html`.
  assert.is(insideFolder('/', 'index.html'), '/index.html');
});

test.run();
