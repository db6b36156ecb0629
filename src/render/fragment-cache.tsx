import { randomUUID } from 'node:crypto';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { FragmentCache } from '../../templates/fragments';

/** A build's cache of repeated subtrees: placeholders while React renders a page, markup after. */
export interface BuildFragmentCache extends FragmentCache {
  /** The page's HTML with every placeholder replaced by its markup. */
  fill(html: string): string;
  /** How many subtrees were rendered (each once). */
  readonly size: number;
}

export function createFragmentCache(): BuildFragmentCache {
  // A name no content can contain by chance (raw HTML in markdown is allowed); it never reaches the output.
  const attribute = `data-f${randomUUID().replace(/-/g, '')}`;
  const placeholderPattern = new RegExp(`<template ${attribute}="(\\d+)"></template>`, 'g');
  const ids = new WeakMap<object, Map<string, number>>();
  const markup: string[] = [];
  return {
    placeholder(owner: object, variant: string, render: () => ReactElement): ReactElement {
      let variants = ids.get(owner);
      if (!variants) ids.set(owner, (variants = new Map()));
      let id = variants.get(variant);
      if (id === undefined) {
        id = markup.push(renderToString(render())) - 1;
        variants.set(variant, id);
      }
      return <template {...{ [attribute]: id }} />;
    },
    get size() {
      return markup.length;
    },
    fill(html: string): string {
      return markup.length ? html.replace(placeholderPattern, (_, id: string) => markup[Number(id)]!) : html;
    },
  };
}
