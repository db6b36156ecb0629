/*
 * scripts/ensure-chromium.sh decides where the browser tests' browser comes from. It runs here with a PATH of
 * stand-ins only (no real browser, a fake `id` saying who runs it, a fake `apt-get` that records its calls and
 * "installs" a stand-in of each package it is asked for, unless the situation says the package cannot be had) and an
 * os-release file saying which system this is.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { removeDir, repoRoot } from './helpers';

const script = path.join(repoRoot, 'scripts/ensure-chromium.sh');
const bash = spawnSync('bash', ['-c', 'command -v bash'], { encoding: 'utf8' }).stdout.trim();
const work = mkdtempSync(path.join(tmpdir(), 'docs-it-chromium-'));
let runs = 0;
test.after(() => removeDir(work));

function executable(file: string, text: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  chmodSync(file, 0o755);
  return file;
}

interface Situation {
  /** What `id -u` says. */
  uid: number;
  /** ID= of the os-release file. */
  os: string;
  /** Browser executables present on PATH (names). */
  onPath?: string[];
  chromePath?: string;
  args?: string[];
  /** Packages the stand-in apt-get fails to install. */
  unavailable?: string[];
}

/** Runs the script in a situation: its exit status, what it printed and what apt-get was asked. */
function ensure(situation: Situation) {
  const dir = path.join(work, String(++runs));
  const bin = path.join(dir, 'bin');
  executable(path.join(bin, 'id'), `#!/bin/sh\necho ${situation.uid}\n`);
  const log = path.join(dir, 'apt-get.log');
  const refused = (situation.unavailable ?? []).map((name) => `  ${name}) exit 100 ;;\n`).join('');
  executable(
    path.join(bin, 'apt-get'),
    `#!/bin/sh\necho "$*" >> '${log}'\n[ "$1" = install ] || exit 0\nfor name in "$@"; do case "$name" in\n` +
      `  -*|install) ;;\n${refused}  *) printf '#!/bin/sh\\n' > '${bin}/'"$name"; /bin/chmod +x '${bin}/'"$name" ;;\n` +
      'esac; done\n',
  );
  for (const name of situation.onPath ?? []) executable(path.join(bin, name), '#!/bin/sh\n');
  const osRelease = path.join(dir, 'os-release');
  writeFileSync(osRelease, `NAME="Some Linux"\nID="${situation.os}"\nVERSION_ID="12"\n`);
  const env: Record<string, string> = { PATH: bin, DOCS_IT_OS_RELEASE: osRelease };
  if (situation.chromePath !== undefined) env.CHROME_PATH = situation.chromePath;
  const result = spawnSync(bash, [script, ...(situation.args ?? [])], { encoding: 'utf8', env });
  const aptGet = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr, aptGet, bin };
}

test('a browser on PATH is used as it is: the headless shell first, then Chromium, else Google Chrome', () => {
  const both = ensure({ uid: 0, os: 'debian', onPath: ['google-chrome', 'chromium'], args: ['--find'] });
  assert.equal([both.status, both.stdout, both.aptGet], [0, path.join(both.bin, 'chromium'), []]);
  const shell = ensure({ uid: 0, os: 'debian', onPath: ['chromium', 'chromium-headless-shell'], args: ['--find'] });
  assert.equal([shell.status, shell.stdout], [0, path.join(shell.bin, 'chromium-headless-shell')]);
  const chrome = ensure({ uid: 1000, os: 'fedora', onPath: ['google-chrome-stable'], args: ['--find'] });
  assert.equal([chrome.status, chrome.stdout], [0, path.join(chrome.bin, 'google-chrome-stable')]);
  const quiet = ensure({ uid: 0, os: 'debian', onPath: ['chromium-browser', 'chromium-headless-shell'] });
  assert.equal([quiet.status, quiet.stdout, quiet.stderr, quiet.aptGet], [0, '', '', []]);
  const user = ensure({ uid: 1000, os: 'debian', onPath: ['chromium'] });
  assert.equal([user.status, user.aptGet], [0, []]);
});

