/*
 * Diagnostics and reporting: a site lists every warning and error it found with its severity and place; a run
 * tells its reporter (the CLI prints, tests collect) and writes nothing to the console itself; the CLI's one
 * wrapper turns whatever a command throws into a message and an exit code.
 */
import { readdirSync, readFileSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../src/build/build-site';
import { CommandFailure, runCommand } from '../src/cli/run-command';
import { formatTimeLeft, timeLeft } from '../src/cli/time-left';
import { loadConfig } from '../src/config/load-config';
import { type Diagnostic, DocsItError, docsItErrorsOf, formatError, UsageError } from '../src/errors';
import { siteFiles } from '../src/site/files/site-files';
import { collectingReporter } from '../src/site/reporter';
import { startRun } from '../src/site/run';
import { createSite, readContent } from '../src/site/site';
import { copyFixture, removeDir, repoRoot, textReporter } from './helpers';

/** A site with one of each: a link left out, an unknown front matter key, a code without grammar, a broken link. */
const dir = copyFixture('basic', {
  'content/docs/guides/chiave.md': '---\ntitle: Chiave\nsidebar_positon: 2\n---\n\nTesto.\n',
  'content/docs/guides/codice.md': '---\ntitle: Codice\n---\n\nTesto.\n\n```klingon\nqapla\n```\n',
  'content/docs/guides/rotto.md': '---\ntitle: Rotto\n---\n\nVedi [questa](/it/v1/guides/manca).\n',
});
symlinkSync(os.tmpdir(), path.join(dir, 'content/static/fuori'));
const config = path.join(dir, 'site.config.ts');
test.after(() => removeDir(dir));

/** A diagnostic as a line: severity, place, message. */
const line = (d: Diagnostic) => `${d.severity} ${formatError(d.error).split('\n')[0]}`;

const expected = [
  /^warning content\/static\/fuori: its link leads to .+, outside content\/: not published$/,
  /^warning content\/docs\/guides\/chiave\.md:3:1: unknown front matter key "sidebar_positon"$/,
  /^warning content\/docs\/guides\/codice\.md:7:1: code language "klingon" has no grammar/,
  /^error content\/docs\/guides\/rotto\.md:5:\d+: broken link/,
];

test('Site.diagnostics(): every warning and error found so far, with its severity and place', async () => {
  const run = await startRun({ packageRoot: repoRoot, config }, 'build');
  const resolved = await loadConfig({ packageRoot: repoRoot, config }, run.cache.modules);
  const site = createSite(resolved, await readContent(resolved, run.cache.modules), run.stages);
  // Before any page is compiled: what the content says.
  const before = site.diagnostics().map(line);
  assert.is(before.length, 2, before.join('\n'));
  for (const [i, pattern] of expected.slice(0, 2).entries()) assert.match(before[i]!, pattern);
  const pages = await site.compileAll();
  assert.throws(
    () => site.checkLinks(pages, siteFiles(site, run.stages).linkable()),
    (e: unknown) => docsItErrorsOf(e).length === 1,
  );
  const found = site.diagnostics().map(line);
  assert.is(found.length, expected.length, found.join('\n'));
  for (const [i, pattern] of expected.entries()) assert.match(found[i]!, pattern);
  // The warning keeps its hint.
  assert.match(site.diagnostics()[1]!.error.hint!, 'Did you mean "sidebar_position"?');
  run.end();
});

test('a build tells its reporter everything it found, and writes nothing to the console itself', async () => {
  const report = collectingReporter();
  const written: string[] = [];
  const writes = { out: process.stdout.write, err: process.stderr.write };
  const keep = ((chunk: string | Uint8Array) => written.push(String(chunk)) > 0) as typeof process.stdout.write;
  process.stdout.write = keep;
  process.stderr.write = keep;
  let failure: unknown;
  try {
    await buildSite({ packageRoot: repoRoot, config, reporter: report }).catch((e: unknown) => {
      failure = e;
    });
  } finally {
    process.stdout.write = writes.out;
    process.stderr.write = writes.err;
  }
  assert.equal(written, []);
  assert.equal(docsItErrorsOf(failure).map(formatError), [formatError(report.found.at(-1)!.error)]);
  const found = report.found.map(line);
  assert.is(found.length, expected.length, found.join('\n'));
  for (const [i, pattern] of expected.entries()) assert.match(found[i]!, pattern);
  assert.equal(
    report.stages.map((s) => s.label),
    ['config', 'content', 'model', 'markdown'],
  );
  // The markdown stage said how far it got, page by page.
  assert.ok(report.stages[3]!.progress > 3);
});

test('only the CLI writes to the console: no module of the node side but src/cli names it', () => {
  const writers = /\bconsole\.(?:log|warn|error|info)\b|process\.(?:stdout|stderr)\b/;
  const offenders: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      const rel = path.relative(repoRoot, full).split(path.sep).join('/');
      // The browser's and the service worker's consoles are the reader's, not the terminal.
      if (/^src\/(?:cli|client|service-worker)\b/.test(rel)) continue;
      if (entry.isDirectory()) walk(full);
      else if (/\.(?:ts|tsx|mjs)$/.test(entry.name) && writers.test(readFileSync(full, 'utf8'))) offenders.push(rel);
    }
  };
  walk(path.join(repoRoot, 'src'));
  assert.equal(offenders, []);
});

