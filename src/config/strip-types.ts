import { readFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { DocsItError } from '../errors';
import { type LeadingImport, leadingImports } from './leading-imports';

/*
 * A site module (its config, a data file) made without esbuild: when it imports nothing of the site's own (only
 * `docs-it` and packages), bundling it is only stripping its types, which oxc-transform does in-process, without
 * loading esbuild's API and starting its service process (most of a cold build's start on a small site). Anything
 * the fast path is unsure of (another import, `require`, `import()`, `import.meta`, JSX, a syntax error, the native
 * binding missing) answers undefined, and esbuild makes the module as before: every error stays esbuild's.
 */

/** The package that strips the types. */
export const typeStripper = 'oxc-transform';

/**
 * What a module's `import … from 'docs-it'` becomes: the public API of the docs-it that runs, wherever the site is
 * and whether or not it installed docs-it (the CLI bundle's entry beside this chunk, or the sources under tsx).
 */
export const publicApiUrl = (
  import.meta.url.endsWith('.ts')
    ? new URL('../index.ts', import.meta.url)
    : new URL('./public-api.mjs', import.meta.url)
).href;

/**
 * The installed version of a package this module's folder resolves (from its package.json: loading the package takes
 * longer); undefined: none.
 */
export function installedVersion(name: string): string | undefined {
  try {
    const manifest = createRequire(import.meta.url).resolve(`${name}/package.json`);
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

type OxcTransform = typeof import('oxc-transform');
type TransformOptions = NonNullable<Parameters<OxcTransform['transformSync']>[2]>;

let loaded: Promise<OxcTransform | undefined> | undefined;

/** Why the type stripper could not be loaded, until `typeStripperWarning` hands it on. */
let unloadable: DocsItError | undefined;
let warned = false;

/** The type stripper, loaded once; a binding that cannot load gives undefined (esbuild then) and one warning. */
function loadTypeStripper(): Promise<OxcTransform | undefined> {
  loaded ??= import('oxc-transform').then(
    (module) => module,
    (error: unknown) => {
      const reason = String((error as Error)?.message ?? error).split('\n')[0];
      unloadable = new DocsItError(
        `${typeStripper} could not be loaded (${reason}); site modules are made with esbuild instead`,
      );
      return undefined;
    },
  );
  return loaded;
}

/**
 * The warning that the type stripper could not be loaded, the first time it is asked for after that happened
 * (the config's warnings carry it: one warning for the process, however many modules went to esbuild).
 */
export function typeStripperWarning(): DocsItError | undefined {
  if (unloadable === undefined || warned) return undefined;
  warned = true;
  return unloadable;
}

/**
 * Globals only CommonJS gives a module (`require.resolve('./x')`, `module.exports`): oxc's `inject` imports each
 * one the module uses unbound (its scopes say which, not the text) from this specifier, which is no package, so
 * such a module goes to esbuild, which bundles a `require`d file of the site as today.
 */
const commonJsGlobal = 'docs-it:commonjs';
const commonJsGlobals = Object.fromEntries(
  ['require', 'module', 'exports', '__dirname', '__filename'].map((name): [string, [string, string]] => [
    name,
    [commonJsGlobal, name],
  ]),
);

/** Static imports (`import … from`, `export … from`, `export * from`) in es-module-lexer's numbering. */
const staticImports = new Set([1, 8]);

/**
 * The ES module that `source` (the file `file`) means, its types stripped and `docs-it` imported from
 * `publicApiUrl`; undefined when the fast path does not apply to it (see above).
 */
export async function strippedModule(file: string, source: string): Promise<string | undefined> {
  // TypeScript or JavaScript, by the file's extension (`.ts`, `.mts`, `.js`, `.mjs`).
  const lang = /\.m?(ts|js)$/.exec(file)?.[1] as TransformOptions['lang'];
  if (lang === undefined) return undefined;
  const oxc = await loadTypeStripper();
  if (oxc === undefined) return undefined;
  const result = oxc.transformSync(file, source, {
    lang,
    sourceType: 'module',
    typescript: { onlyRemoveTypeImports: false },
    inject: commonJsGlobals,
  });
  if (result.errors.length > 0 || Object.keys(result.helpersUsed).length > 0) return undefined;
  const imports = leadingImports(result.code) ?? (await lexedImports(result.code, file));
  if (imports === undefined) return undefined;
  const resolveFrom = createRequire(file);
  const docsIt: LeadingImport[] = [];
  for (const imported of imports) {
    if (imported.specifier === 'docs-it') docsIt.push(imported);
    else if (!isPackageImport(imported.specifier, resolveFrom)) return undefined;
  }
  let code = result.code;
  // Its quotes included (`start` and `end` bound the specifier's text within them).
  for (const { start, end } of docsIt.reverse())
    code = code.slice(0, start - 1) + JSON.stringify(publicApiUrl) + code.slice(end + 1);
  return code;
}

/** The static imports es-module-lexer finds in `code`; undefined when it holds another kind (see below). */
async function lexedImports(code: string, file: string): Promise<LeadingImport[] | undefined> {
  const lexer = await import('es-module-lexer/minimal');
  await lexer.init();
  const [imports] = lexer.parse(code, file);
  const found: LeadingImport[] = [];
  for (const { t, n, s, e } of imports) {
    // `import()`, `import.meta`, import phases: left to esbuild, and so is a specifier the lexer cannot read.
    if (!staticImports.has(t) || typeof n !== 'string') return undefined;
    found.push({ specifier: n, start: s, end: e });
  }
  return found;
}

/**
 * Whether an import names a Node built-in or a package the site's folders give (resolved as Node would: a name
 * that a tsconfig's `paths` or a package's `imports` maps to a file of the site is not one, and goes to esbuild).
 */
function isPackageImport(specifier: string, resolveFrom: NodeJS.Require): boolean {
  if (specifier.startsWith('node:') || builtinModules.includes(specifier)) return true;
  if (/^[.#/]/.test(specifier) || specifier.includes(':') || path.isAbsolute(specifier)) return false;
  try {
    return path.isAbsolute(resolveFrom.resolve(specifier));
  } catch {
    return false;
  }
}
