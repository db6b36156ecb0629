import path from 'node:path';
import type { Root, RootContent } from 'mdast';
import type { Processor } from 'unified';
import { SKIP, visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { isFragmentImport, siteSpecifier } from './mdx-imports';
import { pageSource } from './page-source';

interface ImportNode {
  type: string;
  source?: { value?: unknown; raw?: string };
  specifiers?: { type: string; local: { name: string } }[];
}
interface JsxAttribute {
  type: string;
  name?: string;
  value?: string | null | { type: string; data?: { estree?: { body: { expression?: unknown }[] } } };
}
interface JsxElement {
  type: string;
  name?: string | null;
  attributes?: JsxAttribute[];
}

/** Fragments importing fragments: deeper than this is a loop. */
const maxDepth = 8;

const programOf = (node: RootContent) => (node.data as { estree?: { body: ImportNode[] } } | undefined)?.estree;

/**
 * `import Requisiti from './_requisiti.md'` (or `@site/…`) + `<Requisiti os="linux" />` → the fragment's content
 * inlined, so a page and its fragments compile as one document (no module loading at render time). As when
 * Docusaurus imports the fragment as a component: its links and images are relative to its own file, `props.os`
 * in it is the value the page passed, and its own imports (fragments too) are the page's.
 */
export default function remarkMdxFragments(this: Processor) {
  return (tree: Root, file: VFile) => {
    const page = file.data.page!;
    for (let depth = 0; ; depth++) {
      const fragments = new Map<string, { content: RootContent[]; file: string }>();
      tree.children = tree.children.filter((node) => {
        const program = node.type === 'mdxjsEsm' ? programOf(node) : undefined;
        if (!program) return true;
        program.body = program.body.filter((statement) => {
          const source = statement.source?.value;
          if (statement.type !== 'ImportDeclaration' || typeof source !== 'string') return true;
          const spec = siteSpecifier(source, page.file);
          if (!isFragmentImport(spec)) return true;
          if (depth >= maxDepth)
            file.fail(`fragments import each other in a loop (${source})`, node, 'docs-it:fragment');
          const fragmentFile = spec.slice('@site/'.length);
          const text = page.fragments[fragmentFile];
          if (text === undefined) file.fail(`imported fragment not found: ${source}`, node, 'docs-it:fragment');
          const name = statement.specifiers?.find((s) => s.type === 'ImportDefaultSpecifier')?.local.name;
          // Read as a page is read: a fragment is a page's text compiled with it (MDX, since the page is).
          if (name) {
            fragments.set(name, {
              content: (this.parse(pageSource(text!, 'mdx')) as Root).children,
              file: fragmentFile,
            });
          }
          return false;
        });
        return program.body.length > 0;
      });
      if (fragments.size === 0) return;
      const hoisted: RootContent[] = [];
      visit(tree, (node, index, parent) => {
        if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && parent && index !== undefined) {
          const fragment = fragments.get((node as JsxElement).name ?? '');
          if (!fragment) return undefined;
          const content = structuredClone(fragment.content);
          rebase(content, fragment.file, page.file);
          inlineTextProps(content, node as JsxElement);
          passProps(content, propsOf(node as JsxElement));
          for (const esm of content.filter((n) => n.type === 'mdxjsEsm')) {
            // An error in an import is reported in the fragment that has it.
            (esm.data as Record<string, unknown>).file ??= fragment.file;
            hoisted.push(esm);
          }
          parent.children.splice(index, 1, ...(content.filter((n) => n.type !== 'mdxjsEsm') as never[]));
          return [SKIP, index];
        }
        return undefined;
      });
      // After the page's own imports: where a fragment repeats one differently, the error is the fragment's.
      tree.children.push(...hoisted);
    }
  };
}

const isRelative = (url: string) => !/^(?:[a-z][a-z0-9+.-]*:|\/|#|\?)/i.test(url) && url !== '';

/** A relative URL written in `from` (a fragment), as the same target seen from `to` (the page). */
function rebaseUrl(url: string, from: string, to: string): string {
  if (!isRelative(url)) return url;
  const cut = url.search(/[?#]/);
  const pathPart = cut === -1 ? url : url.slice(0, cut);
  const target = path.posix.join(path.posix.dirname(from), pathPart);
  const rel = path.posix.relative(path.posix.dirname(to), target) || '.';
  return (rel.startsWith('.') ? rel : `./${rel}`) + (cut === -1 ? '' : url.slice(cut));
}

/** Links, images, definitions, `src`/`href` attributes and imports of a fragment, made relative to the page. */
function rebase(content: RootContent[], from: string, to: string): void {
  if (path.posix.dirname(from) === path.posix.dirname(to)) return;
  const root = { type: 'root', children: content } as Root;
  visit(root, (node) => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
      node.url = rebaseUrl(node.url, from, to);
    } else if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      for (const attribute of (node as JsxElement).attributes ?? []) {
        if ((attribute.name === 'src' || attribute.name === 'href') && typeof attribute.value === 'string')
          attribute.value = rebaseUrl(attribute.value, from, to);
      }
    } else if (node.type === 'mdxjsEsm') {
      for (const statement of programOf(node)?.body ?? []) {
        if (statement.type !== 'ImportDeclaration' || typeof statement.source?.value !== 'string') continue;
        const spec = siteSpecifier(statement.source.value, from);
        statement.source.value = spec;
        statement.source.raw = JSON.stringify(spec);
      }
    }
  });
}

