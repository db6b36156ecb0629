/*
 * `docs-it dev` as a process pair (a supervisor that restarts the server when docs-it's own code changes):
 * neither may outlive the other, and a port that is taken ends both with an error.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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

/** The processes `pid` started (Linux lists them per thread). */
function childrenOf(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );
}

const alive = (pid: number) => existsSync(`/proc/${pid}`) && !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  test(`the server asked to stop by ${signal} stops esbuild's service itself, then ends with 0`, async () => {
    // The server's process alone, as the supervisor runs it. Killed by the signal, it left esbuild's service to
    // find its input closed: a service whose ping was waiting for an answer then printed a Go deadlock trace.
    const child = spawn(process.execPath, [bin, 'dev', '--config', path.join(dir, 'site.config.ts'), '--port', '0'], {
      cwd: dir,
      env: pipeEnv({ CI: 'true', DOCS_IT_DEV_CHILD: '1' }),
    });
    let output = '';
    for (const stream of [child.stdout, child.stderr])
      stream.setEncoding('utf8').on('data', (c: string) => (output += c));
    const exited = new Promise<[number | null, string | null]>((resolve) =>
      child.once('exit', (code, killedBy) => resolve([code, killedBy])),
    );
    await readyUrl(() => output, 1);
    const services = childrenOf(child.pid!);
    assert.ok(services.length > 0, "dev runs esbuild's service");
    child.kill(signal);
    const [code, killedBy] = await within(exited, 'dev to stop');
    assert.equal([code, killedBy], [0, null], output);
    assert.ok(!services.some(alive), 'no esbuild service left');
    assert.not.match(output, /goroutine|Error/);
  });
}

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
