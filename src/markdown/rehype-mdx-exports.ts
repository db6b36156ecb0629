import type { Root } from 'hast';
import type { VFile } from 'vfile';
import './compiled-page';

/** Names Docusaurus's MDX loader exports from every page. */
const exportedNames = ['toc', 'frontMatter', 'contentTitle', 'metadata'] as const;

/** A JSON value (front matter, TOC) as an estree expression. */
function valueExpression(value: unknown): unknown {
  if (Array.isArray(value)) return { type: 'ArrayExpression', elements: value.map(valueExpression) };
  if (value !== null && typeof value === 'object')
    return {
      type: 'ObjectExpression',
      properties: Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([key, v]) => ({
          type: 'Property',
          kind: 'init',
          method: false,
          shorthand: false,
          computed: false,
          key: { type: 'Literal', value: key },
          value: valueExpression(v),
        })),
    };
  if (value === undefined) return { type: 'Identifier', name: 'undefined' };
  return { type: 'Literal', value };
}

/** The names the page's own `export` statements declare: a page that exports its own `toc` keeps it. */
function ownExports(tree: Root): Set<string> {
  const names = new Set<string>();
  for (const node of tree.children) {
    if ((node.type as string) !== 'mdxjsEsm') continue;
    const body = (node.data as { estree?: { body: unknown[] } } | undefined)?.estree?.body ?? [];
    for (const item of body as { type: string; declaration?: { declarations?: { id: { name?: string } }[] } }[])
      if (item.type === 'ExportNamedDeclaration')
        for (const d of item.declaration?.declarations ?? []) if (d.id.name) names.add(d.id.name);
  }
  return names;
}

/**
 * MDX pages export `toc`, `frontMatter`, `contentTitle` and `metadata` as Docusaurus's do, so a page can write
 * `<TOCInline toc={toc} />` or `{frontMatter.title}`: one `export const` statement put before the content, with
 * the TOC rehype-collect gathered (run after it) and the data the compile input carries.
 */
export default function rehypeMdxExports() {
  return (tree: Root, file: VFile) => {
    const data = file.data.page?.mdxData ?? { frontMatter: {}, metadata: {} };
    const values: Record<(typeof exportedNames)[number], unknown> = {
      toc: file.data.toc ?? [],
      frontMatter: data.frontMatter,
      contentTitle: file.data.contentTitle,
      metadata: data.metadata,
    };
    const own = ownExports(tree);
    const declarations = exportedNames
      .filter((name) => !own.has(name))
      .map((name) => ({
        type: 'VariableDeclarator',
        id: { type: 'Identifier', name },
        init: valueExpression(values[name]),
      }));
    if (declarations.length === 0) return;
    const statement = {
      type: 'ExportNamedDeclaration',
      declaration: { type: 'VariableDeclaration', kind: 'const', declarations },
      specifiers: [],
      source: null,
    };
    const esm = {
      type: 'mdxjsEsm',
      value: '',
      data: { estree: { type: 'Program', sourceType: 'module', body: [statement] } },
    };
    tree.children.unshift(esm as unknown as Root['children'][number]);
  };
}
