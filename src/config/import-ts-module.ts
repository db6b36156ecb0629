import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build as esbuild, type Loader, type Metafile, type Plugin } from 'esbuild';
import type { ModuleFiles } from '../cache/module-files';
import { bundlerErrors, DocsItError } from '../errors';
import { installedVersion, publicApiUrl, strippedModule, typeStripper } from './strip-types';

/** The module a site's `import … from 'docs-it'` means: the typed helpers of its config and data files. */
export const publicApiModule = 'src/index.ts';

/** Resolves `docs-it` to this package, wherever the site is and whether or not it installed docs-it itself. */
function docsItPackage(packageRoot: string): Plugin {
  return {
    name: 'docs-it',
    setup(build) {
      build.onResolve({ filter: /^docs-it$/ }, () => ({ path: path.join(packageRoot, publicApiModule) }));
    },
  };
}

const loaderOf = (file: string): Loader =>
  /\.[cm]?ts$/.test(file) ? 'ts' : /\.tsx$/.test(file) ? 'tsx' : /\.json$/.test(file) ? 'json' : 'jsx';

/**
 * The site's own modules that a module imports (`require('./sidebars/api.js')`), read as their syntax says
 * (CommonJS with `module.exports`, ES with `export`) rather than as the `type` of the nearest package.json says:
 * esbuild applies that `type` to files only, so they are loaded in a namespace of their own.
 */
const bySyntax: Plugin = {
  name: 'docs-it-by-syntax',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, async (args) => {
      if (args.pluginData === bySyntax) return undefined;
      const resolved = await build.resolve(args.path, {
        resolveDir: args.resolveDir,
        kind: args.kind,
        pluginData: bySyntax,
      });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      return /\.[cm]?[jt]sx?$/.test(resolved.path)
        ? { path: resolved.path, namespace: 'docs-it-by-syntax' }
        : undefined;
    });
    build.onLoad({ filter: /.*/, namespace: 'docs-it-by-syntax' }, async (args) => ({
      contents: await readFile(args.path, 'utf8'),
      loader: loaderOf(args.path),
      resolveDir: path.dirname(args.path),
    }));
  },
};

/**
 * Transpiles a TypeScript module of the site (its config, a data file) and imports its default export: with
 * oxc-transform when it imports no module of the site (strip-types.ts), else with esbuild, which bundles its own
 * imports. Packages stay imports, resolved from the site.
 */
export async function importTsModule(
  file: string,
  relFile: string,
  options: {
    modules: ModuleFiles;
    packageRoot: string;
    /**
     * The file, and the site's files it imports, are CommonJS when their syntax is (`module.exports = …`),
     * whatever `type` their package.json gives: as Docusaurus reads a site's `sidebars.js`. Without it,
     * package.json decides, as Node does.
     */
    formatBySyntax?: boolean;
    /** esbuild even where the types could be stripped without it (tests compare the two). */
    esbuildOnly?: boolean;
  },
): Promise<unknown> {
  // What esbuild makes of the file depends on these besides the files it reads (see cache/module-record.ts).
  const key = JSON.stringify([
    file,
    relFile,
    options.formatBySyntax === true,
    options.packageRoot,
    process.cwd(),
    installedVersion('esbuild') ?? '?',
  ]);
  // The fast path's module (see strip-types.ts) depends on the file alone, the stripper and the docs-it it imports.
  const version = options.formatBySyntax || options.esbuildOnly ? undefined : installedVersion(typeStripper);
  const strippedKey =
    version === undefined ? undefined : JSON.stringify([file, relFile, `${typeStripper}@${version}`, publicApiUrl]);
  const name = path.basename(file);
  const recorded =
    (strippedKey === undefined ? undefined : options.modules.recorded(name, strippedKey)) ??
    options.modules.recorded(name, key);
  const out =
    recorded ??
    (strippedKey === undefined ? undefined : await stripped(file, strippedKey, options.modules)) ??
    (await transpiled(file, relFile, key, options));
  return importModule(out, relFile);
}

/**
 * The module made without esbuild, in a file of `modules` (recorded with the file it was made from); undefined
 * when the fast path does not apply or fails in any way (esbuild then makes it, and reports what is wrong).
 */
