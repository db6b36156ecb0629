import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { withBaseUrl } from '../shared/base-url';
import { builtinModules, isBuiltinModule } from '../shared/builtin-modules';
import { assetPlaceholder, isAssetImport, staticPathOf } from './asset-refs';
import type { LinkRef } from './compiled-page';
import { siteSpecifier } from './mdx-imports';
import { resolveFileFrom } from './posix-paths';

/** Where an MDX page's imports come from at run time: `arguments[0]` of the compiled page's function body. */
export const importsArgument = 'docsItImports';

/** The key of a built-in module among the page's imports (site modules are `m0`, `m3`, `m0#Name`). */
export const builtinKey = (spec: string) => `builtin:${spec}`;

interface Identifier {
  type: 'Identifier';
  name: string;
}
interface ImportStatement {
  type: string;
  source?: { value?: unknown; raw?: string };
  specifiers?: {
    type: 'ImportDefaultSpecifier' | 'ImportSpecifier' | 'ImportNamespaceSpecifier';
    local: Identifier;
    imported?: Identifier | { type: 'Literal'; value: string };
  }[];
  loc?: { start: { line: number; column: number } };
}

const identifier = (name: string): Identifier => ({ type: 'Identifier', name });
const literal = (value: string | number) => ({ type: 'Literal', value });
const member = (object: unknown, property: unknown, computed: boolean) => ({
  type: 'MemberExpression',
  object,
  property,
  computed,
  optional: false,
});

/** `arguments[0].docsItImports["key"]`: the module a page imported, provided when the page runs. */
function moduleExpression(key: string) {
  const options = member(identifier('arguments'), literal(0), true);
  return member(member(options, identifier(importsArgument), false), literal(key), true);
}

/**
 * Every import an MDX page keeps after its fragments are inlined becomes a constant taken from the modules
 * docs-it provides when the page runs: Docusaurus's theme modules, the site's components module, and the
 * site's own modules and packages (bundled once per run, see `load-site-code`). MDX never loads a module
 * itself, so an import resolves as a bundler would resolve it from the page, and one that names nothing is an
 * error at its own line. An import an inlined fragment repeats is kept once.
 */
