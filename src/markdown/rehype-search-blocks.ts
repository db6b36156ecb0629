import type { Element, Root, RootContent } from 'hast';
import type { VFile } from 'vfile';
import type { SearchBlock } from './compiled-page';

/** Elements whose text is one search record; text goes to the innermost open one. */
const blockTags = new Set(['p', 'li', 'tr', 'dt', 'dd', 'figcaption', 'summary', 'blockquote']);
/** Elements whose text is never searched: code listings, widgets, scripts, drawings. */
const skippedTags = new Set([
  'pre',
  'thead',
  'script',
  'style',
  'svg',
  'button',
  'template',
  'noscript',
  'iframe',
  'math',
]);
/** Separators inside a block: table cells and line breaks keep their words apart. */
const spacedTags = new Set(['td', 'th', 'br']);
const skippedClasses = new Set(['tabs-list', 'code-title']);

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Whether the element has a class of `skippedClasses` (looked at without copying its classes: every element). */
function hasSkippedClass(node: Element): boolean {
  const value: unknown = node.properties.className;
  if (Array.isArray(value)) {
    for (const name of value) if (skippedClasses.has(String(name))) return true;
    return false;
  }
  return typeof value === 'string' && value.split(/\s+/).some((c) => skippedClasses.has(c));
}

/** A heading's level (`h1`–`h6`), or 0 for another element. */
function headingLevel(tag: string): number {
  if (tag.length !== 2 || tag.charCodeAt(0) !== 104 /* h */) return 0;
  const level = tag.charCodeAt(1) - 48;
  return level >= 1 && level <= 6 ? level : 0;
}

/**
 * The page's headings and text blocks in document order, from the tree the page is compiled from: search
 * indexes what the reader sees, without reading the HTML back. Runs after code blocks became raw HTML (never
 * searched) and before heading anchors are added.
 */
export default function rehypeSearchBlocks() {
  return (tree: Root, file: VFile) => {
    const blocks: SearchBlock[] = [];
    /** Text of the open blocks, innermost last. */
    const open: string[] = [];
    const walk = (node: RootContent | Root) => {
      if (node.type === 'text') {
        if (open.length > 0) open[open.length - 1] += node.value;
        return;
      }
      if (node.type !== 'element' && node.type !== 'root' && !String(node.type).startsWith('mdxJsx')) return;
      const children = (node as { children?: RootContent[] }).children ?? [];
      if (node.type !== 'element') {
        for (const child of children) walk(child);
        return;
      }
      const tag = node.tagName;
      if (skippedTags.has(tag) || hasSkippedClass(node)) return;
      if (spacedTags.has(tag) && open.length > 0) open[open.length - 1] += ' ';
      const heading = headingLevel(tag);
      if (heading > 0 || blockTags.has(tag)) {
        open.push('');
        for (const child of children) walk(child);
        const text = squash(open.pop()!);
        if (!text) return;
        if (heading > 0) {
          const id = node.properties.id;
          blocks.push({
            kind: 'heading',
            level: heading,
            id: typeof id === 'string' ? id : undefined,
            text,
          });
        } else blocks.push({ kind: 'text', text });
        return;
      }
      for (const child of children) walk(child);
      if (spacedTags.has(tag) && open.length > 0) open[open.length - 1] += ' ';
    };
    walk(tree);
    file.data.search = blocks;
  };
}
