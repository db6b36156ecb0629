/**
 * The messages between the test runner (run-tests.ts) and its test processes (test-worker.ts): JSON lines on a
 * pipe of their own, not Node's IPC channel, so that the code under test finds no `process.send` (as under uvu
 * alone: `docs-it dev` reports its port to a supervisor through it).
 */
export const channelFd = 3;

/** Set by the runner's `--times`: each test process shows how long each test of a file took. */
export const testTimesVariable = 'DOCS_IT_TEST_TIMES';

export interface FileResult {
  /** The file, relative to test/. */
  name: string;
  total: number;
  passed: number;
  skipped: number;
  /** A test failed, or the file could not be loaded. */
  failed: boolean;
  seconds: number;
  /** CPU seconds of the test process and of the processes it started (see treeCpuSeconds in cpu-time.ts). */
  cpuSeconds: number;
}

export type FromRunner = { type: 'run'; name: string; file: string } | { type: 'end' };

export type ToRunner = { type: 'ready' } | { type: 'output'; text: string } | { type: 'done'; result: FileResult };
