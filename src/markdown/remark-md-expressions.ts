import type { Root, Text } from 'mdast';
import type { VFile } from 'vfile';
import type { Problem } from './compiled-page';
import { eachNode } from './walk';

/** `{/* truncate *\/}`: the blog's excerpt marker, which rehype-excerpt takes in `.md` posts as Docusaurus does. */
const truncate = /^\{\/\*\s*truncate\s*\*\/\}$/;

/**
 * In a `.md` page compiled as markdown, `{…}` outside code is text. Docusaurus 3 (its default `markdown.format`,
 * `mdx`) reads it as a JavaScript expression and shows what it evaluates to: `{}` and `{/* … *\/}` show nothing.
 * docs-it keeps the author's text and says so at the line, so no page reads differently without a word. An
 * escaped brace (`\{`) reads the same in both and is left alone.
 */
export default function remarkMdExpressions() {
  return (tree: Root, file: VFile) => {
    const source = String(file.value);
    eachNode(tree, 'text', (node: Text) => {
      const start = node.position?.start;
      const end = node.position?.end;
      if (!start || !end || start.offset === undefined || end.offset === undefined) return;
      const written = source.slice(start.offset, end.offset);
      // `{#id}` after a heading is its id in both.
      const m = /(?<!\\)\{(?!#)[^{}\n]*\}/.exec(written);
      if (!m || truncate.test(written.trim())) return;
      const before = written.slice(0, m.index);
      const lines = before.split('\n');
      file.data.problems ??= [];
      const problems: Problem[] = file.data.problems;
      problems.push({
        message:
          `"${m[0].slice(0, 40)}" is shown as text in this .md page; Docusaurus (markdown.format "mdx", its ` +
          'default) reads it as a JavaScript expression and shows its value',
        line: start.line + lines.length - 1,
        column: lines.length === 1 ? start.column + m.index : lines[lines.length - 1]!.length + 1,
        hint: 'Write \\{ to show the brace in both, or name the page .mdx to have the expression evaluated.',
        severity: 'warning',
      });
    });
  };
}
