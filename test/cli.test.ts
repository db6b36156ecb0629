/*
 * The CLI as a person meets it, in its own process: English messages, the version, exit codes, colours on a
 * terminal and none in a pipe, a counter with the time left, a reader that goes away, every failure said, the
 * next free port, --quiet and --verbose.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFixture, removeDir, repoRoot } from './helpers';

const bin = path.join(repoRoot, 'bin/docs-it.mjs');
const dir = copyFixture('basic');
/** A guard against a hang only (ten times what a build of the fixture takes on a loaded machine). */
const hangGuardMs = 180_000;

/** The environment of a person's shell: no colour settings, not a CI job. */
function shellEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['FORCE_COLOR', 'NO_COLOR', 'NODE_DISABLE_COLORS', 'CI']) delete env[name];
  return { ...env, ...extra };
}

/** Runs docs-it with its output piped (as in `docs-it … > file` or `| grep`). */
function cli(args: string[], extra: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [bin, ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: shellEnv(extra),
    timeout: hangGuardMs,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const quote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`;

/** Runs docs-it on a terminal (a pseudo-terminal made by util-linux `script`): what the terminal shows. */
function onTerminal(args: string[], extra: Record<string, string> = {}): string {
  const command = [process.execPath, bin, ...args].map(quote).join(' ');
  const result = spawnSync('script', ['-qec', command, '/dev/null'], {
    cwd: dir,
    encoding: 'utf8',
    env: shellEnv({ TERM: 'xterm-256color', ...extra }),
    timeout: hangGuardMs,
  });
  if (result.error) throw new Error(`this test needs util-linux's \`script\` (apt install bsdutils): ${result.error}`);
  return result.stdout;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: an escape sequence is what is looked for
const colour = /\x1b\[\d+m/;
/** Words of the messages the CLI printed in Italian before it spoke English. */
const italian = /Sito generato|Fasi:|pronto in| su http|Avviso|\berror[ei]\b|Lettura|Cronologia|pagine|non riuscit/;

/** A TCP port something else listens on. */
async function takenPort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, server };
}

const within = <T>(promise: Promise<T>, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`hang: ${what}`)), hangGuardMs).unref()),
  ]);

