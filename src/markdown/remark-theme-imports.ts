import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { eachNode } from './walk';

/** Docusaurus theme modules that docs-it provides, and the component each one is. */
export const themeModules: Record<string, string> = {
  '@theme/Tabs': 'Tabs',
  '@theme/TabItem': 'TabItem',
  '@theme/Admonition': 'Admonition',
  '@theme/DocCardList': 'DocCardList',
  '@theme/Details': 'Details',
  '@docusaurus/Link': 'Link',
};

interface ImportStatement {
  type: string;
  source?: { value?: unknown };
  specifiers?: { type: string; local: { name: string } }[];
}

/**
 * `import Tabs from '@theme/Tabs'` (as Docusaurus pages write it) → docs-it's own component: the import is
 * dropped, and a component imported under another name is renamed where it is used. Other imports are left
 * to MDX, which reports the ones it cannot resolve.
 */
export default function remarkThemeImports() {
  return (tree: Root, _file: VFile) => {
    const renames = new Map<string, string>();
    tree.children = tree.children.filter((node) => {
      if (node.type !== 'mdxjsEsm') return true;
      const program = (node.data as { estree?: { body: ImportStatement[] } } | undefined)?.estree;
      if (!program) return true;
      program.body = program.body.filter((statement) => {
        const component = themeModules[String(statement.source?.value)];
        if (statement.type !== 'ImportDeclaration' || !component) return true;
        const local = statement.specifiers?.find((s) => s.type === 'ImportDefaultSpecifier')?.local.name;
        if (local && local !== component) renames.set(local, component);
        return false;
      });
      return program.body.length > 0;
    });
    if (renames.size === 0) return;
    eachNode<{ type: string; name?: string | null }>(tree, ['mdxJsxFlowElement', 'mdxJsxTextElement'], (node) => {
      const renamed = node.name ? renames.get(node.name) : undefined;
      if (renamed) node.name = renamed;
    });
  };
}
