import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';
import { bundlerError, bundlerErrors, DocsItError, DocsItErrors } from '../../errors';

/*
 * The stylesheets a site's components import, as Docusaurus sites write them: `import styles from
 * './x.module.css'` (a CSS module: `styles.title` is the file's `.title`, under a name no other file has) and
 * `import './x.css'` (rules for the whole site). The bundles of the site's code (the server's and the browser's)
 * get the scoped names only; the rules go into the site's stylesheet (see `site-styles`), one file that every
 * page loads and the service worker keeps.
 */

/** Whether a stylesheet is a CSS module: its class names, ids and keyframes are its own. */
export const isCssModule = (file: string) => file.endsWith('.module.css');

/** A CSS module compiled: its rules under the scoped names, and the scoped name of each of its names. */
export interface CompiledCssModule {
  css: string;
  names: Record<string, string>;
}

const relativeTo = (root: string, file: string) => path.relative(root, file).split(path.sep).join('/');

/** The last compile of each CSS module, by file: the same text is not compiled again (every bundle asks). */
const compiled = new Map<string, { text: string; result: Promise<CompiledCssModule> }>();

/**
 * A CSS module compiled alone, so that its names are the same in every bundle that imports it: `<file>_<hash of
 * its path>_<name>` (`styles_3f9a1c_title`), the hash telling apart the `styles.module.css` of two folders.
 * esbuild's own naming depends on the other modules of a bundle and, minified, on their order, which differ between
 * the server's bundle, the browser's and the stylesheet. `url()`s and `@import`s are left as written: the stylesheet
 * resolves them from the file's folder. What esbuild cannot read is an error at its line: it reads CSS leniently and
 * says so in warnings, which here stop the build, as a half-applied stylesheet would show pages other than the
 * author wrote.
 */
export async function compileCssModule(file: string, root: string): Promise<CompiledCssModule> {
  const text = await readFile(file, 'utf8');
  const last = compiled.get(file);
  if (last?.text === text) return last.result;
  const result = compileText(file, text, root);
  compiled.set(file, { text, result });
  // A failure is not kept: the same text is reported again wherever it is imported.
  result.catch(() => compiled.delete(file));
  return result;
}

async function compileText(file: string, text: string, root: string): Promise<CompiledCssModule> {
  const rel = relativeTo(root, file);
  const stem = path.basename(file, '.module.css').replace(/[^\w]/g, '_');
  const scope = `${stem}_${createHash('sha256').update(rel).digest('hex').slice(0, 6)}`;
  const messages = {
    hint: 'Fix the CSS module: it must be valid CSS (`composes` in a rule of one class), as Docusaurus reads it.',
    fallback: { file: rel },
    fileOf: () => rel,
  };
  const outdir = path.join(root, 'css-module');
  let result: Awaited<ReturnType<typeof build<{ write: false }>>>;
  try {
    result = await build({
      stdin: { contents: "export { default } from 'docs-it:css-module';", loader: 'js', sourcefile: 'css-module.js' },
      absWorkingDir: root,
      bundle: true,
      write: false,
      format: 'cjs',
      outdir,
      logLevel: 'silent',
      plugins: [scopedModule(scope, file, text)],
    });
  } catch (error) {
    throw bundlerErrors(error, messages);
  }
  if (result.warnings.length > 0) throw new DocsItErrors(result.warnings.map((w) => bundlerError(w, messages)));
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
  const css = result.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? '';
  // esbuild's CommonJS for the module: one object literal of names, run to read it.
  const module = { exports: {} as { default?: Record<string, string> } };
  new Function('module', 'exports', js)(module, module.exports);
  return { css, names: module.exports.default ?? {} };
}

/**
 * The module `docs-it:css-module` is `text` read as a CSS module named after `scope`: esbuild prefixes a module's
 * names with its file's name. Its `url()`s and `@import`s stay as written; `composes: x from './other.module.css'`
 * is an error.
 */