export default function remarkImports() {
  return (tree: Root, file: VFile) => {
    const page = file.data.page!;
    file.data.links ??= [];
    const links: LinkRef[] = file.data.links;
    const declared = new Map<string, string>();
    replaceAssetRequires(tree, page.file, page.baseUrl, links);
    for (const node of tree.children) {
      if (node.type !== 'mdxjsEsm') continue;
      const program = (node.data as { estree?: { body: unknown[] } } | undefined)?.estree;
      if (!program) continue;
      program.body = program.body.flatMap((item) => {
        const statement = item as ImportStatement;
        if (statement.type !== 'ImportDeclaration') return [item];
        const line = statement.loc?.start.line ?? node.position?.start.line ?? 1;
        const column = (statement.loc?.start.column ?? 0) + 1;
        const where = ((node.data as { file?: string } | undefined)?.file ?? page.file) as string;
        // Every bad import of the page is reported, not only the first; the page then does not run (see compile-page).
        let failed = false;
        const fail = (message: string, hint: string) => {
          failed = true;
          file.data.problems ??= [];
          file.data.problems.push({ message, line, column, hint, ...(where === page.file ? {} : { file: where }) });
        };
        const source = String(statement.source?.value);
        if (isAssetImport(source)) {
          // `import logo from './logo.png'`: the value is the URL of the published file, as with a bundler.
          const url = assetUrl(source, where, page.baseUrl, links, line, column);
          return (statement.specifiers ?? []).map((s) => declaration(identifier(s.local.name), literal(url)));
        }
        const spec = siteSpecifier(source, where);
        // The site's own `src/theme/<Name>` wins over docs-it's module of that name, as in Docusaurus.
        const siteKey = page.code?.imports[spec];
        const key = siteKey ?? (isBuiltinModule(spec) ? builtinKey(spec) : undefined);
        if (!key) {
          fail(...unresolved(source, spec, page.code !== undefined));
          file.data.importFailed = true;
          return [];
        }
        const properties: unknown[] = [];
        const declarations: unknown[] = [];
        for (const specifier of statement.specifiers ?? []) {
          const local = specifier.local.name;
          const imported =
            specifier.type === 'ImportDefaultSpecifier'
              ? 'default'
              : specifier.type === 'ImportNamespaceSpecifier'
                ? '*'
                : specifier.imported!.type === 'Identifier'
                  ? specifier.imported!.name
                  : specifier.imported!.value;
          if (!siteKey && isBuiltinModule(spec) && imported !== '*' && !Object.hasOwn(builtinModules[spec], imported)) {
            const names = Object.keys(builtinModules[spec]).join(', ');
            fail(`${spec} has no export named ${imported}`, `It exports ${names}.`);
          }
          // A module of the site's code: its exports are known once it is bundled; `@theme/Name` is the
          // components module with `Name` as its default (see compile-page's `modulesOf`).
          const [module, themeName] = key!.split('#') as [string, string | undefined];
          const moduleExports = page.code?.exports[module];
          const exported = moduleExports && themeName !== undefined ? ['default', ...moduleExports] : moduleExports;
          if (exported && imported !== '*' && !exported.includes(imported)) {
            const what = imported === 'default' ? 'no default export' : `no export named ${imported}`;
            const names = exported.length > 0 ? `It exports ${exported.join(', ')}.` : 'It exports nothing.';
            fail(
              `cannot import ${source}: the module has ${what}`,
              `${names} Import one of those names (a default import takes the module's \`export default\`).`,
            );
          }
          const binding = `${key}\n${imported}`;
          const earlier = declared.get(local);
          if (earlier === binding) continue;
          if (earlier !== undefined)
            fail(`${local} is imported twice, from different modules`, 'Import it under another name in one of them.');
          declared.set(local, binding);
          file.data.importBindings ??= [];
          file.data.importBindings.push({ local, source, key: key!, imported, file: where, line, column });
          if (imported === '*') {
            declarations.push(declaration(identifier(local), moduleExpression(key!)));
          } else {
            const name = /^[A-Za-z_$][\w$]*$/.test(imported) ? identifier(imported) : literal(imported);
            properties.push({
              type: 'Property',
              kind: 'init',
              method: false,
              shorthand: false,
              computed: name.type === 'Literal',
              key: name,
              value: identifier(local),
            });
          }
        }
        if (failed) {
          file.data.importFailed = true;
          return [];
        }
        if (properties.length > 0)
          declarations.push(declaration({ type: 'ObjectPattern', properties }, moduleExpression(key!)));
        return declarations;
      });
    }
    tree.children = tree.children.filter(
      (node) =>
        node.type !== 'mdxjsEsm' || ((node.data as { estree?: { body: unknown[] } }).estree?.body.length ?? 1) > 0,
    );
  };
}

/**
 * The value of an asset an import or a `require()` names from `from`, recorded among the page's links: a file of
 * the static folder (`@site/static/a.png`, `/a.png`) is its published URL, checked as an image of the page; any
 * other (`./a.png`, `@site/docs/a.png`) the placeholder of its published copy (see `asset-refs`).
 */
function assetUrl(
  source: string,
  from: string,
  baseUrl: string,
  links: LinkRef[],
  line: number,
  column: number,
): string {
  const inStatic = staticPathOf(source);
  if (inStatic) {
    const url = withBaseUrl(baseUrl, inStatic);
    links.push({ kind: 'image', path: url, line, column });
    return url;
  }
  const target = source.startsWith('@site/')
    ? resolveFileFrom('', source.slice('@site/'.length))
    : resolveFileFrom(from, source);
  links.push({ kind: 'asset', target, line, column });
  return assetPlaceholder(target);
}