test('Debian as root with a browser but no headless shell gets the shell, and goes on without it if it cannot', () => {
  const added = ensure({ uid: 0, os: 'debian', onPath: ['chromium'] });
  assert.is(added.status, 0, added.stderr);
  assert.equal(added.aptGet, ['update -qq', 'install -y -qq chromium-headless-shell']);
  assert.ok(existsSync(path.join(added.bin, 'chromium-headless-shell')));
  const refused = ensure({ uid: 0, os: 'debian', onPath: ['chromium'], unavailable: ['chromium-headless-shell'] });
  assert.is(refused.status, 0, refused.stderr);
  assert.match(refused.stderr, 'warning: chromium-headless-shell could not be installed');
  const named = executable(path.join(work, 'named/chrome'), '#!/bin/sh\n');
  const chosen = ensure({ uid: 0, os: 'debian', onPath: ['chromium'], chromePath: named });
  assert.equal([chosen.status, chosen.aptGet], [0, []], 'CHROME_PATH chose the browser: nothing installed');
});

test('CHROME_PATH comes before PATH, and one that names no executable is an error, not an install', () => {
  const chrome = executable(path.join(work, 'Chrome.app/chrome'), '#!/bin/sh\n');
  const named = ensure({ uid: 1000, os: 'debian', onPath: ['chromium'], chromePath: chrome, args: ['--find'] });
  assert.equal([named.status, named.stdout], [0, chrome]);
  const wrong = ensure({ uid: 0, os: 'debian', chromePath: path.join(work, 'nowhere/chrome') });
  assert.is(wrong.status, 1);
  assert.match(wrong.stderr, "CHROME_PATH is '");
  assert.match(wrong.stderr, 'not an executable file');
  assert.equal(wrong.aptGet, []);
});

test('without a browser, only Debian as root installs chromium and its headless shell', () => {
  const root = ensure({ uid: 0, os: 'debian' });
  assert.is(root.status, 0, root.stderr);
  assert.equal(root.aptGet, ['update -qq', 'install -y -qq chromium', 'install -y -qq chromium-headless-shell']);
  assert.ok(existsSync(path.join(root.bin, 'chromium')));
  assert.ok(existsSync(path.join(root.bin, 'chromium-headless-shell')));
  const older = ensure({ uid: 0, os: 'debian', unavailable: ['chromium-headless-shell'] });
  assert.is(older.status, 0, older.stderr);
  assert.ok(existsSync(path.join(older.bin, 'chromium')));
  assert.match(older.stderr, 'the browser tests use chromium');
});

test('without a browser elsewhere, the script stops at once and says what to install', () => {
  for (const situation of [
    { uid: 1000, os: 'debian' },
    { uid: 0, os: 'fedora' },
    { uid: 0, os: 'ubuntu' },
    { uid: 0, os: 'debian', args: ['--find'] },
  ]) {
    const result = ensure(situation);
    const name = JSON.stringify(situation);
    assert.is(result.status, 1, name);
    assert.equal(result.aptGet, [], `${name}: nothing installed`);
    assert.match(result.stderr, 'The browser tests need Chromium or Google Chrome', name);
    assert.match(result.stderr, 'sudo apt-get install chromium', name);
    assert.match(result.stderr, 'Or set CHROME_PATH', name);
  }
});

test('npm test stops before type-checking when there is no browser', async () => {
  // PATH holds node, npm, sh, bash and id, and no browser; the system is not Debian, so nothing is installed.
  const bin = path.join(work, 'npm-bin');
  mkdirSync(bin);
  for (const tool of ['node', 'npm', 'sh', 'bash', 'id']) {
    const found = spawnSync(bash, ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
    symlinkSync(found, path.join(bin, tool));
  }
  const osRelease = path.join(work, 'os-release-fedora');
  writeFileSync(osRelease, 'ID=fedora\n');
  const env = { PATH: bin, HOME: process.env.HOME ?? work, DOCS_IT_OS_RELEASE: osRelease };
  const child = spawn(path.join(bin, 'npm'), ['test'], { cwd: repoRoot, env, detached: true });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  // Were the tests to start, they would run this test again: the run is ended as soon as the type check begins.
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
    if (stdout.includes('tsc -b') && child.pid) process.kill(-child.pid, 'SIGKILL');
  });
  const [status] = (await once(child, 'close')) as [number | null];
  assert.not.match(stdout, 'tsc -b', 'the type check did not start');
  assert.is(status, 1);
  assert.match(stderr, 'The browser tests need Chromium or Google Chrome');
});

test.run();
