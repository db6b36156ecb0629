import { type ComponentType, createElement, type ReactElement, type ReactNode, useEffect } from 'react';
import { HighlightedCodeContext } from '../../templates/content/highlighted-code';
import { contentComponentOfIsland, contentComponents } from '../../templates/content/theme-islands';
import { addCopyButton } from './content-widgets';
import { hydrateIsland } from './hydrate-island';

/** Once the island has hydrated: the copy buttons of the code blocks it draws (see `decorateContent`). */
function WithCopyButtons({ island, children }: { island: HTMLElement; children?: ReactNode }) {
  useEffect(() => {
    for (const block of island.querySelectorAll<HTMLElement>('.code-block'))
      if (block.closest('docs-it-island') === island) addCopyButton(block);
  }, [island]);
  return children;
}

/**
 * The theme component an island of the server stands for (`@theme/CodeBlock`), as the templates draw it (the site's
 * override), and what it reads besides its props: a code block's highlighted `<pre>`, read back from the page (the
 * theme's CodeBlock, which an override may wrap, draws it; the build highlighted it, the browser cannot).
 */
function themeIslandOf(
  island: HTMLElement,
  props: Record<string, unknown>,
):
  | {
      Component: ComponentType<Record<string, unknown>>;
      props: Record<string, unknown>;
      wrap?: (e: ReactElement) => ReactElement;
    }
  | undefined {
  const name = contentComponentOfIsland(island.dataset.component ?? '');
  if (!name) return undefined;
  const Component = contentComponents[name] as unknown as ComponentType<Record<string, unknown>>;
  if (name !== 'CodeBlock') return { Component, props };
  const pre = [...island.querySelectorAll('.code-block > pre')].find((p) => p.closest('docs-it-island') === island);
  const code = typeof props.children === 'string' ? props.children : '';
  return {
    Component,
    props,
    wrap: (element) =>
      createElement(
        WithCopyButtons,
        { island },
        pre
          ? createElement(HighlightedCodeContext.Provider, { value: { code, pre: pre.outerHTML } }, element)
          : element,
      ),
  };
}

/** Hydrates the islands of theme components the site overrides (a chunk of its own: only such sites load it). */
export function hydrateThemeIslands(islands: HTMLElement[]): void {
  for (const island of islands) {
    const found = themeIslandOf(island, JSON.parse(island.dataset.props ?? '{}') as Record<string, unknown>);
    if (found) hydrateIsland(island, found.Component, found.props, found.wrap);
  }
}
