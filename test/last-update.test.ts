import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../src/build/build-site';
import { LastCommitsReader } from '../src/site/last-commits-reader';
import { gitHeadOf } from '../src/translations/git-head';
import { readLastCommitDates } from '../src/translations/last-commit-dates';
import { copyFixture, removeDir, repoRoot } from './helpers';

/** Runs git in `dir` with a fixed identity and, when given, a fixed commit day. */
function git(dir: string, args: string[], day?: string) {
  const when = day ? { GIT_AUTHOR_DATE: `${day}T12:00:00+01:00`, GIT_COMMITTER_DATE: `${day}T12:00:00+01:00` } : {};
  return execFileSync('git', ['-C', dir, ...args], {
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', ...when },
  });
}

/** Makes `dir` a repository whose commits change the given files on the given days, oldest first. */
function commitHistory(dir: string, days: [day: string, files: string[]][]) {
  git(dir, ['init', '-q', '-b', 'main']);
  git(dir, ['config', 'user.name', 'Prova']);
  git(dir, ['config', 'user.email', 'prova@example.org']);
  for (const [day, files] of days) {
    for (const file of files) writeFileSync(path.join(dir, file), `${readFileSync(path.join(dir, file), 'utf8')}\n`);
    git(dir, ['add', '-A']);
    git(dir, ['commit', '-q', '--allow-empty', '-m', `modifiche del ${day}`], day);
  }
}

const faq = 'content/docs/guides/faq.md';
const first = 'content/docs/guides/intro/primo.md';
const readme = 'content/docs/guides/readme.md';

/** The basic fixture showing last updates, edit links to its own repository and to the upstream originals. */
function fixtureSite(): string {
  const dir = copyFixture('basic');
  const config = path.join(dir, 'site.config.ts');
  writeFileSync(
    config,
    readFileSync(config, 'utf8')
      .replace(
        "version: { name: 'current', label: 'v1', mainDocId: 'guides/readme' },",
        "version: { name: 'current', label: 'v1', mainDocId: 'guides/readme' },\n" +
          "    showLastUpdateTime: true,\n    editUrl: 'https://git.example/prova/edit/main/content/',",
      )
      .replace(
        "search: { indexUid: 'docs-v1' },",
        "search: { indexUid: 'docs-v1' },\n" +
          "  translations: { editUrl: 'https://git.example/originale/edit/main/{path}' },",
      ),
  );
  // One page says when it was last updated; one translates an upstream page.
  const text = (file: string) => readFileSync(path.join(dir, file), 'utf8');
  writeFileSync(path.join(dir, readme), text(readme).replace('---\n', '---\nlast_update:\n  date: 2020-02-02\n'));
  writeFileSync(
    path.join(dir, first),
    text(first).replace('---\n', '---\nupstream:\n  path: docs/guides/primo passo.md\n  commit: abc1234\n'),
  );
  return dir;
}

async function build(dir: string): Promise<(file: string) => string> {
  await buildSite({ packageRoot: repoRoot, config: path.join(dir, 'site.config.ts') });
  return (route) => readFileSync(path.join(dir, 'build', route, 'index.html'), 'utf8');
}
const meta = (html: string) => /<footer class="page-meta">([\s\S]*?)<\/footer>/.exec(html)?.[1] ?? '';

test('a folder outside any git checkout has no commit dates', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'docs-it-not-git-'));
  try {
    assert.is(await readLastCommitDates(dir, 'content'), undefined);
  } finally {
    removeDir(dir);
  }
});

test('one git log gives each file the day of its last commit; a shallow clone leaves older files undated', async () => {
  const dir = fixtureSite();
  const shallow = `${dir}-shallow`;
  try {
    commitHistory(dir, [
      ['2024-01-10', []],
      ['2024-03-05', [faq]],
      ['2024-04-20', [first]],
    ]);
    const dates = await readLastCommitDates(dir, 'content');
    assert.is(dates?.get(faq), '2024-03-05');
    assert.is(dates?.get(first), '2024-04-20');
    assert.is(dates?.get(readme), '2024-01-10', 'unchanged since the first commit');
    git(repoRoot, ['clone', '-q', '--depth', '2', `file://${dir}`, shallow]);
    const cut = await readLastCommitDates(shallow, 'content');
    assert.is(cut?.get(first), '2024-04-20', 'changed in the history at hand');
    assert.is(cut?.get(faq), undefined, 'last changed at the commit where the clone stops: unknown');
    assert.is(cut?.get(readme), undefined);
  } finally {
    removeDir(dir);
    removeDir(shallow);
  }
});