function scopedModule(scope: string, file: string, text: string): Plugin {
  return {
    name: 'docs-it-css-module',
    setup(b) {
      b.onResolve({ filter: /^docs-it:css-module$/ }, () => ({
        path: `${scope}.module.css`,
        namespace: 'docs-it-css-module',
      }));
      b.onLoad({ filter: /.*/, namespace: 'docs-it-css-module' }, () => ({
        contents: text,
        loader: 'local-css',
        resolveDir: path.dirname(file),
      }));
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'url-token' || args.kind === 'import-rule') return { path: args.path, external: true };
        // Its names would be esbuild's, not the ones that file has everywhere else: refused, not silently wrong.
        if (args.kind === 'composes-from') {
          const text = `composes from another file (${args.path}) is not supported`;
          const hint = 'Compose a class of this file, or give the element both classes in its component.';
          return { errors: [{ text, detail: new DocsItError(text, undefined, hint) }] };
        }
        return undefined;
      });
    },
  };
}

/** Where the bundles of the site's code put the stylesheets its modules import. */
const cssNamespace = 'docs-it-css';

/** Marks a resolution `cssImports` already handed back to esbuild. */
const resolving = Symbol('docs-it css import');

/**
 * Stylesheets imported by the site's code: a CSS module is its scoped names (`export default { title: … }`), a
 * plain stylesheet nothing. Their rules are the site stylesheet's (`importedStyles` lists them for it).
 */
export function cssImports(root: string): Plugin {
  return {
    name: 'docs-it-css-imports',
    setup(b) {
      b.onResolve({ filter: /\.css$/ }, async (args) => {
        if (args.pluginData === resolving || !/^(import-statement|require-call|dynamic-import)$/.test(args.kind))
          return undefined;
        const found = await b.resolve(args.path, {
          resolveDir: args.resolveDir,
          importer: args.importer,
          kind: args.kind,
          pluginData: resolving,
        });
        if (found.errors.length > 0) return { errors: found.errors };
        // A package's stylesheet: packages are the site's, found where Node finds them.
        const file = found.external
          ? createRequire(path.join(args.resolveDir, 'index.js')).resolve(args.path)
          : found.path;
        return { path: file, namespace: cssNamespace };
      });
      // A package's stylesheet by a subpath its `exports` map to a CSS file (`import 'meilisearch-docsearch/css'`).
      // A package's name never starts with a dot: a relative import (`./x/y`, hundreds in React alone) is not
      // sent here, where each would cost a round trip from esbuild's process and a resolution by Node's rules.
      b.onResolve({ filter: /^(@[\w-][\w.-]*\/)?[\w-][\w.-]*\/[^.]/ }, (args) => {
        if (/^@(theme|theme-original|docusaurus|site)\//.test(args.path)) return undefined;
        if (!/^(import-statement|require-call|dynamic-import)$/.test(args.kind)) return undefined;
        let file: string;
        try {
          file = createRequire(path.join(args.resolveDir, 'index.js')).resolve(args.path);
        } catch {
          return undefined;
        }
        return file.endsWith('.css') ? { path: file, namespace: cssNamespace } : undefined;
      });
      b.onLoad({ filter: /.*/, namespace: cssNamespace }, async (args) => ({
        contents: isCssModule(args.path)
          ? `export default ${JSON.stringify((await compileCssModule(args.path, root)).names)};`
          : '',
        loader: 'js',
      }));
    },
  };
}

/**
 * The stylesheets a bundle's code imports (absolute files), in the order its modules run from `entry` (the key of
 * the entry among the metafile's inputs): the order a bundler gives their rules.
 */
export function importedStyles(metafile: Metafile, entry: string): string[] {
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (input: string) => {
    if (seen.has(input)) return;
    seen.add(input);
    if (input.startsWith(`${cssNamespace}:`)) styles.push(input.slice(cssNamespace.length + 1));
    for (const imported of metafile.inputs[input]?.imports ?? []) visit(imported.path);
  };
  visit(entry);
  return styles;
}

/**
 * In the site's stylesheet, a CSS module is its compiled rules (see `compileCssModule`): the names its components
 * were given. Read as plain CSS, so that minifying does not rename them.
 */
export function cssModuleRules(root: string): Plugin {
  return {
    name: 'docs-it-css-module-rules',
    setup(b) {
      b.onResolve({ filter: /\.module\.css$/ }, (args) =>
        args.kind === 'import-rule'
          ? { path: path.resolve(args.resolveDir, args.path), namespace: 'docs-it-css-module-rules' }
          : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: 'docs-it-css-module-rules' }, async (args) => ({
        contents: (await compileCssModule(args.path, root)).css,
        loader: 'css',
        resolveDir: path.dirname(args.path),
      }));
    },
  };
}
