import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cliBundleOptions, codeVersionsFile } from '../../bin/cli-bundle.mjs';
import { type CodeVersions, codeVersionsOf, diskCodeReader, type ModuleGraph } from './code-versions';

/** The versions of the bundle's metafile, for bin/docs-it.mjs to write beside a fresh bundle. */
export function codeVersionsFromMetafile(metafile: ModuleGraph, packageRoot: string): CodeVersions {
  return codeVersionsOf(metafile, diskCodeReader(packageRoot));
}

// The code of a running process does not change under it (`dev` restarts itself when it does): read it once.
const fromSources = new Map<string, Promise<CodeVersions>>();

/**
 * The versions of the running code: from `code-versions.json` beside the CLI bundle, or, when docs-it runs
 * from its TypeScript sources (tests, benchmarks), from the same module graph built now.
 */
export function loadCodeVersions(packageRoot: string, cliDir?: string): Promise<CodeVersions> {
  if (cliDir) {
    try {
      return Promise.resolve(JSON.parse(readFileSync(path.join(cliDir, codeVersionsFile), 'utf8')) as CodeVersions);
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
