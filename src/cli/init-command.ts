import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DocsItError, UsageError } from '../errors';
import type { TerminalReporter } from './terminal-reporter';

export interface InitOptions {
  /** The docs-it package: its `starters/` folder holds the files of a new site. */
  packageRoot: string;
  /** The new site's folder (default: the working directory). */
  dir: string;
  /** The language of the new site's text: a folder of `starters/`. */
  locale: string;
  /** Write into a folder that is not empty, over files of the same names. */
  force: boolean;
  cwd?: string;
  /** Today, `YYYY-MM-DD`: the date of the first blog post. */
  today?: string;
}

/** One file of the new site: its path in the site, with `/`, and its bytes. */
export interface StarterFile {
  path: string;
  content: Buffer;
}

/** Files every starter shares, whatever its language. */
const sharedStarter = 'shared';

/** Names npm would drop or rename when it packs docs-it, kept under another name in `starters/`. */
const packedNames: Record<string, string> = { gitignore: '.gitignore' };

/** Entries a new site's folder may already hold without counting as content (a fresh `git init`). */
const ignorable = new Set(['.git']);

/** The languages a new site can be written in: the folders of `starters/` but the shared one. */
export function starterLocales(packageRoot: string): string[] {
  return readdirSync(path.join(packageRoot, 'starters'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== sharedStarter)
    .map((entry) => entry.name)
    .sort();
}

/** Every file under `dir`, relative to it with `/`. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** A package name from a folder's name: `My Docs` → `my-docs`. */
export function packageNameOf(folder: string): string {
  const name = folder
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[-._]+|-+$/g, '');
  return name || 'docs';
}

/** The new site's package.json: its scripts run docs-it, which it depends on. */
function packageJsonOf(name: string, docsItVersion: string): string {
  const manifest = {
    name,
    version: '0.0.0',
    private: true,
    type: 'module',
    scripts: { dev: 'docs-it dev', build: 'docs-it build', serve: 'docs-it serve' },
    dependencies: { 'docs-it': `^${docsItVersion}` },
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** The files of a new site in `locale`: the shared starter, the language's (which wins), and its package.json. */
export function starterFiles(packageRoot: string, locale: string, siteName: string, today: string): StarterFile[] {
  const known = starterLocales(packageRoot);
  if (!known.includes(locale)) {
    throw new UsageError(`unknown locale "${locale}"`, `Use one of: ${known.join(', ')} (--locale ${known[0]}).`);
  }
  const byPath = new Map<string, StarterFile>();
  for (const starter of [sharedStarter, locale]) {
    const root = path.join(packageRoot, 'starters', starter);
    for (const rel of filesUnder(root)) {
      const target = packedNames[rel] ?? rel;
      const bytes = readFileSync(path.join(root, rel));
      // The first post is dated the day the site is made.
      const content = /\.mdx?$/.test(rel) ? Buffer.from(bytes.toString('utf8').replaceAll('{{date}}', today)) : bytes;
      byPath.set(target, { path: target, content });
    }
  }
  const { version } = JSON.parse(readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as { version: string };
  byPath.set('package.json', { path: 'package.json', content: Buffer.from(packageJsonOf(siteName, version)) });
  return [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
}

/**
 * `docs-it init [dir]`: writes a new site that builds as it is. It asks nothing; a folder that holds anything
 * is refused unless `--force`, and only with it is a file of the same name replaced.
 */
export async function initCommand(options: InitOptions, reporter: TerminalReporter): Promise<void> {
  const cwd = options.cwd ?? process.cwd();
  const target = path.resolve(cwd, options.dir);
  const shown = path.relative(cwd, target) || '.';
  const files = starterFiles(
    options.packageRoot,
    options.locale,
    packageNameOf(path.basename(target)),
    options.today ?? new Date().toISOString().slice(0, 10),
  );
  if (existsSync(target)) {
    if (!statSync(target).isDirectory()) {
      throw new DocsItError(`${shown} is a file, not a folder`, undefined, 'Name a new folder: docs-it init my-docs.');
    }
    const present = readdirSync(target).filter((name) => !ignorable.has(name));
    if (present.length > 0 && !options.force) {
      throw new DocsItError(
        `${shown} is not empty (${present.slice(0, 3).join(', ')}${present.length > 3 ? ', …' : ''})`,
        undefined,
        'Name a new folder (docs-it init my-docs), or pass --force to write into this one, replacing files of the ' +
          'same names.',
      );
    }
  }
  const replaced = files.filter((file) => existsSync(path.join(target, file.path)));
  for (const file of files) {
    const to = path.join(target, file.path);
    await mkdir(path.dirname(to), { recursive: true });
    await writeFile(to, file.content);
  }
  if (replaced.length > 0) {
    reporter.info(`replaced ${replaced.length} of the folder's files: ${replaced.map((f) => f.path).join(', ')}`);
  }
  const cd = shown === '.' ? '' : `cd ${shown.includes(' ') ? JSON.stringify(shown) : shown} && `;
  reporter.result(`Created a docs-it site in ${shown} (${files.length} files, ${options.locale}).`);
  reporter.result(`Next: ${cd}npm install && npm run dev`);
}
