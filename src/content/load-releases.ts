import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ModuleFiles } from '../cache/module-files';
import { importTsModule } from '../config/import-ts-module';
import type { ResolvedConfig } from '../config/resolved-config';
import { DocsItError } from '../errors';
import type { ReleasesData } from './releases';

/** Loads `content/data/releases.ts` when it exists, checking each entry's shape. */
export async function loadReleases(config: ResolvedConfig, modules: ModuleFiles): Promise<ReleasesData | undefined> {
  const file = path.join(config.paths.data, 'releases.ts');
  if (!existsSync(file)) return undefined;
  const rel = path.relative(config.paths.root, file).split(path.sep).join('/');
  const data = (await importTsModule(file, rel, {
    modules,
    packageRoot: config.paths.packageRoot,
  })) as Partial<ReleasesData>;
  const fail = (message: string) => {
    throw new DocsItError(message, { file: rel }, 'Export `defineReleases({ packages: [...], releases: [...] })`.');
  };
  if (typeof data !== 'object' || data === null) fail('the default export must be an object');
  if (!Array.isArray(data.packages) || data.packages.some((p) => typeof p !== 'string')) {
    fail('packages must be an array of package names');
  }
  if (!Array.isArray(data.releases)) fail('releases must be an array');
  const packages = data.packages!;
  data.releases!.forEach((entry, i) => {
    const problem = !packages.includes(entry.package)
      ? `package must be one of ${packages.join(', ')}`
      : typeof entry.version !== 'string' || !/^\d+\.\d+\.\d+/.test(entry.version)
        ? 'version must be a semver string'
        : typeof entry.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(entry.date)
          ? 'date must be YYYY-MM-DD'
          : !Array.isArray(entry.highlights)
            ? 'highlights must be an array of strings'
            : undefined;
    if (problem) fail(`releases[${i}]: ${problem}`);
  });
  return data as ReleasesData;
}
