import { readFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import type { Node as AcornNode } from 'acorn';

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
  import.meta.url.endsWith('.ts') ? new URL('../index.ts', import.meta.url) : new URL('./public-api.mjs', import.meta.url)
).href;

/** The installed version of the type stripper (from its package.json: loading it takes longer); undefined: none. */
export function typeStripperVersion(): string | undefined {
  try {
    const manifest = createRequire(import.meta.url).resolve(`${typeStripper}/package.json`);
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

type OxcTransform = typeof import('oxc-transform');

let loaded: Promise<OxcTransform | undefined> | undefined;

/** The type stripper, loaded once; a binding that cannot load warns once and gives undefined (esbuild then). */
function loadTypeStripper(): Promise<OxcTransform | undefined> {
  loaded ??= import('oxc-transform').then(
    (module) => module,
    (error: unknown) => {
      const reason = String((error as Error)?.message ?? error).split('\n')[0];
      process.stderr.write(
        `docs-it: warning: ${typeStripper} could not be loaded (${reason}); site modules are made with esbuild instead\n`,
      );
      return undefined;
    },
  );
  return loaded;
}

/** Names a module may bind or mean only in CommonJS: a module that uses one is left to esbuild. */
const commonJsNames = new Set(['require', 'module', 'exports', '__dirname', '__filename']);

/**
 * The ES module that `source` (the file `file`) means, its types stripped and `docs-it` imported from
 * `publicApiUrl`; undefined when the fast path does not apply to it (see above).
 */
export async function strippedModule(file: string, source: string): Promise<string | undefined> {
  const lang = /\.m?ts$/.test(file) ? 'ts' : /\.m?js$/.test(file) ? 'js' : undefined;
  if (lang === undefined) return undefined;
  const oxc = await loadTypeStripper();
  if (oxc === undefined) return undefined;
  const result = oxc.transformSync(file, source, {
    lang,
    sourceType: 'module',
    typescript: { onlyRemoveTypeImports: false },
  });
  if (result.errors.length > 0 || Object.keys(result.helpersUsed).length > 0) return undefined;
  const { parse } = await import('acorn');
  let program: AcornNode;
  try {
    program = parse(result.code, { ecmaVersion: 'latest', sourceType: 'module' });
  } catch {
    return undefined;
  }
  const docsItImports: { start: number; end: number }[] = [];
  const resolveFrom = createRequire(file);
  let applies = true;
  visit(program, (node) => {
    switch (node.type) {
      case 'ImportExpression':
      case 'MetaProperty':
        applies = false;
        break;
      case 'Identifier':
        if (commonJsNames.has((node as AcornNode & { name: string }).name)) applies = false;
        break;
      case 'ImportDeclaration':
      case 'ExportNamedDeclaration':
      case 'ExportAllDeclaration': {
        const from = (node as AcornNode & { source?: (AcornNode & { value: unknown }) | null }).source;
        if (!from) break;
        if (from.value === 'docs-it') docsItImports.push({ start: from.start, end: from.end });
        else if (!isPackageImport(from.value, resolveFrom)) applies = false;
        break;
      }
    }
  });
  if (!applies) return undefined;
  let code = result.code;
  for (const { start, end } of docsItImports.reverse())
    code = code.slice(0, start) + JSON.stringify(publicApiUrl) + code.slice(end);
  return code;
}

/**
 * Whether an import names a Node built-in or a package the site's folders give (resolved as Node would: a name
 * that a tsconfig's `paths` or a package's `imports` maps to a file of the site is not one, and goes to esbuild).
 */
function isPackageImport(specifier: unknown, resolveFrom: NodeJS.Require): boolean {
  if (typeof specifier !== 'string') return false;
  if (specifier.startsWith('node:') || builtinModules.includes(specifier)) return true;
  if (/^[.#/]/.test(specifier) || specifier.includes(':') || path.isAbsolute(specifier)) return false;
  try {
    return path.isAbsolute(resolveFrom.resolve(specifier));
  } catch {
    return false;
  }
}

/**
 * Calls `enter` on each node of an ESTree tree except the names that are not references: a property's name after
 * a dot and a key of an object or class (`{ module: … }` is no use of CommonJS's `module`).
 */
function visit(node: AcornNode, enter: (node: AcornNode) => void): void {
  enter(node);
  const record = node as unknown as Record<string, unknown> & { computed?: boolean; shorthand?: boolean };
  for (const [key, value] of Object.entries(record)) {
    if (!record.computed) {
      if (key === 'property' && node.type === 'MemberExpression') continue;
      if (key === 'key' && !record.shorthand && /^(Property|MethodDefinition|PropertyDefinition)$/.test(node.type))
        continue;
    }
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) visit(item, enter);
    } else if (isNode(value)) visit(value, enter);
  }
}

const isNode = (value: unknown): value is AcornNode =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
