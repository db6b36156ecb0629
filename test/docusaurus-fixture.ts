/*
 * The Docusaurus-dialect fixture (test/fixtures/docusaurus) as it is, built once per test run for the files that
 * read its output: the first process that asks builds a copy of the fixture, its caller's, into the run's shared
 * output (see `sharedBuildOnce`); the others wait for it. No test writes into it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sharedBuildOnce } from './build-outputs';

/**
 * The output of the fixture's shared build; `build` builds the caller's unchanged copy of the fixture into it when
 * this call is the first of the run (then `made`).
 */
export function sharedDocusaurusBuild(build: (out: string) => Promise<void>): Promise<{ out: string; made: boolean }> {
  // The output link appears when a build is whole (see src/output/output-store.ts).
  return sharedBuildOnce('docusaurus', build, (out) => existsSync(path.join(out, 'lanterna/index.html')));
}
