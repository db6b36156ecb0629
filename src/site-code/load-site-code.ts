import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { provideModulesToSiteCode, siteCodeGlobal, siteCodeModules } from '../../templates/content/site-modules';
import { digestText } from '../cache/digest';
import type { ModuleFiles } from '../cache/module-files';
import type { ResolvedConfig } from '../config/resolved-config';
import { siteThemeComponentFile } from '../config/site-theme-files';
import type { DiscoveredContent } from '../content/discover';
import { DocsItError, DocsItErrors } from '../errors';
import { isAssetImport } from '../markdown/asset-refs';
import { usesMdx } from '../markdown/detect-format';
import { importsOf, isFragmentImport, siteSpecifier } from '../markdown/mdx-imports';
import { isBuiltinModule } from '../shared/builtin-modules';
import { type ComponentStyle, componentsKey, cssModuleSource, type SiteCode } from '../shared/site-code';
import { lineOfKeyPath } from '../validation/locate-key';
import { resolveModule } from './resolve-module';

/** `react` and the Docusaurus modules in the site's code are docs-it's own (see `siteCodeModules`). */
export const docsItModules: Plugin = {
  name: 'docs-it-modules',
  setup(b) {
    b.onResolve({ filter: /^(react|react-dom|@theme|@docusaurus)(\/|$)/ }, (args) =>
      Object.hasOwn(siteCodeModules, args.path) ? { path: args.path, namespace: 'docs-it-modules' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'docs-it-modules' }, (args) => {
      const exported = siteCodeModules[args.path] as Record<string, unknown>;
      const names = Object.keys(exported).filter((n) => n !== 'default' && /^[A-Za-z_$][\w$]*$/.test(n));
      return {
        contents: [
          `const m = globalThis[${JSON.stringify(siteCodeGlobal)}][${JSON.stringify(args.path)}];`,
          'export default m.default ?? m;',
          names.length > 0 ? `export const { ${names.join(', ')} } = m;` : '',
        ].join('\n'),
        loader: 'js',
      };
    });
  },
};

/**
 * `@theme/<Name>` is the site's own component `src/theme/<Name>` when it has one (and docs-it provides no module of
 * that name), as in Docusaurus.
 */
export function siteTheme(root: string): Plugin {
  return {
    name: 'docs-it-site-theme',
    setup(b) {
      b.onResolve({ filter: /^@theme\/[\w-]+$/ }, (args) => {
        const file = siteThemeComponentFile(root, args.path.slice('@theme/'.length));
        return file ? { path: file } : undefined;
      });
    },
  };
}

/**
 * JSX in the site's own `.js` files (not its packages'), as Docusaurus's loader reads them: esbuild reads `.js` as
 * plain JavaScript.
 */
export function jsxInSiteJs(root: string): Plugin {
  const inside = path.resolve(root) + path.sep;
  return {
    name: 'docs-it-jsx-in-js',
    setup(b) {
      b.onLoad({ filter: /\.js$/ }, async (args) =>
        args.path.startsWith(inside) && !args.path.split(path.sep).includes('node_modules')
          ? { contents: await readFile(args.path, 'utf8'), loader: 'jsx' }
          : undefined,
      );
    },
  };
}

/** CSS modules scoped before, by file and text: a dev session meets the same ones at every change. */
const scopedModules = new Map<string, { text: string; scoped: NonNullable<ComponentStyle['scoped']> }>();

/**
 * A CSS module's class names scoped as esbuild scopes them (`root` in `Rater/styles.module.css` → `styles_root`),
 * bundled alone so that no other file changes the names, then given a hash of the file's place in the site
 * (`styles_root_3f2a9c`) so that two files of one name stay apart in the site's one stylesheet. Its `url()`s and
 * `@import`s are left as written: the site's stylesheet bundles them from the file's folder.
 */
