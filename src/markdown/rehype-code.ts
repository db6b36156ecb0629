import type { Element, ElementContent, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import type { VFile } from 'vfile';
import { parseCodeMeta } from './code-meta';
import { type Highlighter, supportedLanguages } from './highlighter';
import type { Problem } from './problems';
import { eachNode } from './walk';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Highlights fenced code at build time and wraps it with its optional title. */
export default function rehypeCode(options: { highlighter: Highlighter; output?: 'raw' | 'hast' }) {
  return async (tree: Root, file: VFile) => {
    const jobs: { parent: Element | Root; index: number; node: Element; code: Element }[] = [];
    eachNode(tree, 'element', (node: Element, index, parent) => {
      if (node.tagName !== 'pre' || index === undefined || !parent) return;
      const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
      if (code) jobs.push({ parent: parent as Element | Root, index, node, code });
    });
    const problems: Problem[] = (file.data.problems ??= []);
    await Promise.all(
      jobs.map(async ({ parent, index, node, code }) => {
        const classes = Array.isArray(code.properties.className) ? code.properties.className.map(String) : [];
        const langClass = classes.find((c) => c.startsWith('language-'));
        const requested = langClass?.slice('language-'.length);
        const meta = parseCodeMeta(
          (code.data as { meta?: string } | undefined)?.meta ?? (code.properties.metastring as string | undefined),
        );
        let lang: string | null = null;
        if (requested) {
          const resolved = options.highlighter.resolveLanguage(requested);
          if (resolved === undefined) {
            problems.push({
              message: `unknown code language "${requested}"`,
              line: node.position?.start.line ?? 1,
              column: node.position?.start.column ?? 1,
              hint: `Use one of: ${supportedLanguages.join(', ')}.`,
            });
          } else lang = resolved;
        }
        const text = toString(code).replace(/\n$/, '');
        if (options.output === 'hast') {
          const tree = await options.highlighter.highlightHast(text, lang, meta);
          const children: ElementContent[] = [];
          if (meta.title)
            children.push({
              type: 'element',
              tagName: 'div',
              properties: { className: ['code-title'] },
              children: [{ type: 'text', value: meta.title }],
            });
          children.push(...(tree.children as ElementContent[]));
          parent.children[index] = {
            type: 'element',
            tagName: 'div',
            properties: {
              className: ['code-block', ...(meta.title ? ['has-title'] : [])],
              ...(requested ? { dataLang: requested } : {}),
            },
            children,
          };
          return;
        }
        const pre = await options.highlighter.highlight(text, lang, meta);
        const title = meta.title ? `<div class="code-title">${escapeHtml(meta.title)}</div>` : '';
        const html = `<div class="code-block${meta.title ? ' has-title' : ''}"${requested ? ` data-lang="${escapeHtml(requested)}"` : ''}>${title}${pre}</div>`;
        parent.children[index] = { type: 'raw', value: html } as unknown as ElementContent;
      }),
    );
  };
}
