import { randomUUID } from 'node:crypto';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { FragmentCache } from '../../templates/fragments';

const encoder = new TextEncoder();

/** A build's cache of repeated subtrees: placeholders while React renders a page, markup after. */
export interface BuildFragmentCache extends FragmentCache {
  /** The page's HTML with every placeholder replaced by its markup. */
  fill(html: string): string;
  /**
   * The page's HTML as `fill` would give it, in pieces: the page's own text between placeholders (slices of `html`,
   * not copies), and each placeholder's markup as UTF-8 bytes, encoded once per fragment.
   */
  pieces(html: string): (string | Uint8Array)[];
  /** How many subtrees were rendered (each once). */
  readonly size: number;
}

export function createFragmentCache(): BuildFragmentCache {
  // A name no content can contain by chance (raw HTML in markdown is allowed); it never reaches the output.
  const attribute = `data-f${randomUUID().replace(/-/g, '')}`;
  const opening = `<template ${attribute}="`;
  const closing = '"></template>';
  const ids = new WeakMap<object, Map<string, number>>();
  const markup: string[] = [];
  // One element per fragment, made once: React elements are immutable and can appear on every page.
  const elements: ReactElement[] = [];
  // Each fragment's markup as UTF-8, encoded the first time a page's bytes need it (see `pieces`).
  const bytes: Uint8Array[] = [];
  /** `html` cut at its placeholders: the text between them, and each placeholder's fragment as `fragment` gives it. */
  const scan = <T,>(html: string, fragment: (id: number) => T): (string | T)[] => {
    // A scan with indexOf: measured several times faster than a global regex replace on pages with
    // hundreds of placeholders.
    let at = html.indexOf(opening);
    if (at === -1) return [html];
    const parts: (string | T)[] = [];
    let from = 0;
    while (at !== -1) {
      const idStart = at + opening.length;
      const idEnd = html.indexOf(closing, idStart);
      parts.push(html.slice(from, at), fragment(Number(html.slice(idStart, idEnd))));
      from = idEnd + closing.length;
      at = html.indexOf(opening, from);
    }
    parts.push(html.slice(from));
    return parts;
  };
  return {
    placeholder(owner: object, variant: string, key: string, render: () => ReactElement): ReactElement {
      let variants = ids.get(owner);
      if (!variants) {
        variants = new Map();
        ids.set(owner, variants);
      }
      let id = variants.get(variant);
      if (id === undefined) {
        id = markup.push(renderToString(render())) - 1;
        elements.push(<template key={key} {...{ [attribute]: id }} />);
        variants.set(variant, id);
      }
      return elements[id]!;
    },
    get size() {
      return markup.length;
    },
    fill(html: string): string {
      return scan(html, (id) => markup[id]!).join('');
    },
    pieces(html: string): (string | Uint8Array)[] {
      return scan(html, (id) => (bytes[id] ??= encoder.encode(markup[id]!)));
    },
  };
}
