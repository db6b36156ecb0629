import type { Element, ElementContent, Root } from 'hast';
import { toString as textOf } from 'hast-util-to-string';
import { createElement } from 'react';
import type { VFile } from 'vfile';
import { HighlightedCodeContext } from '../../templates/content/highlighted-code';
import { IslandHtml } from '../../templates/content/island';
import { islandHtmlName, islandNameOf } from '../../templates/content/theme-islands';
import { CodeBlock } from '../../templates/theme/CodeBlock';
import { escapeHtml } from '../shared/escape-html';
import { codeBlockOf } from './code-fences';
import { parseCodeMeta } from './code-meta';
import type { Problem } from './compiled-page';
import { type Highlighter, supportedLanguages } from './highlighter';
import { eachNode } from './walk';

export interface CodeOptions {
  highlighter: Highlighter;
  /**
   * `raw` leaves the block's HTML for rehype-stringify; `mdx`, whose compiler turns hast into JavaScript and
   * cannot take raw HTML, gets a `CodeBlockHtml` element that renders the same markup.
   */
  output: 'raw' | 'mdx';
}

/** Highlights fenced code at build time and wraps it with its optional title. */
export default function rehypeCode(options: CodeOptions) {
  return async (tree: Root, file: VFile) => {
    const jobs: { parent: Element | Root; index: number; node: Element; code: Element }[] = [];
    eachNode(tree, 'element', (node: Element, index, parent) => {
      if (node.tagName !== 'pre') return;
      const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
      if (code) jobs.push({ parent: parent as Element | Root, index, node, code });
    });
    file.data.problems ??= [];
    const problems: Problem[] = file.data.problems;
    await Promise.all(
      jobs.map(async ({ parent, index, node, code }) => {
        const classes = Array.isArray(code.properties.className) ? code.properties.className.map(String) : [];
        const requested = classes.find((c) => c.startsWith('language-'))?.slice('language-'.length);
        const meta = parseCodeMeta(
          (code.data as { meta?: string } | undefined)?.meta ?? (code.properties.metastring as string | undefined),
        );
        if (requested === 'mermaid') {
          // Drawn in the browser (see the `Mermaid` component): the same markup in both formats.
          const source: Element = {
            type: 'element',
            tagName: 'pre',
            properties: { className: ['mermaid-source'] },
            children: [{ type: 'text', value: textOf(code).trim() }],
          };
          parent.children[index] = {
            type: 'element',
            tagName: 'div',
            properties: { className: ['mermaid-diagram'] },
            children: [source],
          };
          return;
        }
        let lang: string | null = null;
        if (requested) {
          const resolved = options.highlighter.resolveLanguage(requested);
          if (resolved === undefined) {
            // Docusaurus shows such a block as plain text: a page copied from it must still build.
            problems.push({
              message: `code language "${requested}" has no grammar: the block is shown as plain text`,
              line: node.position?.start.line ?? 1,
              column: node.position?.start.column ?? 1,
              hint: `Use one of: ${supportedLanguages.join(', ')} (or \`text\` for plain text on purpose).`,
              severity: 'warning',
            });
          } else lang = resolved;
        }
        const text = textOf(code).replace(/\n$/, '');
        const pre = await options.highlighter.highlight(codeBlockOf(lang, meta, text));
        if (file.data.page?.theme?.names.includes('CodeBlock')) {
          const metastring =
            (code.data as { meta?: string } | undefined)?.meta ?? (code.properties.metastring as string | undefined);
          parent.children[index] = codeBlockIsland(file, options.output, { text, pre, requested, metastring });
          return;
        }
        const title = meta.title ? `<div class="code-title">${escapeHtml(meta.title)}</div>` : '';
        const className = `code-block${meta.title ? ' has-title' : ''}`;
        if (options.output === 'mdx') {
          const attributes = [
            { type: 'mdxJsxAttribute', name: 'className', value: className },
            ...(requested ? [{ type: 'mdxJsxAttribute', name: 'lang', value: requested }] : []),
            { type: 'mdxJsxAttribute', name: 'html', value: title + pre },
          ];
          // An MDX JSX node inside hast: MDX's own trees allow it, and it renders through mdxComponents.
          parent.children[index] = {
            type: 'mdxJsxFlowElement',
            name: 'CodeBlockHtml',
            attributes,
            children: [],
          } as unknown as ElementContent;
          return;
        }
        const langAttribute = requested ? ` data-lang="${escapeHtml(requested)}"` : '';
        const html = `<div class="${className}"${langAttribute}>${title}${pre}</div>`;
        // A raw node: rehype-stringify writes the highlighted HTML as it is.
        parent.children[index] = { type: 'raw', value: html } as unknown as ElementContent;
      }),
    );
  };
}

/**
 * A block of a page whose site overrides CodeBlock: the override's island, drawn now with the props Docusaurus gives
 * (the code as `children`, `className`, `title`, `metastring`, `showLineNumbers`); the theme's CodeBlock it may wrap
 * shows the highlighted `pre`. `.md` gets the island's HTML, MDX an element that draws it around that HTML.
 */
function codeBlockIsland(
  file: VFile,
  output: CodeOptions['output'],
  block: { text: string; pre: string; requested: string | undefined; metastring: string | undefined },
): ElementContent {
  const meta = parseCodeMeta(block.metastring);
  const props = {
    children: block.text,
    ...(block.requested ? { className: `language-${block.requested}` } : {}),
    ...(meta.title ? { title: meta.title } : {}),
    ...(block.metastring ? { metastring: block.metastring } : {}),
    ...(meta.showLineNumbers ? { showLineNumbers: true } : {}),
  };
  const render = file.data.renderIsland!;
  const highlighted = { code: block.text, pre: block.pre };
  const html = render(
    createElement(HighlightedCodeContext.Provider, { value: highlighted }, createElement(CodeBlock, props)),
  );
  const island = { component: islandNameOf('CodeBlock'), props: JSON.stringify(props), html };
  if (output === 'mdx')
    return {
      type: 'mdxJsxFlowElement',
      name: islandHtmlName,
      attributes: Object.entries(island).map(([name, value]) => ({ type: 'mdxJsxAttribute', name, value })),
      children: [],
    } as unknown as ElementContent;
  return { type: 'raw', value: render(createElement(IslandHtml, island)) } as unknown as ElementContent;
}
