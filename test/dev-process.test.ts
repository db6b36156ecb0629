/*
 * `docs-it dev` as a process pair (a supervisor that restarts the server when docs-it's own code changes):
 * neither may outlive the other, and a port that is taken ends both with an error.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFixture, copyOfPackage, pipeEnv, removeDir, repoRoot } from './helpers';

const dir = copyFixture('basic');
const bin = path.join(repoRoot, 'bin/docs-it.mjs');
const hangGuardMs = 60_000;

test.after(() => removeDir(dir));

function startDevProcess(port: number, ...more: string[]) {
  return startDevOf(bin, port, ...more);
}

/** `docs-it dev` of the fixture's copy, run by the executable `docsIt` (this checkout's, or a copy's). */
function startDevOf(docsIt: string, port: number, ...more: string[]) {
  const child = spawn(
    process.execPath,
    [docsIt, 'dev', '--config', path.join(dir, 'site.config.ts'), '--port', String(port), ...more],
    {
      cwd: dir,
      env: pipeEnv({ CI: 'true' }),
    },
  );
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

const within = <T>(promise: Promise<T>, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`hang: ${what}`)), hangGuardMs).unref()),
  ]);

test('--strict-port, a port in use: the error is printed and dev exits with 1 (no process left waiting)', async () => {
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const port = (taken.address() as { port: number }).port;
  try {
    const dev = startDevProcess(port, '--strict-port');
    const code = await within(dev.exited, 'dev on a busy port');
    assert.is(code, 1, dev.output());
    assert.match(dev.output(), `✖ port ${port} on 127.0.0.1 is already in use\n  → Stop the server that uses it`);
    // A server's error is not a build's.
    assert.not.match(dev.output(), /build/i);
  } finally {
    taken.close();
  }
});

/** The address in the `n`th ready line dev printed (the server starts again after a restart). */
const readyUrl = (output: () => string, n: number) =>
  within(
    (async () => {
      for (;;) {
        const urls = [...output().matchAll(/ready in \d+ ms at (http:\/\/127\.0\.0\.1:\d+\/it\/)/g)];
        if (urls.length >= n) return urls[n - 1]![1]!;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })(),
    `ready line ${n}`,
  );

/** Whether something accepts connections on the port. */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    }).on('error', () => resolve(false));
  });

test('when the supervisor is killed, the server goes too (no orphan holding the port)', async () => {
  const dev = startDevProcess(0);
  const url = await within(
    (async () => {
      for (;;) {
        const match = / at (http:\/\/127\.0\.0\.1:\d+)/.exec(dev.output());
        if (match) return match[1]!;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })(),
    'dev start',
  );
  const port = Number(new URL(url).port);
  assert.ok(await accepts(port));
  dev.child.kill('SIGKILL');
  await within(
    (async () => {
      while (await accepts(port)) await new Promise((resolve) => setTimeout(resolve, 100));
    })(),
    'the orphaned server to exit',
  );
});

test("a restart after a change of docs-it's code keeps the port the server took, so open tabs find it", async () => {
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const port = (taken.address() as { port: number }).port;
  // docs-it's code is changed in a copy of the package: in this checkout, the restart would bundle the CLI again
  // under the feet of the test processes running it beside this one.
  const pkg = copyOfPackage(mkdtempSync(path.join(tmpdir(), 'docs-it-dev-process-')));
  const dev = startDevOf(path.join(pkg, 'bin/docs-it.mjs'), port);
  try {
    const firstUrl = await readyUrl(dev.output, 1);
    // The next free port after it (another test process may hold the one right after).
    assert.ok(Number(new URL(firstUrl).port) > port, `a later free port than ${port}: ${firstUrl}`);
    // The port asked for is free again: a restart asking for it would move the site away from the open tabs.
    await new Promise((resolve) => taken.close(resolve));
    const code = path.join(pkg, 'src/cli/time-left.ts');
    writeFileSync(code, readFileSync(code, 'utf8'));
    const secondUrl = await readyUrl(dev.output, 2);
    assert.is(secondUrl, firstUrl);
  } finally {
    dev.child.kill('SIGTERM');
    await within(dev.exited, 'dev to stop');
    taken.close();
    removeDir(pkg);
  }
});

test.run();
