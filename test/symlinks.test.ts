/*
 * Links in the content folder: build and dev publish a link only when it points to a file inside content/;
 * links out of it (to the site folder's own files too), links to folders (loops included) and broken links are
 * left out with a warning.
 */
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../src/build/build-site';
import { startDev } from '../src/cli/dev-command';
import { formatError } from '../src/errors';
import { type CollectedReport, collectingReporter } from '../src/site/reporter';
import { copyFixture, removeDir, repoRoot } from './helpers';

const dir = copyFixture('basic');
const outside = mkdtempSync(path.join(tmpdir(), 'docs-it-fuori-'));
writeFileSync(path.join(outside, 'segreto.txt'), 'non pubblicare');
const staticDir = path.join(dir, 'content/static');
mkdirSync(staticDir, { recursive: true });
symlinkSync(path.join(outside, 'segreto.txt'), path.join(staticDir, 'segreto.txt'));
symlinkSync(outside, path.join(staticDir, 'fuori'));
symlinkSync('.', path.join(staticDir, 'ciclo'));
symlinkSync('non-esiste.txt', path.join(staticDir, 'rotto.txt'));
writeFileSync(path.join(dir, 'LICENSE.txt'), 'licenza del sito');
symlinkSync('../../LICENSE.txt', path.join(staticDir, 'radice.txt'));
writeFileSync(path.join(dir, 'content/licenza.txt'), 'licenza dei contenuti');
symlinkSync('../licenza.txt', path.join(staticDir, 'licenza.txt'));
const out = path.join(dir, 'build');

test.after(() => {
  removeDir(dir);
  removeDir(outside);
});

const expectedWarnings = [
  'content/static/ciclo: a folder, not a file: not published',
  `content/static/fuori: its link leads to ${outside}, outside content/: not published`,
  `content/static/radice.txt: its link leads to ${path.join(dir, 'LICENSE.txt')}, outside content/`,
  'missing file content/static/rotto.txt (or a link to a missing file',
  `content/static/segreto.txt: its link leads to ${path.join(outside, 'segreto.txt')}, outside content/`,
];

/** Each expected warning was reported (as printed: `file: what`), at the file it names. */
function assertWarned(report: CollectedReport): void {
  const printed = report.found.filter((d) => d.severity === 'warning').map((d) => formatError(d.error));
  for (const warning of expectedWarnings)
    assert.ok(
      printed.some((p) => p.includes(warning)),
      `${warning}\nin:\n${printed.join('\n')}`,
    );
}

test('build publishes links to files inside content/, and nothing a link outside it points to', async () => {
  const config = path.join(dir, 'site.config.ts');
  const report = collectingReporter();
  await buildSite({ packageRoot: repoRoot, config, out, reporter: report });
  assertWarned(report);
  assert.ok(existsSync(path.join(out, 'it/licenza.txt')), 'a link inside content/ is published');
  for (const file of ['it/segreto.txt', 'it/fuori', 'it/ciclo', 'it/rotto.txt', 'it/radice.txt'])
    assert.not.ok(existsSync(path.join(out, file)), file);
});

test('dev lists the same files and says the same about the links', async () => {
  const report = collectingReporter();
  const dev = await startDev(
    { packageRoot: repoRoot, config: path.join(dir, 'site.config.ts'), port: 0, host: '127.0.0.1', open: false },
    report,
  );
  try {
    assertWarned(report);
    assert.is((await fetch(`${dev.url}licenza.txt`)).status, 200);
    for (const file of ['segreto.txt', 'fuori/segreto.txt', 'ciclo/ciclo/licenza.txt', 'radice.txt'])
      assert.is((await fetch(`${dev.url}${file}`)).status, 404, file);
  } finally {
    await dev.close();
  }
});

test('dev closed: its background compile stops, and nothing is compiled or written after it returned', async () => {
  const dev = await startDev(
    { packageRoot: repoRoot, config: path.join(dir, 'site.config.ts'), port: 0, host: '127.0.0.1', open: false },
    collectingReporter(),
  );
  await dev.close();
  const compiled = dev.site.pagesCompiledInBackground;
  // The background compile starts after the first page is served or a short wait: asked for again after the close.
  await dev.site.compileEverything();
  assert.is(dev.site.pagesCompiledInBackground, compiled, 'no page compiled once dev was closed');
});

test.run();