/** A git that logs its arguments before running the real one, first on the PATH that spawn reads while `run` runs. */
async function gitCalls<T>(run: () => Promise<T>): Promise<{ result: T; calls: string[] }> {
  const bin = mkdtempSync(path.join(tmpdir(), 'docs-it-git-'));
  const calls = path.join(bin, 'calls');
  const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  writeFileSync(path.join(bin, 'git'), `#!/bin/sh\necho "$*" >> '${calls}'\nexec '${real}' "$@"\n`, { mode: 0o755 });
  const pathBefore = process.env.PATH;
  try {
    process.env.PATH = `${bin}${path.delimiter}${pathBefore}`;
    const result = await run();
    process.env.PATH = pathBefore;
    const text = existsSync(calls) ? readFileSync(calls, 'utf8').trim() : '';
    return { result, calls: text ? text.split('\n') : [] };
  } finally {
    process.env.PATH = pathBefore;
    removeDir(bin);
  }
}

test('the last commits of a full clone take two git processes', async () => {
  const dir = fixtureSite();
  try {
    commitHistory(dir, [['2024-03-05', [faq]]]);
    const { result: dates, calls } = await gitCalls(() => readLastCommitDates(dir, 'content'));
    assert.is(dates?.get(faq), '2024-03-05');
    assert.is(calls.length, 2, calls.join('\n'));
  } finally {
    removeDir(dir);
  }
});

test("HEAD's commit read from git's files is git's own: branch, packed refs, detached, worktree, shallow clone", () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'docs-it-head-'));
  const worktree = `${dir}-altro`;
  const shallow = `${dir}-corto`;
  const head = (at: string) => git(at, ['rev-parse', 'HEAD']).trim();
  try {
    mkdirSync(path.join(dir, 'sito/content'), { recursive: true });
    writeFileSync(path.join(dir, 'sito/content/pagina.md'), 'Uno.\n');
    commitHistory(dir, [
      ['2024-01-10', ['sito/content/pagina.md']],
      ['2024-02-10', ['sito/content/pagina.md']],
    ]);
    assert.equal(
      gitHeadOf(path.join(dir, 'sito')),
      { commit: head(dir), shallow: '' },
      'a loose ref, from a subfolder',
    );
    git(dir, ['pack-refs', '--all']);
    assert.not.ok(existsSync(path.join(dir, '.git/refs/heads/main')));
    assert.is(gitHeadOf(dir)?.commit, head(dir), 'packed refs');
    git(dir, ['checkout', '-q', '--detach', 'HEAD~1']);
    assert.is(gitHeadOf(dir)?.commit, head(dir), 'a detached HEAD');
    git(dir, ['checkout', '-q', 'main']);
    git(dir, ['worktree', 'add', '-q', '-b', 'altro', worktree, 'HEAD~1']);
    assert.is(gitHeadOf(path.join(worktree, 'sito'))?.commit, head(worktree), "a linked worktree's own HEAD");
    assert.is.not(head(worktree), head(dir));
    git(repoRoot, ['clone', '-q', '--depth', '1', `file://${dir}`, shallow]);
    assert.equal(gitHeadOf(shallow), {
      commit: head(shallow),
      shallow: readFileSync(path.join(shallow, '.git/shallow'), 'utf8'),
    });
    // What this reading does not follow is git's to say.
    assert.is(gitHeadOf(dir, { GIT_DIR: path.join(worktree, '.git') }), undefined, 'a variable that moves it');
    git(dir, ['replace', head(dir), 'HEAD~1']);
    assert.is(gitHeadOf(dir), undefined, 'a replace ref');
  } finally {
    for (const folder of [dir, worktree, shallow]) removeDir(folder);
  }
});

test('a build keeps the last commits by the commit at HEAD: git is asked again only once HEAD moves', async () => {
  const dir = fixtureSite();
  try {
    commitHistory(dir, [['2024-03-05', [faq]]]);
    const built = async (noCache = false) =>
      gitCalls(() => buildSite({ packageRoot: repoRoot, config: path.join(dir, 'site.config.ts'), noCache }));
    const faqDate = () =>
      /<time dateTime="([^"]+)"/.exec(
        meta(readFileSync(path.join(dir, 'build/it/v1/guides/faq/index.html'), 'utf8')),
      )?.[1];
    assert.ok((await built()).calls.length > 0, 'the first build asks git');
    assert.is(faqDate(), '2024-03-05');
    assert.equal((await built()).calls, [], 'nothing committed: git is not started');
    writeFileSync(path.join(dir, faq), `${readFileSync(path.join(dir, faq), 'utf8')}\nAltro.\n`);
    git(dir, ['commit', '-q', '-am', 'altra modifica'], '2024-06-01');
    assert.ok((await built()).calls.length > 0, 'a commit: git is asked again');
    assert.is(faqDate(), '2024-06-01');
    assert.equal((await built()).calls, []);
    assert.ok((await built(true)).calls.length > 0, '--no-cache asks git');
  } finally {
    removeDir(dir);
  }
});