/** Starts a long-running command; resolves with its first line of stdout (the address), or its output if it ends. */
function startServer(args: string[]): { child: ChildProcess; firstLine: Promise<string>; output(): string } {
  const child = spawn(process.execPath, [bin, ...args], { cwd: dir, env: shellEnv() });
  let stdout = '';
  let all = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    all += chunk;
  });
  const firstLine = new Promise<string>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      all += chunk;
      if (stdout.includes('\n')) resolve(stdout.split('\n')[0]!);
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${all}`)));
  });
  firstLine.catch(() => undefined);
  return { child, firstLine: within(firstLine, `docs-it ${args[0]} start`), output: () => all };
}

test.after(() => removeDir(dir));

test('--version prints the version of the package', () => {
  const { version } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
  for (const flag of ['--version', '-V']) {
    const result = cli([flag]);
    assert.is(result.code, 0);
    assert.is(result.stdout, `${version}\n`);
  }
});

test('a command line that cannot mean anything exits with 2 and says what is wrong; --help documents it', () => {
  for (const [args, message] of [
    [['biuld'], "error: unknown command 'biuld'"],
    [['build', '--outt', 'x'], "error: unknown option '--outt'"],
    [['serve', '--port', 'tremila'], 'invalid port: tremila'],
    [['translations'], "error: required option '--upstream <dir>' not specified"],
    [['build', '--quiet', '--verbose'], "option '-q, --quiet' cannot be used with option '-v, --verbose'"],
    [['build', '--upstream', 'a', '--translation-status', 'b'], 'cannot be used with option'],
  ] as const) {
    const result = cli([...args]);
    assert.is(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
    assert.match(result.stderr, message);
  }
  const help = cli(['--help']);
  assert.is(help.code, 0);
  assert.match(help.stdout, /Exit codes:\n {2}0 {2}done\n {2}1 {2}a build or content error/);
  assert.match(help.stdout, /\n {2}2 {2}a usage error/);
  assert.match(cli(['build', '--help']).stdout, 'Exit codes:');
});

test('every command takes --quiet, --verbose and --debug; dev and serve take --strict-port', () => {
  for (const command of ['build', 'dev', 'serve', 'index', 'translations']) {
    const help = cli([command, '--help']).stdout;
    for (const option of ['-q, --quiet', '-v, --verbose', '--debug'])
      assert.match(help, option, `${command} ${option}`);
    if (command === 'dev' || command === 'serve') assert.match(help, '--strict-port');
  }
});

test('build speaks English: stages on stderr, the summary on stdout, no colours in a pipe; --verbose counts', () => {
  const result = cli(['build', '--verbose']);
  assert.is(result.code, 0, result.stderr);
  assert.match(
    result.stdout,
    /^Built build\/: \d+ pages, \d+ files, [\d.]+ (KB|MB) in [\d.]+ s\nStages: config \d+ ms/,
  );
  assert.match(result.stdout, /\nRoutes by kind: /);
  // A stage's time as the terminal shows it (formatMs): milliseconds, or seconds from one second on, which a loaded
  // machine's config stage (esbuild's service starting, the config transpiled) takes.
  const took = String.raw`\((?:\d+ ms|\d+\.\d\d s)\)`;
  assert.match(result.stderr, new RegExp(`^✔ config ${took}\n✔ content: \\d+ files`), result.stderr);
  assert.match(result.stderr, /\n✔ markdown: \d+ pages \(/, result.stderr);
  assert.not.match(result.stdout + result.stderr, colour);
  assert.not.match(result.stdout + result.stderr, italian);
});

test('--quiet leaves only the summary', () => {
  const result = cli(['build', '--quiet']);
  assert.is(result.code, 0, result.stderr);
  assert.is(result.stderr, '');
  assert.match(result.stdout, /^Built build\/: /);
  assert.not.match(result.stdout, /Routes by kind/);
});

test('on a terminal a long stage shows pages done / total and the time left, in colour; NO_COLOR turns it off', () => {
  const shown = onTerminal(['build', '--no-cache']);
  // The counter is a line redrawn in place (carriage return, erase line) until the stage ends.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's escape sequences are what is looked for
  assert.match(shown, /\r\x1b\[2K… markdown \x1b\[2m\d+\/(\d+), \d+ s left\x1b\[22m/);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's escape sequences are what is looked for
  assert.match(shown, /\r\x1b\[2K… render \x1b\[2m\d+\/\d+, \d+ s left/);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's escape sequences are what is looked for
  assert.match(shown, /\x1b\[32m✔\x1b\[39m markdown: \d+ pages/);
  const plain = onTerminal(['build'], { NO_COLOR: '1' });
  assert.match(plain, /… markdown \d+\/\d+, \d+ s left/);
  assert.not.match(plain, colour);
});

test('FORCE_COLOR colours what goes into a pipe; errors are red', () => {
  const missing = ['serve', '--dir', 'manca', '--port', '0'];
  assert.not.match(cli(missing).stderr, colour);
  const forced = cli(missing, { FORCE_COLOR: '1' });
  assert.match(forced.stderr, '\x1b[31m✖\x1b[39m manca does not exist');
  assert.match(onTerminal(missing), '\x1b[31m✖\x1b[39m manca does not exist');
});

test('a reader that goes away (`docs-it build | head`) ends the command quietly', async () => {
  const child = spawn(process.execPath, [bin, 'build'], { cwd: dir, env: shellEnv() });
  // The reading end is closed before anything is written: the summary's write fails with EPIPE.
  child.stdout.destroy();
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const code = await within(new Promise<number | null>((resolve) => child.once('exit', resolve)), 'build | head');
  assert.is(code, 0, stderr);
  assert.not.match(stderr, /EPIPE|\n\s+at /);
});

test('each command that fails says why, and exits with 1; only a build ends with the build footer', async () => {
  const { port, server } = await takenPort();
  const upstream = mkdtempSync(path.join(os.tmpdir(), 'docs-it-upstream-'));
  const noGit = mkdtempSync(path.join(os.tmpdir(), 'docs-it-no-git-'));
  const broken = path.join(dir, 'content/docs/guides/rotto.md');
  try {
    spawnSync('git', ['init', '-q', upstream]);
    spawnSync('git', [
      '-C',
      upstream,
      '-c',
      'user.name=u',
      '-c',
      'user.email=u@x',
      'commit',
      '-q',
      '--allow-empty',
      '-m',
      'x',
    ]);
    // A git that cannot be run: an error docs-it did not foresee, which it once left unsaid.
    writeFileSync(path.join(noGit, 'git'), '#!/bin/sh\n');
    chmodSync(path.join(noGit, 'git'), 0o644);
    const failures: [string[], RegExp, Record<string, string>?][] = [
      [
        ['dev', '--port', String(port), '--strict-port'],
        new RegExp(`✖ port ${port} on 127\\.0\\.0\\.1 is already in use`),
      ],
      [['serve', '--port', String(port), '--strict-port'], /✖ port \d+ on 127\.0\.0\.1 is already in use/],
      [['serve', '--dir', 'manca'], /✖ manca does not exist\n {2}→ Run `docs-it build` first/],
      [
        ['index', '--index', 'docs-v1'],
        /✖ no Meilisearch host\n {2}→ Pass --host .*\nThis run did not change docs-v1\.\n$/,
      ],
      [
        ['translations', '--upstream', upstream],
        /^✖ spawn git EACCES\n {2}\(run again with --debug for the stack trace\)\n$/,
        { PATH: noGit },
      ],
    ];
    for (const [args, said, env] of failures) {
      const result = cli(args, env);
      assert.is(result.code, 1, `${args[0]}: ${result.stderr}`);
      assert.match(result.stderr, said, args.join(' '));
      assert.not.match(result.stderr, /build failed|\n\s+at /i, args.join(' '));
    }
    const debug = cli(['translations', '--upstream', upstream, '--debug'], { PATH: noGit });
    assert.match(debug.stderr, /✖ spawn git EACCES\nError: spawn git EACCES\n\s+at /);
    mkdirSync(path.dirname(broken), { recursive: true });
    writeFileSync(broken, '---\ntitle: Rotto\n---\n\n[link](./manca.md)\n');
    const build = cli(['build']);
    assert.is(build.code, 1);
    assert.match(
      build.stderr,
      new RegExp(
        String.raw`✖ content/docs/guides/rotto\.md:5:1: broken link.*\n(?:.*\n)*` +
          String.raw`\nBuild failed: 1 error\. The previous build is untouched\.\n$`,
      ),
    );
  } finally {
    server.close();
    rmSync(broken, { force: true });
    rmSync(upstream, { recursive: true, force: true });
    rmSync(noGit, { recursive: true, force: true });
  }
});

test("serve --verbose says how the build's host files configure it", async () => {
  const built = path.join(dir, 'built-for-verbose');
  mkdirSync(path.join(built, 'it'), { recursive: true });
  writeFileSync(path.join(built, '_redirects'), '/it/* /it/404.html 404\n');
  writeFileSync(path.join(built, '_headers'), '/*\n  X-Frame-Options: DENY\n  X-Content-Type-Options: nosniff\n');
  const started = startServer(['serve', '--dir', built, '--port', '0', '--verbose']);
  try {
    await started.firstLine;
    const told = () => started.output();
    await within(
      (async () => {
        while (!told().includes('_redirects')) await new Promise((resolve) => setTimeout(resolve, 20));
      })(),
      'serve --verbose',
    );
    assert.match(told(), 'ℹ _headers: 2 headers on every response\n');
    assert.match(told(), 'ℹ _redirects: unknown paths under /it/ get it/404.html with status 404\n');
  } finally {
    started.child.kill('SIGKILL');
    rmSync(built, { recursive: true, force: true });
  }
});

test('dev and serve take the next free port when theirs is taken, and say so', async () => {
  const { port, server } = await takenPort();
  const built = path.join(dir, 'built-by-hand');
  mkdirSync(path.join(built, 'it'), { recursive: true });
  writeFileSync(path.join(built, 'it/index.html'), '<h1>Home</h1>');
  writeFileSync(path.join(built, '_redirects'), '/it/* /it/404.html 404\n');
  const running: ChildProcess[] = [];
  try {
    for (const args of [['serve', '--dir', built], ['dev']]) {
      const command = args[0]!;
      const started = startServer([...args, '--port', String(port)]);
      running.push(started.child);
      const line = await started.firstLine;
      const match = new RegExp(
        `^docs-it ${command}: .* at (http://127\\.0\\.0\\.1:(\\d+)/it/) \\(port ${port} is in use\\)$`,
      ).exec(line);
      assert.ok(match, line);
      assert.ok(Number(match[2]) > port, line);
      assert.is((await fetch(match[1]!)).status, 200);
      started.child.kill();
    }
  } finally {
    for (const child of running) child.kill('SIGKILL');
    server.close();
    rmSync(built, { recursive: true, force: true });
  }
});

test.run();
