/* A number option given a bad value is an error that names the option and the value, printed, and exit code 1. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { run } from '../src/cli/program';
import { capturingStderr, repoRoot } from './helpers';

for (const [argv, message] of [
  [['serve', '--port', '99999'], "option '-p, --port <port>' argument '99999' is invalid. invalid port: 99999"],
  [['build', '--jobs', '0'], "option '-j, --jobs <n>' argument '0' is invalid. invalid number of jobs"],
  [['index', '--timeout', '-5'], "option '--timeout <ms>' argument '-5' is invalid. invalid time in ms: -5"],
] as const) {
  test(`${argv.join(' ')} says what is wrong`, async () => {
    const { value: code, stderr } = await capturingStderr(() =>
      run(['node', 'docs-it', ...argv], { packageRoot: repoRoot }),
    );
    assert.is(code, 2, 'a usage error');
    assert.match(stderr, `error: ${message}`);
  });
}

test.run();
