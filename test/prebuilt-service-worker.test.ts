/*
 * sw.ts's production bundle made once with the CLI bundle: a production build takes it as it is, with its precache
 * list injected as before; `dev`, and a CLI folder without it, ask esbuild.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  bundleServiceWorker,
  prebuiltServiceWorkerFile,
  writePrebuiltServiceWorker,
  writeServiceWorker,
} from '../src/build/write-service-worker';
import { defaultPrecacheBudget } from '../src/config/site-schema';
import { OutputFolder } from '../src/output/output-folder';
import { removeDir, repoRoot } from './helpers';

/** The `sw.js` a build of one page writes in `mode`, run by the CLI bundle in `cliDir`. */
async function serviceWorkerOf(dir: string, mode: 'production' | 'development', cliDir: string): Promise<string> {
  const out = path.join(dir, `out-${mode}`);
  const output = await OutputFolder.open(out, { root: dir });
  await output.write('it/index.html', '<!doctype html>');
  await writeServiceWorker({
    packageRoot: repoRoot,
    output,
    baseUrl: '/it/',
    mode,
    precached: () => true,
    budget: defaultPrecacheBudget,
    order: { baseUrl: '/it/', notFoundRoute: '/it/404', routes: ['/it/'], sidebars: {} },
    prebuiltDir: cliDir,
  });
  await output.commit();
  return readFileSync(path.join(out, 'it', 'sw.js'), 'utf8');
}

test("the CLI bundle's sw.ts bundle is esbuild's bytes; a production build takes it, its list injected", async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docs-it-sw-'));
  try {
    const cliDir = path.join(dir, 'cli');
    mkdirSync(cliDir);
    await writePrebuiltServiceWorker(repoRoot, cliDir);
    const prebuilt = path.join(cliDir, prebuiltServiceWorkerFile);
    const { code } = await bundleServiceWorker({ packageRoot: repoRoot, mode: 'production' });
    assert.is(readFileSync(prebuilt, 'utf8'), code, "the CLI bundle's file holds esbuild's bytes");
    const fromEsbuild = await serviceWorkerOf(dir, 'production', path.join(dir, 'no-cli'));
    assert.match(fromEsbuild, '"/it/index.html"', 'the precache list is injected');
    assert.is(await serviceWorkerOf(dir, 'production', cliDir), fromEsbuild, 'the same sw.js either way');
    // A marked bundle shows which one a build takes.
    writeFileSync(prebuilt, `/* fatto prima */${code}`);
    assert.is(await serviceWorkerOf(dir, 'production', cliDir), `/* fatto prima */${fromEsbuild}`);
    assert.not.match(
      await serviceWorkerOf(dir, 'development', cliDir),
      'fatto prima',
      "`dev` bundles sw.ts itself (its own mode): it never takes the CLI's production bundle",
    );
  } finally {
    removeDir(dir);
  }
});

test.run();