test('the terminal shows a problem once while it stays, again when it is back, and says when errors are gone', () => {
  const { reporter, text } = textReporter();
  const broken: Diagnostic = { severity: 'error', error: new DocsItError('broken link', { file: 'a.md', line: 3 }) };
  const note: Diagnostic = { severity: 'warning', error: new DocsItError('unknown key', { file: 'b.md', line: 2 }) };
  reporter.diagnostics([note]);
  reporter.diagnostics([note, broken]);
  reporter.diagnostics([note, broken]);
  reporter.diagnostics([note]);
  reporter.diagnostics([note, broken]);
  assert.is(text(), '⚠ b.md:2: unknown key\n✖ a.md:3: broken link\n✔ no errors left\n✖ a.md:3: broken link\n');
});

test('the one wrapper: usage errors exit with 2, failures with 1, each said; a stack only with --debug', async () => {
  const usage = textReporter();
  assert.is(await runCommand(usage.reporter, () => Promise.reject(new UsageError('two options', 'Pass one.'))), 2);
  assert.is(usage.text(), 'error: two options\n  → Pass one.\n');

  const internal = textReporter();
  assert.is(await runCommand(internal.reporter, () => Promise.reject(new Error('spawn git EACCES'))), 1);
  assert.is(internal.text(), '✖ spawn git EACCES\n  (run again with --debug for the stack trace)\n');

  const footer = textReporter();
  const located = new DocsItError('broken link', { file: 'a.md', line: 1, column: 2 }, 'Fix it.');
  const code = await runCommand(
    footer.reporter,
    () => Promise.reject(new CommandFailure(located, ['The index did not change.'])),
    { footer: (n) => [`${n} error`] },
  );
  assert.is(code, 1);
  assert.is(footer.text(), '✖ a.md:1:2: broken link\n  → Fix it.\n1 error\nThe index did not change.\n');

  assert.is(await runCommand(textReporter().reporter, async () => 3), 3, "an action's own exit code");
  assert.is(await runCommand(textReporter().reporter, async () => undefined), 0);
});

test('time left: from the pace so far, unknown before the first item, whole seconds', () => {
  assert.is(timeLeft(0, 10, 500), undefined);
  assert.is(timeLeft(2, 10, 1000), 4000);
  assert.is(timeLeft(10, 10, 1000), 0);
  assert.is(formatTimeLeft(4000), '4 s left');
  assert.is(formatTimeLeft(4001), '5 s left');
  assert.is(formatTimeLeft(125_000), '2 min 5 s left');
});

test.run();
