/*
 * The precache manifest docs-it injects into its service worker is byte for byte what workbox-build's
 * injectManifest made from the same files (so an upgrade changes no revision a reader's service worker holds).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { injectPrecacheManifest, type PrecachedFile, precacheManifest } from '../src/build/precache-manifest';
import { processTmpDir } from './build-outputs';
import { removeDir } from './helpers';

const files: PrecachedFile[] = [
  { path: 'it/404.html', revision: 'r1' },
  { path: 'it/assets/app.ABCD1234.js', revision: 'r2' },
  { path: 'it/assets/style.WXYZ9876.css', revision: 'r3' },
  { path: 'it/assets/style.css', revision: 'r4' },
  { path: 'it/docs/guida/index.html', revision: 'r5' },
  { path: 'it/search/ricerca "citata".json', revision: 'r6' },
  { path: 'manifest.webmanifest', revision: 'r7' },
];
const code = '(()=>{precacheAndRoute(self.__WB_MANIFEST);})();\n';

async function workboxOutput(baseUrl: string): Promise<string> {
  const dir = mkdtempSync(path.join(processTmpDir(), 'precache-'));
  try {
    const swSrc = path.join(dir, 'sw-src.js');
    writeFileSync(swSrc, code);
    const { injectManifest } = await import('workbox-build/build/inject-manifest.js');
    const base = baseUrl.slice(1);
    const swDest = path.join(dir, 'out', 'sw.js');
    await injectManifest({
      swSrc,
      swDest,
      globDirectory: dir,
      globPatterns: [],
      templatedURLs: Object.fromEntries(files.map((f) => [f.path, f.revision])),
      dontCacheBustURLsMatching: /\.[A-Z0-9]{8,}\.(js|css)$/,
      modifyURLPrefix: { [base]: baseUrl },
    });
    return readFileSync(swDest, 'utf8');
  } finally {
    removeDir(dir);
  }
}

test("the service worker's manifest is workbox-build's, under a base URL and at the root", async () => {
  for (const baseUrl of ['/it/', '/']) {
    const ours = injectPrecacheManifest(code, precacheManifest(files, baseUrl));
    assert.is(ours, await workboxOutput(baseUrl), baseUrl);
  }
});

test('code without its injection point, or with two, is refused', () => {
  assert.throws(() => injectPrecacheManifest('precacheAndRoute([]);', '[]'), /exactly once/);
  assert.throws(() => injectPrecacheManifest(`${code}${code}`, '[]'), /exactly once/);
});

test.run();
