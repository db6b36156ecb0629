import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cliBundleOptions, codeVersionsFile, runningCliDir } from '../../bin/cli-bundle.mjs';
import { type CodeVersions, codeVersionsOf, diskCodeReader, type ModuleGraph } from './code-versions';

/** The versions of the bundle's metafile, for bin/docs-it.mjs to write beside a fresh bundle. */
export function codeVersionsFromMetafile(metafile: ModuleGraph, packageRoot: string): CodeVersions {
  return codeVersionsOf(metafile, diskCodeReader(packageRoot));
}

// The code of a running process does not change under it (`dev` restarts itself when it does): read it once.
const fromSources = new Map<string, Promise<CodeVersions>>();

/**
 * The versions of the running code: from `code-versions.json` beside the CLI bundle. When docs-it runs from its
 * TypeScript sources (tests, benchmarks), from the checkout's CLI bundle's while it is current (the same module
 * graph, bundled again by bin/docs-it.mjs whenever a source changed; the test runner runs it before its first
 * test), else from the graph built now, which costs esbuild seconds of processor time in each process.
 */
export function loadCodeVersions(packageRoot: string, cliDir?: string): Promise<CodeVersions> {
  const bundleDir = runningCliDir(packageRoot, cliDir);
  if (bundleDir) {
    try {
      return Promise.resolve(JSON.parse(readFileSync(path.join(bundleDir, codeVersionsFile), 'utf8')) as CodeVersions);
    } catch {
      // A bundle without its versions file is incomplete: read the graph from the sources instead.
    }
  }
  let versions = fromSources.get(packageRoot);
  if (!versions) {
    versions = (async () => {
      const { build } = await import('esbuild');
      const result = await build({ ...cliBundleOptions(packageRoot, path.join(packageRoot, 'out')), write: false });
      return codeVersionsFromMetafile(result.metafile, packageRoot);
    })();
    fromSources.set(packageRoot, versions);
  }
  return versions;
}
