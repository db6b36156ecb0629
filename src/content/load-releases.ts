import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig } from '../config/load-config';
import { importTsModule } from '../config/load-config';
import { DocsItError } from '../errors';
import { type Release, releasePackages } from './releases';

/** Loads `content/data/releases.ts` when it exists, checking each entry's shape. */
export async function loadReleases(config: ResolvedConfig): Promise<Release[] | undefined> {
  const file = path.join(config.paths.data, 'releases.ts');
  if (!existsSync(file)) return undefined;
  const rel = path.relative(config.paths.root, file).split(path.sep).join('/');
  const data = await importTsModule(file, rel, config.paths.cache);
  if (!Array.isArray(data))
    throw new DocsItError(
      'the default export must be an array of releases',
      { file: rel },
      'Export `defineReleases([...])`.',
    );
  data.forEach((entry: Partial<Release>, i) => {
    const problem = !releasePackages.includes(entry.package as Release['package'])
      ? `package must be one of ${releasePackages.join(', ')}`
      : typeof entry.version !== 'string' || !/^\d+\.\d+\.\d+/.test(entry.version)
        ? 'version must be a semver string'
        : typeof entry.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(entry.date)
          ? 'date must be YYYY-MM-DD'
          : !Array.isArray(entry.highlights)
            ? 'highlights must be an array of strings'
            : undefined;
    if (problem)
      throw new DocsItError(`releases[${i}]: ${problem}`, { file: rel }, 'Fix this entry of the releases data.');
  });
  return data as Release[];
}
