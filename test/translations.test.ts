// `docs-it translations` and the translation notices, against a small upstream git repository made here:
// an edit, a rename, a deletion and new pages after the commit the translations were checked against.
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { GitLogParser, historyFormat } from '../src/translations/git-log';
import type { TranslationReport } from '../src/translations/translation-status';
import { copyFixture, pipeEnv, removeDir, repoRoot } from './helpers';

const upstream = mkdtempSync(path.join(os.tmpdir(), 'docs-it-upstream-'));
let siteDir = '';
let recorded = '';

function git(args: string[], date = '2025-01-01T10:00:00+00:00'): string {
  const result = spawnSync('git', ['-c', 'user.name=Upstream', '-c', 'user.email=up@example.org', ...args], {
    cwd: upstream,
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date, GIT_CONFIG_NOSYSTEM: '1' },
  });
  assert.is(result.status, 0, `git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

function write(rel: string, text: string): void {
  mkdirSync(path.dirname(path.join(upstream, rel)), { recursive: true });
  writeFileSync(path.join(upstream, rel), text);
}

const lines = (n: number, word: string) => Array.from({ length: n }, (_, i) => `${word} line ${i + 1}`).join('\n');

function cli(args: string[], cwd = siteDir): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [path.join(repoRoot, 'bin/docs-it.mjs'), ...args], {
    cwd,
    encoding: 'utf8',
    env: pipeEnv({ CI: 'true' }),
    timeout: 180_000,
  });
}

const upstreamFor = (rel: string, upPath: string, commit: string) => {
  const file = path.join(siteDir, rel);
  const text = readFileSync(file, 'utf8');
  writeFileSync(file, text.replace(/^---\n/, `---\nupstream:\n  path: ${upPath}\n  commit: ${commit}\n`));
};

test.before(() => {
  git(['init', '-q', '-b', 'main']);
  write('docs/install.md', `# Install\n\n${lines(10, 'install')}\n`);
  write('docs/first-book.md', `# First book\n\n${lines(6, 'book')}\n`);
  write('docs/shortcuts.md', `# Shortcuts\n\n${lines(12, 'shortcut')}\n`);
  write('docs/export.md', `# Export\n\n${lines(5, 'export')}\n`);
  write('docs/old.md', '# Old\n');
  write('README.md', '# The upstream\n');
  git(['add', '-A']);
  git(['commit', '-q', '-m', 'First pages']);
  write('docs/install.md', `# Install\n\n${lines(10, 'install')}\nOne more line.\n`);
  git(['commit', '-q', '-a', '-m', 'Install: one more line'], '2025-02-01T10:00:00+00:00');
  recorded = git(['rev-parse', 'HEAD']);
  write('docs/install.md', `# Install\n\n${lines(9, 'install')}\nChanged line.\nOne more line.\nAnd another.\n`);
  git(['commit', '-q', '-a', '-m', 'Rewrite the install steps'], '2025-03-01T10:00:00+00:00');
  mkdirSync(path.join(upstream, 'docs/reference'), { recursive: true });
  git(['mv', 'docs/shortcuts.md', 'docs/reference/shortcuts.md']);
  git(['commit', '-q', '-m', 'Move the shortcuts to the reference'], '2025-03-10T10:00:00+00:00');
  git(['rm', '-q', 'docs/export.md']);
  git(['commit', '-q', '-m', 'Drop the export page'], '2025-04-01T10:00:00+00:00');
  write('docs/covers.md', '# Covers\n');
  write('docs/_partial.md', 'A fragment, not a page.\n');
  git(['add', '-A']);
  git(['commit', '-q', '-m', 'Add the covers page'], '2025-05-01T10:00:00+00:00');

  siteDir = copyFixture('other-site');
  const configFile = path.join(siteDir, 'site.config.ts');
  writeFileSync(
    configFile,
    readFileSync(configFile, 'utf8').replace(
      '  search: {',
      "  translations: { historyUrl: 'https://git.example/atelier/commits/main/{path}' },\n  search: {",
    ),
  );
  upstreamFor('content/docs/premiers-pas/installation.md', 'docs/install.md', recorded);
  upstreamFor('content/docs/premiers-pas/premier-livre.md', 'docs/first-book.md', recorded.slice(0, 10));
  upstreamFor('content/docs/reference/raccourcis.md', 'docs/shortcuts.md', recorded);
  upstreamFor('content/docs/reference/formats-export.md', 'docs/export.md', recorded);
  const home = path.join(siteDir, 'content/docs/index.md');
  writeFileSync(home, readFileSync(home, 'utf8').replace(/^---\n/, '---\nupstream: none\n'));
});

test.after(() => {
  rmSync(upstream, { recursive: true, force: true });
  if (siteDir) removeDir(siteDir);
});

