import type { Code, Root, RootContent } from 'mdast';
import { eachNode } from './walk';

interface Attribute {
  type: string;
  name?: string;
  value?: unknown;
}
interface JsxElement {
  type: string;
  name?: string | null;
  attributes?: Attribute[];
  children?: RootContent[];
  position?: RootContent['position'];
}
interface Estree {
  body: {
    expression?: { type: string; value?: unknown; expressions?: unknown[]; quasis?: { value: { cooked?: string } }[] };
  }[];
}

/** The local names `@theme/CodeBlock` is imported under (`CodeBlock` when provided without an import). */
function codeBlockNames(tree: Root): Set<string> {
  const names = new Set(['CodeBlock']);
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    const body = (
      node.data as {
        estree?: {
          body: {
            type: string;
            source?: { value?: unknown };
            specifiers?: { type: string; local: { name: string } }[];
          }[];
        };
      }
    ).estree?.body;
    for (const statement of body ?? []) {
      if (statement.type !== 'ImportDeclaration' || statement.source?.value !== '@theme/CodeBlock') continue;
      for (const s of statement.specifiers ?? []) if (s.type === 'ImportDefaultSpecifier') names.add(s.local.name);
    }
  }
  return names;
}

/** A string the page wrote as the element's only child: text, `{'…'}` or a template literal without `${}`. */
function constantText(children: RootContent[]): string | undefined {
  const only = children.length === 1 ? children[0]! : undefined;
  if (!only) return children.length === 0 ? '' : undefined;
  if (only.type === 'paragraph') return constantText(only.children as RootContent[]);
  if (only.type === 'text') return only.value;
  if (only.type !== 'mdxFlowExpression' && only.type !== 'mdxTextExpression') return undefined;
  const expression = (only.data as { estree?: Estree } | undefined)?.estree?.body[0]?.expression;
  if (expression?.type === 'Literal' && typeof expression.value === 'string') return expression.value;
  if (expression?.type === 'TemplateLiteral' && expression.expressions?.length === 0)
    return expression.quasis?.[0]?.value.cooked;
  return undefined;
}

/**
 * `<CodeBlock language="rust" title="main.rs" showLineNumbers>{`…`}</CodeBlock>` with constant code becomes a
 * fenced block, so it is highlighted, titled and numbered like one (Docusaurus renders both the same way).
 */
export default function remarkCodeBlockComponent() {
  return (tree: Root) => {
    const names = codeBlockNames(tree);
    eachNode<JsxElement>(tree, 'mdxJsxFlowElement', (node, index, parent) => {
      if (!node.name || !names.has(node.name)) return;
      const value = constantText(node.children ?? []);
      if (value === undefined) return;
      const attribute = (name: string) => node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
      const text = (name: string) => {
        const v = attribute(name)?.value;
        return typeof v === 'string' ? v : undefined;
      };
      const meta = [
        text('metastring'),
        text('title') !== undefined ? `title=${JSON.stringify(text('title'))}` : undefined,
        attribute('showLineNumbers') ? 'showLineNumbers' : undefined,
      ].filter(Boolean);
      const code: Code = {
        type: 'code',
        lang: text('language') ?? text('className')?.replace(/^language-/, '') ?? null,
        meta: meta.length > 0 ? meta.join(' ') : null,
        value: value.replace(/^\n/, '').replace(/\n$/, ''),
      };
      if (node.position) code.position = node.position;
      parent.children.splice(index, 1, code as never);
    });
  };
}
