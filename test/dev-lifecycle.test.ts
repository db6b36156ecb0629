import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type RunningDev, startDev } from '../src/cli/dev-command';
import { type CollectedReport, collectingReporter } from '../src/site/reporter';
import { docusaurusPagesWithoutDiagrams } from './docusaurus-fixture';
import { copyFixture, removeDir, repoRoot } from './helpers';

/** Waits for `done`; the guard only stops a test that would otherwise hang. */
async function until(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const guard = Date.now() + 120_000;
  while (!(await done())) {
    if (Date.now() > guard) throw new Error(`dev never ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function devOf(dir: string, report: CollectedReport = collectingReporter()): Promise<RunningDev> {
  return startDev(
    { packageRoot: repoRoot, config: path.join(dir, 'site.config.ts'), port: 0, host: '127.0.0.1', open: false },
    report,
  );
}

const faq = 'content/docs/guides/faq.md';
const faqPage = '/it/v1/guides/faq';

// The fixture has no i18n/ and no src/theme/: with a watched path missing, chokidar said it was ready before it
// watched the content folder, and a save in that gap was never applied.
test('an edit saved as soon as dev is ready is applied', async () => {
  const dir = copyFixture('basic');
  const dev = await devOf(dir);
  try {
    const file = path.join(dir, faq);
    writeFileSync(file, readFileSync(file, 'utf8').replace('Risposte brevi.', 'Risposte subito.'));
    const origin = dev.url.replace(/\/it\/$/, '');
    const served = async () => (await (await fetch(`${origin}${faqPage}`)).text()).includes('Risposte subito.');
    await until(served, 'applied the edit');
  } finally {
    await dev.close();
    removeDir(dir);
  }
});

// A save while dev reads the site (seconds for a large one) came before the watcher existed. A future time stands
// for that save: the file is read with its text, and the watcher's first scan must still take it as a change.
test('a file saved while dev starts is taken as a change; files older than the start are not', async () => {
  const dir = copyFixture('basic');
  const file = path.join(dir, faq);
  const later = new Date(Date.now() + 60_000);
  utimesSync(file, later, later);
  const report = collectingReporter();
  const dev = await devOf(dir, report);
  try {
    // Updates are applied in turn: once the sentinel's is reported, one queued at start has been too.
    const sentinel = path.join(dir, 'content/docs/guides/sentinella.md');
    writeFileSync(sentinel, '# Sentinella\n\nUna pagina aggiunta.\n');
    await until(() => report.lines.some((line) => line.includes('sentinella.md')), 'applied the sentinel');
    const applied = report.lines.filter((line) => line.startsWith('↻'));
    assert.equal(applied.length, 2, applied.join('\n'));
    assert.match(applied[0]!, `↻ ${faq}`);
    assert.match(applied[1]!, 'sentinella.md');
  } finally {
    await dev.close();
    removeDir(dir);
  }
});

// Closing dev while an edit is applied: the update finishes before the site is disposed, so nothing it loads or
// compiles lands in a folder the caller removes once `close` has returned.
test('close waits for the update under way, and disposes the site only after it', async () => {
  const dir = copyFixture('basic');
  const dev = await devOf(dir);
  // As dev.test.ts: the watcher takes edits once the first compile is done (one saved at once may be missed).
  await dev.site.compileEverything();
  const order: string[] = [];
  let started: () => void = () => {};
  const updateStarted = new Promise<void>((resolve) => {
    started = resolve;
  });
  const { site } = dev;
  const update = site.update.bind(site);
  site.update = async (changed, servable) => {
    order.push('update');
    started();
    // Long enough that a close which does not wait disposes the site first.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const result = await update(changed, servable);
    order.push('update done');
    return result;
  };
  const dispose = site.dispose.bind(site);
  site.dispose = async () => {
    order.push('dispose');
    await dispose();
  };
  try {
    const file = path.join(dir, faq);
    writeFileSync(file, readFileSync(file, 'utf8').replace('Risposte brevi.', 'Risposte nuove.'));
    await updateStarted;
    await dev.close();
    assert.equal(order, ['update', 'update done', 'dispose']);
  } finally {
    removeDir(dir);
  }
});

// A stylesheet the site's code starts to import after an edit is watched from then on: chokidar names it as it
// starts to watch it, which is not a change (the update that found the import has read it).
test("a stylesheet newly imported by the site's code is watched without an update of its own", async () => {
  // Without its diagrams: Mermaid in the bundle would be bundled again at each of the test's edits of the code.
  const dir = copyFixture('docusaurus', docusaurusPagesWithoutDiagrams());
  const report = collectingReporter();
  const dev = await devOf(dir, report);
  try {
    const style = path.join(dir, 'src/stili/nuovo.css');
    mkdirSync(path.dirname(style));
    writeFileSync(style, '.comando { border: 1px solid; }\n');
    const command = path.join(dir, 'src/components/Command.tsx');
    writeFileSync(command, `import '../stili/nuovo.css';\n${readFileSync(command, 'utf8')}`);
    const applied = () => report.lines.filter((line) => line.startsWith('↻'));
    await until(() => applied().some((line) => line.includes('Command.tsx')), 'applied the import');
    assert.ok(dev.site.codeStyles.includes(style), 'the stylesheet is the code’s now');
    // Updates are applied in turn: one the stylesheet's first sight would cause comes before the sentinel's.
    writeFileSync(path.join(dir, 'content/docs/sentinella.md'), '# Sentinella\n\nUna pagina aggiunta.\n');
    await until(() => applied().some((line) => line.includes('sentinella.md')), 'applied the sentinel');
    assert.not.ok(
      applied().some((line) => line.includes('nuovo.css')),
      applied().join('\n'),
    );
    // Watched: a save of it is applied.
    writeFileSync(style, '.comando { border: 2px solid; }\n');
    await until(() => applied().some((line) => line.includes('nuovo.css')), 'applied the stylesheet’s edit');
  } finally {
    await dev.close();
    removeDir(dir);
  }
});

test.run();