async function stripped(file: string, key: string, modules: ModuleFiles): Promise<string | undefined> {
  const startedAt = Date.now();
  let code: string | undefined;
  try {
    code = await strippedModule(file, await readFile(file, 'utf8'));
  } catch {
    return undefined;
  }
  return code === undefined ? undefined : modules.file(path.basename(file), code, { key, inputs: [file], startedAt });
}

/** The module made by esbuild, in a file of `modules` (recorded with what esbuild read, for the next run). */
async function transpiled(
  file: string,
  relFile: string,
  key: string,
  options: { modules: ModuleFiles; packageRoot: string; formatBySyntax?: boolean },
): Promise<string> {
  let code: string;
  let inputs: string[];
  const startedAt = Date.now();
  try {
    // JavaScript as JSX: what Docusaurus's loader accepts in a site's `.js` files.
    const loader = loaderOf(file);
    const entry = options.formatBySyntax
      ? {
          stdin: {
            contents: await readFile(file, 'utf8'),
            resolveDir: path.dirname(file),
            sourcefile: relFile,
            loader,
          },
        }
      : { entryPoints: [file] };
    const result = await esbuild({
      ...entry,
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
      packages: 'external',
      plugins: [docsItPackage(options.packageRoot), ...(options.formatBySyntax ? [bySyntax] : [])],
    });
    code = result.outputFiles[0]!.text;
    inputs = filesRead(result.metafile, file);
  } catch (error) {
    throw bundlerErrors(error, {
      hint: 'Fix this error in the file (TypeScript syntax or an import path).',
      fallback: { file: relFile },
      fileOf: () => relFile,
    });
  }
  return options.modules.file(path.basename(file), code, { key, inputs, startedAt });
}

/**
 * The files esbuild read (absolute paths), from its metafile: the file itself (read here when given as `stdin`),
 * and every module of the site and of docs-it it bundled (a plugin's namespace prefixes some).
 */
function filesRead(metafile: Metafile, file: string): string[] {
  const read = new Set([file]);
  for (const input of Object.keys(metafile.inputs)) {
    if (input === '<stdin>') continue;
    const byPlugin = `${bySyntax.name}:`;
    read.add(path.resolve(input.startsWith(byPlugin) ? input.slice(byPlugin.length) : input));
  }
  return [...read].sort();
}

/** Imports a transpiled module and gives its default export; a module that exits or throws is a located error. */
async function importModule(out: string, relFile: string): Promise<unknown> {
  const exit = guardExit();
  try {
    const mod = (await import(pathToFileURL(out).href)) as { default?: unknown };
    if (exit.called) throw exit.called;
    return mod.default;
  } catch (error) {
    // A module that failed once fails again with the same error when imported again (dev reloads).
    const called = exit.called ?? (error instanceof ExitCalled ? error : undefined);
    if (called) {
      throw new DocsItError(
        `this module calls process.exit(${called.code ?? ''}) while it loads: nothing was built`,
        { file: relFile },
        'A config or data file only exports values; remove the call (throw an Error to stop with a message).',
      );
    }
    throw new DocsItError(
      `running this module failed: ${(error as Error).message}`,
      { file: relFile },
      'Check the values and imports of this file.',
    );
  } finally {
    exit.restore();
  }
}

/** Thrown in place of exiting when a site module calls `process.exit` while it loads. */
class ExitCalled extends Error {
  constructor(readonly code: string | number | null | undefined) {
    super(`process.exit(${code ?? ''}) called while a site module loads`);
  }
}

/**
 * Replaces `process.exit` while a site module loads: an exit there would end docs-it with that exit code (0:
 * a "successful" build that built nothing). The call throws instead, and is remembered in case the module
 * catches what it threw.
 */
function guardExit(): { called: ExitCalled | undefined; restore(): void } {
  const original = process.exit;
  const guard = {
    called: undefined as ExitCalled | undefined,
    restore: () => {
      process.exit = original;
    },
  };
  process.exit = ((code?: string | number | null) => {
    guard.called = new ExitCalled(code);
    throw guard.called;
  }) as typeof process.exit;
  return guard;
}