interface EstreeNode {
  type: string;
  [key: string]: unknown;
}

/**
 * `require('./img.png').default` in a page's expressions (Docusaurus's way to use an image in JSX) becomes the
 * published file's URL: each such call is replaced by `{default: url}` in the expression's syntax tree.
 */
function replaceAssetRequires(tree: Root, pageFile: string, baseUrl: string, links: LinkRef[]) {
  const visit = (node: EstreeNode, line: number) => {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'loc' || key === 'range' || !value || typeof value !== 'object') continue;
      const children = (Array.isArray(value) ? value : [value]) as EstreeNode[];
      children.forEach((child, i) => {
        if (!child || typeof child.type !== 'string') return;
        const call = child as { callee?: EstreeNode & { name?: string }; arguments?: EstreeNode[] };
        const argument = call.arguments?.[0] as { type: string; value?: unknown } | undefined;
        const where = (child as { loc?: { start: { line: number; column: number } } }).loc?.start;
        if (
          child.type === 'CallExpression' &&
          call.callee?.type === 'Identifier' &&
          call.callee.name === 'require' &&
          argument?.type === 'Literal' &&
          typeof argument.value === 'string' &&
          isAssetImport(argument.value)
        ) {
          const url = assetUrl(argument.value, pageFile, baseUrl, links, where?.line ?? line, (where?.column ?? 0) + 1);
          const replacement = {
            type: 'ObjectExpression',
            properties: [
              {
                type: 'Property',
                kind: 'init',
                method: false,
                shorthand: false,
                computed: false,
                key: identifier('default'),
                value: literal(url),
              },
            ],
          };
          if (Array.isArray(value)) value[i] = replacement;
          else node[key] = replacement;
          return;
        }
        visit(child, line);
      });
    }
  };
  const walk = (node: {
    type: string;
    data?: unknown;
    children?: unknown[];
    attributes?: unknown[];
    position?: { start: { line: number } };
  }) => {
    const estree = (node.data as { estree?: EstreeNode } | undefined)?.estree;
    if (estree && node.type !== 'mdxjsEsm') visit(estree, node.position?.start.line ?? 1);
    // Directives have attributes too, as an object: only MDX JSX attributes are a list.
    const attributes = Array.isArray(node.attributes) ? node.attributes : [];
    for (const attribute of attributes as { value?: { data?: { estree?: EstreeNode } } }[]) {
      const expression = attribute.value?.data?.estree;
      if (expression) visit(expression, node.position?.start.line ?? 1);
    }
    for (const child of (node.children ?? []) as (typeof node)[]) walk(child);
  };
  walk(tree);
}

function declaration(id: unknown, init: unknown) {
  return { type: 'VariableDeclaration', kind: 'const', declarations: [{ type: 'VariableDeclarator', id, init }] };
}

function unresolved(source: string, spec: string, hasSiteCode: boolean): [string, string] {
  const builtins = Object.keys(builtinModules).join(', ');
  if (spec.startsWith('@theme/')) {
    return [
      `cannot import ${source}: neither docs-it nor the site provides ${spec.slice(7)}`,
      `docs-it provides ${builtins}. A component of the site is src/theme/${spec.slice(7)}.js (or .tsx), or an ` +
        'export of the module named by `components` in site.config.ts (see WRITING.md).',
    ];
  }
  if (spec.startsWith('@docusaurus/'))
    return [
      `cannot import ${source}: docs-it does not provide this Docusaurus module`,
      `docs-it provides ${builtins}.`,
    ];
  const what = spec.startsWith('@site/')
    ? `no file ${spec.slice(6)} in the site's folder`
    : 'the package is not installed';
  return [
    `cannot import ${source}: ${what}`,
    hasSiteCode || spec.startsWith('@site/')
      ? 'Fix the path of the import (relative to this file, or @site/… from the site folder), or install the package.'
      : 'Install the package in the site (npm install …), or fix the path of the import.',
  ];
}