test('the report names the state of each page against the upstream history', () => {
  const result = cli(['translations', '--upstream', upstream]);
  assert.is(result.status, 0, result.stderr);
  const out = result.stdout;
  assert.match(out, /^up to date\s+content\/docs\/premiers-pas\/premier-livre\.md\s+← docs\/first-book\.md$/m);
  assert.match(
    out,
    new RegExp(
      String.raw`^changed\s+content/docs/premiers-pas/installation\.md\s+← docs/install\.md: ` +
        String.raw`1 commit, \+2 −1 lines since \w{7}; newest 2025-03-01 \w{7} «Rewrite the install steps»$`,
      'm',
    ),
  );
  assert.match(
    out,
    new RegExp(
      String.raw`^moved\s+content/docs/reference/raccourcis\.md\s+← docs/shortcuts\.md, ` +
        String.raw`now docs/reference/shortcuts\.md: 1 commit`,
      'm',
    ),
  );
  assert.match(
    out,
    new RegExp(
      String.raw`^deleted\s+content/docs/reference/formats-export\.md\s+← docs/export\.md: ` +
        String.raw`deleted on 2025-04-01 in \w{7} «Drop the export page»$`,
      'm',
    ),
  );
  assert.match(out, /^own page\s+content\/docs\/index\.md$/m);
  assert.match(out, /^no source\s+content\/docs\/premiers-pas\/mise-en-page\/couvertures\.md\s+\(no `upstream`/m);
  assert.match(
    out,
    new RegExp(
      String.raw`Upstream pages no page follows \(2\):\n {2}docs/covers\.md {2}` +
        String.raw`\(newest commit 2025-05-01\)\n {2}docs/old\.md`,
    ),
  );
  assert.not.match(out, /_partial/);
  assert.match(result.stderr, /✔ history of HEAD in .+: 6 commits read \(/);
});

test('--quiet prints the report alone; --verbose adds counts', () => {
  const quiet = cli(['translations', '--upstream', upstream, '--quiet']);
  assert.is(quiet.status, 0, quiet.stderr);
  assert.is(quiet.stderr, '');
  assert.match(quiet.stdout, /^Upstream: HEAD \(\w{7} of 2025-05-01\)\n/);
  const verbose = cli(['translations', '--upstream', upstream, '--verbose']);
  assert.match(verbose.stderr, /ℹ 11 pages, 2 upstream pages without a translation, at \w{7}\n/);
});

test('--json gives the same status to tools, and build --translation-status reads it', () => {
  const result = cli(['translations', '--upstream', upstream, '--json']);
  assert.is(result.status, 0, result.stderr);
  const report = JSON.parse(result.stdout) as TranslationReport;
  const state = (file: string) => report.pages.find((p) => p.file === file);
  assert.is(report.head.subject, 'Add the covers page');
  assert.equal(
    {
      ...state('content/docs/premiers-pas/installation.md'),
      newest: { ...state('content/docs/premiers-pas/installation.md')?.newest, sha: '' },
    },
    {
      file: 'content/docs/premiers-pas/installation.md',
      route: '/docs/manuel/premiers-pas/installation',
      title: 'Installer Atelier',
      state: 'changed',
      upstream: { path: 'docs/install.md', commit: recorded },
      currentPath: 'docs/install.md',
      commits: 1,
      added: 2,
      deleted: 1,
      newest: { sha: '', date: '2025-03-01T10:00:00+00:00', subject: 'Rewrite the install steps' },
    },
  );
  // An abbreviated commit id is resolved to the full one.
  assert.is(state('content/docs/premiers-pas/premier-livre.md')?.upstream?.commit, recorded);
  assert.is(state('content/docs/reference/raccourcis.md')?.currentPath, 'docs/reference/shortcuts.md');
  assert.is(state('content/docs/reference/formats-export.md')?.state, 'deleted');
  assert.equal(
    report.untranslated.map((u) => u.path),
    ['docs/covers.md', 'docs/old.md'],
  );
  const statusFile = path.join(siteDir, 'status.json');
  writeFileSync(statusFile, result.stdout);
  const build = cli(['build', '--translation-status', 'status.json', '--out', 'build-from-file']);
  assert.is(build.status, 0, build.stderr);
  const html = readFileSync(
    path.join(siteDir, 'build-from-file/docs/manuel/premiers-pas/installation/index.html'),
    'utf8',
  );
  // The French site's notice, from the French catalogue.
  assert.match(html, /L&#x27;original anglais a été mis à jour le 1 mars 2025, après cette traduction/);
});

test('--fail-on-stale fails a CI job while a page is behind; the exit code is 0 without it', () => {
  const failing = cli(['translations', '--upstream', upstream, '--fail-on-stale']);
  assert.is(failing.status, 1);
  assert.match(failing.stderr, /3 pages need updating \(--fail-on-stale\)/);
});

test('a folder that is not a git checkout, or a commit the upstream lacks, is a clear error', () => {
  const notGit = mkdtempSync(path.join(os.tmpdir(), 'docs-it-not-git-'));
  try {
    const result = cli(['translations', '--upstream', notGit]);
    assert.is(result.status, 1);
    assert.match(result.stderr, /is not a git checkout\n {2}→ Pass --upstream the top folder of a clone/);
  } finally {
    rmSync(notGit, { recursive: true, force: true });
  }
  const file = 'content/docs/premiers-pas/premier-livre.md';
  const original = readFileSync(path.join(siteDir, file), 'utf8');
  try {
    writeFileSync(path.join(siteDir, file), original.replace(/commit: \w+/, 'commit: 0123456789abcdef'));
    const result = cli(['translations', '--upstream', upstream]);
    assert.is(result.status, 1);
    assert.match(
      result.stderr,
      /premiers-pas\/premier-livre\.md:2:1: upstream commit 0123456789abcdef is not in the history of HEAD/,
    );
    const build = cli(['build', '--upstream', upstream, '--out', 'build-bad']);
    assert.is(build.status, 1);
    assert.match(build.stderr, /premier-livre\.md:2:1: upstream commit 0123456789abcdef is not in the history/);
    assert.not.ok(existsSync(path.join(siteDir, 'build-bad')));
  } finally {
    writeFileSync(path.join(siteDir, file), original);
  }
});

test('build --upstream: a stale page says so under its title, the status page lists every page', () => {
  const build = cli(['build', '--upstream', upstream, '--out', 'build-upstream', '--verbose']);
  assert.is(build.status, 0, build.stderr);
  // A count: the pages themselves are what `docs-it translations` lists.
  assert.match(build.stderr, /ℹ \d+ pages? without `upstream` in the front matter \(docs-it translations lists them\)/);
  assert.not.match(build.stderr + build.stdout, /couvertures\.md/);
  const page = (rel: string) => readFileSync(path.join(siteDir, 'build-upstream/docs', rel), 'utf8');
  const changed = page('manuel/premiers-pas/installation/index.html');
  assert.match(
    changed,
    new RegExp(
      '<h1>Installer Atelier</h1><p class="translation-notice" role="note">' +
        'L&#x27;original anglais a été mis à jour le 1 mars 2025, après cette traduction\\. ' +
        '<a href="https://git\\.example/atelier/commits/main/docs/install\\.md" rel="noopener">',
    ),
  );
  assert.match(
    page('manuel/reference/raccourcis/index.html'),
    /mis à jour le 10 mars 2025[^<]*<a href="https:\/\/git\.example\/atelier\/commits\/main\/docs\/reference\//,
  );
  assert.match(page('manuel/reference/formats-export/index.html'), /a été supprimé le 1 avril 2025/);
  assert.not.match(page('manuel/premiers-pas/premier-livre/index.html'), /translation-notice/);
  const status = page('stato-traduzioni/index.html');
  assert.match(status, /<h1>État des traductions<\/h1>/);
  assert.match(status, /<meta name="robots" content="noindex/);
  for (const title of ['Installer Atelier', 'Raccourcis clavier']) assert.ok(status.includes(title), title);
  assert.match(status, /<code>docs\/covers\.md<\/code>/);
  // The most urgent state comes first.
  assert.ok(status.indexOf('>supprimée<') < status.indexOf('>à relire<'));
  assert.not.ok(page('sitemap.xml').includes('stato-traduzioni'));
});

test('without upstream data nothing changes: no notice, no status page', () => {
  const build = cli(['build', '--out', 'build-plain']);
  assert.is(build.status, 0, build.stderr);
  assert.not.ok(existsSync(path.join(siteDir, 'build-plain/docs/stato-traduzioni/index.html')));
  const html = readFileSync(path.join(siteDir, 'build-plain/docs/manuel/premiers-pas/installation/index.html'), 'utf8');
  assert.not.match(html, /translation-notice/);
});

test('the git log parser gives the same commits whatever the chunks its input comes in', () => {
  const raw = spawnSync(
    'git',
    ['log', '--topo-order', '-M', '--raw', '--numstat', '-z', '--no-abbrev', `--format=${historyFormat}`],
    { cwd: upstream, encoding: 'utf8' },
  ).stdout;
  const whole = new GitLogParser();
  const expected = [...whole.push(raw), ...whole.end()];
  assert.is(expected.length, 6);
  const rename = expected.find((c) => c.subject === 'Move the shortcuts to the reference')!;
  assert.equal(rename.changes, [
    { status: 'R', from: 'docs/shortcuts.md', path: 'docs/reference/shortcuts.md', added: 0, deleted: 0 },
  ]);
  for (const size of [1, 7, 64]) {
    const parser = new GitLogParser();
    const commits = [];
    for (let i = 0; i < raw.length; i += size) commits.push(...parser.push(raw.slice(i, i + size)));
    commits.push(...parser.end());
    assert.equal(commits, expected, `chunks of ${size}`);
  }
});

test.run();