/** The attributes the page passed to a fragment, as an object expression (`{os: "linux", n: 2}`). */
function propsOf(element: JsxElement): unknown {
  const properties = (element.attributes ?? []).flatMap((attribute) => {
    if (attribute.type !== 'mdxJsxAttribute' || !attribute.name) return [];
    const value = attribute.value;
    const expression =
      value === null || value === undefined
        ? { type: 'Literal', value: true }
        : typeof value === 'string'
          ? { type: 'Literal', value }
          : (value.data?.estree?.body[0]?.expression ?? { type: 'Identifier', name: 'undefined' });
    return [
      {
        type: 'Property',
        kind: 'init',
        method: false,
        shorthand: false,
        computed: true,
        key: { type: 'Literal', value: attribute.name },
        value: expression,
      },
    ];
  });
  return { type: 'ObjectExpression', properties };
}

/**
 * `{props.os}` where the page passed text (`os="Linux"`) becomes that text: headings made of it get their id,
 * table-of-contents entry and search text from it, as if the fragment had been written for the page.
 */
function inlineTextProps(content: RootContent[], element: JsxElement): void {
  const texts = new Map<string, string>();
  for (const a of element.attributes ?? [])
    if (a.type === 'mdxJsxAttribute' && a.name && typeof a.value === 'string') texts.set(a.name, a.value);
  if (texts.size === 0) return;
  const root = { type: 'root', children: content } as Root;
  visit(root, (node, index, parent) => {
    if ((node.type !== 'mdxTextExpression' && node.type !== 'mdxFlowExpression') || !parent || index === undefined)
      return undefined;
    const expression = (node.data as { estree?: Estree } | undefined)?.estree?.body[0]?.expression;
    const isPropsMember =
      expression?.type === 'MemberExpression' &&
      !expression.computed &&
      expression.object?.type === 'Identifier' &&
      expression.object.name === 'props';
    const value = isPropsMember ? texts.get(expression.property?.name ?? '') : undefined;
    if (value === undefined) return undefined;
    const text = { type: 'text', value } as RootContent;
    parent.children.splice(
      index,
      1,
      (node.type === 'mdxFlowExpression' ? { type: 'paragraph', children: [text] } : text) as never,
    );
    return index;
  });
}

interface Estree {
  body: {
    expression?: {
      type: string;
      computed?: boolean;
      object?: { type: string; name?: string };
      property?: { name?: string };
    };
  }[];
}

/** `props` in the fragment's expressions is what the page passed: each use is replaced by those values. */
function passProps(content: RootContent[], props: unknown): void {
  const root = { type: 'root', children: content } as Root;
  visit(root, (node) => {
    const estree = (node.data as { estree?: object } | undefined)?.estree;
    if (estree && node.type !== 'mdxjsEsm') replaceProps(estree, props);
    if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      for (const attribute of (node as JsxElement).attributes ?? []) {
        const attrTree = (attribute as { data?: { estree?: object } }).data?.estree;
        const valueTree = typeof attribute.value === 'object' ? attribute.value?.data?.estree : undefined;
        if (attrTree) replaceProps(attrTree, props);
        if (valueTree) replaceProps(valueTree, props);
      }
    }
  });
}

function replaceProps(tree: object, props: unknown): void {
  const walk = (node: Record<string, unknown>) => {
    for (const [key, child] of Object.entries(node)) {
      if (!child || typeof child !== 'object') continue;
      const items = Array.isArray(child) ? child : [child];
      items.forEach((item: Record<string, unknown>, i) => {
        if (!item || typeof item !== 'object') return;
        // `x.props` and `{props: 1}` name a property, not the variable.
        const isName =
          (node.type === 'MemberExpression' && key === 'property' && !node.computed) ||
          (node.type === 'Property' && key === 'key' && !node.computed);
        if (item.type === 'Identifier' && item.name === 'props' && !isName) {
          const replacement = structuredClone(props);
          if (Array.isArray(child)) child[i] = replacement;
          else node[key] = replacement;
        } else {
          walk(item);
        }
      });
    }
  };
  walk(tree as Record<string, unknown>);
}
