import type { Root, RootContent } from 'mdast';
import type { Processor } from 'unified';
import { SKIP, visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { resolveFrom } from './posix-paths';

interface ImportNode {
  type: string;
  source?: { value?: unknown };
  specifiers?: { type: string; local: { name: string } }[];
}

/**
 * `import Requisiti from './_requisiti.md'` + `<Requisiti />` → the fragment's content inlined, so an MDX
 * page and its fragments compile as one document (no module loading at render time).
 */
export default function remarkMdxFragments(this: Processor) {
  return (tree: Root, file: VFile) => {
    const fragments = new Map<string, RootContent[]>();
    const page = file.data.page!;
    tree.children = tree.children.filter((node) => {
      if (node.type !== 'mdxjsEsm') return true;
      const program = (node.data as { estree?: { body: ImportNode[] } } | undefined)?.estree;
      if (!program) return true;
      program.body = program.body.filter((statement) => {
        const spec = statement.source?.value;
        if (statement.type !== 'ImportDeclaration' || typeof spec !== 'string' || !/^\.{1,2}\/.*\.mdx?$/.test(spec))
          return true;
        const name = statement.specifiers?.find((s) => s.type === 'ImportDefaultSpecifier')?.local.name;
        const text = page.fragments[resolveFrom(page.file, spec)];
        if (text === undefined) file.fail(`imported fragment not found: ${spec}`, node, 'docs-it:fragment');
        if (name) fragments.set(name, (this.parse(text!) as Root).children);
        return false;
      });
      return program.body.length > 0;
    });
    if (fragments.size === 0) return;
    visit(tree, (node, index, parent) => {
      if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && parent && index !== undefined) {
        const content = fragments.get((node as { name?: string | null }).name ?? '');
        if (!content) return undefined;
        parent.children.splice(index, 1, ...(structuredClone(content) as never[]));
        return [SKIP, index];
      }
      return undefined;
    });
  };
}
