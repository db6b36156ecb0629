import { readFileSync } from 'node:fs';
import path from 'node:path';
import { digestText } from './digest';

/** The stages whose outputs the cache keeps: each one's version is a digest of the code it runs. */
export type StageName =
  | 'config'
  | 'content'
  | 'front-matter'
  | 'compile'
  | 'compile-jobs'
  | 'highlight'
  | 'props'
  | 'render'
  | 'search'
  | 'bundle'
  | 'service-worker'
  | 'last-commits';

/**
 * The module each cached stage runs, as the bundler names it. Everything the module can reach (our sources
 * by content, packages by name and version) is its code: a template edit changes `render` but not `compile`,
 * a Shiki upgrade changes `highlight` and `compile`, and nobody has to remember to say so.
 */
export const stageModules: Record<StageName, string> = {
  // The config's validation (its schemas, zod): a build whose config is the same data reuses what it gave.
  config: 'src/config/validate-config.ts',
  // What a build derives from a content file's text, kept in the content record (`content-record.ts`).
  content: 'src/site/source-facts.ts',
  'front-matter': 'src/content/front-matter.ts',
  compile: 'src/markdown/compile-page.ts',
  // How a page's compile input is made from the model and its text: a warm build takes a `.md` page's compile key by
  // what its job is made of (see compile-jobs.ts's `jobIdentity`), so a change here must name other jobs.
  'compile-jobs': 'src/site/compile/compile-jobs.ts',
  highlight: 'src/markdown/highlighter.ts',
  // The routes' props builders: a render key is made from props whose pages' HTML stands in by key (see
  // site/page-stand-in.ts), so a builder's change to what it does with that HTML must change the key too.
  props: 'src/render/route-props.ts',
  render: 'src/render/render-page.tsx',
  search: 'src/search/search-files.ts',
  bundle: 'src/site/bundle/bundle-client.ts',
  'service-worker': 'src/build/write-service-worker.ts',
  // Git's last commit of each content file, kept by the commit at HEAD (see site/kept-last-commits.ts).
  'last-commits': 'src/translations/last-commit-dates.ts',
};

export type CodeVersions = Record<StageName, string>;

/** The part of an esbuild metafile this reads: every input and what it imports. */
export interface ModuleGraph {
  inputs: Record<string, { imports: { path: string; external?: boolean }[] }>;
}

/** Files (metafile paths) reachable from `entry` through static and dynamic imports. */
export function reachableFrom(graph: ModuleGraph, entry: string): string[] {
  if (!(entry in graph.inputs)) throw new Error(`${entry} is not among the bundle's inputs: update stageModules`);
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file) || !(file in graph.inputs)) continue;
    seen.add(file);
    for (const imported of graph.inputs[file]!.imports) if (!imported.external) pending.push(imported.path);
  }
  return [...seen].sort();
}

/** How a module's identity is read: our files by their bytes, a package's files by the package's version. */
export interface CodeReader {
  /** Contents of a file of the project (a path relative to `root`). */
  read(file: string): string;
  /** `name@version` of the package holding a file under node_modules. */
  packageOf(file: string): string;
}

/** The version of every cached stage, from the module graph of the CLI bundle. */
export function codeVersionsOf(graph: ModuleGraph, reader: CodeReader): CodeVersions {
  const identities = new Map<string, string>();
  const identity = (file: string) => {
    let id = identities.get(file);
    if (id === undefined) {
      id = file.split('/').includes('node_modules') ? reader.packageOf(file) : digestText(reader.read(file));
      identities.set(file, id);
    }
    return id;
  };
  const versions = {} as CodeVersions;
  for (const [stage, entry] of Object.entries(stageModules) as [StageName, string][]) {
    const parts = reachableFrom(graph, entry).map((file) => `${file}\0${identity(file)}`);
    versions[stage] = digestText(parts.join('\n')).slice(0, 24);
  }
  return versions;
}

/** Reads identities from the disk: a project file's text, a package's `name@version` from its package.json. */
export function diskCodeReader(root: string): CodeReader {
  const packages = new Map<string, string>();
  return {
    read(file) {
      try {
        return readFileSync(path.resolve(root, file), 'utf8');
      } catch {
        // A virtual module of the bundler (`<define:…>`) or a vanished file: its name stands for it.
        return file;
      }
    },
    packageOf(file) {
      const parts = file.split('/');
      const at = parts.lastIndexOf('node_modules');
      const nameParts = parts[at + 1]?.startsWith('@') ? 2 : 1;
      const dir = parts.slice(0, at + 1 + nameParts).join('/');
      let id = packages.get(dir);
      if (id === undefined) {
        try {
          const manifest = JSON.parse(readFileSync(path.resolve(root, dir, 'package.json'), 'utf8')) as {
            name?: string;
            version?: string;
          };
          id = `${manifest.name ?? dir}@${manifest.version ?? '?'}`;
        } catch {
          id = dir;
        }
        packages.set(dir, id);
      }
      return id;
    },
  };
}
