/*
 * Where inline code may break across lines: where a reader would break it. The stylesheet keeps inline code on
 * one line except at the `<wbr>`s put at these points; left to itself a browser breaks it wherever its line
 * breaker allows (Chromium breaks `#[derive(Debug)]` after the `#`).
 */

/**
 * Words longer than this (about half a phone's line) may also break inside, after a separator: a path, a dotted
 * key, a Rust path.
 */
const longWord = 30;
/** Where a long word may break: after a path's `/`, a key's `.`, a Rust path's `::`, a `-` or a `,`. */
const separator = /[/.\-,]|::/g;

/** Whether a text of inline code has a place to break at all (most do not: one short word). */
export const mayBreak = (text: string) => /\s|[/.\-,:]/.test(text);

/**
 * Inline code cut where it may break: after each run of spaces, and after the separators of long words. The
 * pieces joined give the text back; a break may come between any two.
 */
export function codeBreakPieces(text: string): string[] {
  const pieces: string[] = [];
  let pending = '';
  for (const part of text.split(/(\s+)/)) {
    if (part === '') continue;
    if (/^\s+$/.test(part)) {
      pieces.push(pending + part);
      pending = '';
      continue;
    }
    if (part.length <= longWord) {
      pending += part;
      continue;
    }
    let from = 0;
    for (const match of part.matchAll(separator)) {
      const end = match.index + match[0].length;
      if (end >= part.length) break;
      pieces.push(pending + part.slice(from, end));
      pending = '';
      from = end;
    }
    pending += part.slice(from);
  }
  if (pending) pieces.push(pending);
  return pieces;
}