async function scopeCssModule(file: string, root: string): Promise<NonNullable<ComponentStyle['scoped']>> {
  const text = await readFile(file, 'utf8');
  const known = scopedModules.get(file);
  if (known?.text === text) return known.scoped;
  const asWritten: Plugin = {
    name: 'docs-it-as-written',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) =>
        args.kind === 'url-token' || args.kind === 'import-rule' ? { path: args.path, external: true } : undefined,
      );
    },
  };
  let result: Awaited<ReturnType<typeof build<{ write: false }>>>;
  try {
    result = await build({
      stdin: { contents: `export { default } from ${JSON.stringify(file)};`, resolveDir: root, loader: 'js' },
      bundle: true,
      write: false,
      format: 'esm',
      // Never written: esbuild names the stylesheet it makes after a folder.
      outdir: path.join(root, 'css-module'),
      loader: { '.css': 'local-css' },
      logLevel: 'silent',
      plugins: [asWritten],
    });
  } catch (error) {
    const first = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] })
      .errors?.[0];
    throw new DocsItError(
      `${first ? first.text : String(error)}`,
      first?.location
        ? { file: first.location.file, line: first.location.line, column: first.location.column + 1 }
        : { file: path.relative(root, file) },
      'Fix the stylesheet: a CSS module is valid CSS whose class names the component imports.',
    );
  }
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
  let css = result.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? '';
  const names = (
    (await import(`data:text/javascript;base64,${Buffer.from(js).toString('base64')}`)) as {
      default: Record<string, string>;
    }
  ).default;
  const suffix = digestText(path.relative(root, file).split(path.sep).join('/')).slice(0, 6);
  const generated = new Set(Object.values(names).flatMap((value) => value.split(/\s+/)));
  for (const name of generated) {
    css = css.replace(new RegExp(`(?<![\\w-])${name.replace(/[$]/g, '\\$&')}(?![\\w-])`, 'g'), `${name}_${suffix}`);
  }
  const classes = Object.fromEntries(
    Object.entries(names).map(([local, value]) => [
      local,
      value
        .split(/\s+/)
        .map((n) => `${n}_${suffix}`)
        .join(' '),
    ]),
  );
  const scoped = { css, classes };
  scopedModules.set(file, { text, scoped });
  return scoped;
}

/** Marks a resolution `siteStyles` asked for itself. */
const ownResolution = Symbol('docs-it site styles');

/**
 * The stylesheets the site's code imports, collected into `styles` (published in the site's stylesheet): a plain
 * one is nothing to the server's code, a CSS module its scoped class names.
 */
export function siteStyles(root: string, styles: Map<string, ComponentStyle>): Plugin {
  return {
    name: 'docs-it-site-styles',
    setup(b) {
      b.onResolve({ filter: /\.css$/ }, async (args) => {
        if (args.pluginData === ownResolution || args.kind === 'url-token' || args.kind === 'import-rule') {
          return undefined;
        }
        const resolved = await b.resolve(args.path, {
          resolveDir: args.resolveDir,
          kind: args.kind,
          importer: args.importer,
          pluginData: ownResolution,
        });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        return resolved.external ? undefined : { path: resolved.path, namespace: 'docs-it-style' };
      });
      b.onLoad({ filter: /.*/, namespace: 'docs-it-style' }, async (args) => {
        if (!/\.module\.css$/.test(args.path)) {
          if (!styles.has(args.path)) styles.set(args.path, { file: args.path });
          return { contents: 'export default {};', loader: 'js' };
        }
        const scoped = await scopeCssModule(args.path, root);
        styles.set(args.path, { file: args.path, scoped });
        return { contents: cssModuleSource(scoped.classes), loader: 'js' };
      });
    },
  };
}

/** Whether the package a file belongs to uses React (names it as a dependency or peer), by package folder. */
const reactPackages = new Map<string, boolean>();

function inReactPackage(file: string): boolean {
  const parts = file.split(path.sep);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return false;
  const dir = parts.slice(0, at + (parts[at + 1]?.startsWith('@') ? 3 : 2)).join(path.sep);
  let uses = reactPackages.get(dir);
  if (uses === undefined) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
      const named = ['dependencies', 'peerDependencies', 'optionalDependencies'].flatMap((key) =>
        Object.keys((manifest[key] as Record<string, string> | undefined) ?? {}),
      );
      uses = named.includes('react') || named.includes('react-dom');
    } catch {
      uses = false;
    }
    reactPackages.set(dir, uses);
  }
  return uses;
}

/** Marks a resolution `sitePackages` asked for itself. */
const packageResolution = Symbol('docs-it site packages');