test("dev's reader of the last commits asks git again after a commit, checkout or reset, not a save", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'docs-it-last-commits-'));
  const page = 'content/pagina.md';
  try {
    mkdirSync(path.join(dir, 'content'));
    writeFileSync(path.join(dir, page), 'Uno.\n');
    commitHistory(dir, [['2024-01-10', [page]]]);
    const reader = new LastCommitsReader();
    const read = () => reader.read(dir, 'content');
    const before = await read();
    assert.equal(before?.get(page), { date: '2024-01-10', author: 'Prova' });
    // A save (and another file) changes no commit: what was read is kept, git is not asked again.
    writeFileSync(path.join(dir, page), 'Due.\n');
    writeFileSync(path.join(dir, 'content/altra.md'), 'Altra.\n');
    assert.ok((await read()) === before, 'read again after a save');
    git(dir, ['config', 'user.name', 'Altra']);
    git(dir, ['add', '-A']);
    git(dir, ['commit', '-q', '-m', 'seconda'], '2024-02-01');
    const committed = await read();
    assert.equal(committed?.get(page), { date: '2024-02-01', author: 'Altra' });
    assert.equal(committed?.get('content/altra.md'), { date: '2024-02-01', author: 'Altra' });
    git(dir, ['reset', '-q', '--hard', 'HEAD~1']);
    assert.equal((await read())?.get(page), { date: '2024-01-10', author: 'Prova' }, 'after a reset');
    git(dir, ['checkout', '-q', '-b', 'altro']);
    git(dir, ['commit', '-q', '--allow-empty', '-m', 'vuoto'], '2024-03-01');
    writeFileSync(path.join(dir, page), 'Tre.\n');
    git(dir, ['commit', '-q', '-am', 'terza'], '2024-03-02');
    git(dir, ['checkout', '-q', 'main']);
    assert.equal((await read())?.get(page), { date: '2024-01-10', author: 'Prova' }, 'back on main');
    git(dir, ['merge', '-q', '--ff-only', 'altro']);
    assert.equal((await read())?.get(page), { date: '2024-03-02', author: 'Altra' }, 'after a merge');
  } finally {
    removeDir(dir);
  }
});

test('doc pages: the edit link (upstream original or own file), the last update from git or front matter', async () => {
  const dir = fixtureSite();
  try {
    commitHistory(dir, [
      ['2024-01-10', []],
      ['2024-03-05', [faq]],
    ]);
    const page = await build(dir);
    const faqMeta = meta(page('it/v1/guides/faq'));
    assert.match(faqMeta, `href="https://git.example/prova/edit/main/${faq}"`);
    assert.match(faqMeta, 'Modifica questa pagina');
    assert.match(faqMeta, '<time dateTime="2024-03-05">5 marzo 2024</time>');
    // A translated page edits its upstream original (the path's segments encoded).
    assert.match(
      meta(page('it/v1/guides/intro/primo')),
      'href="https://git.example/originale/edit/main/docs/guides/primo%20passo.md"',
    );
    // Front matter wins over git.
    assert.match(meta(page('it/v1/guides')), '<time dateTime="2020-02-02">2 febbraio 2020</time>');
  } finally {
    removeDir(dir);
  }
});

test('showLastUpdateAuthor: the author of the last commit beside its day; front matter wins', async () => {
  const dir = fixtureSite();
  try {
    const config = path.join(dir, 'site.config.ts');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace(
        'showLastUpdateTime: true,',
        'showLastUpdateTime: true, showLastUpdateAuthor: true,',
      ),
    );
    writeFileSync(
      path.join(dir, readme),
      readFileSync(path.join(dir, readme), 'utf8').replace('last_update:\n', 'last_update:\n  author: Redazione\n'),
    );
    commitHistory(dir, [
      ['2024-01-10', []],
      ['2024-03-05', [faq]],
    ]);
    const page = await build(dir);
    const faqMeta = meta(page('it/v1/guides/faq'));
    assert.match(faqMeta, '<time dateTime="2024-03-05">5 marzo 2024</time>');
    assert.match(faqMeta, 'Prova');
    assert.match(meta(page('it/v1/guides')), 'Redazione');
    assert.not.match(meta(page('it/v1/guides')), 'Prova');
  } finally {
    removeDir(dir);
  }
});

test('a site that is no git checkout of its own takes the date from front matter alone', async () => {
  // The copy sits in this repository but is not tracked by it: git knows none of its files.
  const dir = fixtureSite();
  try {
    const page = await build(dir);
    assert.match(meta(page('it/v1/guides')), '<time dateTime="2020-02-02">2 febbraio 2020</time>');
    assert.match(meta(page('it/v1/guides/faq')), 'Modifica questa pagina');
    assert.not.match(meta(page('it/v1/guides/faq')), 'Ultimo aggiornamento');
  } finally {
    removeDir(dir);
  }
});

test.run();
