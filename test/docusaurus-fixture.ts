/*
 * The Docusaurus-dialect fixture (test/fixtures/docusaurus) as it is, built once per test run for the files that
 * read its output: the first process that asks builds a copy of the fixture, its caller's, into the run's shared
 * output (see `sharedBuildOnce`); the others wait for it. No test writes into it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sharedBuildOnce } from './build-outputs';

const fixtureDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/docusaurus');

/**
 * The output of the fixture's shared build; `build` builds the caller's unchanged copy of the fixture into it when
 * this call is the first of the run (then `made`).
 */
export function sharedDocusaurusBuild(build: (out: string) => Promise<void>): Promise<{ out: string; made: boolean }> {
  // The output link appears when a build is whole (see src/output/output-store.ts).
  return sharedBuildOnce('docusaurus', build, (out) => existsSync(path.join(out, 'lanterna/index.html')));
}

/**
 * The fixture's pages that draw a Mermaid diagram, without their diagrams: for `copyFixture`, in the tests that
 * check no diagram. A diagram puts Mermaid (megabytes) into the browser bundle, which esbuild then reads, links,
 * minifies and maps: seconds of its processor time for each bundle, and again at each of dev's updates.
 */
export function docusaurusPagesWithoutDiagrams(): Record<string, string> {
  const pages: Record<string, string> = {};
  const content = path.join(fixtureDir, 'content');
  for (const file of readdirSync(content, { recursive: true, encoding: 'utf8' })) {
    if (!/\.mdx?$/.test(file)) continue;
    const text = readFileSync(path.join(content, file), 'utf8');
    if (text.includes('```mermaid'))
      pages[path.posix.join('content', file.split(path.sep).join('/'))] = text.replace(
        /```mermaid\n[\s\S]*?```\n/g,
        '',
      );
  }
  return pages;
}
