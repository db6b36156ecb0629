import { type CodeMeta, parseCodeMeta } from './code-meta';
import type { CodeBlock } from './highlighter';
import { applyMagicComments } from './magic-comments';

/**
 * The block the highlighter is given for a fenced block's language (as resolved), meta and text: the
 * compiler's rehype-code and the scan below make it the same way, so a block found by one is found by the other.
 */
export function codeBlockOf(lang: string | null, meta: CodeMeta, text: string): CodeBlock {
  const { highlightLines, showLineNumbers } = meta;
  const marked = highlightLines.length > 0 ? { code: text, highlightLines: [] } : applyMagicComments(text);
  return {
    code: marked.code,
    lang,
    highlightLines: highlightLines.length > 0 ? highlightLines : marked.highlightLines,
    showLineNumbers,
  };
}

/** A line opening a fence: up to three spaces, three or more backticks or tildes, the info string. */
const opening = /^( {0,3})(`{3,}|~{3,})(.*)$/;

/**
 * The fenced code blocks at the top level of a markdown text (fences not indented, in no list or quote), found
 * without parsing it, as `codeBlockOf` makes them. A guess, used only to highlight ahead of the compiler: a
 * block it misses or misreads is highlighted when the compiler meets it, as without the guess.
 */
export function fencedCodeBlocks(
  body: string,
  resolveLanguage: (lang: string) => string | null | undefined,
): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = body.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = opening.exec(lines[i]!);
    if (!open) continue;
    const [, indent, marks, info] = open as unknown as [string, string, string, string];
    // A backtick fence's info string has no backtick (CommonMark): this is inline code.
    if (marks[0] === '`' && info.includes('`')) continue;
    const closing = new RegExp(`^ {0,3}\\${marks[0]}{${marks.length},}[ \\t]*$`);
    let end = i + 1;
    while (end < lines.length && !closing.test(lines[end]!)) end++;
    // Its lines are code whatever they look like, so the search goes on after it.
    const [, name, meta] = /^([\w+-]+)(.*)$/.exec(info.trim()) ?? [];
    const lang = name === undefined ? undefined : resolveLanguage(name);
    if (indent === '' && end < lines.length && lang) {
      blocks.push(codeBlockOf(lang, parseCodeMeta(meta!.trim()), lines.slice(i + 1, end).join('\n')));
    }
    i = end;
  }
  return blocks;
}