/**
 * The packages the site's code imports: loaded by Node as they are, by the file the importer resolves them to (a
 * package's own dependency in its own node_modules, in the version it asks for), except those that use React,
 * which are bundled so that they use docs-it's one React (see `docsItModules`): loaded by Node, their
 * `import 'react'` would reach a second copy in the site's node_modules, and hooks fail across copies.
 */
export const sitePackages: Plugin = {
  name: 'docs-it-site-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === packageResolution || args.kind === 'entry-point') return undefined;
      if (isBuiltin(args.path) || /^(react|react-dom|scheduler)(\/|$)/.test(args.path)) {
        return { path: args.path, external: true };
      }
      const resolved = await b.resolve(args.path, {
        resolveDir: args.resolveDir,
        kind: args.kind,
        importer: args.importer,
        pluginData: packageResolution,
      });
      if (resolved.errors.length > 0 || resolved.external) return { path: args.path, external: true };
      // By its file: the version the importing package gets (its own node_modules first), not the site's.
      return inReactPackage(resolved.path) ? { path: resolved.path } : { path: resolved.path, external: true };
    });
  },
};

/** `@site/x` is the site's folder, as in Docusaurus. */
export function siteAlias(root: string): Plugin {
  return {
    name: 'docs-it-site',
    setup(b) {
      b.onResolve({ filter: /^@site\// }, (args) =>
        b.resolve(`./${args.path.slice('@site/'.length)}`, { resolveDir: root, kind: args.kind }),
      );
    },
  };
}

/**
 * The `require` of the site's bundled code on the server: a package's CommonJS file bundled into it (a page
 * imports `mdx-mermaid/Mermaid`) may `require()` another package, which stays outside the bundle, and an ES
 * module has no `require` of its own. Packages resolve from the site's folder.
 */
export function requireOfSite(root: string): { js: string } {
  const from = JSON.stringify(path.join(root, 'package.json'));
  return {
    js:
      "import { createRequire as __docsItCreateRequire } from 'node:module';\n" +
      `const require = __docsItCreateRequire(${from});`,
  };
}

/** Where a page (or a fragment) imports a module of the site's code. */
interface CodeImport {
  file: string;
  line: number;
  source: string;
  spec: string;
}

/**
 * The modules the site's MDX pages and fragments import as code, by their `@site/` form, with their files, and
 * every import statement naming one.
 */
function codeImportsOf(
  discovered: DiscoveredContent,
  root: string,
): { files: Map<string, string | undefined>; uses: CodeImport[] } {
  const files = new Map<string, string | undefined>();
  const uses: CodeImport[] = [];
  const scan = (file: string, text: string) => {
    for (const { source, line } of importsOf(text)) {
      const spec = siteSpecifier(source, file);
      const themeFile = /^@theme\/[\w-]+$/.test(spec) ? siteThemeComponentFile(root, spec.slice(7)) : undefined;
      if (
        isFragmentImport(spec) ||
        isAssetImport(source) ||
        isBuiltinModule(spec) ||
        (/^@(theme|docusaurus)\//.test(spec) && !themeFile)
      )
        continue;
      if (!files.has(spec)) files.set(spec, themeFile ?? resolveModule(spec, root));
      uses.push({ file, line, source, spec });
    }
  };
  for (const source of discovered.sources)
    if (source.file.endsWith('.mdx') || usesMdx(source.text)) scan(source.file, source.text);
  for (const [file, text] of Object.entries(discovered.fragments)) scan(file, text);
  return { files, uses };
}

/**
 * Bundles the site's components module and every module its pages import into one server module, and loads
 * it. Undefined when the site has no code. An import that names no file is left out: the page's compile
 * reports it at its line.
 */
export async function loadSiteCode(
  config: ResolvedConfig,
  discovered: DiscoveredContent,
  modules: ModuleFiles,
  /** Receives the stylesheets the code imports (see `siteStyles`). */
  styles: Map<string, ComponentStyle> = new Map(),
): Promise<SiteCode | undefined> {
  const { root } = config.paths;
  const relConfig = path.relative(root, config.paths.configFile);
  const componentsFile = config.site.components ? path.resolve(root, config.site.components) : undefined;
  if (componentsFile && !existsSync(componentsFile)) {
    throw new DocsItError(
      `components module not found: ${config.site.components}`,
      { file: relConfig },
      '`components` names a file relative to the site folder, such as "src/components/index.tsx".',
    );
  }
  const { files: imports, uses } = codeImportsOf(discovered, root);
  const targets = new Map<string, string>();
  if (componentsFile) targets.set(componentsFile, componentsKey);
  for (const file of imports.values()) if (file && !targets.has(file)) targets.set(file, `m${targets.size + 1}`);
  if (targets.size === 0) return undefined;

  const entry = [...targets].map(([file, key]) => `export * as ${key} from ${JSON.stringify(file)};`).join('\n');
  const code = await bundle(entry, root, styles);
  const url = pathToFileURL(modules.file('site-code', code)).href;
  provideModulesToSiteCode();
  let loaded: Record<string, Record<string, unknown>>;
  try {
    loaded = (await import(url)) as typeof loaded;
  } catch (error) {
    const culprit = await failingModule([...targets.keys()], root, modules);
    const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');
    const message = (culprit?.error as Error)?.message ?? (error as Error)?.message ?? String(error);
    const hint = culprit
      ? `Fix ${rel(culprit.file)}: code at its top level (outside its functions) threw while it loaded.`
      : 'Check the components module and the modules the pages import: one threw while it loaded.';
    const importers = uses.filter((use) => culprit && imports.get(use.spec) === culprit.file);
    if (importers.length > 0)
      throw new DocsItErrors(
        importers.map(
          (use) =>
            new DocsItError(
              `importing ${use.source} failed: ${rel(culprit!.file)} threw while it loaded: ${message}`,
              { file: use.file, line: use.line, column: 1 },
              hint,
            ),
        ),
      );
    throw new DocsItError(
      `the components module ${culprit ? rel(culprit.file) : config.site.components} threw while it loaded: ${message}`,
      { file: relConfig, ...lineOfKeyPath(await readFile(config.paths.configFile, 'utf8'), ['components']) },
      hint,
    );
  }
  const components = Object.keys(loaded[componentsKey] ?? {}).filter((name) => /^[A-Z]/.test(name));
  const byImport: Record<string, string> = {};
  for (const [spec, file] of imports) if (file) byImport[spec] = targets.get(file)!;
  // A site's own src/theme/<Name> is what @theme/<Name> names when both exist, as in Docusaurus.
  for (const name of components) byImport[`@theme/${name}`] ??= `${componentsKey}#${name}`;
  const exports: Record<string, string[]> = {};
  for (const key of targets.values()) exports[key] = Object.keys(loaded[key] ?? {}).sort();
  return { url, components, imports: byImport, exports };
}

/**
 * Which of the site's modules throws while it loads, with what it threw: each is bundled and loaded alone (only
 * after the whole bundle failed to load, so this costs nothing otherwise).
 */
async function failingModule(
  files: string[],
  root: string,
  modules: ModuleFiles,
): Promise<{ file: string; error: unknown } | undefined> {
  for (const file of files) {
    const code = await bundle(`export * as m from ${JSON.stringify(file)};`, root, new Map());
    try {
      await import(pathToFileURL(modules.file('site-code-module', code)).href);
    } catch (error) {
      return { file, error };
    }
  }
  return undefined;
}

async function bundle(entry: string, root: string, styles: Map<string, ComponentStyle>): Promise<string> {
  try {
    const result = await build({
      stdin: { contents: entry, resolveDir: root, sourcefile: 'site-code.js', loader: 'js' },
      absWorkingDir: root,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      write: false,
      logLevel: 'silent',
      jsx: 'automatic',
      // Styles and images are the browser bundle's business; on the server a component only renders markup.
      loader: { '.css': 'empty', '.png': 'dataurl', '.svg': 'dataurl', '.jpg': 'dataurl', '.gif': 'dataurl' },
      define: { 'process.env.NODE_ENV': '"production"' },
      banner: requireOfSite(root),
      plugins: [
        docsItModules,
        siteTheme(root),
        siteAlias(root),
        siteStyles(root, styles),
        sitePackages,
        jsxInSiteJs(root),
      ],
    });
    return result.outputFiles[0]!.text;
  } catch (error) {
    const first = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] })
      .errors?.[0];
    throw new DocsItError(
      first ? first.text : String(error),
      first?.location
        ? { file: first.location.file, line: first.location.line, column: first.location.column + 1 }
        : { file: 'site-code' },
      "Fix this error in the site's code (the components module, or a module a page imports).",
    );
  }
}
